import Taro, { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { OrderPages } from '@/components/ordering/payment';
import { hasMessage, t, translate } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';

/** order/fail (C§2, ORDER-11): why ordering or paying did not succeed, and how to try again. */
export default observer(function OrderFailPage() {
  void useStores().session.language;
  const params = useRouter().params as Record<string, string | undefined>;
  const orderId = Number(params.orderId);
  const code = params.code && hasMessage(`errors.${params.code}`) ? params.code : null;
  return (
    <PageShell route="order/fail">
      <View className="result-card" id="order-fail">
        <Text className="result-card__icon result-card__icon--fail">!</Text>
        <Text className="result-card__title">{t('pages.ordering.failTitle')}</Text>
        <Text className="muted">{code ? translate(`errors.${code}`) : t('pages.screens.order/fail.text')}</Text>
        {orderId > 0 ? (
          <View className="primary-button" onClick={() => void Taro.redirectTo({ url: OrderPages.detail(orderId) })}>
            <Text>{t('pages.ordering.payAgain')}</Text>
          </View>
        ) : null}
        <View className="text-button" onClick={() => void Taro.switchTab({ url: '/pages/user/index-tab-1' })}>
          <Text>{t('pages.actions.goMenu')}</Text>
        </View>
      </View>
    </PageShell>
  );
});
