/**
 * P§3 someTypeFullReduction (7): a full reduction on the categories of typeIds only; several may apply
 * when their categories do not overlap (P§4, see filter.ts).
 */
import { ActivityType } from '../enums';
import { spreadDiscount } from '../pricing/state';
import type { PromotionKind } from './kind';
import { fullReductionOf, gearsOf } from './helpers';

export const someTypeFullReduction: PromotionKind = {
  type: ActivityType.someTypeFullReduction,
  name: 'someTypeFullReduction',
  stage: 'fullReduction',
  applies: ({ state, activity }) => {
    const { lines, r } = fullReductionOf(state, activity);
    if (lines.length === 0) return 'noQualifyingProduct';
    if (gearsOf(activity).length === 0) return 'noRule';
    return r ? true : 'thresholdNotMet';
  },
  apply: ({ state, activity }) => {
    const { lines, r } = fullReductionOf(state, activity);
    if (r) spreadDiscount(state, lines, r.amount, 'someTypeFullReduction', activity.id, `categories: spend ${r.gear.full} less ${r.gear.less}`);
  },
};
