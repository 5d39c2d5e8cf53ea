import { useCallback, useEffect, useState } from 'react';
import Taro, { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { useShopBoot } from '@/components/ordering/boot';
import { OrderPages } from '@/components/ordering/payment';
import { errorMessage, t } from '@/i18n';
import { useOrderingStores } from '@/components/ordering/use-ordering-stores';
import type { PayOutcome } from '@/stores/order';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';

/**
 * order/allin-pay-callback (C§2, ORDER-8): where a provider page returns. It asks the server whether
 * the order was paid ("check whether paid") and goes on to the success page; until then it offers
 * to check again.
 */
export default observer(function OrderAllinPayCallbackPage() {
  const boot = useShopBoot();
  const { order } = useOrderingStores();
  const orderId = Number((useRouter().params as Record<string, string | undefined>).orderId);
  const [result, setResult] = useState<PayOutcome | null>(null);
  const [checking, setChecking] = useState(false);

  const check = useCallback(async () => {
    setChecking(true);
    const outcome = await order.checkPaid(orderId);
    setChecking(false);
    setResult(outcome);
    if (outcome.status === 'paid') await Taro.redirectTo({ url: OrderPages.success(orderId) });
  }, [order, orderId]);

  useEffect(() => {
    if (boot?.ok && Number.isInteger(orderId) && orderId > 0) void check();
  }, [boot, orderId, check]);

  return (
    <PageShell route="order/allin-pay-callback">
      <View className="result-card" id="pay-callback">
        {checking || !result ? (
          <>
            <View className="spinner" />
            <Text className="result-card__title">{t('pages.ordering.checkingPayment')}</Text>
          </>
        ) : (
          <>
            <Text className="result-card__title">{result.status === 'paid' ? t('pages.ordering.paidTitle') : t('pages.ordering.notPaidYet')}</Text>
            {'error' in result ? <Text className="muted">{errorMessage(result.error)}</Text> : null}
            <View className="primary-button" id="check-paid" onClick={() => void check()}>
              <Text>{t('pages.ordering.checkPaid')}</Text>
            </View>
            <View className="text-button" onClick={() => void Taro.redirectTo({ url: OrderPages.detail(orderId) })}>
              <Text>{t('pages.ordering.viewOrder')}</Text>
            </View>
          </>
        )}
      </View>
    </PageShell>
  );
});
