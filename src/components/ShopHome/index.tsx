import { View, Text, Image } from '@tarojs/components';
import { RoundButton } from '../RoundButton';
import { observer } from 'mobx-react';
import { getLanguage, t } from '@/i18n';
import { useStores } from '@/stores';
import { OrderType } from '@/domain/enums';
import takeawayIcon from '@/assets/home/takeaway.png';
import pickupIcon from '@/assets/home/pickup.png';
import dineIcon from '@/assets/home/dine.png';
import { openRoute } from '../navigation';
import { formatMoney } from '@/domain/formats';
import './index.scss';

/** The order types offered as entry buttons on the home page (C§1 ordering modes). */
export const HOME_ORDER_TYPES = [
  { type: OrderType.takeaway, label: 'takeaway', desc: 'takeawayDesc', icon: takeawayIcon },
  { type: OrderType.selfPickup, label: 'selfPickup', desc: 'selfPickupDesc', icon: pickupIcon },
  { type: OrderType.dine, label: 'dine', desc: 'dineDesc', icon: dineIcon },
] as const;

const ENTRIES = [
  { label: 'myOrders', url: '/pages/user/order/list' },
  { label: 'myCoupons', url: '/pages/user/coupon/list' },
  { label: 'promotionCode', url: '/pages/order/search-activity-by-code' },
  { label: 'shopList', url: '/pages/store/list' },
] as const;

export interface ShopHomeProps {
  /** The shop's name once the shop is loaded; until then the header offers to choose a shop. */
  shopName?: string;
  /** Called with the order type the customer picked. */
  onChooseOrderType: (type: OrderType) => void;
  /** The shop is still loading (the header shows a placeholder). */
  loading?: boolean;
}

/**
 * The shop home: header, order-type entry buttons and the member card summary. It only shows what
 * it is given — figures appear once the customer is logged in and the member is loaded.
 */
export const ShopHome = observer(function ShopHome({ shopName, onChooseOrderType, loading }: ShopHomeProps) {
  const { session, shop, member, promotion } = useStores();
  void session.language;
  const s = shop.shop;
  const name = shopName ?? s?.name;
  const vip = member.vipInfo;
  const symbol = shop.currencySymbol;
  const figures: Record<'balance' | 'giftAmount' | 'points' | 'coupons', string> | null = vip
    ? {
        balance: formatMoney(vip.amount, { symbol, decimals: shop.numberDecimals, language: getLanguage() }),
        giftAmount: formatMoney(vip.giftAmount ?? 0, { symbol, decimals: shop.numberDecimals, language: getLanguage() }),
        points: String(vip.points ?? 0),
        coupons: String(promotion.coupons.length),
      }
    : null;
  return (
    <View className="shop-home">
      <View className="shop-home__header">
        <Text className="shop-home__welcome">{t('pages.home.welcome')}</Text>
        {loading && !name ? (
          <Text className="shop-home__shop-name">…</Text>
        ) : name ? (
          <View className="shop-home__shop" onClick={() => void openRoute('/pages/store/index')}>
            <Text className="shop-home__shop-name" id="home-shop-name">
              {name}
            </Text>
            {s?.address ? <Text className="shop-home__hint">{s.address}</Text> : null}
            {shop.todayHours ? <Text className="shop-home__hint">{t('pages.ordering.hours', { hours: shop.todayHours })}</Text> : null}
          </View>
        ) : (
          <View className="shop-home__choose-shop" onClick={() => void openRoute('/pages/store/list')}>
            <Text className="shop-home__shop-name">{t('pages.home.chooseShop')}</Text>
            <Text className="shop-home__hint">{t('pages.home.chooseShopHint')}</Text>
          </View>
        )}
      </View>

      <View className="shop-home__card shop-home__order-types">
        <Text className="shop-home__section-title">{t('pages.home.orderTypesTitle')}</Text>
        <View className="shop-home__order-type-row">
          {HOME_ORDER_TYPES.map((item) => (
            <View key={item.type} id={`home-${item.type}`} className="shop-home__order-type" onClick={() => onChooseOrderType(item.type)}>
              <View className="shop-home__order-type-icon">
                <Image nativeProps={{ alt: '' }} className="shop-home__order-type-img" src={item.icon} />
              </View>
              <Text className="shop-home__order-type-label">{t(`pages.home.${item.label}` as const)}</Text>
              <Text className="shop-home__order-type-desc">{t(`pages.home.${item.desc}` as const)}</Text>
            </View>
          ))}
        </View>
      </View>

      {s?.notification?.isOpen && s.notification.content ? (
        <View className="shop-home__card shop-home__notice">
          <Text className="shop-home__section-title">{s.notification.title || t('pages.ordering.notice')}</Text>
          <Text className="shop-home__hint">{s.notification.content}</Text>
        </View>
      ) : null}

      {s?.expandRedBagId ? (
        <View className="shop-home__card shop-home__red-bag" id="home-red-bag" onClick={() => void openRoute(`/pages/product/expand-red-bag?id=${s.expandRedBagId}`)}>
          <Text className="shop-home__section-title">{t('pages.home.redBagTitle')}</Text>
          <Text className="shop-home__hint">{t('pages.home.redBagHint')}</Text>
        </View>
      ) : null}

      <View className="shop-home__card shop-home__member">
        <View className="shop-home__member-head">
          <View className="shop-home__member-titles">
            <Text className="shop-home__section-title">{vip ? (vip.levelName ?? t('pages.home.memberTitle')) : t('pages.home.memberTitle')}</Text>
            <Text className="shop-home__hint">{vip ? (vip.cardNo ?? '') : t('pages.home.memberHint')}</Text>
          </View>
          {vip ? (
            <RoundButton size="small" onClick={() => void openRoute('/pages/member/index')}>
              {t('pages.home.memberCenter')}
            </RoundButton>
          ) : (
            <RoundButton size="small" onClick={() => void openRoute('/pages/user/login')}>
              {t('pages.home.memberAction')}
            </RoundButton>
          )}
        </View>
        <View className="shop-home__figures">
          {(['balance', 'giftAmount', 'points', 'coupons'] as const).map((key) => (
            <View key={key} className="shop-home__figure">
              <Text className="shop-home__figure-value">{figures ? figures[key] : t('pages.home.notLoggedIn')}</Text>
              <Text className="shop-home__figure-label">{t(`pages.home.${key}` as const)}</Text>
            </View>
          ))}
        </View>
      </View>

      <View className="shop-home__card shop-home__entries">
        <Text className="shop-home__section-title">{t('pages.home.entriesTitle')}</Text>
        <View className="shop-home__entry-grid">
          {ENTRIES.map((entry) => (
            <View key={entry.label} className="shop-home__entry" onClick={() => void openRoute(entry.url)}>
              <Text className="shop-home__entry-label">{t(`pages.home.${entry.label}` as const)}</Text>
            </View>
          ))}
        </View>
      </View>
    </View>
  );
});
