import '@/i18n/areas/multi';
import { useEffect, useState } from 'react';
import Taro, { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { Money } from '@/components/ordering/Money';
import { OrderPages, openProviderPage } from '@/components/ordering/payment';
import { toast } from '@/components/ordering/feedback';
import { multiSuccessPage, useMultiOrder } from '@/components/multi/use-multi-order';
import { PayStatus } from '@/domain/enums';
import { errorMessage, t } from '@/i18n';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';
import '@/components/multi/multi.scss';

/**
 * order/multi-success (C§2, ORDER-10): the orders a multi-shop order created (C§3 multiOrderIds), one
 * row per shop with its order number and total linking to that order's detail, the combined total and
 * whether the one payment went through ("check whether paid" and "pay again" while it has not).
 */
export default observer(function OrderMultiSuccessPage() {
  const boot = useShopBoot({ ordering: false });
  const multi = useMultiOrder();
  const groupId = Number((useRouter().params as Record<string, string | undefined>).groupId);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!boot?.ok || !(groupId > 0)) return;
    // back from a provider page, or straight from the wallet: the server asks the provider first
    void multi.checkPaid(groupId).then(async (paid) => {
      if (!paid && multi.group?.id !== groupId) await multi.loadGroup(groupId);
      setLoaded(true);
    });
  }, [boot, groupId, multi]);

  const g = multi.group?.id === groupId ? multi.group : null;
  if (!boot || (!loaded && !g)) {
    return (
      <PageShell route="order/multi-success">
        <Skeleton rows={4} />
      </PageShell>
    );
  }
  if (!g) {
    return (
      <PageShell route="order/multi-success">
        <EmptyState
          title={t('multi.success.notFound')}
          actionText={t('pages.actions.goOrders')}
          onAction={() => void Taro.switchTab({ url: '/pages/user/order/list' })}
        />
      </PageShell>
    );
  }
  const payAgain = async () => {
    const outcome = await multi.pay(g.id, g.payType, multiSuccessPage(g.id));
    if (outcome.status === 'redirect') openProviderPage(outcome.url, multiSuccessPage(g.id));
    else if (outcome.status === 'cancelled' || outcome.status === 'failed') toast(errorMessage(outcome.error));
  };
  const title = g.status === 'paid' ? t('multi.success.paid') : g.status === 'cancelled' ? t('multi.success.cancelled') : t('multi.success.unpaid');
  return (
    <PageShell route="order/multi-success">
      <View className="result-card" id="multi-success">
        <Text className={`result-card__icon${g.status === 'paid' ? ' result-card__icon--ok' : ''}`}>{g.status === 'paid' ? '✓' : '!'}</Text>
        <Text className="result-card__title" id="multi-success-title">
          {title}
        </Text>
        <Money value={g.total} className="price--huge" />
        <Text className="muted">{t('multi.success.count', { count: g.orders.length })}</Text>
        <View className="multi-orders" id="multi-orders">
          {g.orders.map((o) => (
            <View key={o.id} className="multi-orders__item" id={`multi-order-${o.id}`} onClick={() => void Taro.navigateTo({ url: OrderPages.detail(o.id) })}>
              <View className="multi-orders__main">
                <Text className="multi-orders__name">{o.shopName}</Text>
                <Text className="multi-orders__no">{t('multi.success.orderNo', { no: o.orderNo })}</Text>
              </View>
              <View className="multi-orders__side">
                <Money value={o.total} />
                <Text className="multi-orders__status">{o.payStatus === PayStatus.success ? t('multi.success.paid') : t('multi.success.view')}</Text>
              </View>
              <Text className="chevron">›</Text>
            </View>
          ))}
        </View>
        {g.status === 'nopay' ? (
          <>
            <View className="primary-button" id="multi-pay-again" onClick={() => void payAgain()}>
              <Text>{t('multi.success.payAgain')}</Text>
            </View>
            <View className="text-button" id="multi-check-paid" onClick={() => void multi.checkPaid(g.id)}>
              <Text>{t('multi.success.checkPaid')}</Text>
            </View>
          </>
        ) : (
          <View className="text-button" onClick={() => void Taro.switchTab({ url: '/pages/user/index-tab-1' })}>
            <Text>{t('multi.success.orderMore')}</Text>
          </View>
        )}
      </View>
    </PageShell>
  );
});
