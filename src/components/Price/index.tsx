import { Text } from '@tarojs/components';
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
  className?: string;
}

/**
 * The amount written with `decimals` places, rounding half away from zero. Exponent shifting
 * keeps 1.005 → "1.01" where `toFixed` would give "1.00" (binary representation).
 */
export function formatAmount(value: number, decimals: number): string {
  const sign = value < 0 ? '-' : '';
  let shifted = Math.round(Number(`${Math.abs(value)}e${decimals}`));
  // tiny values print in exponent form ("1e-7"), which the shift cannot parse: they round to 0
  if (!Number.isFinite(shifted)) shifted = Math.round(Math.abs(value) * 10 ** decimals);
  const text = Number(`${shifted}e-${decimals}`).toFixed(decimals);
  return Number(text) === 0 ? text : `${sign}${text}`;
}

/** A price in the main colour with the shop's currency symbol and decimals (UI.md). */
export function Price({ value, symbol = '¥', decimals = 2, original = false, className }: PriceProps) {
  const [whole, fraction] = formatAmount(value, decimals).split('.');
  return (
    <Text className={`price${original ? ' price--original' : ''}${className ? ` ${className}` : ''}`}>
      <Text className="price__symbol">{symbol}</Text>
      <Text className="price__whole">{whole}</Text>
      {fraction ? <Text className="price__fraction">.{fraction}</Text> : null}
    </Text>
  );
}
