/**
 * Which shared red bags this device has opened (C§2 entry routing: a pending shared-coupon activity
 * opens the expand red bag page first, unless already viewed). Kept in storage across launches, so a
 * link opened again goes on to the rest of the entry rules.
 */
import type { KeyValueStorage } from '../../platform/types';

export const EXPAND_VIEWED_KEY = 'expandViewed';
/** Enough for every bag a customer is likely to be sent; the oldest are forgotten first. */
const KEEP = 50;

const keyOf = (activityId: string | number, fromCouponId: string | number | null | undefined): string =>
  `${activityId}:${fromCouponId ?? ''}`;

function viewedList(storage: KeyValueStorage): string[] {
  const list = storage.get<unknown>(EXPAND_VIEWED_KEY);
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

/** Whether the shared red bag (activity, and the coupon it came from) was opened on this device. */
export function expandViewed(storage: KeyValueStorage, activityId: string | number | null | undefined, fromCouponId?: string | number | null): boolean {
  if (activityId === null || activityId === undefined || activityId === '') return false;
  return viewedList(storage).includes(keyOf(activityId, fromCouponId));
}

/** Records that the shared red bag was opened. */
export function markExpandViewed(storage: KeyValueStorage, activityId: string | number, fromCouponId?: string | number | null): void {
  const key = keyOf(activityId, fromCouponId);
  const list = viewedList(storage).filter((k) => k !== key);
  list.push(key);
  storage.set(EXPAND_VIEWED_KEY, list.slice(-KEEP));
}
