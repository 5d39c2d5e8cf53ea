import '@/i18n/areas/mall';
import Taro from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { useShopBoot } from '@/components/ordering/boot';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import { useMoneyText } from '@/components/ordering/Money';
import { useMall } from '@/components/mall/use-mall';
import '@/components/ordering/ordering.scss';
import '@/components/mall/mall.scss';

const MALL = 'pages/member/point-store/point-store';

/** Back to the mall: the page below when it is the mall, else the mall in place of this page. */
function backToMall(): void {
  const pages = Taro.getCurrentPages();
  const below = pages.length > 1 ? pages[pages.length - 2] : undefined;
  if (below?.route?.replace(/^\//, '') === MALL) void Taro.navigateBack();
  else void Taro.redirectTo({ url: `/${MALL}` });
}

/**
 * member/point-store/exchange-success (P§2, MEMBER-7): what the exchange gave (the coupon with its
 * amount, or the gift to collect), the points spent and left, then "use it" (the menu) or back to
 * the mall.
 */
export default observer(function MemberPointStoreExchangeSuccessPage() {
  useShopBoot({ ordering: false });
  const mall = useMall();
  const money = useMoneyText();
  void useStores().session.language;
  const done = mall.lastExchange;

  if (!done) {
    return (
      <PageShell route="member/point-store/exchange-success" className="mall-page">
        <EmptyState title={t('mall.success.nothing')} description={t('mall.success.nothingText')} actionText={t('mall.success.backToMall')} onAction={backToMall} />
      </PageShell>
    );
  }
  const { item, result } = done;
  const coupon = result.coupon;
  return (
    <PageShell route="member/point-store/exchange-success" className="mall-page">
      <View className="mall-success" id="mall-success">
        <Text className="mall-success__icon">✓</Text>
        <Text className="mall-success__title">{t('routes.member/point-store/exchange-success')}</Text>
        <Text className="mall-success__note">{coupon ? t('mall.success.couponNote') : t('mall.success.productNote')}</Text>
      </View>
      <View className="card" id="mall-received">
        <Text className="card__title">{t('mall.success.received')}</Text>
        {coupon ? (
          <View className="mall-ticket mall-ticket--flat">
            <View className="mall-ticket__value">
              <Text className="mall-ticket__amount">{money(coupon.reductionAmount)}</Text>
              <Text className="mall-ticket__rule">
                {coupon.minAmount && coupon.minAmount > 0
                  ? t('mall.detail.fullLess', { min: money(coupon.minAmount), less: money(coupon.reductionAmount) })
                  : t('mall.detail.noThreshold', { less: money(coupon.reductionAmount) })}
              </Text>
            </View>
            <View className="mall-ticket__body">
              <Text className="mall-ticket__name">{coupon.name}</Text>
              <Text className="muted">{item.name}</Text>
            </View>
          </View>
        ) : (
          <Text>{item.name}</Text>
        )}
      </View>
      <View className="card mall-rows">
        <View className="mall-rows__row">
          <Text>{t('mall.success.spent')}</Text>
          <Text className="mall-rows__value">{`-${item.points}`}</Text>
        </View>
        <View className="mall-rows__row">
          <Text>{t('mall.success.remaining')}</Text>
          <Text className="mall-rows__value mall-rows__value--main" id="mall-remaining">
            {result.points}
          </Text>
        </View>
      </View>
      <View className="mall-success__actions">
        <View className="primary-button" id="mall-use" onClick={() => void Taro.switchTab({ url: '/pages/user/index-tab-1' })}>
          <Text>{t('mall.success.useNow')}</Text>
        </View>
        <View className="mall-ghost" id="mall-back" onClick={backToMall}>
          <Text>{t('mall.success.backToMall')}</Text>
        </View>
      </View>
    </PageShell>
  );
});
