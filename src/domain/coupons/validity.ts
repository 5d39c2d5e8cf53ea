/** P§4: a coupon is valid only when its status is 1 and start ≤ now < end ("N days after receipt" ends there). */
import { CouponState } from '../enums';
import type { Coupon } from '../types';
import { parseDate, withinDates } from '../pricing/clock';

const DAY_MS = 86_400_000;

export function couponValidAt(c: Coupon, now: number, utcOffsetMinutes: number): boolean {
  if (c.status !== CouponState.normal) return false;
  if (c.validDays && c.validDays > 0 && c.receiveTime !== undefined) {
    const r = parseDate(c.receiveTime, utcOffsetMinutes);
    if (!r) return false;
    return now >= r.ms && now < r.ms + c.validDays * DAY_MS;
  }
  return withinDates(now, c.startDate, c.endDate, utcOffsetMinutes);
}
