/**
 * Twenty rows drawn like the menu's product rows (an image box, a name, a line of description, a
 * price and an add button), with static data: the first row on screen is the floor's mark, as the
 * menu's first `.product-row` is the menu's.
 */
import { Text, View } from '@tarojs/components';
import './index.scss';

const ROWS = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Product ${i + 1}`, note: 'House recipe, made to order', price: (12 + i).toFixed(2) }));

export default function Index() {
  return (
    <View className="list" id="product-list">
      {ROWS.map((row) => (
        <View key={row.id} className="product-row">
          <View className="product-row__image" />
          <View className="product-row__body">
            <Text className="product-row__name">{row.name}</Text>
            <Text className="product-row__note">{row.note}</Text>
            <View className="product-row__foot">
              <Text className="product-row__price">¥{row.price}</Text>
              <View className="product-row__add">+</View>
            </View>
          </View>
        </View>
      ))}
    </View>
  );
}
