/**
 * Amounts and dates per language (src/domain/formats.ts): the expected strings are written by hand.
 * U+00A0 (no-break space) sits between an amount and a symbol written after it; U+202F (narrow no-break
 * space) groups French thousands; Spanish groups with a dot from five integer digits on.
 */
import {
  formatDate,
  formatDateTime,
  formatDayText,
  formatMoney,
  formatShopDate,
  formatShopDateTime,
  moneyParts,
} from '../../src/domain/formats';
import { formatShopDateTime as memberDateTime } from '../../src/domain/members/member-info';
import type { Language } from '../../src/domain/language';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

const yuan = (value: number, language: Language, decimals = 2) => formatMoney(value, { symbol: '¥', decimals, language });

describe('formatMoney', () => {
  it('writes ¥12.50 in the Chinese locales and in English', () => {
    expect(yuan(12.5, 'zh-CN')).toBe('¥12.50');
    expect(yuan(12.5, 'zh-TW')).toBe('¥12.50');
    expect(yuan(12.5, 'en')).toBe('¥12.50');
  });

  it('writes 12,50 ¥ in Spanish and French (decimal comma, symbol after a no-break space)', () => {
    expect(yuan(12.5, 'es')).toBe(`12,50${NBSP}¥`);
    expect(yuan(12.5, 'fr')).toBe(`12,50${NBSP}¥`);
  });

  it('puts the minus sign before the symbol or the number', () => {
    expect(yuan(-12.5, 'zh-CN')).toBe('-¥12.50');
    expect(yuan(-12.5, 'en')).toBe('-¥12.50');
    expect(yuan(-12.5, 'es')).toBe(`-12,50${NBSP}¥`);
    expect(yuan(-12.5, 'fr')).toBe(`-12,50${NBSP}¥`);
  });

  it('writes zero with the shop decimals and never a negative zero', () => {
    expect(yuan(0, 'zh-TW')).toBe('¥0.00');
    expect(yuan(0, 'fr')).toBe(`0,00${NBSP}¥`);
    // −0.001 rounds to 0.00: no sign
    expect(yuan(-0.001, 'en')).toBe('¥0.00');
    expect(yuan(-0.001, 'es')).toBe(`0,00${NBSP}¥`);
  });

  it('groups thousands: a narrow no-break space in French, a dot in Spanish from five digits, none in Chinese and English', () => {
    expect(yuan(1234.5, 'zh-CN')).toBe('¥1234.50');
    expect(yuan(1234.5, 'en')).toBe('¥1234.50');
    expect(yuan(1234.5, 'fr')).toBe(`1${NNBSP}234,50${NBSP}¥`);
    expect(yuan(1234567.891, 'fr')).toBe(`1${NNBSP}234${NNBSP}567,89${NBSP}¥`);
    // Spanish leaves a four-digit amount ungrouped
    expect(yuan(1234.5, 'es')).toBe(`1234,50${NBSP}¥`);
    expect(yuan(12345.5, 'es')).toBe(`12.345,50${NBSP}¥`);
    expect(yuan(-1234567, 'es')).toBe(`-1.234.567,00${NBSP}¥`);
  });

  it('uses the shop symbol and decimals, rounding half away from zero', () => {
    // 7.5 with 0 places → 8
    expect(formatMoney(7.5, { symbol: '$', decimals: 0, language: 'en' })).toBe('$8');
    expect(formatMoney(7.5, { symbol: '€', decimals: 0, language: 'fr' })).toBe(`8${NBSP}€`);
    // 1.005 with 2 places → 1.01 (not the binary 1.00)
    expect(formatMoney(1.005, { symbol: 'NT$', decimals: 2, language: 'zh-TW' })).toBe('NT$1.01');
    expect(formatMoney(1.005, { symbol: '€', decimals: 2, language: 'es' })).toBe(`1,01${NBSP}€`);
  });

  it('writes no stray space when the shop has no symbol', () => {
    expect(formatMoney(3.2, { symbol: '', decimals: 2, language: 'fr' })).toBe('3,20');
    expect(formatMoney(3.2, { symbol: '', decimals: 2, language: 'zh-CN' })).toBe('3.20');
  });
});

describe('moneyParts', () => {
  it('gives the pieces the price display sizes apart', () => {
    expect(moneyParts(-1234.5, 2, 'fr')).toEqual({ sign: '-', whole: `1${NNBSP}234`, fraction: '50', decimal: ',', symbolAfter: true });
    expect(moneyParts(25.5, 2, 'zh-CN')).toEqual({ sign: '', whole: '25', fraction: '50', decimal: '.', symbolAfter: false });
    expect(moneyParts(25.5, 0, 'es')).toEqual({ sign: '', whole: '26', fraction: '', decimal: ',', symbolAfter: true });
  });
});

describe('dates per language', () => {
  // 2026-11-26 06:05 UTC = 14:05 on a China shop's clock (UTC+8, offset 480)
  const at = Date.UTC(2026, 10, 26, 6, 5);

  it('writes an order time on the shop clock in each language', () => {
    expect(formatShopDateTime(at, 480, 'zh-CN')).toBe('2026-11-26 14:05');
    expect(formatShopDateTime(at, 480, 'zh-TW')).toBe('2026/11/26 14:05');
    expect(formatShopDateTime(at, 480, 'en')).toBe('26 Nov 2026, 14:05');
    expect(formatShopDateTime(at, 480, 'es')).toBe('26/11/2026, 14:05');
    expect(formatShopDateTime(at, 480, 'fr')).toBe('26/11/2026 14:05');
  });

  it('reads the instant on the shop clock, not the phone’s', () => {
    // the same instant at a Paris shop in winter (UTC+1, offset 60): 07:05
    expect(formatShopDateTime(at, 60, 'fr')).toBe('26/11/2026 07:05');
    // 2026-11-26 20:30 UTC is already the 27th at 04:30 in China
    expect(formatShopDateTime(Date.UTC(2026, 10, 26, 20, 30), 480, 'en')).toBe('27 Nov 2026, 04:30');
    expect(formatShopDate(Date.UTC(2026, 10, 26, 20, 30), 480, 'zh-TW')).toBe('2026/11/27');
  });

  it('writes a coupon validity day in each language, with leading zeros where the language has them', () => {
    expect(formatDayText('2026-03-05', 'zh-CN')).toBe('2026-03-05');
    expect(formatDayText('2026-03-05', 'zh-TW')).toBe('2026/03/05');
    expect(formatDayText('2026-03-05', 'en')).toBe('5 Mar 2026');
    expect(formatDayText('2026-03-05', 'es')).toBe('05/03/2026');
    expect(formatDayText('2026-03-05 23:59:59', 'fr')).toBe('05/03/2026');
    // a text that is not a day is shown as it came
    expect(formatDayText('long term', 'en')).toBe('long term');
  });

  it('writes every English month', () => {
    const months = Array.from({ length: 12 }, (_, i) => formatDate({ year: 2027, month: i + 1, day: 1 }, 'en'));
    expect(months).toEqual([
      '1 Jan 2027', '1 Feb 2027', '1 Mar 2027', '1 Apr 2027', '1 May 2027', '1 Jun 2027',
      '1 Jul 2027', '1 Aug 2027', '1 Sep 2027', '1 Oct 2027', '1 Nov 2027', '1 Dec 2027',
    ]);
  });

  it('writes an appointment time at midnight and at the last minute of the day', () => {
    expect(formatDateTime({ year: 2026, month: 1, day: 9, hour: 0, minute: 0 }, 'es')).toBe('09/01/2026, 00:00');
    expect(formatDateTime({ year: 2026, month: 12, day: 31, hour: 23, minute: 59 }, 'zh-TW')).toBe('2026/12/31 23:59');
  });

  it('keeps the member code expiry in the Chinese form by default and writes it in a given language', () => {
    expect(memberDateTime(at)).toBe('2026-11-26 14:05');
    expect(memberDateTime(at, 480, 'en')).toBe('26 Nov 2026, 14:05');
  });
});
