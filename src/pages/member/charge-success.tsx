import '@/i18n/areas/wallet';
import { useEffect } from 'react';
import Taro, { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { useShopBoot } from '@/components/ordering/boot';
import { usePageShow } from '@/components/ordering/hooks';
import { Money } from '@/components/ordering/Money';
import { WalletPages, backToMember } from '@/components/wallet/nav';
import { useWallet } from '@/components/wallet/use-wallet';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';
import '@/components/wallet/wallet.scss';

/** A figure row of the result: label left, money right-aligned. */
function FigureRow({ id, label, value, gift }: { id: string; label: string; value: number; gift?: boolean }) {
  return (
    <View className={`figure-row${gift ? ' figure-row--gift' : ''}`} id={id}>
      <Text className="figure-row__label">{label}</Text>
      <View className="figure-row__value">
        {gift ? <Text className="signed__sign">+</Text> : null}
        <Money value={value} />
      </View>
    </View>
  );
}

/**
 * member/charge-success (P§2, MEMBER-4): the top-up `rechargeId` as the provider settled it — the
 * amount paid, the gift received, the card's new balance, gift amount and points, the coupons it
 * earned — then back to the member center. While the provider's settlement has not arrived it keeps
 * asking (a browser comes back here from the provider's cashier, a mini program from its web-view or
 * wallet), then offers to ask again; a failed or closed payment offers another top-up.
 */
export default observer(function MemberChargeSuccessPage() {
  const boot = useShopBoot({ ordering: false });
  const wallet = useWallet();
  const { member, session } = useStores();
  void session.language;
  const params = useRouter().params as Record<string, string | undefined>;
  const rechargeId = Number(params.rechargeId);
  const valid = Number.isInteger(rechargeId) && rechargeId > 0;

  useEffect(() => {
    if (boot?.ok && valid && !(wallet.result?.rechargeId === rechargeId && wallet.resultStatus === 'paid')) void wallet.checkRecharge(rechargeId);
  }, [boot, wallet, rechargeId, valid]);
  // back from the provider's web-view (mini programs): ask again unless it is settled
  usePageShow(() => {
    if (boot?.ok && valid && (wallet.resultStatus === 'processing' || wallet.resultStatus === 'error')) void wallet.checkRecharge(rechargeId);
  });

  const r = wallet.result?.rechargeId === rechargeId ? wallet.result : null;
  const status = wallet.resultStatus;
  const info = member.vipInfo;

  if (boot && (!boot.ok || !valid || (status === 'error' && !r))) {
    return (
      <PageShell route="member/charge-success" className="wallet-page">
        <EmptyState
          title={t('wallet.success.missing')}
          description={t('wallet.success.failedText')}
          actionText={t('wallet.success.backToMember')}
          onAction={() => void backToMember()}
        />
      </PageShell>
    );
  }

  if (status === 'paid' && r) {
    return (
      <PageShell route="member/charge-success" className="wallet-page">
        <View className="result-card" id="charge-success">
          <Text className="result-card__icon result-card__icon--ok">✓</Text>
          <Text className="result-card__title">{t('wallet.success.paidTitle')}</Text>
          <Money value={r.chargeAmount ?? 0} className="price--huge" />
          <View className="charge-figures">
            <FigureRow id="charge-paid" label={t('wallet.success.paid')} value={r.chargeAmount ?? 0} />
            {(r.presentAmount ?? 0) > 0 ? <FigureRow id="charge-gift" label={t('wallet.success.gift')} value={r.presentAmount ?? 0} gift /> : null}
            <FigureRow id="charge-balance" label={t('wallet.success.newBalance')} value={(info ?? r.vipInfo).amount} />
            <FigureRow id="charge-gift-balance" label={t('wallet.success.newGift')} value={(info ?? r.vipInfo).giftAmount} />
            <View className="figure-row" id="charge-points">
              <Text className="figure-row__label">{t('wallet.success.points')}</Text>
              <Text className="figure-row__value">{(info ?? r.vipInfo).points}</Text>
            </View>
          </View>
          {r.coupons && r.coupons.length > 0 ? (
            <View className="charge-coupons" id="charge-coupons">
              <Text className="muted">{t('wallet.success.coupons')}</Text>
              {r.coupons.map((c) => (
                <Text key={c.id} className="tag tag--warn">
                  {c.name}
                </Text>
              ))}
            </View>
          ) : null}
        </View>
        <View className="primary-button" id="charge-back" onClick={() => void backToMember()}>
          <Text>{t('wallet.success.backToMember')}</Text>
        </View>
        <View className="text-button" id="charge-doc" onClick={() => void Taro.redirectTo({ url: WalletPages.doc })}>
          <Text>{t('wallet.success.viewDoc')}</Text>
        </View>
      </PageShell>
    );
  }

  if (status === 'failed' || status === 'cancelled') {
    return (
      <PageShell route="member/charge-success" className="wallet-page">
        <View className="result-card" id="charge-failed">
          <Text className="result-card__icon result-card__icon--fail">!</Text>
          <Text className="result-card__title">{t('wallet.success.failedTitle')}</Text>
          {r?.chargeAmount !== undefined ? <Money value={r.chargeAmount} className="price--huge" /> : null}
          <Text className="muted">{t('wallet.success.failedText')}</Text>
        </View>
        <View className="primary-button" id="charge-again" onClick={() => void Taro.redirectTo({ url: WalletPages.recharge })}>
          <Text>{t('wallet.success.again')}</Text>
        </View>
        <View className="text-button" onClick={() => void backToMember()}>
          <Text>{t('wallet.success.backToMember')}</Text>
        </View>
      </PageShell>
    );
  }

  // asking the server, or the settlement has not arrived yet
  const checking = !boot || status === 'checking' || status === 'idle';
  return (
    <PageShell route="member/charge-success" className="wallet-page">
      <View className="result-card" id="charge-processing">
        {checking ? <View className="spinner" /> : <Text className="result-card__icon result-card__icon--ok">…</Text>}
        <Text className="result-card__title">{checking ? t('wallet.success.checkingTitle') : t('wallet.success.processingTitle')}</Text>
        {r?.chargeAmount !== undefined ? <Money value={r.chargeAmount} className="price--huge" /> : null}
        <Text className="muted">{checking ? t('wallet.success.checkingText') : t('wallet.success.processingText')}</Text>
      </View>
      {checking ? null : (
        <View className="primary-button" id="charge-refresh" onClick={() => void wallet.checkRecharge(rechargeId)}>
          <Text>{t('wallet.success.refresh')}</Text>
        </View>
      )}
      <View className="text-button" onClick={() => void backToMember()}>
        <Text>{t('wallet.success.backToMember')}</Text>
      </View>
    </PageShell>
  );
});
