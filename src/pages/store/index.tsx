import Taro from '@tarojs/taro';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { mediaUrl } from '@/platform/media';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { errorMessage, t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';

/** store/index (C§2, SHOP-1): the shop's image, notification, address, phone and hours. */
export default observer(function StoreIndexPage() {
  const boot = useShopBoot({ ordering: false });
  const { shop } = useStores();
  const s = shop.shop;
  if (!boot) {
    return (
      <PageShell route="store/index">
        <Skeleton rows={4} />
      </PageShell>
    );
  }
  if (!s) {
    return (
      <PageShell route="store/index">
        <EmptyState title={t('pages.screens.store/index.title')} description={t('pages.screens.store/index.text')} actionText={t('pages.actions.chooseShop')} onAction={() => void Taro.navigateTo({ url: '/pages/store/list' })} />
      </PageShell>
    );
  }
  const closed = shop.canOrderError;
  return (
    <PageShell route="store/index">
      {s.image ? <Image nativeProps={{ alt: '' }} className="store-hero" src={mediaUrl(s.image)} mode="aspectFill" /> : null}
      <View className="card">
        <Text className="store-name">{s.name}</Text>
        <Text className={`tag${closed ? ' tag--warn' : ' tag--ok'}`}>{closed ? errorMessage(closed) : t('pages.ordering.openNow')}</Text>
      </View>
      {s.notification?.isOpen && s.notification.content ? (
        <View className="card">
          <Text className="card__title">{s.notification.title || t('pages.ordering.notice')}</Text>
          <Text>{s.notification.content}</Text>
        </View>
      ) : null}
      <View className="card info-list">
        <View className="info-list__row">
          <Text className="muted">{t('pages.ordering.address')}</Text>
          <Text>{s.address ?? ''}</Text>
        </View>
        <View className="info-list__row" onClick={() => s.phone && void Taro.makePhoneCall({ phoneNumber: s.phone }).catch(() => undefined)}>
          <Text className="muted">{t('pages.ordering.phone')}</Text>
          <Text className="link">{s.phone ?? ''}</Text>
        </View>
        <View className="info-list__row">
          <Text className="muted">{t('pages.ordering.hoursLabel')}</Text>
          <Text>{s.businessHours || shop.todayHours}</Text>
        </View>
      </View>
      <View className="primary-button" onClick={() => void Taro.switchTab({ url: '/pages/user/index-tab-1' })}>
        <Text>{t('pages.actions.goMenu')}</Text>
      </View>
      {s.isChainMiniProgram ? (
        <View className="text-button" onClick={() => void Taro.navigateTo({ url: '/pages/store/list' })}>
          <Text>{t('pages.actions.chooseShop')}</Text>
        </View>
      ) : null}
    </PageShell>
  );
});
