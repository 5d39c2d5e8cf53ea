/**
 * Back-office dates and the activities' wall-clock reading without the runtime's time zone, so the app
 * and the server read the same dates (PRICE-10): every instant ↔ wall time goes through shop-time.ts.
 */
import { addDays, instantOf, wallOf, type ShopZone } from '../shop-time';
import type { DateLike, TimeRange } from '../types';
const DATE_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Epoch ms of a back-office date on the shop's wall clock; a date without time is the start of that
 * day, and `dayEnd` is the start of the next (a 23- or 25-hour day on a change day).
 */
export function parseDate(d: DateLike, zone: ShopZone): { ms: number; dateOnly: boolean; dayEnd?: number } | null {
  if (typeof d === 'number') return Number.isFinite(d) ? { ms: d, dateOnly: false } : null;
  const m = DATE_RE.exec(d.trim());
  if (!m) {
    const t = Date.parse(d);
    return Number.isNaN(t) ? null : { ms: t, dateOnly: false };
  }
  const [, y, mo, da, h, mi, s] = m;
  const day = { year: +y, month: +mo, day: +da };
  const ms = instantOf(zone, day, (h ? +h : 0) * 60 + (mi ? +mi : 0), s ? +s : 0);
  if (h !== undefined) return { ms, dateOnly: false };
  return { ms, dateOnly: true, dayEnd: instantOf(zone, addDays(day, 1), 0) };
}

/** start ≤ now < end; a date-only end includes its whole day; a missing bound is open. */
export function withinDates(now: number, start: DateLike | undefined, end: DateLike | undefined, zone: ShopZone): boolean {
  if (start !== undefined && start !== null && start !== '') {
    const s = parseDate(start, zone);
    if (s && now < s.ms) return false;
  }
  if (end !== undefined && end !== null && end !== '') {
    const e = parseDate(end, zone);
    if (e && now >= (e.dayEnd ?? e.ms)) return false;
  }
  return true;
}

export interface LocalTime {
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** 1–31. */
  monthDay: number;
  /** Minutes since local midnight. */
  minutes: number;
}

export function localTime(now: number, zone: ShopZone): LocalTime {
  const w = wallOf(now, zone);
  return { weekday: w.weekday, monthDay: w.day, minutes: w.minute };
}

const toMinutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':');
  return (+h || 0) * 60 + (+m || 0);
};

/** Whether `minutes` falls in the range; an end at or before the start crosses midnight, 23:59 ends the day. */
export function inTimeRange(minutes: number, r: TimeRange): boolean {
  const s = toMinutes(r.start);
  let e = toMinutes(r.end);
  if (e === 23 * 60 + 59) e = 24 * 60;
  if (e > s) return minutes >= s && minutes < e;
  return minutes >= s || minutes < e;
}
