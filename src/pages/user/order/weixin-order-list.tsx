import '@/i18n/areas/general';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { OrderListScreen } from '@/components/ordering/OrderList';
import '@/components/general/general.scss';
import { t } from '@/i18n';
import { useStores } from '@/stores';

/** Whose orders these are: the shop of the session and what the list offers. */
const ShopOrdersHeader = observer(function ShopOrdersHeader() {
  const { shop, session } = useStores();
  void session.language;
  const name = shop.shop?.name;
  return (
    <View className="general-head" id="weixin-orders-head">
      {name ? <Text className="general-head__title">{t('general.orders.shop', { shop: name })}</Text> : null}
      <Text className="muted">{t('general.orders.hint')}</Text>
    </View>
  );
});

/**
 * user/order/weixin-order-list (C§2): the chat app's order-list entry — the customer's orders of this
 * shop, listed by the same screen as the orders tab (status tabs, paging, pull-to-refresh, countdowns),
 * opened by ordinary navigation rather than from the tab bar.
 */
export default function UserOrderWeixinOrderListPage() {
  return <OrderListScreen route="user/order/weixin-order-list" header={<ShopOrdersHeader />} />;
}
