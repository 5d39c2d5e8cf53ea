/**
 * The shop clock (TIME-1): the one place that turns an instant into the shop's wall time and a wall
 * time back into instants, for every wall-clock rule (hours, sale times, appointment slots, validity
 * dates, weeks and month days, the day of an order, the day summary) on the app and on the server.
 *
 * A shop's zone is read in one of three forms (`ShopZone`):
 * - a number: a fixed offset, minutes east of UTC (a shop without a time zone, old data);
 * - `ZoneOffsets`: the zone's offset changes over a period, as the server sends them with the shop
 *   (the phones' JavaScript engines are not trusted with `Intl` time zones, so nothing here needs it);
 * - a `ZoneReader`: anything that answers the offset of an instant (the server reads the zone itself).
 *
 * Wall times that do not exist (the hour skipped on a spring day) and wall times that exist twice (the
 * hour repeated on an autumn day) are resolved as docs/decisions.md "Shop time zones" says: a wall time
 * in a gap is the instant the clock jumps past it, a repeated one is its earlier instant, and
 * `instantsAt` lists every real instant for the rules that need them all.
 */
/** Epoch milliseconds. */
type EpochMs = number;

/** China, the shops' home market, when a shop carries no offset and no zone. */
export const DEFAULT_UTC_OFFSET_MINUTES = 480;

/** A zone's offset changes over a period (sent by the server with the shop: `timeZoneOffsets`). */
export interface ZoneOffsets {
  /** The IANA name, e.g. 'Europe/Paris'. */
  timeZone: string;
  /** The offset before the first change, minutes east of UTC. */
  offset: number;
  /** Each change as [instant (epoch ms), the offset from that instant on], ascending. */
  changes: Array<[EpochMs, number]>;
}

/** Anything that reads a zone's offset (minutes east of UTC) at an instant. */
export interface ZoneReader {
  offsetAt(at: EpochMs): number;
}

export type ShopZone = number | ZoneOffsets | ZoneReader;

/** The shop fields a zone is read from. */
export interface ZonedShop {
  utcOffsetMinutes?: number;
  timeZone?: string;
  timeZoneOffsets?: ZoneOffsets;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The zone a shop's settings give: its offset changes, else its fixed offset, else China's. */
export function shopZone(shop: ZonedShop | null | undefined): ShopZone {
  if (shop?.timeZoneOffsets) return shop.timeZoneOffsets;
  return shop?.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES;
}

/** The zone's offset at an instant, minutes east of UTC. */
export function offsetAt(zone: ShopZone, at: EpochMs): number {
  if (typeof zone === 'number') return zone;
  if ('offsetAt' in zone) return zone.offsetAt(at);
  const c = zone.changes;
  let lo = 0;
  let hi = c.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (c[mid][0] <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? zone.offset : c[lo - 1][1];
}

/** A moment on the shop's wall clock. */
export interface ShopWall {
  year: number;
  /** 1…12 */
  month: number;
  /** 1…31 */
  day: number;
  /** 1 = Monday … 7 = Sunday (C§9: weeks start on Monday). */
  weekday: number;
  hour: number;
  /** Minutes since the shop's midnight, 0…1439. */
  minute: number;
  /** The calendar day 'YYYY-MM-DD'. */
  date: string;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** An instant read on the shop's wall clock. */
export function wallOf(at: EpochMs | Date, zone: ShopZone): ShopWall {
  const ms = at.valueOf();
  const d = new Date(ms + offsetAt(zone, ms) * MINUTE_MS);
  const wd = d.getUTCDay();
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  const hour = d.getUTCHours();
  return { year, month, day, weekday: wd === 0 ? 7 : wd, hour, minute: hour * 60 + d.getUTCMinutes(), date: `${year}-${pad(month)}-${pad(day)}` };
}

/** A calendar day on the wall clock. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** 'YYYY-MM-DD' as a calendar day; null when malformed or not a real date. */
export function parseCalendarDay(date: string): CalendarDay | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(date.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The calendar day `days` after (or before) a day. */
export function addDays(d: CalendarDay, days: number): CalendarDay {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** Every instant whose wall time is `minute` (of the day, may pass 1440) of the day: none in a gap, two in a repeated hour. */
export function instantsAt(zone: ShopZone, d: CalendarDay, minute: number, second = 0): EpochMs[] {
  const local = Date.UTC(d.year, d.month - 1, d.day) + minute * MINUTE_MS + second * 1000;
  const candidates = new Set([offsetAt(zone, local - DAY_MS), offsetAt(zone, local), offsetAt(zone, local + DAY_MS)]);
  const out: EpochMs[] = [];
  for (const o of candidates) {
    const at = local - o * MINUTE_MS;
    if (offsetAt(zone, at) === o && !out.includes(at)) out.push(at);
  }
  return out.sort((a, b) => a - b);
}

/**
 * The instant of a wall time: the earlier one where it happens twice, and where it does not happen
 * (a spring day's skipped hour) the first instant after the gap — when the clock reads a later wall
 * time for the first time (02:30 on Paris's spring day → the jump to 03:00).
 */
export function instantOf(zone: ShopZone, d: CalendarDay, minute: number, second = 0): EpochMs {
  const all = instantsAt(zone, d, minute, second);
  if (all.length > 0) return all[0];
  const local = Date.UTC(d.year, d.month - 1, d.day) + minute * MINUTE_MS + second * 1000;
  const before = offsetAt(zone, local - DAY_MS);
  // read with the offset before the gap, the wall time lands inside the later offset: the change is
  // within the gap's length before it
  let hi = local - before * MINUTE_MS;
  let lo = hi - Math.max(0, offsetAt(zone, hi) - before) * MINUTE_MS - 1;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(zone, mid) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The first instant of a calendar day (its midnight, or the end of a gap that swallowed it). */
export function dayStartOf(zone: ShopZone, d: CalendarDay): EpochMs {
  return instantOf(zone, d, 0);
}

/** The instants a calendar day spans, [start, end): 23, 24 or 25 hours. */
export function dayBounds(zone: ShopZone, d: CalendarDay): { start: EpochMs; end: EpochMs } {
  return { start: dayStartOf(zone, d), end: dayStartOf(zone, addDays(d, 1)) };
}

/** The shop's wall clock at an instant, with the instant its day started. */
export interface ShopClock {
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Minutes since the shop's midnight, 0…1439 (wall minutes: a spring day skips some, an autumn day repeats some). */
  minute: number;
  /** The first instant of this day, epoch ms. */
  dayStart: EpochMs;
}

/** Reads an instant on the shop's wall clock. */
export function shopClock(now: EpochMs | Date, zone: ShopZone = DEFAULT_UTC_OFFSET_MINUTES): ShopClock {
  const w = wallOf(now, zone);
  return { weekday: w.weekday, minute: w.minute, dayStart: dayStartOf(zone, w) };
}

/** The calendar day 'YYYY-MM-DD' of an instant on the shop's wall clock. */
export function shopDate(at: EpochMs, zone: ShopZone): string {
  return wallOf(at, zone).date;
}

/** The same wall time `days` calendar days later ("N days after receipt" ends there). */
export function addShopDays(at: EpochMs, days: number, zone: ShopZone): EpochMs {
  const w = wallOf(at, zone);
  const seconds = Math.floor((at - (Date.UTC(w.year, w.month - 1, w.day) - offsetAt(zone, at) * MINUTE_MS)) / 1000);
  return instantOf(zone, addDays(w, days), 0, seconds) + (at % 1000 + 1000) % 1000;
}
