import '@/i18n/areas/member';
import { useEffect } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { toast, toastError } from '@/components/ordering/feedback';
import { QrCode } from '@/components/member/Codes';
import { useMemberAccount } from '@/components/member/use-member-account';
import { formatShopDateTime } from '@/domain/members/member-info';
import { mediaUrl } from '@/platform/media';
import { getLanguage, t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/member/member.scss';
import { shopZone } from '@/domain/shop-time';

/**
 * member/bind-qrcode (C§2, P§2, MEMBER-8): the member's binding code — a QR code of the signed card
 * token vip/genVipToken gives (24 h), which a shop assistant scans to find or bind the card — and the
 * shop's official account for member notices (vip/getMemberNotifyInfo: its QR code and whether the
 * notices are bound; bound here with vip/bindOfficialAccount when the session carries its open id).
 */
export default observer(function BindQrcodePage() {
  const boot = useShopBoot({ ordering: false });
  const account = useMemberAccount();
  const { member, shop, session } = useStores();
  void session.language;
  const card = member.vipInfo;

  useEffect(() => {
    if (boot?.ok && !member.loaded) void account.loadCard();
  }, [boot, account, member]);
  useEffect(() => {
    if (!boot?.ok || !member.loaded) return;
    if (!card) {
      void Taro.redirectTo({ url: '/pages/member/register' });
      return;
    }
    void account.loadBindToken().then((res) => {
      if (!res.ok) toastError(res.error);
    });
    if (!account.notifyInfo) void account.loadNotifyInfo();
  }, [boot, member.loaded, card, account]);

  const refresh = async () => {
    const res = await account.loadBindToken(true);
    if (!res.ok) toastError(res.error);
  };
  const bind = async () => {
    const res = await account.bindOfficialAccount();
    if (res.ok) toast(t('member.notice.boundToast'));
  };

  const token = account.bindToken;
  const info = account.notifyInfo;
  return (
    <PageShell route="member/bind-qrcode" className="member-page">
      {!boot || !card || !token ? (
        <Skeleton rows={3} />
      ) : (
        <View>
          <View className="member-codes" id="bind-code">
            <Text className="member-codes__title">{t('member.bindQr.title')}</Text>
            <Text className="member-codes__hint">{t('member.bindQr.text')}</Text>
            <QrCode value={token.token} id="bind-qrcode" size="large" />
            <Text className="member-codes__hint">{t('member.bindQr.validUntil', { time: formatShopDateTime(token.expiresAt, shopZone(shop.shop), getLanguage()) })}</Text>
            <View className="text-button" id="bind-refresh" onClick={() => void refresh()}>
              <Text>{t('member.bindQr.refresh')}</Text>
            </View>
          </View>
          {info ? (
            <View className="member-codes" id="bind-official">
              <Text className="member-codes__title">{info.officialAccountName || t('member.bindQr.officialTitle')}</Text>
              <Text className="member-codes__hint">{info.isBindOfficialAccount ? t('member.notice.bound') : t('member.bindQr.officialText')}</Text>
              {info.qrcodeUrl ? <Image className="member-official__qr" src={mediaUrl(info.qrcodeUrl)} nativeProps={{ alt: info.officialAccountName || t('member.bindQr.officialTitle') }} mode="aspectFill" /> : null}
              {account.offerOfficialAccount ? (
                <View className={`primary-button${account.busy ? ' primary-button--busy' : ''}`} id="bind-official-account" onClick={() => void bind()}>
                  <Text>{t('member.notice.bind')}</Text>
                </View>
              ) : null}
            </View>
          ) : null}
        </View>
      )}
    </PageShell>
  );
});
