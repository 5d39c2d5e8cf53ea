import '@/i18n/areas/member';
import { useEffect, useRef } from 'react';
import { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { RoundButton } from '@/components/RoundButton';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { Skeleton } from '@/components/Skeleton';
import { formatMoney } from '@/domain/formats';
import { openRoute } from '@/components/navigation';
import { useShopBoot } from '@/components/ordering/boot';
import { usePageShow } from '@/components/ordering/hooks';
import { toast } from '@/components/ordering/feedback';
import { Barcode, QrCode } from '@/components/member/Codes';
import { Entry, Figure, MemberCard } from '@/components/member/MemberCard';
import { vipCenterFailed } from '@/components/member/leave';
import { useMemberAccount } from '@/components/member/use-member-account';
import { getLanguage, t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/member/member.scss';

/**
 * member/index (P§2, MEMBER-1, MEMBER-8): the member center. A member sees the card in the shop's card
 * style, balance / gift amount / points / coupons as four tappable figures, the barcode and QR code of
 * the card number for paying in store, the official-account prompt, then the entries. A visitor is
 * offered to register or bind. A card that cannot be loaded shows the "open vip center failed" dialog
 * and the page is left (P§4).
 */
export default observer(function MemberCenterPage() {
  const boot = useShopBoot({ ordering: false });
  const account = useMemberAccount();
  const { member, shop, promotion, session } = useStores();
  void session.language;
  const params = useRouter().params as Record<string, string | undefined>;
  const failedShown = useRef(false);

  // MEMBER-8: a link from the official account's menu carries its open id for the binding
  useEffect(() => {
    const openid = params.officialAccountOpenid;
    if (openid && openid !== session.officialAccountOpenid) session.patch({ officialAccountOpenid: openid });
  }, [params.officialAccountOpenid, session]);

  useEffect(() => {
    if (boot?.ok) void account.loadCard();
    else if (boot && !failedShown.current) {
      failedShown.current = true;
      void vipCenterFailed(boot.code);
    }
  }, [boot, account]);
  // back from recharge, edit or the pay password: the figures follow
  usePageShow(() => {
    if (boot?.ok && account.cardState !== 'loading') void account.loadCard();
  });
  useEffect(() => {
    if (account.cardState === 'failed' && !failedShown.current) {
      failedShown.current = true;
      void vipCenterFailed(account.cardError);
    }
  }, [account.cardState, account.cardError]);

  const card = member.vipInfo;
  const setting = member.memberSetting;
  const money = (v: number) => formatMoney(v, { symbol: shop.currencySymbol, decimals: shop.numberDecimals, language: getLanguage() });

  const bindOfficial = async () => {
    const res = await account.bindOfficialAccount();
    if (res.ok) toast(t('member.notice.boundToast'));
  };

  let body;
  if (!boot || (account.cardState === 'loading' && !member.loaded)) {
    body = <Skeleton rows={4} />;
  } else if (account.cardState === 'failed' || !boot.ok) {
    body = null;
  } else if (!card) {
    body = (
      <View className="member-join" id="member-join">
        <Text className="member-join__title">{t('member.visitor.title')}</Text>
        <Text className="member-join__text">{t('member.visitor.text')}</Text>
        <RoundButton className="member-join__action" onClick={() => void openRoute('/pages/member/register')}>
          {t('member.visitor.action')}
        </RoundButton>
      </View>
    );
  } else {
    const code = card.barcode || card.cardNo || '';
    body = (
      <View>
        <MemberCard card={card} setting={setting} />
        <View className="member-figures">
          <Figure id="member-balance" value={money(card.amount)} label={t('member.card.balance')} onTap={() => void openRoute('/pages/member/doc')} />
          <Figure id="member-gift" value={money(card.giftAmount)} label={t('member.card.giftAmount')} onTap={() => void openRoute('/pages/member/doc')} />
          <Figure id="member-points" value={String(card.points)} label={t('member.card.points')} onTap={() => void openRoute('/pages/member/point-consume-list')} />
          <Figure id="member-coupons" value={String(promotion.coupons.length)} label={t('member.card.coupons')} onTap={() => void openRoute('/pages/user/coupon/list')} />
        </View>
        {code ? (
          <View className="member-codes" id="member-codes">
            <Text className="member-codes__title">{t('member.card.payCode')}</Text>
            <Text className="member-codes__hint">{t('member.card.payCodeHint')}</Text>
            <Barcode value={code} id="member-barcode" />
            <QrCode value={code} id="member-qrcode" />
          </View>
        ) : null}
        {account.offerOfficialAccount && account.notifyInfo ? (
          <View className="member-notice" id="member-official">
            <View className="member-notice__main">
              <Text className="member-notice__title">{t('member.notice.officialTitle')}</Text>
              <Text className="member-notice__text">{t('member.notice.officialText', { name: account.notifyInfo.officialAccountName })}</Text>
            </View>
            <View className={`primary-button primary-button--inline${account.busy ? ' primary-button--busy' : ''}`} id="member-official-bind" onClick={() => void bindOfficial()}>
              <Text>{t('member.notice.bind')}</Text>
            </View>
          </View>
        ) : null}
        <View className="member-section">
          {setting.isAllowRecharge ? <Entry id="entry-recharge" label={t('member.entries.recharge')} note={setting.chargeSlogan} onTap={() => void openRoute('/pages/member/recharge')} /> : null}
          <Entry id="entry-doc" label={t('member.entries.transactions')} onTap={() => void openRoute('/pages/member/doc')} />
          {setting.isPointOpen ? <Entry id="entry-point-store" label={t('member.entries.pointsMall')} onTap={() => void openRoute('/pages/member/point-store/point-store')} /> : null}
          <Entry id="entry-points" label={t('member.entries.pointsHistory')} onTap={() => void openRoute('/pages/member/point-consume-list')} />
          <Entry id="entry-limit-card" label={t('member.entries.limitCards')} onTap={() => void openRoute('/pages/member/limit-card')} />
          {card.isChain ? <Entry id="entry-store-list" label={t('member.entries.chainShops')} onTap={() => void openRoute('/pages/member/store-list')} /> : null}
        </View>
        <View className="member-section">
          <Entry id="entry-edit" label={t('member.entries.editInfo')} onTap={() => void openRoute('/pages/member/edit')} />
          <Entry
            id="entry-pay-password"
            label={t('member.entries.payPassword')}
            note={account.payPasswordSet === null ? undefined : account.payPasswordSet ? t('member.entries.payPasswordSet') : t('member.entries.payPasswordNone')}
            onTap={() => void openRoute('/pages/member/edit-paypassword')}
          />
          <Entry
            id="entry-bind-qrcode"
            label={t('member.entries.bindQrcode')}
            note={account.notifyInfo ? (account.notifyInfo.isBindOfficialAccount ? t('member.notice.bound') : t('member.notice.notBound')) : undefined}
            onTap={() => void openRoute('/pages/member/bind-qrcode')}
          />
        </View>
      </View>
    );
  }

  return (
    <PageShell route="member/index" className="member-page">
      {body}
    </PageShell>
  );
});
