/** P§3 fullReduction (1): spend `full`, get `less` off — the highest gear reached, cyclic if cyclicCalc. */
import { ActivityType } from '../enums';
import { amountOf, spreadDiscount } from '../pricing/state';
import type { PromotionKind } from './kind';
import { gearsOf, reductionFor, scopedLines } from './helpers';

export const fullReduction: PromotionKind = {
  type: ActivityType.fullReduction,
  name: 'fullReduction',
  stage: 'fullReduction',
  applies: ({ state, activity }) => {
    const lines = scopedLines(state, activity);
    if (gearsOf(activity).length === 0) return 'noRule';
    return reductionFor(amountOf(lines), gearsOf(activity), !!activity.cyclicCalc) ? true : 'thresholdNotMet';
  },
  apply: ({ state, activity }) => {
    const lines = scopedLines(state, activity);
    const r = reductionFor(amountOf(lines), gearsOf(activity), !!activity.cyclicCalc);
    if (r) spreadDiscount(state, lines, r.amount, 'fullReduction', activity.id, `spend ${r.gear.full} less ${r.gear.less}`);
  },
};
