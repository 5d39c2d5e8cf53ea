/**
 * Business hours and sale times (C§3, C§5, SHOP-2, MENU-1).
 *
 * Time model: `now` is an instant (epoch ms or a Date, read through `valueOf()`),
 * and the shop's wall clock is that instant shifted by the shop's `utcOffsetMinutes` (minutes east of
 * UTC, default 480 = China). The rules therefore give the same answer on a phone in any time zone and
 * on the server. Time ranges are 'HH:mm' on that wall clock: open from the start minute, closed from
 * the end minute (09:00–21:00 is closed at 21:00), except that an end of 23:59 means the end of the
 * day, so the default 00:00–23:59 covers the whole day (the same reading as pricing/clock.ts). A range
 * whose end is before its start crosses midnight and belongs to the day it starts on (Monday
 * 22:00–02:00 is open at Tuesday 01:00); a range whose end equals its start lasts 24 hours.
 */
import { OrderType } from './enums';
import { ErrorCode, RuleError, ruleError } from './errors';
import type { BusinessDailyHours, EpochMs, SaleDateRange, ShopSettings, TimeRange } from './types';

/** An instant: epoch ms or a Date (anything else with an epoch `valueOf()` reads the same). */
export type Instant = EpochMs | Date;

/** China, the shops' home market, when a shop carries no offset. */
export const DEFAULT_UTC_OFFSET_MINUTES = 480;
/** C§5: hours default to the whole day. */
export const DEFAULT_BUSINESS_HOURS: readonly TimeRange[] = [{ start: '00:00', end: '23:59' }];

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
const DAY_MS = DAY_MINUTES * MINUTE_MS;

/** The shop fields the hours rules read. */
export type ShopHours = Pick<ShopSettings, 'businessTimeRange' | 'scanOrderBusinessHours' | 'utcOffsetMinutes'>;

/** A moment on the shop's wall clock. */
export interface ShopClock {
  /** 1 = Monday … 7 = Sunday (C§9: weeks start on Monday). */
  weekday: number;
  /** Minutes since the shop's midnight, 0…1439. */
  minute: number;
  /** The instant of the shop's midnight that starts this day, epoch ms. */
  dayStart: EpochMs;
}

/** Reads an instant on a wall clock `utcOffsetMinutes` east of UTC. */
export function shopClock(now: Instant, utcOffsetMinutes: number = DEFAULT_UTC_OFFSET_MINUTES): ShopClock {
  const ms = now.valueOf();
  const shifted = ms + utcOffsetMinutes * MINUTE_MS;
  const localDay = Math.floor(shifted / DAY_MS);
  const minute = Math.floor((shifted - localDay * DAY_MS) / MINUTE_MS);
  // 1970-01-01 was a Thursday (4 with Monday = 1)
  const weekday = ((((localDay + 3) % 7) + 7) % 7) + 1;
  return { weekday, minute, dayStart: localDay * DAY_MS - utcOffsetMinutes * MINUTE_MS };
}

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
  return isOpenAt(weeklyHours(shop, orderType), shopClock(now, shop.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES));
}

/** The ranges that start on the shop's current day, for the hours line and the closed message. */
export function businessHoursOfDay(shop: ShopHours, now: Instant, orderType?: OrderType | null): readonly TimeRange[] {
  const clock = shopClock(now, shop.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES);
  return weeklyHours(shop, orderType).forDay(clock.weekday);
}

/**
 * The next instant at which the shop opens for this order type, strictly after `now`, looking up to a
 * week ahead; null when it never opens (every day closed). Used for the "opens at" part of the message.
 */
export function nextOpeningTime(shop: ShopHours, now: Instant, orderType?: OrderType | null): EpochMs | null {
  const offset = shop.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES;
  const weekly = weeklyHours(shop, orderType);
  const clock = shopClock(now, offset);
  const ms = now.valueOf();
  let best: EpochMs | null = null;
  for (let d = 0; d <= 7; d += 1) {
    const weekday = ((clock.weekday - 1 + d) % 7) + 1;
    for (const range of weekly.forDay(weekday)) {
      const w = toWindow(range);
      if (!w) continue;
      const at = clock.dayStart + d * DAY_MS + w.start * MINUTE_MS;
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
  const offset = shop.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES;
  const next = nextOpeningTime(shop, now, orderType);
  return ruleError(ErrorCode.storeClosed, {
    hours: formatTimeRanges(businessHoursOfDay(shop, now, orderType)),
    nextOpening: next === null ? '' : formatTimeOfDay(shopClock(next, offset).minute),
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
  utcOffsetMinutes: number = DEFAULT_UTC_OFFSET_MINUTES,
): boolean {
  if (!range) return true;
  const entries: readonly SaleDateRange[] = Array.isArray(range) ? range : [range as SaleDateRange];
  if (entries.length === 0) return true;
  const clock = shopClock(now, utcOffsetMinutes);
  return entries.some((entry) => {
    const days = entry.weekdays ?? [];
    const weekly: WeeklyWindows = {
      forDay: (weekday) =>
        days.length === 0 || days.includes(weekday) ? orDefault(entry.timeRanges) : [],
    };
    return isOpenAt(weekly, clock);
  });
}
