import { useEffect, useRef, useState } from 'react';
import Taro, { useRouter } from '@tarojs/taro';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { routeEntry } from '@/domain/entry-routing';
import type { EntryRoute } from '@/domain/entry-routing';
import { launchTarget, scanChoiceRoute, scanEntry } from '@/domain/entry-launch';
import { OrderType } from '@/domain/enums';
import { errorMessage, t } from '@/i18n';
import { useStores } from '@/stores';
import type { RootStore } from '@/stores/root';
import { ErrorCode } from '@/domain/errors';
import { expandViewed } from '@/stores/areas/expand-viewed';
import { rememberShop, rememberedShop } from '@/stores/areas/remembered-shop';
import { launchTableRefusal } from '@/stores/areas/launch-table';
import pickupIcon from '@/assets/home/pickup.png';
import dineIcon from '@/assets/home/dine.png';
import './index.scss';

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

/** The shop list without a shop (store/list in its token-free form), for a brand or for every shop. */
const shopListUrl = (brand: number | null | string): string => `/pages/store/list?entry=1${brand !== null ? `&brand=${brand}` : ''}`;

/** What the entry page shows while it is not routing on. */
type Screen =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  /** C§8 "Invalid QR" / "table number not found": the link cannot be ordered from. */
  | { kind: 'refused'; code: ErrorCode }
  /** C§2 scan-to-order choice: dine or pick. */
  | { kind: 'scanChoice' };

/**
 * After the shop has loaded: remembers it, checks the table a table link names (user/getCodeInfo),
 * offers the scan-to-order choice, or routes by the entry rules.
 */
async function routeLoadedShop(root: RootStore): Promise<Screen | null> {
  const { session } = root;
  const shop = root.shop.shop;
  if (!shop) return { kind: 'failed', message: errorMessage(ErrorCode.getShopDataFailed) };
  rememberShop(root.storage, { id: shop.id, chainId: shop.chainId ?? null });
  const table = session.newTableNo ?? session.tableNo;
  // C§8: a table the shop does not have is a dead end, shown here rather than on the menu
  const refused = table ? await launchTableRefusal(root.api, shop.id, table) : null;
  if (refused) return { kind: 'refused', code: refused };
  const scan = scanEntry(session, shop);
  if (scan?.kind === 'choose') return { kind: 'scanChoice' };
  if (scan) session.setOrderType(scan.orderType);
  void go(scan ? scanChoiceRoute(entryRoute(root)) : entryRoute(root));
  return null;
}

/**
 * Entry route `/` (C§2, APP-6): gets a token (host login, or the visitor entry in a browser), loads
 * the shop and goes where the entry rules say. A 401 anywhere lands here again. Without a shop id it
 * opens the shop remembered from the last visit, or the shop list (of the link's brand).
 */
export default observer(function IndexIndexPage() {
  const root = useStores();
  const router = useRouter();
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });

  const enter = async () => {
    setScreen({ kind: 'loading' });
    const res = await root.boot.load({ ordering: false });
    const next = res.ok ? await routeLoadedShop(root) : { kind: 'failed' as const, message: errorMessage(ErrorCode.getShopDataFailed) };
    if (next) setScreen(next);
  };

  const routed = useRef(false);
  useEffect(() => {
    // once per visit of the entry page: a second navigation would stack pages
    if (routed.current) return;
    routed.current = true;
    const params = router.params as Record<string, string | undefined>;
    const { session } = root;
    // a later visit with another shop's link (shop switch): the launch query applies again
    if (params.id && params.id !== session.id) {
      root.auth.logout();
      root.start(params);
      root.boot.reset();
    } else {
      // back here after a 401 (C§8): the earlier boot belonged to the refused identity; log in again
      root.boot.resetStale();
      // a link of the same shop opened while the app runs: its shared red bag is the entry target (C§2)
      if (params.expandActivityId) session.patch({ expandActivityId: params.expandActivityId, expandCouponId: params.expandCouponId ?? null });
    }
    const target = launchTarget(session, session.id === null ? rememberedShop(root.storage) : null);
    if (target.kind === 'invalid') {
      setScreen({ kind: 'refused', code: target.code });
      return;
    }
    if (target.kind === 'list') {
      void Taro.redirectTo({ url: shopListUrl(target.brand) });
      return;
    }
    if (target.remembered) {
      // a bare launch goes back to the shop of the last visit, as its link would
      root.start({ ...params, id: String(target.shopId) });
      root.boot.reset();
    }
    void enter();
    // runs once per visit (routed); `enter` is this render's closure over the same root
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [root, router.params]);

  const toList = () => void Taro.reLaunch({ url: shopListUrl(root.session.brand) });
  const choose = (orderType: typeof OrderType.dine | typeof OrderType.selfPickup) => {
    root.session.setOrderType(orderType);
    void go(scanChoiceRoute(entryRoute(root)));
  };

  return (
    <PageShell route="index/index">
      {screen.kind === 'failed' ? (
        <>
          <EmptyState title={t('pages.ordering.loadFailed')} description={screen.message} actionText={t('pages.ordering.retry')} onAction={() => void enter()} />
          <Text className="entry-link" id="entry-choose-shop" onClick={toList}>
            {t('pages.actions.chooseShop')}
          </Text>
        </>
      ) : screen.kind === 'refused' ? (
        <EmptyState title={errorMessage(screen.code)} description={t('pages.home.chooseShopHint')} actionText={t('pages.actions.chooseShop')} onAction={toList} />
      ) : screen.kind === 'scanChoice' ? (
        <View className="scan-choice" id="scan-choice">
          <Text className="scan-choice__shop">{root.shop.shop?.name ?? ''}</Text>
          {root.session.tableNo ? <Text className="scan-choice__table">{t('pages.table.title', { name: root.session.tableNo })}</Text> : null}
          <Text className="scan-choice__title">{t('pages.home.orderTypesTitle')}</Text>
          {(
            [
              { type: OrderType.dine, icon: dineIcon, label: t('pages.home.dine'), desc: t('pages.home.dineDesc') },
              { type: OrderType.selfPickup, icon: pickupIcon, label: t('pages.home.selfPickup'), desc: t('pages.home.selfPickupDesc') },
            ] as const
          ).map((o) => (
            <View key={o.type} id={`scan-choice-${o.type}`} className="scan-choice__option" onClick={() => choose(o.type)}>
              <View className="scan-choice__icon">
                <Image nativeProps={{ alt: '' }} className="scan-choice__img" src={o.icon} />
              </View>
              <View className="scan-choice__text">
                <Text className="scan-choice__label">{o.label}</Text>
                <Text className="scan-choice__desc">{o.desc}</Text>
              </View>
              <Text className="scan-choice__arrow">›</Text>
            </View>
          ))}
        </View>
      ) : (
        <View className="entry-loading">
          <View className="spinner" />
          <Text className="entry-loading__text">{t('pages.ordering.loading')}</Text>
        </View>
      )}
    </PageShell>
  );
});
