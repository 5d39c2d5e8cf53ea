/** The shop-clock texts of delivery and pickup times (the times offered: src/domain/order-times.ts). */
import { formatShopDate, formatShopDateTime } from '@/domain/formats';
import type { Language } from '@/domain/language';
import { getLanguage } from '@/i18n';
import { formatTimeOfDay } from '@/domain/hours';
import { wallOf, type ShopZone } from '@/domain/shop-time';

/** "HH:mm" of an instant on the shop's wall clock. */
export function clockText(ms: number, zone: ShopZone): string {
  return formatTimeOfDay(wallOf(ms, zone).minute);
}

/**
 * The day and time of an instant in the shop's time zone, as the language on screen writes them
 * (zh-CN "2026-11-26 14:05", en "26 Nov 2026, 14:05"…: src/domain/formats.ts).
 */
export function dateTimeText(ms: number, zone: ShopZone, language: Language = getLanguage()): string {
  return formatShopDateTime(ms, zone, language);
}

/** The day of an instant in the shop's time zone, as the language on screen writes it. */
export function dateText(ms: number, zone: ShopZone, language: Language = getLanguage()): string {
  return formatShopDate(ms, zone, language);
}
