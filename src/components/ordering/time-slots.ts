/** The shop-clock texts of delivery and pickup times (the times offered: src/domain/order-times.ts). */
import { formatShopDate, formatShopDateTime } from '@/domain/formats';
import type { Language } from '@/domain/language';
import { getLanguage } from '@/i18n';

/** "HH:mm" of an instant in the shop's time zone (minutes east of UTC). */
export function clockText(ms: number, utcOffsetMinutes: number): string {
  const d = new Date(ms + utcOffsetMinutes * 60_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/**
 * The day and time of an instant in the shop's time zone, as the language on screen writes them
 * (zh-CN "2026-11-26 14:05", en "26 Nov 2026, 14:05"…: src/domain/formats.ts).
 */
export function dateTimeText(ms: number, utcOffsetMinutes: number, language: Language = getLanguage()): string {
  return formatShopDateTime(ms, utcOffsetMinutes, language);
}

/** The day of an instant in the shop's time zone, as the language on screen writes it. */
export function dateText(ms: number, utcOffsetMinutes: number, language: Language = getLanguage()): string {
  return formatShopDate(ms, utcOffsetMinutes, language);
}
