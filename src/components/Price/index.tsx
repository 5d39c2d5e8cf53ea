import { Text } from '@tarojs/components';
import { NBSP, fixedAmount, moneyParts } from '@/domain/formats';
import type { Language } from '@/domain/language';
import './index.scss';

export interface PriceProps {
  /** The amount as it arrives on the wire: a number with at most 4 decimal places. */
  value: number;
  /** The shop's currency symbol (shop info `currencySymbol`). */
  symbol?: string;
  /** The shop's `numberDecimals`. */
  decimals?: number;
  /** Struck-through original price, grey instead of the main colour. */
  original?: boolean;
  /** The language the amount is written in (src/domain/formats.ts); the Chinese way when absent. */
  language?: Language;
  className?: string;
}

/** The amount written with `decimals` places and a decimal point (src/domain/formats.ts `fixedAmount`). */
export function formatAmount(value: number, decimals: number): string {
  return fixedAmount(value, decimals);
}

/** A price in the main colour with the shop's currency symbol and decimals (docs/architecture.md §22 Screens). */
export function Price({ value, symbol = '¥', decimals = 2, original = false, className, language = 'zh-CN' }: PriceProps) {
  const { sign, whole, fraction, decimal, symbolAfter } = moneyParts(value, decimals, language);
  return (
    <Text className={`price${original ? ' price--original' : ''}${className ? ` ${className}` : ''}`}>
      {sign ? <Text className="price__sign">{sign}</Text> : null}
      {symbolAfter ? null : <Text className="price__symbol">{symbol}</Text>}
      <Text className="price__whole">{whole}</Text>
      {fraction ? <Text className="price__fraction">{`${decimal}${fraction}`}</Text> : null}
      {symbolAfter && symbol !== '' ? <Text className="price__symbol price__symbol--after">{`${NBSP}${symbol}`}</Text> : null}
    </Text>
  );
}
