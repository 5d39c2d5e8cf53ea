/**
 * How the console writes amounts and times, through the shared domain formats (src/domain/formats.ts).
 * Amounts: the board's contract carries no currency symbol or decimals yet, so amounts are written
 * with 2 decimals and no symbol until it does (`MoneyStyle`). Times: the counter's wall clock
 * (the browser's time zone: the console runs in the shop).
 */
import { formatClock, formatMoney } from '../../src/domain/formats';
import type { Language } from '../../src/domain/language';

export interface MoneyStyle {
  symbol: string;
  decimals: number;
}
export const DEFAULT_MONEY: MoneyStyle = { symbol: '', decimals: 2 };

export function money(value: number, lang: Language, style: MoneyStyle = DEFAULT_MONEY): string {
  return formatMoney(value, { symbol: style.symbol, decimals: style.decimals, language: lang });
}

/** 'HH:mm' on the local clock. */
export function clockTime(at: number): string {
  const d = new Date(at);
  return formatClock({ hour: d.getHours(), minute: d.getMinutes() });
}

/** 'HH:mm' today, or the day and time ('MM-DD HH:mm') for another day. */
export function shortTime(at: number, now: number): string {
  const d = new Date(at);
  const n = new Date(now);
  if (d.getFullYear() === n.getFullYear() && d.getMonth() === n.getMonth() && d.getDate() === n.getDate()) return clockTime(at);
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${clockTime(at)}`;
}
