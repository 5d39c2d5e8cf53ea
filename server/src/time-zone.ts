/**
 * Shop time zones on the server (TIME-1): the zone is read from Node's own zone data (`Intl`, full ICU),
 * and turned into the offset changes the domain's shop clock reads (src/domain/shop-time.ts) — sent to
 * the app with the shop, and read by the server's own rules from the same table, so both compute the
 * same wall times. docs/decisions.md "Shop time zones".
 */
import { shopZone, type ShopZone, type ZonedShop, type ZoneOffsets, type ZoneReader } from '../../src/domain/shop-time';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Probes every 6 hours find every change (zones change at most a few times a year, never twice in 6 hours). */
const PROBE_MS = 6 * HOUR_MS;
/** The period a table covers: two years back (past orders' dates) and three ahead (coupons, appointments). */
const YEARS_BACK = 2;
const YEARS_AHEAD = 3;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's canonical IANA name, or null when Node does not know it ('Mars/Olympus', 'UTC+8'). */
export function canonicalTimeZone(name: string): string | null {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Whether the name is an IANA zone Node knows (an alias such as 'Asia/Calcutta' included). */
export const isKnownTimeZone = (name: string): boolean => canonicalTimeZone(name) !== null;

/** The zone's offset at an instant, minutes east of UTC, read from the zone data. */
export function intlOffset(timeZone: string, at: number): number {
  const parts = formatter(timeZone).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const era = parts.find((p) => p.type === 'era')?.value;
  const year = era === 'BC' || era === 'B' ? 1 - get('year') : get('year');
  const wall = Date.UTC(year, get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  const whole = at - (at % 1000 + 1000) % 1000;
  return Math.round((wall - whole) / MINUTE_MS);
}

/** The zone read directly from the zone data (the server's reader; tests compare tables against it). */
export function intlZone(timeZone: string): ZoneReader {
  return { offsetAt: (at) => intlOffset(timeZone, at) };
}

/** The instant of a change between `lo` (old offset) and `hi` (new offset), to the millisecond. */
function changeBetween(timeZone: string, lo: number, hi: number, before: number): number {
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (intlOffset(timeZone, mid) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The zone's offset changes between two instants. */
export function zoneOffsetsBetween(timeZone: string, from: number, to: number): ZoneOffsets {
  const offset = intlOffset(timeZone, from);
  const changes: Array<[number, number]> = [];
  let current = offset;
  let prev = from;
  for (let at = from + PROBE_MS; at < to + PROBE_MS; at += PROBE_MS) {
    const o = intlOffset(timeZone, at);
    if (o !== current) {
      const when = changeBetween(timeZone, prev, at, current);
      changes.push([when, o]);
      current = o;
    }
    prev = at;
  }
  return { timeZone, offset, changes };
}

const tables = new Map<string, ZoneOffsets>();

/** The zone's offset changes around `now` (two years back, three ahead), cached per zone and year. */
export function zoneOffsetsAround(timeZone: string, now: number): ZoneOffsets {
  const year = new Date(now).getUTCFullYear();
  const key = `${timeZone}@${year}`;
  let t = tables.get(key);
  if (!t) {
    t = zoneOffsetsBetween(timeZone, Date.UTC(year - YEARS_BACK, 0, 1), Date.UTC(year + YEARS_AHEAD, 0, 1));
    tables.set(key, t);
  }
  return t;
}

/**
 * Settings with the zone's table and the offset now (`utcOffsetMinutes` derived from the zone, for
 * readers of old data); settings without a zone (or with one Node does not know) keep their offset.
 */
export function withShopZone<T extends ZonedShop>(settings: T, now: number): T {
  const { timeZoneOffsets: _stored, ...rest } = settings;
  const name = rest.timeZone ? canonicalTimeZone(rest.timeZone) : null;
  if (!name) return rest as T;
  const table = zoneOffsetsAround(name, now);
  return { ...rest, timeZoneOffsets: table, utcOffsetMinutes: intlOffset(name, now) } as T;
}

/** The zone a shop's stored settings give, read around `now`. */
export function zoneOfSettings(settings: ZonedShop, now: number): ShopZone {
  return shopZone(withShopZone(settings, now));
}
