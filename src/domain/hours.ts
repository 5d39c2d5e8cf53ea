/**
 * Business hours and sale times (C§3, C§5, SHOP-2, MENU-1).
 *
 * Time model: `now` is an instant (epoch ms or a Date, read through `valueOf()`), read on the shop's
 * wall clock by shop-time.ts (the shop's time zone with its daylight-saving changes, or its fixed
 * `utcOffsetMinutes`, default 480 = China). The rules therefore give the same answer on a phone in any
 * time zone and on the server; on a day the clocks change they read the wall clock as it is (a spring
 * day skips an hour, an autumn day repeats one: docs/decisions.md "Shop time zones"). Time ranges are 'HH:mm' on that wall clock: open from the start minute, closed from
 * the end minute (09:00–21:00 is closed at 21:00), except that an end of 23:59 means the end of the
 * day, so the default 00:00–23:59 covers the whole day (the same reading as pricing/clock.ts). A range
 * whose end is before its start crosses midnight and belongs to the day it starts on (Monday
 * 22:00–02:00 is open at Tuesday 01:00); a range whose end equals its start lasts 24 hours.
 */
import { OrderType } from './enums';
import { ErrorCode, RuleError, ruleError } from './errors';
import { addDays, DEFAULT_UTC_OFFSET_MINUTES, instantOf, shopClock, shopZone, wallOf, type ShopClock, type ShopZone, type ZonedShop } from './shop-time';
import type { BusinessDailyHours, EpochMs, SaleDateRange, ShopSettings, TimeRange } from './types';

export { DEFAULT_UTC_OFFSET_MINUTES, shopClock, type ShopClock };

/** An instant: epoch ms or a Date (anything else with an epoch `valueOf()` reads the same). */
export type Instant = EpochMs | Date;

/** C§5: hours default to the whole day. */
export const DEFAULT_BUSINESS_HOURS: readonly TimeRange[] = [{ start: '00:00', end: '23:59' }];

const DAY_MINUTES = 24 * 60;

/** The shop fields the hours rules read. */
export type ShopHours = Pick<ShopSettings, 'businessTimeRange' | 'scanOrderBusinessHours'> & ZonedShop;

/** Parses 'HH:mm' (or 'HH:mm:ss') to minutes of the day; null when malformed. */
export function parseTimeOfDay(text: string): number | null {
  const m = /^\s*(\d{1,2}):(\d{2})(?::\d{2})?\s*$/.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  // 24:00 is accepted as the end of the day
  if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}

/** Formats minutes of the day as 'HH:mm'. */
export function formatTimeOfDay(minute: number): string {
  const m = ((minute % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

interface Window {
  start: number;
  /** Exclusive end in minutes from the start day's midnight; above 1440 when the range crosses midnight. */
  end: number;
}

/** 23:59 as an end is the merchant's way of writing "until midnight". */
const END_OF_DAY = 23 * 60 + 59;

function toWindow(range: TimeRange): Window | null {
  const start = parseTimeOfDay(range.start);
  const parsedEnd = parseTimeOfDay(range.end);
  if (start === null || parsedEnd === null) return null;
  const end = parsedEnd === END_OF_DAY ? DAY_MINUTES : parsedEnd;
  if (end === start) return { start, end: start + DAY_MINUTES };
  return { start, end: end > start ? end : end + DAY_MINUTES };
}

/** Whether `minute` (of the start day, or of the next day via `+ DAY_MINUTES`) is inside the window. */
const inWindow = (w: Window, minute: number): boolean => minute >= w.start && minute < w.end;

/** Whether a minute of the day falls in one range, ignoring the weekday (cross-midnight aware). */
export function isInTimeRange(range: TimeRange, minute: number): boolean {
  const w = toWindow(range);
  if (!w) return false;
  return inWindow(w, minute) || inWindow(w, minute + DAY_MINUTES);
}

/** The ranges that start on each weekday (1–7). */
interface WeeklyWindows {
  forDay(weekday: number): readonly TimeRange[];
}

const everyDay = (ranges: readonly TimeRange[]): WeeklyWindows => ({ forDay: () => ranges });

/** Whether `clock` falls in one of the windows, today's or one that crossed midnight yesterday. */
function isOpenAt(weekly: WeeklyWindows, clock: ShopClock): boolean {
  const yesterday = clock.weekday === 1 ? 7 : clock.weekday - 1;
  const today = weekly.forDay(clock.weekday).map(toWindow);
  if (today.some((w) => w !== null && inWindow(w, clock.minute))) return true;
  const spill = weekly.forDay(yesterday).map(toWindow);
  return spill.some((w) => w !== null && inWindow(w, clock.minute + DAY_MINUTES));
}

const orDefault = (ranges: readonly TimeRange[] | undefined): readonly TimeRange[] =>
  ranges && ranges.length > 0 ? ranges : DEFAULT_BUSINESS_HOURS;

function dailyWindows(days: readonly BusinessDailyHours[]): WeeklyWindows {
  return {
    forDay(weekday) {
      const day = days.find((d) => d.day === weekday);
      // a day the shop did not configure, or configured closed, has no hours
      if (!day || !day.isOpen) return [];
      return orDefault(day.businessHours);
    },
  };
}

/** Scan orders (dine-in at a table, open table) use the scan-order hours when the shop sets them. */
function isScanOrderType(orderType: OrderType | null | undefined): boolean {
  return orderType === OrderType.dine || orderType === OrderType.openTable;
}

/**
 * The weekly hours that govern an order type (C§3, SHOP-2): for dine and openTable the scan-order hours
 * (routine → businessScanOrderHours every day; daily → businessDailyHours per weekday with isOpen),
 * otherwise businessTimeRange; missing hours default to 00:00–23:59.
 */
function weeklyHours(shop: ShopHours, orderType: OrderType | null | undefined): WeeklyWindows {
  const scan = shop.scanOrderBusinessHours;
  if (isScanOrderType(orderType) && scan) {
    if (scan.businessMode === 'daily') return dailyWindows(scan.businessDailyHours ?? []);
    return everyDay(scanHoursOrGeneral(scan.businessScanOrderHours, shop.businessTimeRange));
  }
  return everyDay(orDefault(shop.businessTimeRange));
}

/** Routine scan-order hours; when the shop left them empty, its general hours apply. */
function scanHoursOrGeneral(scan: TimeRange[] | undefined, general: TimeRange[] | undefined): readonly TimeRange[] {
  if (scan && scan.length > 0) return scan;
  return orDefault(general);
}

/** Whether the shop takes orders of this type at `now` (C§5 "outside business hours blocks ordering"). */
export function isWithinBusinessHours(shop: ShopHours, now: Instant, orderType?: OrderType | null): boolean {
  return isOpenAt(weeklyHours(shop, orderType), shopClock(now, shopZone(shop)));
}

/** The ranges that start on the shop's current day, for the hours line and the closed message. */
export function businessHoursOfDay(shop: ShopHours, now: Instant, orderType?: OrderType | null): readonly TimeRange[] {
  const clock = shopClock(now, shopZone(shop));
  return weeklyHours(shop, orderType).forDay(clock.weekday);
}

/**
 * The next instant at which the shop opens for this order type, strictly after `now`, looking up to a
 * week ahead; null when it never opens (every day closed). Used for the "opens at" part of the message.
 */
export function nextOpeningTime(shop: ShopHours, now: Instant, orderType?: OrderType | null): EpochMs | null {
  const zone = shopZone(shop);
  const weekly = weeklyHours(shop, orderType);
  const today = wallOf(now, zone);
  const ms = now.valueOf();
  let best: EpochMs | null = null;
  for (let d = 0; d <= 7; d += 1) {
    const weekday = ((today.weekday - 1 + d) % 7) + 1;
    for (const range of weekly.forDay(weekday)) {
      const w = toWindow(range);
      if (!w) continue;
      const at = instantOf(zone, addDays(today, d), w.start);
      if (at > ms && (best === null || at < best)) best = at;
    }
    if (best !== null) return best;
  }
  return best;
}

/** Renders ranges as 'HH:mm-HH:mm, HH:mm-HH:mm' for the hours message. */
export function formatTimeRanges(ranges: readonly TimeRange[]): string {
  return ranges
    .filter((r) => toWindow(r) !== null)
    .map((r) => `${formatTimeOfDay(parseTimeOfDay(r.start)!)}-${formatTimeOfDay(parseTimeOfDay(r.end)!)}`)
    .join(', ');
}

/**
 * C§5: outside business hours ordering is blocked with `storeClosed`, whose message shows today's hours
 * (`hours`) and the next opening time on the shop's clock (`nextOpening`, 'HH:mm', empty if none).
 */
export function checkBusinessHours(shop: ShopHours, now: Instant, orderType?: OrderType | null): RuleError | null {
  if (isWithinBusinessHours(shop, now, orderType)) return null;
  const next = nextOpeningTime(shop, now, orderType);
  return ruleError(ErrorCode.storeClosed, {
    hours: formatTimeRanges(businessHoursOfDay(shop, now, orderType)),
    nextOpening: next === null ? '' : formatTimeOfDay(shopClock(next, shopZone(shop)).minute),
  });
}

/**
 * Whether a category or product is on sale at `now` (C§3 saleDateRange, MENU-1): absent or empty
 * means always; otherwise one entry must list the weekday (1–7, Monday = 1; an empty list = every day)
 * and, when it has time ranges, contain the time.
 */
export function isInSaleTime(
  range: SaleDateRange | readonly SaleDateRange[] | null | undefined,
  now: Instant,
  zone: ShopZone = DEFAULT_UTC_OFFSET_MINUTES,
): boolean {
  if (!range) return true;
  const entries: readonly SaleDateRange[] = Array.isArray(range) ? range : [range as SaleDateRange];
  if (entries.length === 0) return true;
  const clock = shopClock(now, zone);
  return entries.some((entry) => {
    const days = entry.weekdays ?? [];
    const weekly: WeeklyWindows = {
      forDay: (weekday) =>
        days.length === 0 || days.includes(weekday) ? orDefault(entry.timeRanges) : [],
    };
    return isOpenAt(weekly, clock);
  });
}
