/** The default coupon reduction (P§3 coupon fields): an amount off, or a rate when discountType is 1. */
import * as moneyFns from '../money';
import type { Amount } from '../money';
import { DiscountType } from '../enums';
import type { Coupon } from '../types';
import { amountOf, type LineState, type PricingState } from '../pricing/state';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

export function amountCouponReduction(state: PricingState, coupon: Coupon, lines: LineState[], base: Amount = amountOf(lines)): Amount {
  if (coupon.discountType === DiscountType.Rate && coupon.discount != null && coupon.discount < 100) {
    return money.sub(base, money.round(money.percent(base, coupon.discount), state.dec));
  }
  return money.min(money.clampZero(coupon.reductionAmount), base);
}
