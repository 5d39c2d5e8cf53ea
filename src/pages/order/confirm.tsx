import { useEffect, useState } from 'react';
import { ConfirmLine } from '@/components/ordering/ConfirmLine';
import { PhoneField } from '@/components/PhoneField';
import Taro from '@tarojs/taro';
import { View, Text, Input, Switch, Textarea } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { CartBreakdown } from '@/components/ordering/BreakdownRows';
import { Money, useMoneyText } from '@/components/ordering/Money';
import { Sheet } from '@/components/ordering/Sheet';
import { PayPasswordKeyboard } from '@/components/ordering/PayPasswordKeyboard';
import { PayTypes } from '@/components/ordering/PayTypes';
import { GiftsOffers } from '@/components/ordering/GiftsOffers';
import { PromotionCodeRow } from '@/components/promo/PromotionCodeRow';
import { AppointmentCard, callShop } from '@/components/beauty/AppointmentCard';
import { useBeauty } from '@/components/beauty/use-beauty';
import { offeredOrderTypes } from '@/components/ordering/OrderingScreen';
import { followPayment, OrderPages } from '@/components/ordering/payment';
import { useOrderConfirm } from '@/components/ordering/use-order-confirm';
import { notice, toastError } from '@/components/ordering/feedback';
import { clockText } from '@/components/ordering/time-slots';
import { offeredTimes } from '@/domain/order-times';
import { OrderType, PayType } from '@/domain/enums';
import { ErrorCode, ruleError } from '@/domain/errors';
import { errorMessage, t } from '@/i18n';
import { useOrderingStores } from '@/components/ordering/use-ordering-stores';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';
import { shopZone } from '@/domain/shop-time';

type WhenField = 'deliveryTime' | 'pickupTime';

/** The time row: as soon as possible or a chosen half hour (C§4 order timing). */
const TimeRow = observer(function TimeRow({ field, label }: { field: WhenField; label: string }) {
  const { checkout, shop } = useOrderingStores();
  const [open, setOpen] = useState(false);
  const value = checkout.orderInfo[field];
  const offset = shopZone(shop.shop);
  const text = value === 'ASAP' || value === null ? t('pages.ordering.asap') : clockText(value, offset);
  return (
    <>
      <View className="form-row form-row--link" id={`row-${field}`} onClick={() => setOpen(true)}>
        <Text className="form-row__label">{label}</Text>
        <Text className="form-row__value">{text}</Text>
      </View>
      <Sheet visible={open} title={label} onClose={() => setOpen(false)}>
        <View className="option-list">
          {(['ASAP', ...(shop.shop ? offeredTimes(shop.shop, field === 'deliveryTime' ? OrderType.takeaway : OrderType.selfPickup, shop.now) : [])] as Array<'ASAP' | number>).map((slot) => (
            <View
              key={String(slot)}
              className={`option-list__item${slot === value ? ' option-list__item--on' : ''}`}
              onClick={() => {
                checkout.setOrderInfo({ [field]: slot });
                setOpen(false);
              }}
            >
              <Text>{slot === 'ASAP' ? t('pages.ordering.asap') : clockText(slot, offset)}</Text>
            </View>
          ))}
        </View>
      </Sheet>
    </>
  );
});

/** A text field of the order form. */
function Field(props: { label: string; value: string; placeholder: string; onInput: (v: string) => void; id: string; type?: 'text' | 'number' }) {
  return (
    <View className="form-row">
      <Text className="form-row__label">{props.label}</Text>
      <Input
        className="form-row__input"
        id={props.id}
        type={props.type ?? 'text'}
        value={props.value}
        placeholder={props.placeholder}
        maxlength={140}
        onInput={(e) => props.onInput(e.detail.value)}
      />
    </View>
  );
}

/** Takeaway: the address card (in range, GPS), time, and name/phone when the shop asks (ORDER-1). */
const TakeawayCard = observer(function TakeawayCard() {
  const { address, checkout, shop, session } = useOrderingStores();
  const a = address.selected;
  const rangeError = address.distanceError ?? (address.inRange === false ? ruleError(ErrorCode.outOfBusinessScope) : null);
  return (
    <View className="card">
      <View className="address-card" id="address-card" onClick={() => void Taro.navigateTo({ url: '/pages/user/address/list?select=1' })}>
        {a ? (
          <View className="address-card__main">
            <Text className="address-card__line">
              {a.address} {a.houseNumber ?? ''}
            </Text>
            <Text className="address-card__who">
              {a.name} {a.phone}
            </Text>
            {rangeError ? <Text className="address-card__error">{errorMessage(rangeError)}</Text> : null}
          </View>
        ) : (
          <Text className="address-card__empty">{address.loading ? t('pages.ordering.loading') : t('pages.ordering.chooseAddress')}</Text>
        )}
        <Text className="chevron">›</Text>
      </View>
      <TimeRow field="deliveryTime" label={t('pages.ordering.deliveryTime')} />
      {shop.shop?.nameAndPhoneRequiredByTakeaway ? (
        <>
          <Field id="takeaway-name" label={t('pages.ordering.name')} value={checkout.orderInfo.username ?? a?.name ?? ''} placeholder={t('pages.ordering.namePlaceholder')} onInput={(v) => checkout.setOrderInfo({ username: v })} />
          <PhoneField id="takeaway-phone" label={t('pages.ordering.phone')} value={checkout.orderInfo.userPhone ?? a?.phone ?? ''} placeholder={t('pages.ordering.phonePlaceholder')} defaultRegion={session.phoneRegion} onInput={(v) => checkout.setOrderInfo({ userPhone: v })} />
        </>
      ) : null}
    </View>
  );
});

/** Self pickup: time, picker and pickup-pack (ORDER-2). */
const PickupCard = observer(function PickupCard() {
  const { checkout, shop, session } = useOrderingStores();
  const info = checkout.orderInfo;
  return (
    <View className="card">
      {shop.shop?.address ? (
        <View className="form-row">
          <Text className="form-row__label">{t('pages.ordering.pickupAt')}</Text>
          <Text className="form-row__value">{shop.shop.address}</Text>
        </View>
      ) : null}
      <TimeRow field="pickupTime" label={t('pages.ordering.pickupTime')} />
      <Field id="picker-name" label={t('pages.ordering.picker')} value={info.pickerName ?? ''} placeholder={t('pages.ordering.namePlaceholder')} onInput={(v) => checkout.setOrderInfo({ pickerName: v })} />
      <PhoneField id="picker-phone" label={t('pages.ordering.phone')} value={info.pickerPhone ?? ''} placeholder={t('pages.ordering.phonePlaceholder')} defaultRegion={session.phoneRegion} onInput={(v) => checkout.setOrderInfo({ pickerPhone: v })} />
      <View className="form-row">
        <Text className="form-row__label">{t('pages.ordering.pickerPack')}</Text>
        <Switch id="picker-pack" nativeProps={{ 'aria-label': t('pages.ordering.pickerPack') }} checked={info.isPickerPack} color="var(--main-color)" onChange={(e) => checkout.setOrderInfo({ isPickerPack: e.detail.value })} />
      </View>
    </View>
  );
});

/** Dine-in: table number and diners (ORDER-3). */
const DineCard = observer(function DineCard() {
  const { checkout, session } = useOrderingStores();
  const info = checkout.orderInfo;
  const people = info.people ?? 0;
  return (
    <View className="card">
      {session.isAutoNumber ? null : (
        <Field id="table-no" label={t('pages.ordering.table')} value={info.table ?? ''} placeholder={t('pages.ordering.tablePlaceholder')} onInput={(v) => checkout.setOrderInfo({ table: v })} />
      )}
      <View className="form-row">
        <Text className="form-row__label">{t('pages.ordering.people')}</Text>
        <View className="stepper">
          <View className="stepper__btn stepper__btn--minus" onClick={() => checkout.setOrderInfo({ people: Math.max(1, people - 1) })}>
            <Text>−</Text>
          </View>
          <Text className="stepper__count" id="people-count">
            {people}
          </Text>
          <View className="stepper__btn stepper__btn--plus" id="people-plus" onClick={() => checkout.setOrderInfo({ people: people + 1 })}>
            <Text>+</Text>
          </View>
        </View>
      </View>
    </View>
  );
});

/** The coupon row and its picker with the unusable reasons (PROMO-2, P§5). */
const CouponRow = observer(function CouponRow() {
  const { checkout, promotion } = useOrderingStores();
  const moneyText = useMoneyText();
  const [open, setOpen] = useState(false);
  const b = checkout.breakdown;
  if (!b) return null;
  const chosen = b.selectedCouponId !== null ? promotion.coupons.find((c) => c.id === b.selectedCouponId) : undefined;
  const reduction = b.coupons.find((c) => c.couponId === b.selectedCouponId)?.reduction ?? 0;
  const usable = b.coupons.filter((c) => c.usable).length;
  const pick = (id: number | null) => {
    if (id !== null && typeof checkout.couponChoice === 'number') checkout.chooseCoupon(null);
    toastError(checkout.chooseCoupon(id));
    setOpen(false);
  };
  return (
    <>
      <View className="figure-row figure-row--link" id="coupon-row" onClick={() => setOpen(true)}>
        <Text className="figure-row__label">{t('pages.ordering.coupon')}</Text>
        <Text className={`figure-row__note${chosen ? ' figure-row__note--on' : ''}`}>
          {chosen
            ? `${chosen.name} -${moneyText(reduction)}`
            : usable > 0
              ? t('pages.ordering.couponsUsable', { count: usable })
              : t('pages.ordering.noCoupon')}
        </Text>
        <Text className="chevron">›</Text>
      </View>
      <Sheet visible={open} title={t('pages.ordering.chooseCoupon')} onClose={() => setOpen(false)}>
        <View className="option-list">
          <View className={`option-list__item${b.selectedCouponId === null ? ' option-list__item--on' : ''}`} onClick={() => pick(null)}>
            <Text>{t('pages.ordering.noCouponUse')}</Text>
          </View>
          {b.coupons.map((c) => {
            const coupon = promotion.coupons.find((x) => x.id === c.couponId);
            return (
              <View
                key={c.couponId}
                id={`coupon-${c.couponId}`}
                className={`option-list__item${c.couponId === b.selectedCouponId ? ' option-list__item--on' : ''}${c.usable ? '' : ' option-list__item--off'}`}
                onClick={() => (c.usable ? pick(c.couponId) : undefined)}
              >
                <Text>{coupon?.name ?? c.couponId}</Text>
                {c.usable ? (
                  <Text className="option-list__side">-{moneyText(c.reduction)}</Text>
                ) : (
                  <Text className="option-list__reason">
                    {c.reason
                      ? errorMessage({
                          code: c.reason,
                          params: { amount: moneyText(coupon?.minAmount ?? 0), count: coupon?.minQuantity ?? 0 },
                        })
                      : ''}
                  </Text>
                )}
              </View>
            );
          })}
        </View>
      </Sheet>
    </>
  );
});

/** The points-deduction switch (P§9). */
const PointsRow = observer(function PointsRow() {
  const { checkout } = useOrderingStores();
  const b = checkout.breakdown;
  if (!b || b.points.max <= 0) return null;
  const label = t('pages.ordering.pointsUse', { points: checkout.usePoints ? b.points.used : b.points.max });
  return (
    <View className="figure-row figure-row--discount" id="points-row">
      <Text className="figure-row__label">{label}</Text>
      {checkout.usePoints ? <Money value={b.points.amount} negative className="figure-row__value" /> : null}
      <Switch id="points-switch" className="figure-row__switch" nativeProps={{ 'aria-label': label }} checked={checkout.usePoints} onChange={(e) => checkout.setUsePoints(e.detail.value)} />
    </View>
  );
});

/**
 * order/confirm (C§2, CART-3, ORDER-1…3, ORDER-6/7): order-type switch, the address / pickup / table
 * card, the lines, the engine's breakdown with coupon and points rows, the pay type, and the fixed bar
 * with the payable total and the pay button. The submission carries the visit's Idempotency-Key and
 * the shown total as `expectedTotal`.
 */
export default observer(function OrderConfirmPage() {
  // member prices, points and gift balance are in the first render of the lines and sums
  const boot = useShopBoot({ member: true });
  const root = useOrderingStores();
  const { cart, checkout, order, session, shop, address } = root;
  // the texts follow a language change
  void session.language;
  const [askPassword, setAskPassword] = useState(false);
  const beauty = useBeauty();
  const confirming = useOrderConfirm();

  useEffect(() => {
    confirming.enterConfirm();
  }, [confirming]);

  useEffect(() => {
    if (!boot?.ok) return;
    // a beauty shop takes appointments only (C§2)
    const offered = offeredOrderTypes(shop.shop);
    if (session.orderType === null || (offered[0] === OrderType.appointment && session.orderType !== OrderType.appointment)) session.setOrderType(offered[0]);
    if (session.tableNo && !checkout.orderInfo.table) checkout.setOrderInfo({ table: session.tableNo });
    if (checkout.orderInfo.people === null) checkout.setOrderInfo({ people: 1 });
  }, [boot, session, checkout, shop.shop]);

  useEffect(() => {
    if (boot?.ok && checkout.orderType === OrderType.takeaway && !address.loaded && !address.loading) void address.load().catch(() => undefined);
  }, [boot, checkout.orderType, address]);

  // the contact of the chosen address fills the name and phone the shop asks for (C§5)
  const chosen = address.selected;
  useEffect(() => {
    if (!chosen || !shop.shop?.nameAndPhoneRequiredByTakeaway) return;
    if (!checkout.orderInfo.username || !checkout.orderInfo.userPhone) checkout.setOrderInfo({ username: checkout.orderInfo.username || chosen.name, userPhone: checkout.orderInfo.userPhone || chosen.phone });
  }, [chosen, shop.shop, checkout]);

  const submit = async (payPassword?: string) => {
    // ORDER-5 / C§5: the time, the service user when required, who is served
    if (checkout.orderType === OrderType.appointment && beauty.validationError) {
      const phone = shop.shop?.phone;
      if (beauty.validationError.code === ErrorCode.appointmentNeedsSeveralTechnicians && phone) {
        // C§6: the shop books it; confirming calls the shop
        const call = await root.platform.ui.modal({ content: errorMessage(beauty.validationError), confirmText: t('pages.ordering.callShop'), cancelText: t('pages.ordering.cancel') });
        if (call) void callShop(phone);
        return;
      }
      toastError(beauty.validationError);
      return;
    }
    if (checkout.effectivePayType === PayType.vip && !payPassword) {
      const first = confirming.validationErrors[0];
      if (first) {
        toastError(first);
        return;
      }
      setAskPassword(true);
      return;
    }
    setAskPassword(false);
    const outcome = await confirming.confirm(payPassword ? { payPassword } : {});
    switch (outcome.status) {
      case 'busy':
        return;
      case 'invalid':
        toastError(outcome.error);
        return;
      case 'amountChanged':
        await notice(errorMessage(outcome.error));
        return;
      case 'failed':
        await notice(errorMessage(outcome.error));
        return;
      case 'placed':
        if (outcome.payment) await followPayment(outcome.payment);
        else await Taro.redirectTo({ url: OrderPages.success(outcome.order.id) });
        return;
    }
  };

  if (!boot) {
    return (
      <PageShell route="order/confirm">
        <Skeleton rows={5} />
      </PageShell>
    );
  }
  const b = checkout.breakdown;
  if (!boot.ok || cart.isEmpty || !b) {
    return (
      <PageShell route="order/confirm">
        <EmptyState
          title={t('pages.screens.order/confirm.title')}
          description={t('pages.screens.order/confirm.text')}
          actionText={t('pages.actions.goMenu')}
          onAction={() => void Taro.switchTab({ url: '/pages/user/index-tab-1' })}
        />
      </PageShell>
    );
  }
  const total = confirming.expectedTotal ?? b.amountToPay;
  const types = offeredOrderTypes(shop.shop);
  return (
    <PageShell route="order/confirm" className="confirm-page">
      <View className="order-type-switch order-type-switch--page">
        {types.map((type) => (
          <View
            key={type}
            id={`confirm-type-${type}`}
            className={`order-type-switch__item${checkout.orderType === type ? ' order-type-switch__item--on' : ''}`}
            onClick={() => session.setOrderType(type)}
          >
            <Text>{t(`orderType.${type}` as const)}</Text>
          </View>
        ))}
      </View>

      {checkout.orderType === OrderType.takeaway ? <TakeawayCard /> : null}
      {checkout.orderType === OrderType.selfPickup ? <PickupCard /> : null}
      {checkout.orderType === OrderType.dine ? <DineCard /> : null}
      {checkout.orderType === OrderType.appointment ? <AppointmentCard /> : null}

      <View className="card" id="confirm-lines">
        <Text className="card__title">{shop.shop?.name}</Text>
        {b.lines.map((l) => (
          <ConfirmLine key={l.flag} line={l} chosen={cart.line(l.flag)} />
        ))}
        {/* PRICE-11: the order's gifts and the offers the customer may accept */}
        <GiftsOffers />
      </View>

      <CartBreakdown breakdown={b} couponRow={<><CouponRow /><PromotionCodeRow /></>} pointsRow={<PointsRow />} />

      <PayTypes />

      <View className="card">
        <Text className="card__title">{t('pages.ordering.note')}</Text>
        <Textarea
          className="note-input"
          value={checkout.orderInfo.note}
          maxlength={140}
          placeholder={t('pages.ordering.notePlaceholder')}
          onInput={(e) => checkout.setOrderInfo({ note: e.detail.value })}
        />
      </View>

      <View className="submit-bar">
        <View className="submit-bar__sum">
          <Text className="submit-bar__label">{t('pages.ordering.payable')}</Text>
          <Money value={total} className="price--large" />
          {b.totalDiscount > 0 ? <Text className="cart-bar__saved">{t('pages.ordering.savedShort')}</Text> : null}
        </View>
        <View className={`submit-bar__go${confirming.submitting || order.paying ? ' submit-bar__go--busy' : ''}`} id="submit-order" onClick={() => void submit()}>
          {confirming.submitting || order.paying ? <View className="spinner spinner--small" /> : null}
          <Text>{t('pages.ordering.submit')}</Text>
        </View>
      </View>
      <PayPasswordKeyboard visible={askPassword} onClose={() => setAskPassword(false)} onComplete={(pwd) => void submit(pwd)} />
    </PageShell>
  );
});
