import '@/i18n/areas/wallet';
import { useEffect } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { mediaUrl } from '@/platform/media';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { toastError } from '@/components/ordering/feedback';
import { LoadFailed, VisitorState } from '@/components/wallet/WalletParts';
import { backToMember } from '@/components/wallet/nav';
import { useWallet } from '@/components/wallet/use-wallet';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import type { VipShop } from '@/stores/areas/member-wallet';
import '@/components/ordering/ordering.scss';
import '@/components/wallet/wallet.scss';

/**
 * member/store-list (P§2, MEMBER-6): the shops of the card's chain (vip/getVipShopList) where the card
 * works — picture, name, address, phone, the current shop marked. Tapping another shop moves the
 * session there (its token, menu, card and coupons) and restarts at the entry page, which loads it.
 */
export default observer(function MemberStoreListPage() {
  const boot = useShopBoot({ ordering: false });
  const wallet = useWallet();
  const { session, boot: shopBoot } = useStores();
  void session.language;

  useEffect(() => {
    if (boot?.ok) void wallet.loadShops();
  }, [boot, wallet]);

  const choose = async (shop: VipShop) => {
    if (wallet.switchingTo !== null) return;
    if (shop.id === wallet.currentShopId) {
      await Taro.switchTab({ url: '/pages/user/index-tab' });
      return;
    }
    const res = await wallet.openShop(shop.id);
    if (!res) return;
    if (!res.ok) {
      toastError(res.error);
      return;
    }
    shopBoot.reset();
    await Taro.reLaunch({ url: `/pages/index/index?id=${shop.id}` });
  };

  let body;
  if (!boot || (!wallet.shopsLoaded && !wallet.shopsError)) body = <Skeleton rows={4} thumbnail />;
  else if (!wallet.isMember) body = <VisitorState />;
  else if (wallet.shopsError && wallet.shops.length === 0) body = <LoadFailed error={wallet.shopsError} onRetry={() => void wallet.loadShops()} />;
  else if (wallet.shops.length === 0)
    body = (
      <EmptyState
        title={t('wallet.shops.emptyTitle')}
        description={t('wallet.shops.emptyText')}
        actionText={t('wallet.recharge.goMember')}
        onAction={() => void backToMember()}
      />
    );
  else
    body = (
      <View id="vip-shops">
        <Text className="chain-hint">{t('wallet.shops.hint', { count: wallet.shops.length })}</Text>
        {wallet.shops.map((s) => {
          const current = s.id === wallet.currentShopId;
          return (
            <View key={s.id} id={`vip-shop-${s.id}`} className={`card vip-shop${current ? ' vip-shop--current' : ''}`} onClick={() => void choose(s)}>
              {s.image ? <Image nativeProps={{ alt: '' }} className="vip-shop__img" src={mediaUrl(s.image)} mode="aspectFill" /> : <View className="vip-shop__img" />}
              <View className="vip-shop__main">
                <Text className="vip-shop__name">{s.name}</Text>
                {s.address ? <Text className="muted">{s.address}</Text> : null}
                {s.phone ? <Text className="muted">{t('wallet.shops.call', { phone: s.phone })}</Text> : null}
              </View>
              <View className="vip-shop__side">
                {current ? <Text className="tag tag--main">{t('wallet.shops.current')}</Text> : <Text className="link">{t('wallet.shops.go')} ›</Text>}
                {wallet.switchingTo === s.id ? <View className="spinner spinner--small spinner--dark" /> : null}
              </View>
            </View>
          );
        })}
      </View>
    );
  return (
    <PageShell route="member/store-list" className="wallet-page">
      {body}
    </PageShell>
  );
});
