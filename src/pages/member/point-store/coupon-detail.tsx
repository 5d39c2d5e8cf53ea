import '@/i18n/areas/mall';
import { useEffect, useState } from 'react';
import { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { ErrorCode } from '@/domain/errors';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { errorMessage, t } from '@/i18n';
import { useStores } from '@/stores';
import { runAction } from '@/components/navigation';
import { useMall } from '@/components/mall/use-mall';
import { ItemDetail } from '@/components/mall/ItemDetail';
import { PointsPrice } from '@/components/mall/MallItem';
import { blockText, confirmAndExchange } from '@/components/mall/texts';
import '@/components/ordering/ordering.scss';
import '@/components/mall/mall.scss';

/**
 * member/point-store/coupon-detail (P§2 "coupon details", MEMBER-7): what an item of the mall gives
 * and its conditions, the points it needs beside the member's, and the exchange in a bottom bar
 * (greyed with the reason when the member cannot take it).
 */
export default observer(function MemberPointStoreCouponDetailPage() {
  const boot = useShopBoot({ ordering: false });
  const mall = useMall();
  void useStores().session.language;
  const id = Number((useRouter().params as Record<string, string | undefined>).id ?? NaN);
  const [failed, setFailed] = useState<ErrorCode | null>(null);

  useEffect(() => {
    if (!boot?.ok || !Number.isInteger(id)) return;
    void mall.loadDetail(id).then((err) => setFailed(err ? err.code : null));
    // the card (the member's points) as the mall would show it
    if (!mall.loaded) void mall.load();
  }, [boot, mall, id]);

  const detail = mall.detail?.item.activityId === id ? mall.detail : null;
  const item = detail ? (mall.items.find((i) => i.activityId === id) ?? detail.item) : null;
  const block = item ? mall.blockOf(item) : null;
  const busy = item !== null && mall.exchanging === item.activityId;

  return (
    <PageShell route="member/point-store/coupon-detail" className={`mall-page${detail ? ' mall-page--bar' : ''}`}>
      {!Number.isInteger(id) || (failed && !detail) || (boot && !boot.ok) ? (
        <EmptyState
          title={failed ? errorMessage(failed) : t('mall.loadFailed')}
          actionText={t('mall.success.backToMall')}
          onAction={() => void runAction('back')}
        />
      ) : !detail || !item ? (
        <Skeleton rows={4} />
      ) : (
        <View>
          <ItemDetail item={item} activity={detail.activity} />
          <View className="card mall-rows">
            <View className="mall-rows__row">
              <Text>{t('mall.detail.needPoints')}</Text>
              <Text className="mall-rows__value mall-rows__value--main">{item.points}</Text>
            </View>
            <View className="mall-rows__row">
              <Text>{t('mall.detail.yourPoints')}</Text>
              <Text className="mall-rows__value" id="mall-detail-points">
                {mall.isMember ? mall.points : '—'}
              </Text>
            </View>
          </View>
          <View className="mall-bar">
            <View>
              <PointsPrice points={item.points} />
              {block ? (
                <Text className="mall-bar__reason" id="mall-detail-reason">
                  {blockText(block)}
                </Text>
              ) : null}
            </View>
            <View
              className={`mall-button mall-button--large${block ? ' mall-button--off' : ''}${busy ? ' mall-button--busy' : ''}`}
              id="mall-detail-exchange"
              aria-disabled={block ? 'true' : undefined}
              onClick={() => void confirmAndExchange(mall, item, { redirect: true })}
            >
              <Text>{busy ? t('mall.exchanging') : t('mall.exchangeNow')}</Text>
            </View>
          </View>
        </View>
      )}
    </PageShell>
  );
});
