import { Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { Price, formatAmount } from '@/components/Price';
import { useStores } from '@/stores';

export interface MoneyProps {
  value: number;
  original?: boolean;
  className?: string;
  /** Show a leading minus (discount rows). */
  negative?: boolean;
}

/** An amount with the shop's currency symbol and decimals (UI.md: money always so). */
export const Money = observer(function Money({ value, original, className, negative }: MoneyProps) {
  const { shop } = useStores();
  const price = <Price value={value} symbol={shop.currencySymbol} decimals={shop.numberDecimals} original={original} className={className} />;
  return negative ? (
    <>
      <Text className={`money-minus ${className ?? ''}`}>-</Text>
      {price}
    </>
  ) : (
    price
  );
});

/** The amount as text with the shop's symbol and decimals (for messages). */
export function useMoneyText(): (value: number) => string {
  const { shop } = useStores();
  return (value: number) => `${shop.currencySymbol}${formatAmount(value, shop.numberDecimals)}`;
}
