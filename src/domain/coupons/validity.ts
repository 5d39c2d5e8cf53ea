/** P§4: a coupon is valid only when its status is 1 and start ≤ now < end ("N days after receipt" ends there). */
import { CouponState } from '../enums';
import type { Coupon } from '../types';
import { parseDate, withinDates } from '../pricing/clock';
import { addShopDays, type ShopZone } from '../shop-time';

/** "N days after receipt" ends at the same wall time N calendar days later (docs/decisions.md "Shop time zones"). */
export function validDaysEnd(receivedAt: number, validDays: number, zone: ShopZone): number {
  return addShopDays(receivedAt, validDays, zone);
}

export function couponValidAt(c: Coupon, now: number, zone: ShopZone): boolean {
  if (c.status !== CouponState.normal) return false;
  if (c.validDays && c.validDays > 0 && c.receiveTime !== undefined) {
    const r = parseDate(c.receiveTime, zone);
    if (!r) return false;
    return now >= r.ms && now < validDaysEnd(r.ms, c.validDays, zone);
  }
  return withinDates(now, c.startDate, c.endDate, zone);
}
