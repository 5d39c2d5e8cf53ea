/**
 * P§3 expandCoupon (8): shared-bonus red-bag coupons. P§5: besides the minimum amount, a type-8
 * coupon needs a qualifying product (one of its productList) in the cart — checked in coupons/usability.ts.
 */
import { ActivityType } from '../enums';
import type { PromotionKind } from './kind';
import { amountCouponReduction } from './coupon-kinds';
import { couponOf } from './discount-coupon';

export const expandCoupon: PromotionKind = {
  type: ActivityType.expandCoupon,
  name: 'expandCoupon',
  stage: 'coupon',
  applies: ({ state, activity }) => (couponOf(state, activity.id) ? true : 'notSelected'),
  apply: () => undefined,
  couponReduction: amountCouponReduction,
};
