import { useEffect, type ReactNode } from 'react';
import Taro, { useReachBottom } from '@tarojs/taro';
import { usePullRefresh } from '../use-pull-refresh';
import { PullIndicator } from '../PullIndicator';
import { usePageShow } from './hooks';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '../PageShell';
import { EmptyState } from '../EmptyState';
import { Skeleton } from '../Skeleton';
import { useShopBoot } from './boot';
import { Money } from './Money';
import { OrderPages } from './payment';
import { dateTimeText } from './time-slots';
import { formatCountdown } from '@/stores/order';
import type { OrderDetail, OrderListTab } from '@/api/contract/order';
import { orderStatusTextKey } from '@/domain/order-status';
import { errorMessage, t, translate } from '@/i18n';
import { useOrderStore } from './use-order-store';
import { useLiveOrders } from './use-live-orders';
import './ordering.scss';
import { shopZone } from '@/domain/shop-time';

const TABS: OrderListTab[] = ['all', 'unpaid', 'inProgress', 'completed', 'refund'];

/** One order of the list: shop, status text (C§4), type, time, what was ordered, total, countdown. */
const OrderRow = observer(function OrderRow({ o }: { o: OrderDetail }) {
  const { order, shop } = useOrderStore();
  const left = order.countdownFor(o);
  const statusKey = orderStatusTextKey({
    status: o.status,
    orderType: o.type,
    source: o.source,
    atTable: Boolean(o.tableNo),
    createdAt: o.createdAt,
    now: order.now,
  });
  return (
    <View className="order-row card" id={`order-${o.id}`} onClick={() => void Taro.navigateTo({ url: OrderPages.detail(o.id) })}>
      <View className="order-row__head">
        <Text className="order-row__shop">{o.shopName}</Text>
        <Text className="order-row__status">{translate(statusKey)}</Text>
      </View>
      <Text className="muted">
        {t(`orderType.${o.type}` as const)} · {dateTimeText(o.createdAt, shopZone(shop.shop))}
      </Text>
      <Text className="order-row__lines">{o.lines.map((l) => `${l.name}×${l.quantity}`).join('，')}</Text>
      <View className="order-row__foot">
        {left !== null && left > 0 ? <Text className="countdown">{t('pages.ordering.payWithin', { time: formatCountdown(left) })}</Text> : <Text />}
        <Money value={o.total} className="order-row__total" />
      </View>
    </View>
  );
});

/**
 * The empty state of a tab: what would be listed there (docs/architecture.md §22 Screens: an empty
 * state says what belongs here).
 */
function emptyTitle(tab: OrderListTab): string {
  return tab === 'all' ? t('pages.screens.user/order/list.title') : t(`pages.ordering.emptyTabs.${tab}` as const);
}

export interface OrderListScreenProps {
  /** The route without "pages/" (its title). */
  route: 'user/order/list' | 'user/order/weixin-order-list';
  /** The orders tab of the tab bar. */
  tab?: boolean;
  /** Shown above the status tabs. */
  header?: ReactNode;
}

/**
 * The customer's orders of the shop (C§2, ORDER-9) — the orders tab and the chat app's order-list
 * entry: tabs by status, pull down to refresh the first page, scrolling to the bottom loads the next
 * page ("loading more", then "no more"), an empty state per tab and a retry when a page could not be
 * loaded. The page itself scrolls (enablePullDownRefresh and onReachBottom are page events, on H5
 * too); the tabs stay on top. While on screen the list follows the live order channel: a row the shop
 * changed is fetched again and shown as it now is.
 */
export const OrderListScreen = observer(function OrderListScreen({ route, tab: isTab = false, header }: OrderListScreenProps) {
  // the shop level: the list needs the login and the shop, not the menu, cart and pricing
  const boot = useShopBoot({ ordering: false });
  const { order, session } = useOrderStore();
  // the texts follow a language change
  void session.language;

  useEffect(() => {
    if (boot?.ok) void order.setTab(order.tab);
  }, [boot, order]);
  usePageShow(() => {
    if (boot?.ok) void order.refresh();
  });
  // the shop's changes to the listed orders show while the list is on screen
  useLiveOrders(order, 'list', Boolean(boot?.ok));
  const pull = usePullRefresh(() => order.refresh());
  useReachBottom(() => {
    void order.loadMore();
  });
  useEffect(() => {
    const timer = setInterval(() => order.tick(), 1000);
    return () => clearInterval(timer);
  }, [order]);

  // without a shop and without a login there are no orders to wait for: the empty state shows at once
  const identified = session.id !== null || session.token !== null;
  const firstLoad = (!boot && identified) || (order.listLoading && order.list.length === 0 && !order.refreshing);
  const footer = order.listLoading && !order.refreshing ? t('pages.ordering.loadingMore') : order.hasMore ? '' : t('pages.ordering.noMore');
  return (
    <PageShell route={route} tab={isTab} className="order-list-page">
      {header}
      <View className="tabs" id="order-tabs" style={{ position: 'sticky', top: 0, zIndex: 10 }}>
        {TABS.map((tab) => (
          <View key={tab} id={`tab-${tab}`} className={`tabs__item${order.tab === tab ? ' tabs__item--on' : ''}`} onClick={() => void order.setTab(tab)}>
            <Text>{t(`pages.ordering.tabs.${tab}` as const)}</Text>
          </View>
        ))}
      </View>
      <PullIndicator state={pull.state} />
      <View className="order-rows" id="order-rows" {...pull.handlers}>
        {firstLoad ? (
          <Skeleton rows={4} />
        ) : order.listError && order.list.length === 0 ? (
          <EmptyState
            title={t('pages.ordering.loadFailed')}
            description={errorMessage(order.listError)}
            actionText={t('pages.ordering.retry')}
            onAction={() => void order.setTab(order.tab)}
          />
        ) : order.list.length === 0 ? (
          <EmptyState
            title={emptyTitle(order.tab)}
            description={t('pages.screens.user/order/list.text')}
            actionText={t('pages.actions.goMenu')}
            onAction={() => void Taro.switchTab({ url: '/pages/user/index-tab-1' })}
          />
        ) : (
          <>
            {order.list.map((o) => (
              <OrderRow key={o.id} o={o} />
            ))}
            {order.listError ? (
              <View className="list-end" id="order-list-retry" onClick={() => void order.loadMore()}>
                <Text className="link">{t('pages.ordering.retry')}</Text>
              </View>
            ) : (
              <Text className="list-end" id="order-list-end">
                {footer}
              </Text>
            )}
          </>
        )}
      </View>
    </PageShell>
  );
});
