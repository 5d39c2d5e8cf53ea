import '@/i18n/areas/promo';
import { useEffect } from 'react';
import Taro from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { useMoneyText } from '@/components/ordering/Money';
import { toast } from '@/components/ordering/feedback';
import { openRoute } from '@/components/navigation';
import { useMemberKnown, usePromotionsArea } from '@/components/promo/use-promotions';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/promo/promo.scss';

/** At most this many order marks are drawn; a longer round shows the bar alone. */
const MAX_STEPS = 10;

/**
 * user/coupon/times-red-bag (P§2, PROMO-3): the running times red bag — how many counted orders the
 * member has (cumulativeQuantity of limitQuantity), what the round gives, and "collect" once the round
 * is complete (activity/checkTimesRedBag).
 */
export default observer(function UserCouponTimesRedBagPage() {
  const boot = useShopBoot({ ordering: false });
  const known = useMemberKnown(boot);
  const { member } = useStores();
  const area = usePromotionsArea();
  const money = useMoneyText();

  useEffect(() => {
    if (known) void area.loadTimesRedBag();
  }, [known, area]);

  const check = async () => {
    const coupons = await area.checkTimesRedBag();
    if (coupons === null) return;
    const p = area.timesProgress;
    toast(coupons.length > 0 ? t('promo.timesRedBag.rewarded', { count: coupons.length }) : t('promo.timesRedBag.notYet', { count: p?.missing ?? 0 }));
  };

  const bag = area.timesRedBag;
  const p = area.timesProgress;
  return (
    <PageShell route="user/coupon/times-red-bag" className="promo-page">
      {!known || !area.timesLoaded ? (
        <Skeleton rows={3} />
      ) : !bag || !p ? (
        <EmptyState title={t('promo.timesRedBag.none')} description={t('promo.timesRedBag.noneText')} actionText={t('promo.actions.goMenu')} onAction={() => void openRoute('/pages/user/index-tab-1')} />
      ) : (
        <View>
          <View className="red-bag" id="times-red-bag">
            <Text className="red-bag__name">{bag.activity.name}</Text>
            {bag.activity.minAmount ? <Text className="red-bag__hint">{t('promo.timesRedBag.minAmount', { amount: money(bag.activity.minAmount) })}</Text> : null}
            {(bag.activity.coupons ?? []).map((c) => (
              <View key={c.id} className="red-bag__coupon">
                <Text className="red-bag__coupon-value">{c.reductionAmount !== undefined ? money(c.reductionAmount) : t('promo.timesRedBag.rewards')}</Text>
                <Text className="red-bag__coupon-name">{c.name ?? ''}</Text>
              </View>
            ))}
          </View>
          <View className="bag-progress" id="times-progress">
            <Text className="bag-progress__title">{t('promo.timesRedBag.progress', { done: p.done, limit: p.limit })}</Text>
            {p.limit <= MAX_STEPS ? (
              <View className="times-bag__steps">
                {Array.from({ length: p.limit }, (_, i) => (
                  <View key={i} className={`times-bag__step${i < p.done ? ' times-bag__step--on' : ''}`}>
                    <Text>{i + 1}</Text>
                  </View>
                ))}
              </View>
            ) : (
              <View className="bag-progress__bar">
                <View className="bag-progress__fill" style={`width:${p.limit > 0 ? Math.round((p.done * 100) / p.limit) : 0}%`} />
              </View>
            )}
            <Text className="bag-progress__text" id="times-progress-text">
              {p.due ? t('promo.timesRedBag.ready') : t('promo.timesRedBag.missing', { count: p.missing })}
            </Text>
          </View>
          {member.isMember ? (
            <View className={`primary-button${area.busy === 'times' ? ' primary-button--busy' : ''}`} id="times-check" onClick={() => void check()}>
              <Text>{t('promo.actions.check')}</Text>
            </View>
          ) : (
            <View className="primary-button" id="times-register" onClick={() => void Taro.navigateTo({ url: '/pages/member/register' })}>
              <Text>{t('promo.actions.register')}</Text>
            </View>
          )}
          {area.timesReward && area.timesReward.length > 0 ? (
            <View className="text-button" onClick={() => void Taro.navigateTo({ url: '/pages/user/coupon/list' })}>
              <Text>{t('promo.actions.myCoupons')} ›</Text>
            </View>
          ) : null}
        </View>
      )}
    </PageShell>
  );
});
