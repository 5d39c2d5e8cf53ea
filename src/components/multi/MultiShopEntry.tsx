import { useEffect, useState } from 'react';
import Taro from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import { chainCartShops } from '@/stores/multi-carts';
import './multi-entry.scss';

/**
 * "Check out all shops" on the cart (ORDER-10): shown when this device keeps carts at two or more
 * shops of the chain; opens order/multi-confirm. `revision` re-reads the stored carts when the cart
 * changes. Light on purpose: it sits in the main package, the multi-shop store loads with its pages.
 */
export function MultiShopEntry({ revision }: { revision: number }) {
  const { api, storage } = useStores();
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    void chainCartShops(api, storage).then((n) => {
      if (live) setCount(n);
    });
    return () => {
      live = false;
    };
  }, [api, storage, revision]);
  if (count < 2) return null;
  return (
    <View className="multi-entry" id="multi-entry" onClick={() => void Taro.navigateTo({ url: '/pages/order/multi-confirm' })}>
      <View className="multi-entry__main">
        <Text className="multi-entry__title">{t('multiEntry.title')}</Text>
        <Text className="multi-entry__text">{t('multiEntry.text', { count })}</Text>
      </View>
      <Text className="multi-entry__go">{t('multiEntry.action')}</Text>
    </View>
  );
}
