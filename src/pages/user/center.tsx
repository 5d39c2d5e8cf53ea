import { useEffect } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { Skeleton } from '@/components/Skeleton';
import { formatMoney } from '@/domain/formats';
import { openRoute } from '@/components/navigation';
import { useShopBoot } from '@/components/ordering/boot';
import { usePageShow } from '@/components/ordering/hooks';
import { useProfile } from '@/components/use-profile';
import { SUPPORTED_LANGUAGES } from '@/domain/language';
import { displayNickName } from '@/domain/members/profile';
import { mediaUrl } from '@/platform/media';
import { getLanguage, routeTitle, t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import './center.scss';

/** One row of the "mine" list. */
function Row({ id, label, value, onTap }: { id: string; label: string; value?: string; onTap: () => void }) {
  return (
    <View className="center-row" id={id} onClick={onTap}>
      <Text className="center-row__label">{label}</Text>
      {value ? <Text className="center-row__value">{value}</Text> : null}
      <Text className="chevron">›</Text>
    </View>
  );
}

/**
 * user/center (C§2 "mine" tab): the customer's picture and nickname (tap → user/info), the member card
 * summary — balance, gift amount, points, coupons — or an invitation to become a member, then the
 * entries: orders, coupons, addresses, member center, points mall, language, contact the shop,
 * agreement. A tab page of the main package: the barcode and QR code stay in the member center.
 */
export default observer(function UserCenterPage() {
  const boot = useShopBoot({ ordering: false });
  const profile = useProfile();
  const { member, shop, promotion, session } = useStores();
  const language = session.language;

  useEffect(() => {
    if (boot?.ok) void profile.load();
  }, [boot, profile]);
  // back from user/info, the member pages or a registration: what they changed shows
  usePageShow(() => {
    if (boot?.ok) {
      void profile.load();
      void member.load().catch(() => undefined);
    }
  });

  const user = profile.profile;
  const card = member.vipInfo;
  const setting = member.memberSetting;
  const money = (v: number) => formatMoney(v, { symbol: shop.currencySymbol, decimals: shop.numberDecimals, language: getLanguage() });
  const chooseLanguage = async () => {
    try {
      const res = await Taro.showActionSheet({ itemList: SUPPORTED_LANGUAGES.map((l) => t(`language.${l}` as const)) });
      const chosen = SUPPORTED_LANGUAGES[res.tapIndex];
      if (chosen) session.setLanguage(chosen);
    } catch {
      // the sheet was closed without a choice
    }
  };

  return (
    <PageShell route="user/center" tab className="center-page">
      <View className="center-head" id="center-profile" onClick={() => void openRoute('/pages/user/info')}>
        {user ? <Image nativeProps={{ alt: '' }} className="center-head__avatar" src={mediaUrl(user.avatarUrl) ?? ''} mode="aspectFill" /> : <View className="center-head__avatar" />}
        <View className="center-head__titles">
          <Text className="center-head__name" id="center-nickname">
            {user ? displayNickName(user, t('pages.center.otherUser')) : t('pages.center.otherUser')}
          </Text>
          <Text className="center-head__hint">{t('pages.center.editProfile')}</Text>
        </View>
        <Text className="chevron">›</Text>
      </View>

      {!boot ? (
        <Skeleton rows={2} />
      ) : card ? (
        <View className="center-card" id="center-member">
          <View className="center-card__head">
            <View className="center-card__titles">
              <Text className="center-card__title">{card.levelName || setting.cardName || t('pages.center.memberCard')}</Text>
              {card.cardNo ? <Text className="center-card__sub">{t('pages.center.cardNo', { no: card.cardNo })}</Text> : null}
            </View>
            <Text className="center-card__go" id="center-member-center" onClick={() => void openRoute('/pages/member/index')}>
              {t('pages.home.memberCenter')}
            </Text>
          </View>
          <View className="center-card__figures">
            {(
              [
                ['balance', money(card.amount), '/pages/member/doc'],
                ['giftAmount', money(card.giftAmount), '/pages/member/doc'],
                ['points', String(card.points), '/pages/member/point-consume-list'],
                ['coupons', String(promotion.coupons.length), '/pages/user/coupon/list'],
              ] as const
            ).map(([key, value, url]) => (
              <View key={key} className="center-figure" id={`center-${key}`} onClick={() => void openRoute(url)}>
                <Text className="center-figure__value">{value}</Text>
                <Text className="center-figure__label">{t(`pages.home.${key}` as const)}</Text>
              </View>
            ))}
          </View>
        </View>
      ) : (
        <View className="center-card" id="center-join">
          <View className="center-card__head">
            <View className="center-card__titles">
              <Text className="center-card__title">{t('pages.center.joinTitle')}</Text>
              <Text className="center-card__sub">{t('pages.center.joinText')}</Text>
            </View>
            <Text className="center-card__go" id="center-register" onClick={() => void openRoute('/pages/member/register')}>
              {t('pages.center.joinAction')}
            </Text>
          </View>
        </View>
      )}

      <View className="center-list">
        <Row id="center-orders" label={t('pages.home.myOrders')} onTap={() => void openRoute('/pages/user/order/list')} />
        <Row id="center-coupons" label={t('pages.home.myCoupons')} onTap={() => void openRoute('/pages/user/coupon/list')} />
        <Row id="center-addresses" label={t('pages.center.addresses')} onTap={() => void openRoute('/pages/user/address/list')} />
        <Row id="center-member-entry" label={t('pages.home.memberCenter')} onTap={() => void openRoute(card ? '/pages/member/index' : '/pages/member/register')} />
        {setting.isPointOpen ? <Row id="center-point-store" label={t('pages.center.pointsMall')} onTap={() => void openRoute('/pages/member/point-store/point-store')} /> : null}
      </View>
      <View className="center-list">
        <Row id="center-language" label={t('pages.center.language')} value={t(`language.${language}` as const)} onTap={() => void chooseLanguage()} />
        <Row id="center-contact" label={t('pages.center.contactShop')} onTap={() => void openRoute('/pages/user/contact-shop')} />
        {shop.shop?.chatGroupImage ? <Row id="center-chat-group" label={routeTitle('user/wechat-group')} onTap={() => void openRoute('/pages/user/wechat-group')} /> : null}
        <Row id="center-protocol" label={t('pages.center.protocol')} onTap={() => void openRoute('/pages/user/protocol')} />
      </View>
    </PageShell>
  );
});
