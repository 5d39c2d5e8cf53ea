/**
 * Amounts and dates written per language (C§1, C§9), without Intl: the mini programs' engines lack a full
 * Intl, so the separators, the symbol's place and the date orders are spelled out here.
 *
 * Amounts: the shop's currency symbol and number of decimals, rounded half away from zero.
 *   zh-CN, zh-TW, en  ¥12.50   -¥12.50   ¥1234.50   (symbol first, decimal point, no grouping)
 *   es                12,50 ¥  -12,50 ¥  1234,50 ¥  12.345,50 ¥ (decimal comma, a dot groups thousands
 *                     from five integer digits on, symbol after a no-break space)
 *   fr                12,50 ¥  -12,50 ¥  1 234,50 ¥ (decimal comma, a narrow no-break space groups
 *                     thousands, symbol after a no-break space)
 * Dates on the shop's wall clock (shop-time.ts: the shop's zone or fixed offset), times 24-hour:
 *   zh-CN 2026-11-26 14:05 · zh-TW 2026/11/26 14:05 · en 26 Nov 2026, 14:05
 *   es 26/11/2026, 14:05   · fr 26/11/2026 14:05
 */
import type { Language } from './language';
import { wallOf, type ShopZone } from './shop-time';

/** No-break space: between an amount and a symbol written after it (es, fr). */
export const NBSP = '\u00a0';
/** Narrow no-break space: the French thousands separator. */
export const NNBSP = '\u202f';

interface NumberStyle {
  decimal: string;
  /** Thousands separator; '' = no grouping. */
  group: string;
  /** Integer digits from which grouping starts (Spanish leaves 4-digit amounts ungrouped). */
  groupFrom: number;
  symbolAfter: boolean;
}

const POINT: NumberStyle = { decimal: '.', group: '', groupFrom: 0, symbolAfter: false };

const NUMBER_STYLES: Record<Language, NumberStyle> = {
  'zh-CN': POINT,
  'zh-TW': POINT,
  en: POINT,
  es: { decimal: ',', group: '.', groupFrom: 5, symbolAfter: true },
  fr: { decimal: ',', group: NNBSP, groupFrom: 4, symbolAfter: true },
};

/**
 * The amount with `decimals` places and a decimal point, rounding half away from zero. Exponent shifting
 * keeps 1.005 → "1.01" where `toFixed` would give "1.00" (binary representation); never "-0.00".
 */
export function fixedAmount(value: number, decimals: number): string {
  const sign = value < 0 ? '-' : '';
  let shifted = Math.round(Number(`${Math.abs(value)}e${decimals}`));
  // tiny values print in exponent form ("1e-7"), which the shift cannot parse: they round to 0
  if (!Number.isFinite(shifted)) shifted = Math.round(Math.abs(value) * 10 ** decimals);
  const text = Number(`${shifted}e-${decimals}`).toFixed(decimals);
  return Number(text) === 0 ? text : `${sign}${text}`;
}

/** The written pieces of an amount, for a display that sizes them apart (components/Price). */
export interface MoneyParts {
  /** '-' for a negative amount that does not round to zero, else ''. */
  sign: string;
  /** The integer digits, grouped as the language groups them. */
  whole: string;
  /** The decimal digits ('' when the shop uses no decimals). */
  fraction: string;
  /** The decimal mark of the language. */
  decimal: string;
  /** Whether the symbol follows the amount (after a no-break space). */
  symbolAfter: boolean;
}

function group(digits: string, style: NumberStyle): string {
  if (style.group === '' || digits.length < style.groupFrom) return digits;
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
}

export function moneyParts(value: number, decimals: number, language: Language): MoneyParts {
  const style = NUMBER_STYLES[language];
  const fixed = fixedAmount(value, decimals);
  const sign = fixed.startsWith('-') ? '-' : '';
  const [whole, fraction = ''] = fixed.replace(/^-/, '').split('.');
  return { sign, whole: group(whole, style), fraction, decimal: style.decimal, symbolAfter: style.symbolAfter };
}

/** Whether the language writes the currency symbol after the amount. */
export function symbolAfter(language: Language): boolean {
  return NUMBER_STYLES[language].symbolAfter;
}

/** An amount with the shop's symbol and decimals as the language writes it: `¥12.50`, `12,50 ¥`. */
export function formatMoney(value: number, options: { symbol: string; decimals: number; language: Language }): string {
  const p = moneyParts(value, options.decimals, options.language);
  const number = p.fraction === '' ? p.whole : `${p.whole}${p.decimal}${p.fraction}`;
  if (!p.symbolAfter) return `${p.sign}${options.symbol}${number}`;
  return options.symbol === '' ? `${p.sign}${number}` : `${p.sign}${number}${NBSP}${options.symbol}`;
}

/** A calendar day and a time on a wall clock. */
export interface WallTime {
  year: number;
  /** 1…12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** An instant read on the shop's wall clock (shop-time.ts). */
export function wallTime(at: number, zone: ShopZone): WallTime {
  const w = wallOf(at, zone);
  return { year: w.year, month: w.month, day: w.day, hour: w.hour, minute: w.minute % 60 };
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number): string => String(n).padStart(2, '0');

/** A calendar day as the language writes it: 2026-11-26, 2026/11/26, 26 Nov 2026, 26/11/2026. */
export function formatDate(date: Pick<WallTime, 'year' | 'month' | 'day'>, language: Language): string {
  const { year, month, day } = date;
  switch (language) {
    case 'zh-CN':
      return `${year}-${pad(month)}-${pad(day)}`;
    case 'zh-TW':
      return `${year}/${pad(month)}/${pad(day)}`;
    case 'en':
      return `${day} ${EN_MONTHS[month - 1]} ${year}`;
    case 'es':
    case 'fr':
      return `${pad(day)}/${pad(month)}/${year}`;
  }
}

/** A time of day, 24-hour 'HH:mm' in every language. */
export function formatClock(time: Pick<WallTime, 'hour' | 'minute'>): string {
  return `${pad(time.hour)}:${pad(time.minute)}`;
}

/** A day and a time as the language writes them together: 2026-11-26 14:05, 26 Nov 2026, 14:05… */
export function formatDateTime(time: WallTime, language: Language): string {
  const separator = language === 'en' || language === 'es' ? ', ' : ' ';
  return `${formatDate(time, language)}${separator}${formatClock(time)}`;
}

/** The day of an instant on the shop's wall clock, in the language. */
export function formatShopDate(at: number, zone: ShopZone, language: Language): string {
  return formatDate(wallTime(at, zone), language);
}

/** An instant on the shop's wall clock, day and time, in the language. */
export function formatShopDateTime(at: number, zone: ShopZone, language: Language): string {
  return formatDateTime(wallTime(at, zone), language);
}

/**
 * A day the back office sends as 'YYYY-MM-DD' (or 'YYYY-MM-DD HH:mm[:ss]': the day is kept) in the
 * language; any other text is returned as it is.
 */
export function formatDayText(text: string, language: Language): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!m) return text;
  return formatDate({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }, language);
}
