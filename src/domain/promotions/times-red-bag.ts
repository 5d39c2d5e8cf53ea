/**
 * P§3 timesRedBag (13): a paid order reaching the activity's minAmount (what the customer spends on
 * goods) counts once towards the member's red bag; after limitQuantity orders the member receives
 * the red bag's coupons. P§4: the activity is the one whose id matches the times-red-bag info; this
 * order counts as one more. The engine decides: an order counts when the activity is among the
 * breakdown's applied activities, and the coupons show as gifts on the order that completes a round.
 */
import { ActivityType } from '../enums';
import { markApplied } from '../pricing/state';
import type { PromotionKind } from './kind';
import { giveCoupons } from './gifts';
import { amountCouponReduction } from './coupon-kinds';
import { spendOf } from './helpers';
import { timesRedBagOrderCounts } from './running';

export const timesRedBag: PromotionKind = {
  type: ActivityType.timesRedBag,
  name: 'timesRedBag',
  stage: 'gift',
  applies: ({ state, activity }) => {
    const info = state.input.timesRedBag;
    if (!info || info.id !== activity.id) return 'noRule';
    if (info.status !== 1) return 'disabled';
    return timesRedBagOrderCounts(activity, spendOf(state)) ? true : 'thresholdNotMet';
  },
  apply: ({ state, activity }) => {
    const info = state.input.timesRedBag!;
    if (info.cumulativeQuantity + 1 >= info.limitQuantity) giveCoupons(state, activity);
    else markApplied(state, activity.id);
  },
  couponReduction: amountCouponReduction,
};
