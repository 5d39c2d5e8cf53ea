import '@/i18n/areas/promo';
import { useEffect } from 'react';
import { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { useMoneyText } from '@/components/ordering/Money';
import { toastError } from '@/components/ordering/feedback';
import { openRoute, runAction } from '@/components/navigation';
import { conditionText, faceText, stateText } from '@/components/promo/coupon-text';
import { useMemberKnown, usePromotionsArea } from '@/components/promo/use-promotions';
import { couponConditions, couponFace, couponListState } from '@/domain/coupons/conditions';
import { CouponListScope } from '@/domain/enums';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/promo/promo.scss';
import { shopZone } from '@/domain/shop-time';

/**
 * user/coupon/detail?id= (P§2, PROMO-1): a coupon's figure, name and state, then every condition of
 * P§3 — amount and quantity requirements, order types, pay type, user type, validity, shops, chain —
 * and "use" while it can be used here.
 */
export default observer(function UserCouponDetailPage() {
  const boot = useShopBoot({ ordering: false });
  const known = useMemberKnown(boot);
  const { shop, now, member } = useStores();
  const area = usePromotionsArea();
  const money = useMoneyText();
  const id = Number((useRouter().params as Record<string, string | undefined>).id ?? NaN);
  const coupon = Number.isInteger(id) ? area.couponById(id) : undefined;

  useEffect(() => {
    // opened directly (a link, a reload): the coupon is found among everything the member holds
    if (known && member.isMember && !coupon) {
      void area.loadCoupons(CouponListScope.all).then(() => area.loadCoupons(CouponListScope.now));
    }
  }, [known, member, coupon, area]);

  const offset = shopZone(shop.shop);
  const loading = !known || (member.isMember && !coupon && (area.lists[CouponListScope.all] === null || area.loading[CouponListScope.all]));

  const use = async () => {
    if (!coupon) return;
    const failed = await area.useCoupon(coupon.id).catch(() => null);
    if (failed) return toastError(failed);
    await openRoute('/pages/user/index-tab-1');
  };

  if (loading) {
    return (
      <PageShell route="user/coupon/detail" className="promo-page">
        <Skeleton rows={4} />
      </PageShell>
    );
  }
  if (!coupon) {
    return (
      <PageShell route="user/coupon/detail" className="promo-page">
        <EmptyState title={t('promo.detail.notFound')} description={t('pages.screens.user/coupon/detail.text')} actionText={t('pages.actions.back')} onAction={() => void runAction('back')} />
      </PageShell>
    );
  }
  const state = couponListState(coupon, now(), offset);
  const usable = state === 'usable' && !area.isElsewhere(coupon);
  return (
    <PageShell route="user/coupon/detail" className="promo-page">
      <View className={`coupon-detail__head${usable ? '' : ' coupon-detail__head--off'}`} id="coupon-detail-head">
        <Text className="coupon-detail__value">{faceText(couponFace(coupon), money)}</Text>
        <Text className="coupon-detail__name">{coupon.name}</Text>
        <Text className="coupon-detail__state">{stateText(state)}</Text>
      </View>
      <View className="coupon-detail__conditions" id="coupon-conditions">
        <Text className="coupon-detail__title">{t('promo.conditions.title')}</Text>
        {couponConditions(coupon, offset).map((c, i) => (
          <View key={`${c.key}-${i}`} className="coupon-detail__condition" id={`condition-${c.key}`}>
            <View className="coupon-detail__dot" />
            <Text>{conditionText(c, money, shop.shopId)}</Text>
          </View>
        ))}
      </View>
      {usable ? (
        <View className="primary-button" id="coupon-detail-use" onClick={() => void use()}>
          <Text>{t('promo.actions.use')}</Text>
        </View>
      ) : null}
    </PageShell>
  );
});
