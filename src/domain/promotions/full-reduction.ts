/** P§3 fullReduction (1): spend `full`, get `less` off — the highest gear reached, cyclic if cyclicCalc. */
import { ActivityType } from '../enums';
import { spreadDiscount } from '../pricing/state';
import type { PromotionKind } from './kind';
import { fullReductionOf, gearsOf } from './helpers';

export const fullReduction: PromotionKind = {
  type: ActivityType.fullReduction,
  name: 'fullReduction',
  stage: 'fullReduction',
  applies: ({ state, activity }) => {
    if (gearsOf(activity).length === 0) return 'noRule';
    return fullReductionOf(state, activity).r ? true : 'thresholdNotMet';
  },
  apply: ({ state, activity }) => {
    const { lines, r } = fullReductionOf(state, activity);
    if (r) spreadDiscount(state, lines, r.amount, 'fullReduction', activity.id, `spend ${r.gear.full} less ${r.gear.less}`);
  },
};
