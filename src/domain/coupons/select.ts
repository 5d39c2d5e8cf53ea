/**
 * Coupon choice (P§5, P§9): one coupon at a time. Auto-selection picks the usable non-product coupon
 * with the largest reduction; ties go to the lower id.
 */
import * as moneyFns from '../money';
import type { Amount } from '../money';
import { ActivityType } from '../enums';
import type { Coupon } from '../types';
import type { CouponUsability } from '../pricing/types';
import type { PricingState } from '../pricing/state';
import { kindOf } from '../promotions/registry';
import { amountCouponReduction } from '../promotions/coupon-kinds';
import { couponLines, couponUnusableReason, ScopeCache } from './usability';
import { amountOf, type LineState } from '../pricing/state';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

/** The reduction the coupon gives on the order as it stands. */
export function couponReduction(state: PricingState, c: Coupon, lines: LineState[] = couponLines(state, c), base: Amount = amountOf(lines)): Amount {
  const kind = kindOf(c.type);
  const f = kind?.couponReduction ?? amountCouponReduction;
  return money.round(money.clampZero(f(state, c, lines, base)), state.dec);
}

/** Usability and reduction of every available coupon (sorted by id). */
export function evaluateCoupons(state: PricingState): Array<CouponUsability & { coupon: Coupon; amount: Amount }> {
  const scope = new ScopeCache(state);
  return [...state.input.coupons]
    .sort((a, b) => a.id - b.id)
    .map((coupon) => {
      const reason = couponUnusableReason(state, coupon, scope);
      const amount = reason === null ? couponReduction(state, coupon, scope.lines(coupon), scope.amount(coupon)) : money.ZERO;
      return { coupon, couponId: coupon.id, usable: reason === null, reason, reduction: money.toNumber(amount), amount };
    });
}

/** P§9 auto-selection: largest reduction among usable non-product coupons, tie → lower id. */
export function autoSelect(evaluated: Array<{ coupon: Coupon; usable: boolean; amount: Amount }>): Coupon | null {
  let best: { coupon: Coupon; amount: Amount } | null = null;
  for (const e of evaluated) {
    if (!e.usable || e.coupon.type === ActivityType.productCoupon || !money.isPositive(e.amount)) continue;
    if (!best || money.gt(e.amount, best.amount) || (money.eq(e.amount, best.amount) && e.coupon.id < best.coupon.id)) best = e;
  }
  return best ? best.coupon : null;
}
