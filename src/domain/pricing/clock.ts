/**
 * Shop-local time without the runtime's time zone, so the app and the server read the same
 * dates (PRICE-10). The shop's offset is PricingShop.utcOffsetMinutes.
 */
import type { DateLike, TimeRange } from '../types';

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** Epoch ms of a back-office date; a date without time is the start of that local day. */
export function parseDate(d: DateLike, offsetMinutes: number): { ms: number; dateOnly: boolean } | null {
  if (typeof d === 'number') return Number.isFinite(d) ? { ms: d, dateOnly: false } : null;
  const m = DATE_RE.exec(d.trim());
  if (!m) {
    const t = Date.parse(d);
    return Number.isNaN(t) ? null : { ms: t, dateOnly: false };
  }
  const [, y, mo, da, h, mi, s] = m;
  const utc = Date.UTC(+y, +mo - 1, +da, h ? +h : 0, mi ? +mi : 0, s ? +s : 0);
  return { ms: utc - offsetMinutes * 60_000, dateOnly: h === undefined };
}

/** start ≤ now < end; a date-only end includes its whole day; a missing bound is open. */
export function withinDates(now: number, start: DateLike | undefined, end: DateLike | undefined, offset: number): boolean {
  if (start !== undefined && start !== null && start !== '') {
    const s = parseDate(start, offset);
    if (s && now < s.ms) return false;
  }
  if (end !== undefined && end !== null && end !== '') {
    const e = parseDate(end, offset);
    if (e && now >= (e.dateOnly ? e.ms + DAY_MS : e.ms)) return false;
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

export function localTime(now: number, offsetMinutes: number): LocalTime {
  const d = new Date(now + offsetMinutes * 60_000);
  const wd = d.getUTCDay();
  return { weekday: wd === 0 ? 7 : wd, monthDay: d.getUTCDate(), minutes: d.getUTCHours() * 60 + d.getUTCMinutes() };
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
