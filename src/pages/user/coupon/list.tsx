import '@/i18n/areas/promo';
import { useEffect, useRef } from 'react';
import Taro, { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { usePageShow } from '@/components/ordering/hooks';
import { toastError } from '@/components/ordering/feedback';
import { openRoute } from '@/components/navigation';
import { CouponCard } from '@/components/promo/CouponCard';
import { useMemberKnown, usePromotionsArea } from '@/components/promo/use-promotions';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import { COUPON_TABS } from '@/stores/areas/promotions';
import '@/components/ordering/ordering.scss';
import '@/components/promo/promo.scss';

/**
 * user/coupon/list (P§2, PROMO-1): the member's coupons in three tabs — usable here now, all, and those
 * for the other shops of the chain (P§3 coupon list scope 1, 0, 2). Each shows its figure, threshold,
 * validity and state; a usable one has "use", which puts it on the order and opens the menu. Opened
 * from a coupon link (`activityId` = the coupon activity, `id` the shop) it first receives that coupon (activity/getCouponByLink).
 */
export default observer(function UserCouponListPage() {
  const boot = useShopBoot({ ordering: false });
  const known = useMemberKnown(boot);
  const { member, member: { timesRedBag } } = useStores();
  const area = usePromotionsArea();
  const params = useRouter().params as Record<string, string | undefined>;
  // `activityId`: `id` of a launch query is the shop (C§2), so the link names its activity apart
  const linkActivity = params.activityId && /^\d+$/.test(params.activityId) ? Number(params.activityId) : null;
  const received = useRef(false);

  useEffect(() => {
    if (!known) return;
    void (async () => {
      // a coupon link: receive its coupon once per visit of the page (the server gives it once anyway)
      if (linkActivity !== null && member.isMember && !received.current) {
        received.current = true;
        // the coupon received shows in the banner; a refusal was toasted by the request layer
        await area.receiveByLink(linkActivity);
      } else if (member.isMember) {
        await area.receiveByEntry();
      }
      await area.loadCoupons();
    })();
  }, [known, area, member, linkActivity]);
  usePageShow(() => {
    if (known && area.lists[area.scope] !== null) void area.loadCoupons();
  });

  const use = async (id: number) => {
    const failed = await area.useCoupon(id).catch(() => null);
    if (failed) return toastError(failed);
    await openRoute('/pages/user/index-tab-1');
  };
  const list = area.coupons;

  return (
    <PageShell route="user/coupon/list" className="promo-page coupon-list-page">
      {!known ? (
        <Skeleton rows={4} />
      ) : !member.isMember ? (
        <EmptyState
          title={t('promo.list.memberOnly')}
          description={t('promo.list.emptyText')}
          actionText={t('promo.actions.register')}
          onAction={() => void Taro.navigateTo({ url: '/pages/member/register' })}
        />
      ) : (
        <View>
          <View className="promo-tabs" id="coupon-tabs">
            {COUPON_TABS.map((tab) => (
              <View
                key={tab.key}
                id={`coupon-tab-${tab.key}`}
                className={`promo-tabs__tab${area.scope === tab.scope ? ' promo-tabs__tab--on' : ''}`}
                onClick={() => {
                  area.setScope(tab.scope);
                  void area.loadCoupons(tab.scope);
                }}
              >
                <Text>{t(`promo.list.tabs.${tab.key}` as const)}</Text>
              </View>
            ))}
          </View>
          {area.linkCoupon ? (
            <View className="promo-banner" id="coupon-received">
              <Text>{t('promo.list.received', { name: area.linkCoupon.name })}</Text>
            </View>
          ) : null}
          {timesRedBag ? (
            <View className="promo-entry" id="times-red-bag-entry" onClick={() => void Taro.navigateTo({ url: '/pages/user/coupon/times-red-bag' })}>
              <Text>{t('promo.list.timesRedBag')}</Text>
              <Text className="promo-entry__side">
                {t('promo.list.timesRedBagHint', { done: Math.min(timesRedBag.cumulativeQuantity, timesRedBag.limitQuantity), limit: timesRedBag.limitQuantity })} ›
              </Text>
            </View>
          ) : null}
          {list === null || (area.loading[area.scope] && list.length === 0) ? (
            <Skeleton rows={3} />
          ) : list.length === 0 ? (
            <EmptyState title={t('promo.list.empty')} description={t('promo.list.emptyText')} actionText={t('promo.actions.goMenu')} onAction={() => void openRoute('/pages/user/index-tab-1')} />
          ) : (
            <View className="coupon-list" id="coupon-list">
              {list.map((c) => (
                <CouponCard
                  key={c.id}
                  coupon={c}
                  elsewhere={area.isElsewhere(c)}
                  onOpen={() => void Taro.navigateTo({ url: `/pages/user/coupon/detail?id=${c.id}` })}
                  onUse={() => void use(c.id)}
                />
              ))}
            </View>
          )}
        </View>
      )}
    </PageShell>
  );
});
