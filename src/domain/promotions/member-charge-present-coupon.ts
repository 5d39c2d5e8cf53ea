/**
 * P§3 memberChargePresentCoupon (20): coupons given when a member tops up at least minChargeAmt.
 * Not an order event: the activity itself never acts on an order; coupons it gave are ordinary
 * amount coupons at checkout.
 */
import { ActivityType } from '../enums';
import type { Activity } from '../types';
import type { PromotionKind } from './kind';
import { amountCouponReduction } from './coupon-kinds';

/** Coupons a top-up of `charge` earns (used by the member service, not by the order). */
export function chargePresents(a: Activity, charge: number): Activity['coupons'] {
  return charge >= (a.minChargeAmt ?? 0) ? (a.coupons ?? []) : [];
}

export const memberChargePresentCoupon: PromotionKind = {
  type: ActivityType.memberChargePresentCoupon,
  name: 'memberChargePresentCoupon',
  stage: 'coupon',
  applies: () => 'notOrderEvent',
  apply: () => undefined,
  couponReduction: amountCouponReduction,
};
