import { Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { Price } from '@/components/Price';
import { formatMoney } from '@/domain/formats';
import { getLanguage } from '@/i18n';
import { useStores } from '@/stores';

export interface MoneyProps {
  value: number;
  original?: boolean;
  className?: string;
  /** Show a leading minus (discount rows). */
  negative?: boolean;
}

/** An amount with the shop's currency symbol and decimals (docs/architecture.md §22 Screens: money always so). */
export const Money = observer(function Money({ value, original, className, negative }: MoneyProps) {
  const { shop } = useStores();
  const price = (
    <Price value={value} symbol={shop.currencySymbol} decimals={shop.numberDecimals} original={original} className={className} language={getLanguage()} />
  );
  return negative ? (
    <>
      <Text className={`money-minus ${className ?? ''}`}>-</Text>
      {price}
    </>
  ) : (
    price
  );
});

/** The amount as text with the shop's symbol and decimals, as the language on screen writes it (for messages). */
export function useMoneyText(): (value: number) => string {
  const { shop } = useStores();
  return (value: number) => formatMoney(value, { symbol: shop.currencySymbol, decimals: shop.numberDecimals, language: getLanguage() });
}
