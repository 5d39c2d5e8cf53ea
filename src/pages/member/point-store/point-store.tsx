import '@/i18n/areas/mall';
import { useEffect } from 'react';
import { View } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { usePageShow } from '@/components/ordering/hooks';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import { useMall } from '@/components/mall/use-mall';
import { PointsBanner } from '@/components/mall/PointsBanner';
import { MallItem } from '@/components/mall/MallItem';
import '@/components/ordering/ordering.scss';
import '@/components/mall/mall.scss';

/**
 * member/point-store/point-store (P§2 "points mall", MEMBER-7): the member's points on top, then the
 * products and coupons offered for points with their point price; an item the member cannot take has
 * its exchange button greyed with the reason (points short, sold out, members only).
 */
export default observer(function MemberPointStorePage() {
  const boot = useShopBoot({ ordering: false });
  const mall = useMall();
  // the texts follow a language change
  void useStores().session.language;

  useEffect(() => {
    if (boot?.ok) void mall.load();
  }, [boot, mall]);
  // back from an exchange or a registration: the points and the stock again
  usePageShow(() => {
    if (boot?.ok && mall.loaded) void mall.load();
  });

  return (
    <PageShell route="member/point-store/point-store" className="mall-page">
      {!boot || (!mall.loaded && !mall.loadError) ? (
        <Skeleton rows={4} thumbnail />
      ) : !boot.ok || (mall.loadError && !mall.loaded) ? (
        <EmptyState title={t('mall.loadFailed')} actionText={t('mall.retry')} onAction={() => void mall.load()} />
      ) : (
        <View>
          <PointsBanner mall={mall} />
          {mall.items.length === 0 ? (
            <EmptyState title={t('mall.emptyTitle')} description={t('mall.emptyText')} />
          ) : (
            <View className="mall-list" id="mall-list">
              {mall.items.map((item) => (
                <MallItem key={item.activityId} mall={mall} item={item} />
              ))}
            </View>
          )}
        </View>
      )}
    </PageShell>
  );
});
