/**
 * Rules of an activity's life that the screens and the server share (docs/architecture.md §10 Rules as data): whether
 * an activity runs (P§4), the times red bag's threshold, limit and round (P§3 13, P§4), and the size
 * of a shared (expand) red bag (P§3 8). Times of day and order types are the pricing filter's
 * (filter.ts), which judges an activity against one order.
 */
import * as moneyFns from '../money';
import type { AmountLike } from '../money';
import { Limits, ValidType } from '../enums';
import type { Activity, TimesRedBagInfo } from '../types';
import { withinDates } from '../pricing/clock';
import type { ShopZone } from '../shop-time';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

/** Counts the wire carries at most (the contract's Count). */
const WIRE_COUNT_MAX = 1_000_000;

/** P§4: enabled (status absent or 1) and, unless its validity is "none", inside its dates. */
export function activityRunning(a: Activity, now: number, zone: ShopZone): boolean {
  if (a.status !== undefined && a.status !== null && a.status !== 1) return false;
  const vt = a.validType ?? ValidType.none;
  return vt === ValidType.none || withinDates(now, a.startDate, a.endDate, zone);
}

/** P§9: a missing or non-positive cap is unlimited (99999). */
const capOf = (n: number | undefined): number => (n && n > 0 ? n : Limits.unlimited);

/** P§3 13: the orders a times red bag needs for one reward (the activity's quantity). */
export const timesRedBagLimit = (a: Pick<Activity, 'quantity'>): number => capOf(a.quantity);

/** P§3 13: an order counts towards the times red bag when its amount reaches the activity's minAmount. */
export const timesRedBagOrderCounts = (a: Pick<Activity, 'minAmount'>, orderAmount: AmountLike): boolean =>
  money.gte(orderAmount, a.minAmount ?? 0);

/** The times red bag and a member's counted orders as activity/getTimesRedBag answers them (P§4). */
export const timesRedBagInfoOf = (a: Pick<Activity, 'id' | 'quantity'>, cumulative: number): TimesRedBagInfo => ({
  id: a.id,
  status: 1,
  cumulativeQuantity: Math.min(cumulative, WIRE_COUNT_MAX),
  limitQuantity: Math.min(timesRedBagLimit(a), WIRE_COUNT_MAX),
});

/** A round is complete: the counted orders reached the limit, so checkTimesRedBag hands the coupons. */
export const timesRedBagRewardDue = (info: Pick<TimesRedBagInfo, 'cumulativeQuantity' | 'limitQuantity'>): boolean =>
  info.limitQuantity > 0 && info.cumulativeQuantity >= info.limitQuantity;

/** Progress of the current round: orders counted (capped at the limit) and orders still missing. */
export function timesRedBagProgress(info: Pick<TimesRedBagInfo, 'cumulativeQuantity' | 'limitQuantity'>): {
  done: number;
  limit: number;
  missing: number;
} {
  const limit = Math.max(0, info.limitQuantity);
  const done = Math.min(Math.max(0, info.cumulativeQuantity), limit);
  return { done, limit, missing: limit - done };
}

/** P§3 8: how many friends' coupons one shared red bag holds (the activity's quantity, P§9 99999). */
export const expandBagSize = (a: Pick<Activity, 'quantity'>): number => capOf(a.quantity);
