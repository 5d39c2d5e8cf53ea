import '@/i18n/areas/multi';
import { useEffect } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Input, Textarea } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { Money } from '@/components/ordering/Money';
import { notice, toast } from '@/components/ordering/feedback';
import { openProviderPage } from '@/components/ordering/payment';
import { MultiShopCard } from '@/components/multi/MultiShopCard';
import { multiSuccessPage, useMultiOrder } from '@/components/multi/use-multi-order';
import { OrderType } from '@/domain/enums';
import type { PayType as PayTypeValue } from '@/domain/enums';
import { ErrorCode } from '@/domain/errors';
import { errorMessage, t } from '@/i18n';
import { useOrderingStores } from '@/components/ordering/use-ordering-stores';
import type { MultiOrderType } from '@/stores/areas/multi-order';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';
import '@/components/multi/multi.scss';

/**
 * order/multi-confirm (C§2, ORDER-10): the carts of several shops of the chain checked out together —
 * one card per shop with its lines and its own fees, discounts and total (the domain pricing of that
 * shop), the order type and contact every shop's rules accept, the grand total and one pay button.
 */
export default observer(function OrderMultiConfirmPage() {
  const boot = useShopBoot();
  const multi = useMultiOrder();
  const { address } = useOrderingStores();
  useEffect(() => {
    if (boot?.ok) void multi.load();
  }, [boot, multi]);
  useEffect(() => {
    if (boot?.ok && multi.orderType === OrderType.takeaway) void address.load();
  }, [boot, multi.orderType, address]);

  const submit = async () => {
    const outcome = await multi.confirm((id) => multiSuccessPage(id));
    switch (outcome.status) {
      case 'busy':
        return;
      case 'invalid':
        await notice(outcome.shopName ? t('multi.confirm.refused', { shop: outcome.shopName, message: errorMessage(outcome.error) }) : errorMessage(outcome.error));
        return;
      case 'refused': {
        const { refusal } = outcome;
        if (refusal.error.code === ErrorCode.amountError) toast(t('multi.confirm.amountChanged'));
        return;
      }
      case 'placed': {
        const p = outcome.payment;
        if (p.status === 'redirect') {
          openProviderPage(p.url, multiSuccessPage(p.groupId));
          return;
        }
        if (p.status === 'cancelled' || p.status === 'failed') toast(errorMessage(p.error));
        await Taro.redirectTo({ url: multiSuccessPage(p.groupId) });
        return;
      }
    }
  };

  if (!boot || (multi.loading && multi.facts.length === 0)) {
    return (
      <PageShell route="order/multi-confirm">
        <Skeleton rows={6} />
      </PageShell>
    );
  }
  const parts = multi.parts;
  if (!boot.ok || parts.length < 2) {
    return (
      <PageShell route="order/multi-confirm">
        <EmptyState
          title={t('multi.confirm.emptyTitle')}
          description={multi.loadError ? errorMessage(multi.loadError) : t('multi.confirm.emptyText')}
          actionText={t('multi.confirm.emptyAction')}
          onAction={() => void Taro.switchTab({ url: '/pages/user/index-tab-1' })}
        />
      </PageShell>
    );
  }
  const a = address.selected;
  const busy = multi.submitting || multi.paying;
  const refusal = multi.refusal;
  return (
    <PageShell route="order/multi-confirm" className="confirm-page multi-page">
      <View className="order-type-switch order-type-switch--page">
        {multi.orderTypes.map((type: MultiOrderType) => (
          <View
            key={type}
            id={`multi-type-${type}`}
            className={`order-type-switch__item${multi.orderType === type ? ' order-type-switch__item--on' : ''}`}
            onClick={() => multi.setOrderType(type)}
          >
            <Text>{t(`multi.confirm.${type}` as const)}</Text>
          </View>
        ))}
      </View>

      <View className="card" id="multi-contact">
        {multi.orderType === OrderType.takeaway ? (
          <View className="address-card" id="address-card" onClick={() => void Taro.navigateTo({ url: '/pages/user/address/list?select=1' })}>
            <View className="address-card__main">
              <Text className="address-card__line">{a ? `${a.address} ${a.houseNumber ?? ''}` : t('multi.confirm.chooseAddress')}</Text>
              {a ? (
                <Text className="address-card__who">
                  {a.name} {a.phone}
                </Text>
              ) : null}
            </View>
            <Text className="chevron">›</Text>
          </View>
        ) : (
          parts.map((p) => (
            <Text key={p.shopId} className="multi-shop__where">
              {p.name} · {t('multi.confirm.pickupAt', { address: p.address })}
            </Text>
          ))
        )}
        <View className="form-row">
          <Text className="form-row__label">{t('multi.confirm.name')}</Text>
          <Input
            className="form-row__input"
            id="multi-name"
            value={multi.contactName}
            placeholder={t('multi.confirm.namePlaceholder')}
            maxlength={64}
            onInput={(e) => multi.setContact({ name: e.detail.value })}
          />
        </View>
        <View className="form-row">
          <Text className="form-row__label">{t('multi.confirm.phone')}</Text>
          <Input
            className="form-row__input"
            id="multi-phone"
            type="number"
            value={multi.contactPhone}
            placeholder={t('multi.confirm.phonePlaceholder')}
            maxlength={20}
            onInput={(e) => multi.setContact({ phone: e.detail.value })}
          />
        </View>
      </View>

      {refusal ? (
        <View className="multi-refusal" id="multi-refusal">
          <Text>{refusal.shopName ? t('multi.confirm.refused', { shop: refusal.shopName, message: errorMessage(refusal.error) }) : errorMessage(refusal.error)}</Text>
        </View>
      ) : null}

      {parts.map((p, i) => (
        <MultiShopCard key={p.shopId} part={p} index={i} />
      ))}

      <View className="card" id="multi-pay-types">
        <Text className="card__title">{t('multi.confirm.payType')}</Text>
        {multi.payTypes.map((type: PayTypeValue) => (
          <View
            key={type}
            id={`multi-pay-${type}`}
            className={`option-list__item${multi.effectivePayType === type ? ' option-list__item--on' : ''}`}
            onClick={() => multi.setPayType(type)}
          >
            <Text>{t(`payType.${type}` as const)}</Text>
            <Text className="radio">{multi.effectivePayType === type ? '●' : '○'}</Text>
          </View>
        ))}
        {multi.payTypes.length === 0 ? <Text className="muted">{errorMessage(ErrorCode.noValidPayType)}</Text> : null}
        <Text className="muted">{t('multi.confirm.onePayment')}</Text>
      </View>

      <View className="card">
        <Text className="card__title">{t('multi.confirm.note')}</Text>
        <Textarea
          className="note-input"
          value={multi.note}
          maxlength={140}
          placeholder={t('multi.confirm.notePlaceholder')}
          onInput={(e) => multi.setContact({ note: e.detail.value })}
        />
      </View>

      <View className="submit-bar">
        <View className="submit-bar__sum">
          <Text className="submit-bar__label">
            {t('multi.confirm.grandTotal')} · {t('multi.confirm.shopsCount', { count: parts.length })}
          </Text>
          <Money value={multi.grandTotal} className="price--large" />
        </View>
        <View className={`submit-bar__go${busy ? ' submit-bar__go--busy' : ''}`} id="multi-submit" onClick={() => void submit()}>
          {busy ? <View className="spinner spinner--small" /> : null}
          <Text>{t('multi.confirm.pay')}</Text>
        </View>
      </View>
    </PageShell>
  );
});
