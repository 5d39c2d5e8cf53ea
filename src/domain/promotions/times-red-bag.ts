/**
 * P§3 timesRedBag (13): after limitQuantity orders the member receives the red bag's coupons. P§4: the
 * activity is the one whose id matches the times-red-bag info; this order counts as one more.
 */
import { ActivityType } from '../enums';
import type { PromotionKind } from './kind';
import { giveCoupons } from './gifts';
import { amountCouponReduction } from './coupon-kinds';

export const timesRedBag: PromotionKind = {
  type: ActivityType.timesRedBag,
  name: 'timesRedBag',
  stage: 'gift',
  applies: ({ state, activity }) => {
    const info = state.input.timesRedBag;
    if (!info || info.id !== activity.id) return 'noRule';
    if (info.status !== 1) return 'disabled';
    return info.cumulativeQuantity + 1 >= info.limitQuantity ? true : 'thresholdNotMet';
  },
  apply: ({ state, activity }) => giveCoupons(state, activity),
  couponReduction: amountCouponReduction,
};
