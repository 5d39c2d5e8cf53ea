import '@/i18n/areas/wallet';
import { useEffect } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Input } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { toast, toastError } from '@/components/ordering/feedback';
import { Money, useMoneyText } from '@/components/ordering/Money';
import { openProviderPage } from '@/components/ordering/payment';
import { CardFigures, LoadFailed, VisitorState } from '@/components/wallet/WalletParts';
import { WalletPages, backToMember } from '@/components/wallet/nav';
import { useWallet } from '@/components/wallet/use-wallet';
import { ErrorCode } from '@/domain/errors';
import type { PayType as PayTypeValue } from '@/domain/enums';
import { errorMessage, t } from '@/i18n';
import { useStores } from '@/stores';
import type { MemberWalletStore, PayRule } from '@/stores/areas/member-wallet';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';
import '@/components/wallet/wallet.scss';

/** One amount option: "¥100.00 / 送 ¥10.00", the first-charge flag and the coupons it brings. */
const AmountTile = observer(function AmountTile({ rule, wallet }: { rule: PayRule; wallet: MemberWalletStore }) {
  const moneyText = useMoneyText();
  const on = wallet.choice.kind === 'rule' && wallet.choice.ruleId === rule.id;
  const coupons = (rule.coupons ?? []).map((c) => `${c.name}×${c.quantity}`).join('、');
  return (
    <View id={`rule-${rule.id}`} className={`amount-tile${on ? ' amount-tile--on' : ''}`} onClick={() => wallet.selectRule(rule.id)}>
      {rule.isFirst ? <Text className="amount-tile__flag">{t('wallet.recharge.firstCharge')}</Text> : null}
      <View className="amount-tile__amount">
        <Money value={rule.chargeAmount} />
      </View>
      {rule.presentAmount > 0 ? (
        <Text className="amount-tile__gift">{t('wallet.recharge.gift', { amount: moneyText(rule.presentAmount) })}</Text>
      ) : (
        <Text className="amount-tile__none">{t('wallet.recharge.noGift')}</Text>
      )}
      {coupons ? <Text className="amount-tile__coupons">{t('wallet.recharge.coupons', { names: coupons })}</Text> : null}
    </View>
  );
});

/** The typed amount: the field, then the gift it brings or why it cannot be paid. */
const CustomAmount = observer(function CustomAmount({ wallet }: { wallet: MemberWalletStore }) {
  const { shop } = useStores();
  const moneyText = useMoneyText();
  const selection = wallet.selection;
  let hint: { text: string; kind: 'gift' | 'error' | 'plain' };
  if (wallet.customText.trim() === '') hint = { text: t('wallet.recharge.customMin', { amount: moneyText(wallet.minAmount) }), kind: 'plain' };
  else if (!selection.ok && selection.error.code === ErrorCode.amountError)
    hint = { text: t('wallet.recharge.customInvalid', { amount: moneyText(wallet.minAmount), places: shop.numberDecimals }), kind: 'error' };
  else if (!selection.ok) hint = { text: errorMessage(selection.error), kind: 'error' };
  else if (selection.gift > 0) hint = { text: t('wallet.recharge.customGift', { charge: moneyText(selection.amount), gift: moneyText(selection.gift) }), kind: 'gift' };
  else hint = { text: t('wallet.recharge.noGift'), kind: 'plain' };
  return (
    <View>
      <View className="custom-amount">
        <Text className="custom-amount__symbol">{shop.currencySymbol}</Text>
        <Input
          id="recharge-amount"
          className="custom-amount__input"
          type="digit"
          maxlength={10}
          focus
          value={wallet.customText}
          placeholder={t('wallet.recharge.customPlaceholder')}
          onInput={(e) => wallet.setCustomText(e.detail.value)}
        />
      </View>
      <Text className={`amount-hint amount-hint--${hint.kind}`} id="recharge-amount-hint">
        {hint.text}
      </Text>
    </View>
  );
});

/** The shop's gift-amount rules (P§9): how the gift a top-up brings is spent later. */
const GiftRules = observer(function GiftRules() {
  const { member } = useStores();
  const moneyText = useMoneyText();
  if (member.giftAmountRules.length === 0) return null;
  return (
    <View className="card" id="gift-rules">
      <Text className="card__title">{t('wallet.recharge.giftRules')}</Text>
      <View className="rule-list">
        {member.giftAmountRules.map((r, i) => (
          <Text key={i} className="rule-list__item">
            {r.type === 1
              ? t('wallet.recharge.giftRuleAmount', { min: moneyText(r.minAmount), amount: moneyText(r.amount ?? 0) })
              : t('wallet.recharge.giftRulePercent', { min: moneyText(r.minAmount), percent: r.percent ?? 0 })}
          </Text>
        ))}
      </View>
    </View>
  );
});

/**
 * member/recharge (P§2, MEMBER-4): the card's balance, the shop's charge slogan, the amounts of the pay
 * rules with the gift each brings ("充 100 送 20"; first-charge rules marked while the card was never
 * charged), an amount of one's own when the rules allow, the pay type, and the pay button with a
 * spinner (a second tap does nothing). A host wallet pays in place and charge success follows; a
 * provider page (H5 cashier, mini-program web-view) comes back to charge success.
 */
export default observer(function MemberRechargePage() {
  const boot = useShopBoot({ ordering: false });
  const wallet = useWallet();
  const { session, shop } = useStores();
  const moneyText = useMoneyText();
  // the texts follow a language change
  void session.language;

  useEffect(() => {
    if (boot?.ok) void wallet.loadRecharge();
  }, [boot, wallet]);

  const pay = async () => {
    if (wallet.paying) return;
    const outcome = await wallet.recharge();
    switch (outcome.status) {
      case 'busy':
        return;
      case 'invalid':
        // a typed amount says what would be accepted rather than only "amount error"
        if (outcome.error.code === ErrorCode.amountError && wallet.choice.kind === 'custom') {
          toast(t('wallet.recharge.customInvalid', { amount: moneyText(wallet.minAmount), places: shop.numberDecimals }));
        } else toastError(outcome.error);
        return;
      case 'failed':
        toastError(outcome.error);
        return;
      case 'cancelled':
        toast(errorMessage(outcome.error));
        return;
      case 'paid':
      case 'processing':
        await Taro.redirectTo({ url: WalletPages.chargeSuccess(outcome.rechargeId) });
        return;
      case 'redirect':
        // charge success waits under the provider's page: a browser comes back to it through the
        // provider's return address, a mini program when the web-view closes
        await Taro.redirectTo({ url: WalletPages.chargeSuccess(outcome.rechargeId) });
        openProviderPage(outcome.url, WalletPages.chargeSuccess(outcome.rechargeId));
        return;
    }
  };

  const err = wallet.rechargeError;
  if (!boot || (!wallet.rechargeLoaded && !err)) {
    return (
      <PageShell route="member/recharge" className="wallet-page">
        <Skeleton rows={4} />
      </PageShell>
    );
  }
  if (!boot.ok || err) {
    const code = !boot.ok ? null : err?.code;
    return (
      <PageShell route="member/recharge" className="wallet-page">
        {code === ErrorCode.pleaseRegisterFirst ? (
          <VisitorState />
        ) : code === ErrorCode.functionClosed ? (
          <EmptyState
            title={t('wallet.recharge.closedTitle')}
            description={t('wallet.recharge.closedText')}
            actionText={t('wallet.recharge.goMember')}
            onAction={() => void backToMember()}
          />
        ) : (
          <LoadFailed error={err ?? { code: ErrorCode.getShopDataFailed }} onRetry={() => void wallet.loadRecharge()} />
        )}
      </PageShell>
    );
  }

  const selection = wallet.selection;
  const payTypes = wallet.payTypes;
  const canPay = selection.ok && wallet.payType !== null;
  return (
    <PageShell route="member/recharge" className="wallet-page wallet-page--bar">
      <CardFigures show="money" />
      {wallet.chargeSlogan ? (
        <View className="slogan" id="charge-slogan">
          <Text>{wallet.chargeSlogan}</Text>
        </View>
      ) : null}
      <View className="card" id="amount-options">
        <Text className="card__title">{t('wallet.recharge.chooseAmount')}</Text>
        <View className="amount-grid">
          {wallet.rules.map((r) => (
            <AmountTile key={r.id} rule={r} wallet={wallet} />
          ))}
          {wallet.allowCustomAmount ? (
            <View id="rule-custom" className={`amount-tile${wallet.choice.kind === 'custom' ? ' amount-tile--on' : ''}`} onClick={() => wallet.chooseCustom()}>
              <Text className="amount-tile__label">{t('wallet.recharge.custom')}</Text>
              <Text className="amount-tile__none">{t('wallet.recharge.customMin', { amount: moneyText(wallet.minAmount) })}</Text>
            </View>
          ) : null}
        </View>
        {wallet.choice.kind === 'custom' && wallet.allowCustomAmount ? <CustomAmount wallet={wallet} /> : null}
        {selection.ok && selection.isFirst ? <Text className="first-hint">{t('wallet.recharge.firstChargeOnly')}</Text> : null}
      </View>
      <View className="card" id="pay-types">
        <Text className="card__title">{t('wallet.recharge.payType')}</Text>
        {payTypes.map((type: PayTypeValue) => (
          <View key={type} id={`pay-${type}`} className={`option-list__item${wallet.payType === type ? ' option-list__item--on' : ''}`} onClick={() => wallet.setPayType(type)}>
            <Text>{t(`payType.${type}` as const)}</Text>
            <Text className="radio">{wallet.payType === type ? '●' : '○'}</Text>
          </View>
        ))}
        {payTypes.length === 0 ? <Text className="muted">{t('wallet.recharge.noPayType')}</Text> : null}
      </View>
      <GiftRules />
      <View className="pay-bar" id="pay-bar">
        <View className="pay-bar__sum">
          {selection.ok ? (
            <>
              <View className="pay-bar__amount" id="pay-amount">
                <Money value={selection.amount} />
              </View>
              {selection.gift > 0 ? <Text className="pay-bar__gift">{t('wallet.recharge.gift', { amount: moneyText(selection.gift) })}</Text> : null}
            </>
          ) : (
            <Text className="muted">{t('wallet.recharge.customPlaceholder')}</Text>
          )}
        </View>
        <View
          id="recharge-pay"
          className={`pay-bar__go${wallet.paying ? ' pay-bar__go--busy' : ''}${canPay ? '' : ' pay-bar__go--off'}`}
          onClick={() => void pay()}
        >
          {wallet.paying ? <View className="spinner spinner--small" /> : null}
          <Text>{t('wallet.recharge.pay')}</Text>
        </View>
      </View>
    </PageShell>
  );
});
