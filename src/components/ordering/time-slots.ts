/** Delivery and pickup times offered on the confirm page (C§4 "as soon as possible or a chosen time"). */

const SLOT_MS = 30 * 60 * 1000;

/** The next `count` half-hour instants, the first at least 30 minutes from `now`. */
export function timeSlots(now: number, count = 12): number[] {
  const first = Math.ceil((now + SLOT_MS) / SLOT_MS) * SLOT_MS;
  return Array.from({ length: count }, (_, i) => first + i * SLOT_MS);
}

/** "HH:mm" of an instant in the shop's time zone (minutes east of UTC). */
export function clockText(ms: number, utcOffsetMinutes: number): string {
  const d = new Date(ms + utcOffsetMinutes * 60_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** "YYYY-MM-DD HH:mm" of an instant in the shop's time zone. */
export function dateTimeText(ms: number, utcOffsetMinutes: number): string {
  const d = new Date(ms + utcOffsetMinutes * 60_000);
  const date = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
  return `${date} ${clockText(ms, utcOffsetMinutes)}`;
}
