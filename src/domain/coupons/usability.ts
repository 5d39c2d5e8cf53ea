/**
 * Coupon usability (P§5, PRICE-6): valid (status 1, in its window, the customer's, for this shop),
 * its activity valid (unless a chain product/discount coupon), not for another user type, order
 * type or pay type, the amount and quantity requirements met, and for type 8 a qualifying product.
 */
import * as moneyFns from '../money';
import type { Amount } from '../money';
import { ActivityType, PayType } from '../enums';
import { ErrorCode } from '../errors';
import type { Coupon } from '../types';
import { amountOf, discountable, quantityOf, type LineState, type PricingState } from '../pricing/state';
import { userTypeMatches } from '../promotions/filter';
import { entryFor, inScope } from '../promotions/scope';
import { couponValidAt } from './validity';
import { shopZone } from '../shop-time';
import { orderTypeBitOfUserAgent } from './order-type';
import { orderTypeBit } from '../promotions/filter';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

/** The lines a coupon acts on. */
export function couponLines(state: PricingState, c: Coupon): LineState[] {
  if (c.type === ActivityType.productCoupon) {
    const own = state.lines.filter((l) => l.line.couponId === c.id && l.line.quantity > 0);
    if (own.length > 0) return own.slice(0, 1);
    const inList = state.lines.filter((l) => !l.fromOffer && l.line.quantity > 0 && entryFor(c.productList, l));
    return inList.slice(0, 1);
  }
  return state.lines.filter((l) => discountable(l) && inScope({ typeIds: c.typeIds }, l, false));
}

/** Coupon lines and their amount, shared by coupons of the same scope (30 coupons, one sum). */
export class ScopeCache {
  private readonly cache = new Map<string, { lines: LineState[]; amount: Amount; quantity: number }>();
  constructor(private readonly state: PricingState) {}
  private entry(c: Coupon) {
    const key = c.type === ActivityType.productCoupon ? `p${c.id}` : (c.typeIds ?? []).join(',');
    let e = this.cache.get(key);
    if (!e) {
      const lines = couponLines(this.state, c);
      e = { lines, amount: amountOf(lines), quantity: quantityOf(lines) };
      this.cache.set(key, e);
    }
    return e;
  }
  lines(c: Coupon): LineState[] {
    return this.entry(c).lines;
  }
  amount(c: Coupon): Amount {
    return this.entry(c).amount;
  }
  quantity(c: Coupon): number {
    return this.entry(c).quantity;
  }
}

/** The values the message of an unusable coupon's reason names (its minimum amount or quantity). */
export function couponReasonParams(
  c: Pick<Coupon, 'minAmount' | 'minQuantity'> | undefined,
  reason: ErrorCode,
): Record<string, string | number> | undefined {
  if (reason === ErrorCode.couponAmountBelowMin) return { amount: c?.minAmount ?? 0 };
  if (reason === ErrorCode.couponQuantityNotEnough) return { count: c?.minQuantity ?? 0 };
  return undefined;
}

/** Why the coupon cannot be used on this order, or null. */
export function couponUnusableReason(state: PricingState, c: Coupon, scope: ScopeCache = new ScopeCache(state)): ErrorCode | null {
  const input = state.input;
  const memberId = input.member?.info.id;
  if (!couponValidAt(c, input.now, shopZone(input.shop))) return ErrorCode.invalidCoupon;
  if (c.memberId != null && c.memberId !== memberId) return ErrorCode.invalidCoupon;
  if (c.shopIds && c.shopIds.length > 0 && !c.shopIds.includes(input.shop.id)) return ErrorCode.invalidCoupon;
  const chainKind = (c.isChain || c.chainId != null) && (c.type === ActivityType.productCoupon || c.type === ActivityType.discountCoupon);
  if (!chainKind && state.invalidActivityIds.has(c.activityID)) return ErrorCode.invalidCoupon;
  if (!userTypeMatches(c.userType, input.member !== null)) return ErrorCode.couponWrongUserType;
  if (c.orderType) {
    const bit = orderTypeBitOfUserAgent(input.userAgent) || orderTypeBit(input.orderType);
    if ((c.orderType & bit) === 0) return ErrorCode.couponWrongOrderType;
  }
  if (c.isOnlyCardPay && input.payType !== PayType.vip) return ErrorCode.couponCardPayOnly;
  const lines = scope.lines(c);
  if (c.type === ActivityType.productCoupon) return lines.length > 0 ? null : ErrorCode.couponProductNotExist;
  const amount = scope.amount(c);
  if (c.minAmount && money.lt(amount, c.minAmount)) return ErrorCode.couponAmountBelowMin;
  if (c.type === ActivityType.expandCoupon && c.productList && c.productList.length > 0) {
    if (!lines.some((l) => entryFor(c.productList, l))) return ErrorCode.couponAmountBelowMin;
  }
  if (c.minQuantity && scope.quantity(c) <= c.minQuantity) return ErrorCode.couponQuantityNotEnough;
  if (lines.length === 0) return ErrorCode.couponAmountBelowMin;
  return null;
}
