import { useEffect, useState } from 'react';
import Taro, { useRouter } from '@tarojs/taro';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { mediaUrl } from '@/platform/media';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { toastError } from '@/components/ordering/feedback';
import type { PublicShop, ShopSummary } from '@/api/contract/store';
import type { ErrorCode } from '@/domain/errors';
import { errorMessage, t } from '@/i18n';
import '@/i18n/areas/entry';
import { useStores } from '@/stores';
import type { RootStore } from '@/stores/root';
import { shopPickerArea } from '@/stores/areas/shop-picker';
import { rememberedShop } from '@/stores/areas/remembered-shop';
import '@/components/ordering/ordering.scss';
import './list.scss';

/** One shop as both lists show it. */
interface ShopRowData {
  id: number;
  name: string;
  address: string;
  image: string;
  businessHours: string;
  isOpen: boolean;
  shopStatus: number;
  distance?: number | null;
}

const distanceText = (km: number): string => {
  const m = Math.round(km * 1000);
  // far shops (another city) read better without the tenth
  return m < 1000 ? t('pages.pointChooser.metres', { m }) : t('pages.pointChooser.kilometres', { km: (m / 1000).toFixed(m < 100_000 ? 1 : 0) });
};

const ShopRow = observer(function ShopRow({ shop, tag, busy, onChoose }: { shop: ShopRowData; tag: string | null; busy: boolean; onChoose: () => void }) {
  const open = shop.isOpen && shop.shopStatus >= 1;
  return (
    <View id={`shop-${shop.id}`} className={`card shop-item${tag ? ' shop-item--current' : ''}`} onClick={onChoose}>
      {shop.image ? <Image nativeProps={{ alt: '' }} className="shop-item__img" src={mediaUrl(shop.image)} mode="aspectFill" /> : <View className="shop-item__img" />}
      <View className="shop-item__main">
        <Text className="shop-item__name">{shop.name}</Text>
        <Text className="muted shop-item__line">{shop.address}</Text>
        <Text className="muted shop-item__line">{t('pages.ordering.hours', { hours: shop.businessHours })}</Text>
      </View>
      <View className="shop-item__side">
        <Text className={`tag${open ? ' tag--ok' : ' tag--warn'}`}>{open ? t('pages.ordering.openNow') : t('pages.ordering.closedShort')}</Text>
        {shop.distance !== undefined && shop.distance !== null ? <Text className="shop-item__distance">{distanceText(shop.distance)}</Text> : null}
        {tag ? <Text className="tag tag--main">{tag}</Text> : null}
        {busy ? <View className="spinner spinner--small" /> : null}
      </View>
    </View>
  );
});

/**
 * The chain's shops under the current shop's token (SHOP-1): choosing one switches the session to
 * that shop (the same customer's token there, its menu, member card, coupons and cart) and restarts
 * at the entry page, which loads it.
 */
const ChainList = observer(function ChainList() {
  const boot = useShopBoot({ ordering: false });
  const root = useStores();
  const [shops, setShops] = useState<ShopSummary[] | null>(null);
  const [switching, setSwitching] = useState<number | null>(null);

  useEffect(() => {
    if (!boot?.ok) return;
    // the list is read once per visit; the shop store keeps only the shop being ordered from
    void root.api.store
      .list()
      .then((res) => setShops(res.list))
      .catch(() => setShops([]));
  }, [boot, root]);

  const choose = async (shop: ShopSummary) => {
    if (switching !== null) return;
    if (shop.current) {
      void Taro.switchTab({ url: '/pages/user/index-tab' });
      return;
    }
    setSwitching(shop.id);
    const ok = await enterShop(root, shop.id);
    if (!ok) setSwitching(null);
  };

  if (!boot || shops === null) return <Skeleton rows={4} thumbnail />;
  if (shops.length === 0) return <EmptyState title={t('pages.screens.store/list.title')} description={t('pages.screens.store/list.text')} />;
  return (
    <View className="shop-list">
      {shops.map((s) => (
        <ShopRow key={s.id} shop={s} tag={s.current ? t('pages.ordering.currentShop') : null} busy={switching === s.id} onChoose={() => void choose(s)} />
      ))}
    </View>
  );
});

/**
 * Moves the session to the chosen shop as its link would (the member card and the coupons belong to
 * the shop left behind) and restarts at the entry page, which loads it and remembers it.
 */
async function enterShop(root: RootStore, shopId: number): Promise<boolean> {
  const res = await root.shop.switchShop(shopId, [root.member, root.promotion]);
  if (!res.ok) {
    toastError(res.error);
    return false;
  }
  root.boot.reset();
  await Taro.reLaunch({ url: `/pages/index/index?id=${shopId}` });
  return true;
}

/**
 * Every shop of the link's brand, or every shop, without a token (C§2 entry without a shop id):
 * by name at once, nearest first once the position is known; the shop remembered from the last visit
 * is marked. Choosing one starts the session for that shop.
 */
const PublicList = observer(function PublicList({ brand }: { brand: number | null }) {
  const root = useStores();
  const picker = shopPickerArea(root);
  const [switching, setSwitching] = useState<number | null>(null);
  const last = rememberedShop(root.storage);

  useEffect(() => {
    void picker.load(brand);
  }, [picker, brand]);

  const choose = async (shop: PublicShop) => {
    if (switching !== null) return;
    setSwitching(shop.id);
    if (!(await enterShop(root, shop.id))) setSwitching(null);
  };

  if (picker.error && !picker.shops) {
    return (
      <EmptyState
        title={t('pages.ordering.loadFailed')}
        description={errorMessage(picker.error as ErrorCode)}
        actionText={t('pages.ordering.retry')}
        onAction={() => void picker.load(brand)}
      />
    );
  }
  if (!picker.shops || picker.brand !== brand) return <Skeleton rows={4} thumbnail />;
  if (picker.shops.length === 0) {
    return brand !== null ? (
      <EmptyState title={t('entry.emptyBrand')} actionText={t('entry.allShops')} onAction={() => void Taro.redirectTo({ url: '/pages/store/list?entry=1' })} />
    ) : (
      <EmptyState title={t('pages.screens.store/list.title')} description={t('pages.screens.store/list.text')} />
    );
  }
  const hint =
    picker.located === 'located'
      ? t('entry.nearest')
      : picker.located === 'area'
        ? picker.area
          ? t('entry.nearestArea', { city: picker.area })
          : t('entry.nearestAreaUnnamed')
        : picker.located === 'refused'
          ? t('entry.byName')
          : t('entry.locating');
  return (
    <View className="shop-list shop-list--entry">
      <View className="shop-list__head">
        <Text className="shop-list__title">{t('entry.title')}</Text>
        <Text className="muted shop-list__hint" id="shop-list-order">
          {hint}
        </Text>
      </View>
      {picker.shops.map((s) => (
        <ShopRow key={s.id} shop={s} tag={last?.id === s.id ? t('entry.lastVisited') : null} busy={switching === s.id} onChoose={() => void choose(s)} />
      ))}
    </View>
  );
});

/**
 * store/list (C§2, SHOP-1). Inside a shop: the chain's shops (store/list, with the token). Opened
 * without a shop — a launch without a shop id, or `entry=1` from the entry page's error screens — the
 * shops of the link's brand or every shop (store/publicList, no token).
 */
export default observer(function StoreListPage() {
  const root = useStores();
  const router = useRouter();
  const params = router.params as Record<string, string | undefined>;
  const open = params.entry === '1' || root.session.id === null;
  const brandText = params.brand ?? root.session.brand ?? null;
  const brand = brandText !== null && /^[1-9]\d{0,14}$/.test(brandText) ? Number(brandText) : null;
  return <PageShell route="store/list">{open ? <PublicList brand={brand} /> : <ChainList />}</PageShell>;
});
