/** The shop-clock texts of delivery and pickup times (the times offered: src/domain/order-times.ts). */

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
