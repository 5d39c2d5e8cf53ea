import { useEffect, useRef, useState } from 'react';
import Taro, { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { bootShop, resetBoot, resetStaleBoot } from '@/components/ordering/boot';
import { routeEntry } from '@/domain/entry-routing';
import type { EntryRoute } from '@/domain/entry-routing';
import { errorMessage, t } from '@/i18n';
import { useStores } from '@/stores';
import type { RootStore } from '@/stores/root';
import { ErrorCode } from '@/domain/errors';
import { expandViewed } from '@/stores/areas/expand-viewed';

/** Opens the route the entry rules chose, by the method they chose (tab pages by switchTab, C§2). */
function go(route: EntryRoute): Promise<unknown> {
  switch (route.method) {
    case 'switchTab':
      return Taro.switchTab({ url: route.url });
    case 'redirect':
      return Taro.redirectTo({ url: route.url });
    case 'reLaunch':
      return Taro.reLaunch({ url: route.url });
    default:
      return Taro.navigateTo({ url: route.url });
  }
}

/** APP-6: the entry state of the session and shop. */
function entryRoute(root: RootStore): EntryRoute {
  const { session, shop } = root;
  const home = shop.shop?.homeSetting as { useOrderingTab?: boolean } | undefined;
  return routeEntry({
    expandActivityId: session.expandActivityId,
    expandCouponId: session.expandCouponId,
    expandViewed: expandViewed(root.storage, session.expandActivityId, session.expandCouponId),
    isToVipCenter: session.isToVipCenter,
    hideVipBackButton: session.hideVipBackButton,
    autoAddProductId: session.autoAddProductId,
    shareProductId: session.shareProductId,
    orderType: session.orderType,
    isDine: session.isDine,
    industry: shop.shop?.industry ?? null,
    useAlternateHome: home?.useOrderingTab === true,
  });
}

/**
 * Entry route `/` (C§2, APP-6): gets a token (host login, or the visitor entry in a browser), loads
 * the shop and goes where the entry rules say. A 401 anywhere lands here again.
 */
export default observer(function IndexIndexPage() {
  const root = useStores();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);

  const routed = useRef(false);
  useEffect(() => {
    // once per visit of the entry page: a second navigation would stack pages
    if (routed.current) return;
    routed.current = true;
    const params = router.params as Record<string, string | undefined>;
    // a later visit with another shop's link (shop switch): the launch query applies again
    if (params.id && params.id !== root.session.id) {
      root.auth.logout();
      root.start(params);
      resetBoot();
    } else {
      // back here after a 401 (C§8): the earlier boot belonged to the refused identity; log in again
      resetStaleBoot(root);
      // a link of the same shop opened while the app runs: its shared red bag is the entry target (C§2)
      if (params.expandActivityId) root.session.patch({ expandActivityId: params.expandActivityId, expandCouponId: params.expandCouponId ?? null });
    }
    void bootShop(root, { ordering: false }).then((res) => {
      if (!res.ok) {
        setFailure(errorMessage(ErrorCode.getShopDataFailed));
        return;
      }
      void go(entryRoute(root));
    });
  }, [root, router.params]);

  return (
    <PageShell route="index/index">
      {failure ? (
        <EmptyState
          title={t('pages.ordering.loadFailed')}
          description={failure}
          actionText={t('pages.ordering.retry')}
          onAction={() => {
            setFailure(null);
            resetBoot();
            void bootShop(root, { ordering: false }).then((res) => (res.ok ? void go(entryRoute(root)) : setFailure(errorMessage(ErrorCode.getShopDataFailed))));
          }}
        />
      ) : (
        <View className="entry-loading">
          <View className="spinner" />
          <Text className="entry-loading__text">{t('pages.ordering.loading')}</Text>
        </View>
      )}
    </PageShell>
  );
});
