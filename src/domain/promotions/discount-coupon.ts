/** P§3 discountCoupon (4): the coupon source of ordinary coupons — an amount or a rate off the order. */
import { ActivityType } from '../enums';
import type { PromotionKind } from './kind';
import { amountCouponReduction } from './coupon-kinds';

export const discountCoupon: PromotionKind = {
  type: ActivityType.discountCoupon,
  name: 'discountCoupon',
  stage: 'coupon',
  applies: ({ state, activity }) => (couponOf(state, activity.id) ? true : 'notSelected'),
  apply: () => undefined, // the money is taken in the coupon stage (pricing/coupon-stage.ts)
  couponReduction: amountCouponReduction,
};

/** The selected coupon when it belongs to the activity. */
export function couponOf(state: import('../pricing/state').PricingState, activityId: number) {
  const id = state.selectedCouponId;
  if (id === null) return undefined;
  const c = state.input.coupons.find((x) => x.id === id);
  return c && c.activityID === activityId ? c : undefined;
}
