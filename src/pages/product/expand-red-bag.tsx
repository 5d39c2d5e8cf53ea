import '@/i18n/areas/promo';
import { useEffect } from 'react';
import Taro, { useRouter, useShareAppMessage } from '@tarojs/taro';
import { Button, View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { usePageShow } from '@/components/ordering/hooks';
import { useMoneyText } from '@/components/ordering/Money';
import { toast, toastError } from '@/components/ordering/feedback';
import { openRoute, runAction } from '@/components/navigation';
import { faceText } from '@/components/promo/coupon-text';
import { useMemberKnown, usePromotionsArea } from '@/components/promo/use-promotions';
import { couponFace } from '@/domain/coupons/conditions';
import { ErrorCode } from '@/domain/errors';
import { errorMessage, t } from '@/i18n';
import { share } from '@/platform/share';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/promo/promo.scss';

const idParam = (v: string | undefined): number | null => (v && /^\d+$/.test(v) ? Number(v) : null);

/**
 * product/expand-red-bag?id=<activity>&from=<coupon> (P§2, PROMO-3): the shared red bag. Without
 * `from` the member collects their own coupon of the activity, which is the bag they share (the
 * platform's share: the host's share button in mini programs, the share sheet or a copied link in a
 * browser). A friend opening the link opens the bag and gets one of its coupons while any are left.
 * Both see how far the bag has gone: coupons taken, left, and who took them.
 */
export default observer(function ProductExpandRedBagPage() {
  const boot = useShopBoot({ ordering: false });
  const known = useMemberKnown(boot);
  const { member } = useStores();
  const area = usePromotionsArea();
  const money = useMoneyText();
  const params = useRouter().params as Record<string, string | undefined>;
  const activityId = idParam(params.id);
  const from = idParam(params.from);

  useEffect(() => {
    if (known && activityId !== null) void area.openExpand(activityId, from);
  }, [known, area, activityId, from]);
  // back from registering: the detail again, now as a member
  usePageShow(() => {
    if (known && activityId !== null && area.expand) void area.openExpand(activityId, area.expand.fromCouponId);
  });

  const e = area.expand;
  const d = e?.detail ?? null;
  const shareTitle = d ? t('promo.expand.shareTitle', { name: d.activity.name }) : '';
  // mini programs: the host asks the page what to share when the share button is tapped
  useShareAppMessage(() => ({ title: shareTitle, path: area.expandSharePath() ?? '/pages/index/index' }));

  // the coupon received shows on the bag; a refusal shows there too (the call is silent, P§7)
  const receive = () => area.receiveExpand();
  const shareInBrowser = async () => {
    const path = area.expandSharePath();
    if (!path) return;
    const res = await share.share({ title: shareTitle, path });
    if (res.ok && res.value.copied) toast(t('promo.expand.copied'));
    else if (!res.ok && !res.cancelled) toastError({ code: res.code });
  };
  const use = async () => {
    if (!e?.coupon) return;
    const failed = await area.useCoupon(e.coupon.id).catch(() => null);
    if (failed) return toastError(failed);
    await openRoute('/pages/user/index-tab-1');
  };

  if (activityId === null) {
    return (
      <PageShell route="product/expand-red-bag" className="promo-page">
        <EmptyState title={errorMessage(ErrorCode.couponActivityNotExist)} actionText={t('pages.actions.goHome')} onAction={() => void runAction('goHome')} />
      </PageShell>
    );
  }
  if (!known || !e || (!d && !e.error)) {
    return (
      <PageShell route="product/expand-red-bag" className="promo-page">
        <Skeleton rows={4} />
      </PageShell>
    );
  }
  if (!d) {
    return (
      <PageShell route="product/expand-red-bag" className="promo-page">
        <EmptyState title={errorMessage(e.error ?? ErrorCode.couponActivityNotExist)} actionText={t('pages.actions.goHome')} onAction={() => void runAction('goHome')} />
      </PageShell>
    );
  }
  const progress = area.expandProgress;
  const mine = area.expandIsMine;
  const friend = e.fromCouponId !== null && !mine;
  const errorText = e.error === ErrorCode.exchangeSoldOut ? t('promo.expand.empty') : e.error ? errorMessage(e.error) : null;
  const busy = area.busy === 'expand';
  return (
    <PageShell route="product/expand-red-bag" className="promo-page expand-page">
      <View className="red-bag" id="expand-red-bag">
        <Text className="red-bag__name">{d.activity.name}</Text>
        <Text className="red-bag__hint">{friend ? t('promo.expand.friendHint') : d.activity.description || t('promo.expand.ownHint')}</Text>
        {e.coupon ? (
          <View className="red-bag__coupon" id="expand-coupon">
            <Text className="red-bag__coupon-value">{faceText(couponFace(e.coupon), money)}</Text>
            <Text className="red-bag__coupon-name">{t('promo.expand.received', { name: e.coupon.name })}</Text>
          </View>
        ) : null}
        {progress?.expired ? (
          <Text className="red-bag__error">{t('promo.expand.expired')}</Text>
        ) : errorText ? (
          <Text className="red-bag__error" id="expand-error">
            {errorText}
          </Text>
        ) : null}
        {!member.isMember ? (
          <View className="red-bag__button" id="expand-register" onClick={() => void Taro.navigateTo({ url: '/pages/member/register' })}>
            <Text>{t('promo.actions.register')}</Text>
          </View>
        ) : !e.coupon ? (
          progress?.expired || e.error === ErrorCode.exchangeSoldOut ? null : (
            <View className={`red-bag__button${busy ? ' red-bag__button--busy' : ''}`} id="expand-receive" onClick={() => void receive()}>
              <Text>{friend ? t('promo.expand.openBag') : t('promo.actions.receive')}</Text>
            </View>
          )
        ) : mine && share.buttonOpenType ? (
          <Button className="red-bag__button red-bag__share" id="expand-share" openType={share.buttonOpenType}>
            {t('promo.actions.share')}
          </Button>
        ) : mine ? (
          <View className="red-bag__button" id="expand-share" onClick={() => void shareInBrowser()}>
            <Text>{t('promo.actions.share')}</Text>
          </View>
        ) : null}
        {e.coupon ? (
          <View className="red-bag__button" id="expand-use" onClick={() => void use()}>
            <Text>{t('promo.actions.use')}</Text>
          </View>
        ) : null}
      </View>
      {progress && e.fromCouponId !== null ? (
        <View className="bag-progress" id="expand-progress">
          <Text className="bag-progress__title">{t('promo.expand.receivers', { count: progress.receivers })}</Text>
          <View className="bag-progress__bar">
            <View className="bag-progress__fill" style={`width:${progress.size > 0 ? Math.round((progress.taken * 100) / progress.size) : 0}%`} />
          </View>
          <Text className="bag-progress__text" id="expand-remaining">
            {progress.remaining > 0 ? t('promo.expand.remaining', { count: progress.remaining }) : t('promo.expand.empty')}
          </Text>
          <View className="bag-progress__people">
            {(d.redBag?.receivers ?? []).length === 0 ? (
              <Text className="bag-progress__text">{t('promo.expand.nobody')}</Text>
            ) : (
              (d.redBag?.receivers ?? []).map((r, i) => (
                <View key={`${r.receivedAt}-${i}`} className="bag-progress__person">
                  <View className="bag-progress__who">
                    {r.avatarUrl ? <Image nativeProps={{ alt: '' }} className="bag-progress__avatar" src={r.avatarUrl} mode="aspectFill" /> : <View className="bag-progress__avatar" />}
                    <Text>{r.nickName}</Text>
                  </View>
                  <Text>{money(r.amount)}</Text>
                </View>
              ))
            )}
          </View>
        </View>
      ) : null}
    </PageShell>
  );
});
