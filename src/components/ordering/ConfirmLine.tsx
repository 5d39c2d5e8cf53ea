import { View, Text } from '@tarojs/components';
import type { BreakdownLine } from '@/domain/pricing';
import type { CartLine } from '@/domain/types';
import { Money } from './Money';

/** One priced line of an order being confirmed: name, the chosen spec / tastes / set items, units, amount. */
export function ConfirmLine({ line, chosen }: { line: Pick<BreakdownLine, 'flag' | 'name' | 'quantity' | 'priceRuleAmount'>; chosen?: Pick<CartLine, 'specName' | 'tastesName' | 'mealsetNames'> | null }) {
  const detail = [chosen?.specName, chosen?.tastesName, chosen?.mealsetNames].filter(Boolean).join(' / ');
  return (
    <View className="confirm-line">
      <View className="confirm-line__main">
        <Text className="confirm-line__name">{line.name}</Text>
        {detail ? <Text className="confirm-line__detail">{detail}</Text> : null}
      </View>
      <Text className="confirm-line__qty">×{line.quantity}</Text>
      <Money value={line.priceRuleAmount} className="confirm-line__amount" />
    </View>
  );
}
