import { useEffect, useState } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { mediaUrl } from '@/platform/media';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { resetBoot, useShopBoot } from '@/components/ordering/boot';
import { toastError } from '@/components/ordering/feedback';
import type { ShopSummary } from '@/api/contract/store';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';

/**
 * store/list (C§2, SHOP-1): the shops of the chain with address, hours and whether they are open;
 * choosing one switches the session to that shop (the same customer's token there, its menu, member
 * card, coupons and cart) and restarts at the entry page, which loads it.
 */
export default observer(function StoreListPage() {
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
    // the member card and the coupons belong to the shop left behind
    const res = await root.shop.switchShop(shop.id, [root.member, root.promotion]);
    if (!res.ok) {
      setSwitching(null);
      toastError(res.error);
      return;
    }
    resetBoot();
    await Taro.reLaunch({ url: `/pages/index/index?id=${shop.id}` });
  };

  return (
    <PageShell route="store/list">
      {!boot || shops === null ? (
        <Skeleton rows={4} thumbnail />
      ) : shops.length === 0 ? (
        <EmptyState title={t('pages.screens.store/list.title')} description={t('pages.screens.store/list.text')} />
      ) : (
        <View className="shop-list">
          {shops.map((s) => (
            <View key={s.id} id={`shop-${s.id}`} className={`card shop-item${s.current ? ' shop-item--current' : ''}`} onClick={() => void choose(s)}>
              {s.image ? <Image className="shop-item__img" src={mediaUrl(s.image)} mode="aspectFill" /> : <View className="shop-item__img" />}
              <View className="shop-item__main">
                <Text className="shop-item__name">{s.name}</Text>
                <Text className="muted">{s.address}</Text>
                <Text className="muted">{t('pages.ordering.hours', { hours: s.businessHours })}</Text>
              </View>
              <View className="shop-item__side">
                <Text className={`tag${s.isOpen && s.shopStatus >= 1 ? ' tag--ok' : ' tag--warn'}`}>
                  {s.isOpen && s.shopStatus >= 1 ? t('pages.ordering.openNow') : t('pages.ordering.closedShort')}
                </Text>
                {s.current ? <Text className="tag tag--main">{t('pages.ordering.currentShop')}</Text> : null}
                {switching === s.id ? <View className="spinner spinner--small" /> : null}
              </View>
            </View>
          ))}
        </View>
      )}
    </PageShell>
  );
});
