import { useEffect } from 'react';
import Taro from '@tarojs/taro';
import { usePageShow } from '@/components/ordering/hooks';
import { View, Text, ScrollView } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { Money } from '@/components/ordering/Money';
import { OrderPages } from '@/components/ordering/payment';
import { dateTimeText } from '@/components/ordering/time-slots';
import { formatCountdown } from '@/stores/order';
import type { OrderDetail, OrderListTab } from '@/api/contract/order';
import { orderStatusTextKey } from '@/domain/order-status';
import { t, translate } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';

const TABS: OrderListTab[] = ['all', 'unpaid', 'inProgress', 'completed', 'refund'];

/** One order of the list: shop, status text (C§4), type, time, what was ordered, total, countdown. */
const OrderRow = observer(function OrderRow({ o }: { o: OrderDetail }) {
  const { order, shop } = useStores();
  const left = order.countdownFor(o);
  const statusKey = orderStatusTextKey({ status: o.status, orderType: o.type, createdAt: o.createdAt, now: order.now });
  return (
    <View className="order-row card" id={`order-${o.id}`} onClick={() => void Taro.navigateTo({ url: OrderPages.detail(o.id) })}>
      <View className="order-row__head">
        <Text className="order-row__shop">{o.shopName}</Text>
        <Text className="order-row__status">{translate(statusKey)}</Text>
      </View>
      <Text className="muted">
        {t(`orderType.${o.type}` as const)} · {dateTimeText(o.createdAt, shop.shop?.utcOffsetMinutes ?? 480)}
      </Text>
      <Text className="order-row__lines">{o.lines.map((l) => `${l.name}×${l.quantity}`).join('，')}</Text>
      <View className="order-row__foot">
        {left !== null && left > 0 ? <Text className="countdown">{t('pages.ordering.payWithin', { time: formatCountdown(left) })}</Text> : <Text />}
        <Money value={o.total} className="order-row__total" />
      </View>
    </View>
  );
});

/** Orders tab (C§2, ORDER-9): tabs by status, pull to refresh, paging with "loading more". */
export default observer(function UserOrderListPage() {
  const boot = useShopBoot();
  const { order, session } = useStores();
  // the texts follow a language change
  void session.language;

  useEffect(() => {
    if (boot?.ok) void order.setTab(order.tab).catch(() => undefined);
  }, [boot, order]);
  usePageShow(() => {
    if (boot?.ok) void order.refresh().catch(() => undefined);
  });
  useEffect(() => {
    const timer = setInterval(() => order.tick(), 1000);
    return () => clearInterval(timer);
  }, [order]);

  // without a shop and without a login there are no orders to wait for: the empty state shows at once
  const identified = session.id !== null || session.token !== null;
  const firstLoad = (!boot && identified) || (order.listLoading && order.list.length === 0);
  return (
    <PageShell route="user/order/list" tab className="order-list-page">
      <View className="tabs">
        {TABS.map((tab) => (
          <View key={tab} id={`tab-${tab}`} className={`tabs__item${order.tab === tab ? ' tabs__item--on' : ''}`} onClick={() => void order.setTab(tab)}>
            <Text>{t(`pages.ordering.tabs.${tab}` as const)}</Text>
          </View>
        ))}
      </View>
      <ScrollView
        scrollY
        className="order-list"
        refresherEnabled
        refresherTriggered={order.refreshing}
        onRefresherRefresh={() => void order.refresh().catch(() => undefined)}
        onScrollToLower={() => void order.loadMore().catch(() => undefined)}
        lowerThreshold={80}
      >
        {firstLoad ? (
          <Skeleton rows={4} />
        ) : order.list.length === 0 ? (
          <EmptyState
            title={t('pages.screens.user/order/list.title')}
            description={t('pages.screens.user/order/list.text')}
            actionText={t('pages.actions.goMenu')}
            onAction={() => void Taro.switchTab({ url: '/pages/user/index-tab-1' })}
          />
        ) : (
          <>
            {order.list.map((o) => (
              <OrderRow key={o.id} o={o} />
            ))}
            <Text className="list-end">{order.listLoading ? t('pages.ordering.loadingMore') : order.hasMore ? '' : t('pages.ordering.noMore')}</Text>
          </>
        )}
      </ScrollView>
    </PageShell>
  );
});
