import { useEffect, useState } from 'react';
import Taro, { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import type { PayType as PayTypeValue } from '@/domain/enums';
import { t } from '@/i18n';
import { useOrderingStores } from './use-ordering-stores';
import { useShopBoot } from './boot';
import { Money } from './Money';
import { OrderPages, followPayment, openProviderPage } from './payment';
import './ordering.scss';
import './ordering-pages.scss';

export interface ProviderPayScreenProps {
  route: 'order/stripe-pay' | 'order/allin-pay';
  payType: PayTypeValue;
}

/**
 * A provider payment page (ORDER-7: stripe-pay, allin-pay): the order's amount and a button that
 * opens the provider's page, which comes back to allin-pay-callback. Without a provider url (opened
 * from the order) it asks the server for a fresh one first.
 */
export const ProviderPayScreen = observer(function ProviderPayScreen({ route, payType }: ProviderPayScreenProps) {
  const boot = useShopBoot();
  const { order } = useOrderingStores();
  const params = useRouter().params as Record<string, string | undefined>;
  const orderId = Number(params.orderId);
  const [busy, setBusy] = useState(false);
  const url = params.url ? decodeURIComponent(params.url) : null;

  useEffect(() => {
    if (boot?.ok && Number.isInteger(orderId) && orderId > 0) void order.loadDetail(orderId);
  }, [boot, orderId, order]);
  // the countdown to the server's payDeadline (ORDER-8) ticks each second
  useEffect(() => {
    const timer = setInterval(() => order.tick(), 1000);
    return () => clearInterval(timer);
  }, [order]);

  const pay = async () => {
    if (busy) return;
    setBusy(true);
    if (url) {
      openProviderPage(url, OrderPages.callback(orderId));
      return;
    }
    const outcome = await order.pay(orderId, payType);
    setBusy(false);
    if (outcome.status === 'redirect') openProviderPage(outcome.url, OrderPages.callback(orderId));
    else await followPayment(outcome);
  };

  const d = order.detail;
  if (!boot || (order.detailLoading && !d)) {
    return (
      <PageShell route={route}>
        <Skeleton rows={3} />
      </PageShell>
    );
  }
  if (!d || d.id !== orderId) {
    return (
      <PageShell route={route}>
        <EmptyState
          title={t(`pages.screens.${route}.title` as const)}
          description={t(`pages.screens.${route}.text` as const)}
          actionText={t('pages.actions.goOrders')}
          onAction={() => void Taro.switchTab({ url: '/pages/user/order/list' })}
        />
      </PageShell>
    );
  }
  return (
    <PageShell route={route}>
      <View className="result-card">
        <Text className="result-card__title">{t(`payType.${payType}` as const)}</Text>
        <Money value={d.total} className="price--huge" />
        <Text className="muted">{t('pages.ordering.orderNo', { no: d.orderNo })}</Text>
        {order.countdownText ? <Text className="countdown">{t('pages.ordering.payWithin', { time: order.countdownText })}</Text> : null}
        <View className={`primary-button${busy ? ' primary-button--busy' : ''}`} id="provider-pay" onClick={() => void pay()}>
          {busy ? <View className="spinner spinner--small" /> : null}
          <Text>{t('pages.ordering.goPay')}</Text>
        </View>
        <View className="text-button" onClick={() => void Taro.redirectTo({ url: OrderPages.detail(orderId) })}>
          <Text>{t('pages.ordering.viewOrder')}</Text>
        </View>
      </View>
    </PageShell>
  );
});
