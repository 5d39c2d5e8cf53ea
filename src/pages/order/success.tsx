import { useEffect } from 'react';
import Taro, { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { Money } from '@/components/ordering/Money';
import { OrderPages } from '@/components/ordering/payment';
import { SubscribePrompt } from '@/components/ordering/SubscribePrompt';
import { AppointmentPaid } from '@/components/beauty/AppointmentPaid';
import { t, translate } from '@/i18n';
import { useOrderingStores } from '@/components/ordering/use-ordering-stores';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';

/**
 * order/success (C§2, ORDER-11): the order placed, its number, total and status, and the next steps;
 * on the mini programs, the offer of order notices below (once per order, never in the way).
 */
export default observer(function OrderSuccessPage() {
  const boot = useShopBoot();
  const { order } = useOrderingStores();
  const orderId = Number((useRouter().params as Record<string, string | undefined>).orderId);
  useEffect(() => {
    if (!boot?.ok || !(orderId > 0)) return;
    void order.loadDetail(orderId);
    // C§7 order/sendProductOrderSuccess: the shop's "order placed" message, once per order
    void order.announcePlaced(orderId);
  }, [boot, orderId, order]);
  const d = order.detail?.id === orderId ? order.detail : null;
  return (
    <PageShell route="order/success">
      <View className="result-card" id="order-success">
        <Text className="result-card__icon result-card__icon--ok">✓</Text>
        <Text className="result-card__title">{t('pages.ordering.successTitle')}</Text>
        {d ? (
          <>
            <Money value={d.total} className="price--huge" />
            <Text className="muted" id="success-order-no">
              {t('pages.ordering.orderNo', { no: d.orderNo })}
            </Text>
            {d.daySeq ? <Text className="muted">{t('pages.ordering.daySeq', { seq: d.daySeq })}</Text> : null}
            {order.detailStatusKey ? <Text className="status-pill">{translate(order.detailStatusKey)}</Text> : null}
            <AppointmentPaid order={d} />
          </>
        ) : (
          <Skeleton rows={2} />
        )}
        <View className="primary-button" id="view-order" onClick={() => void Taro.redirectTo({ url: OrderPages.detail(orderId) })}>
          <Text>{t('pages.ordering.viewOrder')}</Text>
        </View>
        <View className="text-button" onClick={() => void Taro.switchTab({ url: '/pages/user/index-tab-1' })}>
          <Text>{t('pages.ordering.orderMore')}</Text>
        </View>
      </View>
      {boot?.ok ? <SubscribePrompt orderId={orderId} /> : null}
    </PageShell>
  );
});
