/**
 * The delivery and pickup times a shop offers (C§4 "as soon as possible or a chosen time", C§3
 * deliveryTimeRange and allowPickupAppointment): half-hour instants of today at least 30 minutes ahead, inside
 * the shop's hours for the order type and, for delivery, inside its delivery times; a shop that does
 * not take pickup appointments offers pickup as soon as possible only. The app lists them and the
 * server refuses any other time.
 */
import { OrderType } from './enums';
import { ErrorCode, ruleError, type RuleError } from './errors';
import { isWithinBusinessHours, type Instant } from './hours';
import { addDays, dayStartOf, shopZone, wallOf, type ZonedShop } from './shop-time';
import type { ShopSettings } from './types';

const SLOT_MS = 30 * 60 * 1000;

type TimeShop = Pick<ShopSettings, 'businessTimeRange' | 'scanOrderBusinessHours' | 'deliveryTimeRange' | 'allowPickupAppointment'> & ZonedShop;

const ms = (at: Instant): number => (typeof at === 'number' ? at : at.valueOf());

/** Whether `at` is a time the shop offers for `orderType` (hours; delivery times for takeaway). */
function offersAt(shop: TimeShop, orderType: OrderType, at: number): boolean {
  if (!isWithinBusinessHours(shop, at, orderType)) return false;
  if (orderType === OrderType.takeaway && shop.deliveryTimeRange && shop.deliveryTimeRange.length > 0) {
    return isWithinBusinessHours({ ...shop, businessTimeRange: shop.deliveryTimeRange, scanOrderBusinessHours: undefined }, at);
  }
  return true;
}

/** The first half hour at least 30 minutes after `now`, and the end of the shop's day (times are for today). */
function todayWindow(shop: TimeShop, now: Instant): { first: number; end: number } {
  const first = Math.ceil((ms(now) + SLOT_MS) / SLOT_MS) * SLOT_MS;
  const zone = shopZone(shop);
  const end = dayStartOf(zone, addDays(wallOf(now, zone), 1));
  return { first, end };
}

/** The first `count` times offered today after `now` (none for pickup when the shop takes no pickup appointments). */
export function offeredTimes(shop: TimeShop, orderType: OrderType, now: Instant, count = 12): number[] {
  if (orderType === OrderType.selfPickup && shop.allowPickupAppointment === false) return [];
  const { first, end } = todayWindow(shop, now);
  const out: number[] = [];
  for (let at = first; at < end && out.length < count; at += SLOT_MS) {
    if (offersAt(shop, orderType, at)) out.push(at);
  }
  return out;
}

/**
 * A chosen delivery or pickup time: "as soon as possible" always passes (the shop's hours are checked
 * for the order itself); a chosen instant must be one the shop offers — on a half hour, at least 30
 * minutes ahead, today, inside the hours (and delivery times), and pickup only where the shop
 * takes pickup appointments.
 */
export function checkOrderTime(shop: TimeShop, orderType: OrderType, time: 'ASAP' | number | null | undefined, now: Instant): RuleError | null {
  if (time === null || time === undefined || time === 'ASAP') return null;
  if (orderType !== OrderType.takeaway && orderType !== OrderType.selfPickup) return null;
  if (orderType === OrderType.selfPickup && shop.allowPickupAppointment === false) return ruleError(ErrorCode.orderTimeUnavailable);
  const { first, end } = todayWindow(shop, now);
  const onSlot = time % SLOT_MS === 0 && time >= first && time < end;
  return onSlot && offersAt(shop, orderType, time) ? null : ruleError(ErrorCode.orderTimeUnavailable);
}
