/**
 * What a coupon shows its holder (P§3 Coupon "Conditions shown to users"): the amount requirement, the
 * quantity requirement, order type, pay type, user type, validity (a date range or N days after
 * receipt), the applicable shops and chain-wide use — as data (a key and its values) that a screen
 * translates. Also the coupon's face (what it takes off) and its state on a list (PROMO-1).
 */
import * as moneyFns from '../money';
import { ActivityType, CouponState, DiscountType, OrderTypeLimit, UserLimit } from '../enums';
import type { Coupon } from '../types';
import { parseDate } from '../pricing/clock';
import { couponValidAt, validDaysEnd } from './validity';
import { shopDate, type ShopZone } from '../shop-time';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

/** The order types of the OrderTypeLimit bits, in the order the spec lists them (P§3). */
export type CouponOrderType = 'takeaway' | 'selfPickup' | 'dine' | 'appointment';

const ORDER_TYPE_BITS: ReadonlyArray<[number, CouponOrderType]> = [
  [OrderTypeLimit.takeaway, 'takeaway'],
  [OrderTypeLimit.pick, 'selfPickup'],
  [OrderTypeLimit.dine, 'dine'],
  [OrderTypeLimit.appointment, 'appointment'],
];

/** One condition of a coupon; `key` names its text, the other fields are the values it shows. */
export type CouponCondition =
  /** P§5 amount requirement: the order (its eligible lines) must reach `amount`. */
  | { key: 'minAmount'; amount: number }
  /** No amount requirement. */
  | { key: 'noThreshold' }
  /** P§5 quantity requirement: more than `count` units. */
  | { key: 'minQuantity'; count: number }
  /** Only for these order types (a mask covering every type is not shown). */
  | { key: 'orderType'; orderTypes: CouponOrderType[] }
  /** Only when paying by member card. */
  | { key: 'cardPayOnly' }
  /** Only for members, or only for customers who are not members. */
  | { key: 'userType'; user: 'member' | 'normal' }
  /** Valid from `start` to `end` (shop dates, YYYY-MM-DD, the end day included); null = open. */
  | { key: 'validDates'; start: string | null; end: string | null }
  /** Valid `days` days from the day it is received (a coupon not yet received). */
  | { key: 'validDays'; days: number }
  /** Only in these shops. */
  | { key: 'shops'; shopIds: number[] }
  /** In every shop of the chain. */
  | { key: 'chain' }
  /** The products it is for (product coupons, and the qualifying products of a type-8 coupon). */
  | { key: 'products'; names: string[] };

export type CouponConditionKey = CouponCondition['key'];

export { shopDate };

/** The last day a coupon can be used on: an exclusive end instant counts back to the day before it. */
function lastDay(end: Coupon['endDate'], zone: ShopZone): string | null {
  if (end === undefined || end === null || end === '') return null;
  const e = parseDate(end, zone);
  if (!e) return null;
  return e.dateOnly ? shopDate(e.ms, zone) : shopDate(e.ms - 1, zone);
}

function firstDay(start: Coupon['startDate'], zone: ShopZone): string | null {
  if (start === undefined || start === null || start === '') return null;
  const s = parseDate(start, zone);
  return s ? shopDate(s.ms, zone) : null;
}

/** The validity of a coupon: N days from receipt (not yet received), or its dates. */
export function couponValidity(c: Coupon, zone: ShopZone): CouponCondition {
  if (c.validDays && c.validDays > 0) {
    const r = c.receiveTime !== undefined ? parseDate(c.receiveTime, zone) : null;
    if (!r) return { key: 'validDays', days: c.validDays };
    // received: the N days run from the receipt (couponValidAt reads it the same way)
    return { key: 'validDates', start: shopDate(r.ms, zone), end: shopDate(validDaysEnd(r.ms, c.validDays, zone) - 1, zone) };
  }
  return { key: 'validDates', start: firstDay(c.startDate, zone), end: lastDay(c.endDate, zone) };
}

/** The order types of an OrderTypeLimit mask; empty when the mask is 0 or covers every type. */
export function orderTypesOfMask(mask: number | undefined): CouponOrderType[] {
  if (!mask) return [];
  const all = ORDER_TYPE_BITS.every(([bit]) => (mask & bit) !== 0);
  return all ? [] : ORDER_TYPE_BITS.filter(([bit]) => (mask & bit) !== 0).map(([, name]) => name);
}

/**
 * P§3: every condition of the coupon, in the spec's order — amount, quantity, order type, pay type,
 * user type, validity, shops, chain — plus the products a product (or type-8) coupon is for.
 */
export function couponConditions(c: Coupon, zone: ShopZone): CouponCondition[] {
  const out: CouponCondition[] = [];
  if (c.type !== ActivityType.productCoupon) {
    out.push(c.minAmount && c.minAmount > 0 ? { key: 'minAmount', amount: c.minAmount } : { key: 'noThreshold' });
  }
  if (c.minQuantity && c.minQuantity > 0) out.push({ key: 'minQuantity', count: c.minQuantity });
  const orderTypes = orderTypesOfMask(c.orderType);
  if (orderTypes.length > 0) out.push({ key: 'orderType', orderTypes });
  if (c.isOnlyCardPay) out.push({ key: 'cardPayOnly' });
  const user = c.userType ?? 0;
  const member = (user & UserLimit.member) !== 0;
  const normal = (user & UserLimit.normal) !== 0;
  if (member !== normal) out.push({ key: 'userType', user: member ? 'member' : 'normal' });
  out.push(couponValidity(c, zone));
  if (c.shopIds && c.shopIds.length > 0) out.push({ key: 'shops', shopIds: [...c.shopIds] });
  else if (c.isChain || c.chainId != null) out.push({ key: 'chain' });
  const names = (c.productList ?? []).map((p) => p.name).filter((n): n is string => typeof n === 'string' && n !== '');
  if (names.length > 0) out.push({ key: 'products', names });
  return out;
}

/** What a coupon takes off: an amount, a rate (percent payable, 88 = 12 % off) or a product. */
export type CouponFace =
  | { kind: 'amount'; amount: number }
  /** `rate` is the Chinese "折" figure (88 → 8.8), `off` the percent taken off (88 → 12). */
  | { kind: 'rate'; discount: number; rate: number; off: number }
  | { kind: 'product'; amount: number };

export function couponFace(c: Coupon): CouponFace {
  if (c.type === ActivityType.productCoupon) return { kind: 'product', amount: c.reductionAmount };
  if (c.discountType === DiscountType.Rate && c.discount !== undefined && c.discount < 100) {
    return { kind: 'rate', discount: c.discount, rate: money.toNumber(money.div(c.discount, 10)), off: money.toNumber(money.sub(100, c.discount)) };
  }
  return { kind: 'amount', amount: c.reductionAmount };
}

/** A coupon's state on a list (P§3 coupon state, P§4 validity): usable now, not yet, expired or closed. */
export type CouponListState = 'usable' | 'notStarted' | 'expired' | 'closed';

export function couponListState(c: Coupon, now: number, zone: ShopZone): CouponListState {
  if (c.status === CouponState.closed) return 'closed';
  if (c.status === CouponState.expired) return 'expired';
  // P§4 validity is couponValidAt's; outside it, a coupon whose start is ahead has not started yet
  if (couponValidAt(c, now, zone)) return 'usable';
  const s = c.startDate !== undefined && c.startDate !== '' ? parseDate(c.startDate, zone) : null;
  return s && now < s.ms ? 'notStarted' : 'expired';
}
