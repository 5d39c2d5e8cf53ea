import { useEffect, useState } from 'react';
import Taro, { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { FigureRow, OrderFigures } from '@/components/ordering/BreakdownRows';
import { Money } from '@/components/ordering/Money';
import { PayPasswordKeyboard } from '@/components/ordering/PayPasswordKeyboard';
import { followPayment } from '@/components/ordering/payment';
import { ask, toast, toastError } from '@/components/ordering/feedback';
import { dateTimeText } from '@/components/ordering/time-slots';
import { OrderStatus, OrderType, PayStatus, PayType } from '@/domain/enums';
import { orderProgress, showsPickupNumber } from '@/domain/order-status';
import * as money from '@/domain/money';
import { errorMessage, t, translate } from '@/i18n';
import { useOrderingStores } from '@/components/ordering/use-ordering-stores';
import { useLiveOrders } from '@/components/ordering/use-live-orders';
import '@/components/ordering/ordering.scss';
import { shopZone } from '@/domain/shop-time';

/**
 * user/order/detail (C§2, C§3 display fields, C§4 statuses, ORDER-8/9): status header and progress
 * line, the countdown to the server's payDeadline with pay and cancel, confirm delivered, delivery
 * info, the lines, the recorded breakdown, the order number (copyable), times, table and notes. An
 * order collected at the counter shows its pickup number large. While on screen the page follows the
 * live order channel: when the shop acts on the order it is fetched again and shown without a reload.
 */
export default observer(function UserOrderDetailPage() {
  const boot = useShopBoot();
  const { order, shop, session } = useOrderingStores();
  // the texts follow a language change
  void session.language;
  const params = useRouter().params as Record<string, string | undefined>;
  const orderId = Number(params.orderId ?? params.id);
  const [askPassword, setAskPassword] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (boot?.ok && orderId > 0) void order.loadDetail(orderId);
  }, [boot, orderId, order]);
  useLiveOrders(order, 'detail', Boolean(boot?.ok) && orderId > 0);
  // the countdown ticks each second; at zero the server has cancelled the order: show it
  useEffect(() => {
    const timer = setInterval(() => {
      const before = order.countdownMs;
      order.tick();
      if (before !== null && before > 0 && order.countdownMs === 0) setTimeout(() => void order.loadDetail(orderId), 1500);
    }, 1000);
    return () => clearInterval(timer);
  }, [order, orderId]);

  const d = order.detail?.id === orderId ? order.detail : null;
  const offset = shopZone(shop.shop);

  const pay = async (payPassword?: string) => {
    if (!d || busy) return;
    if (d.payType === PayType.vip && !payPassword) {
      setAskPassword(true);
      return;
    }
    setAskPassword(false);
    setBusy(true);
    const outcome = await order.pay(d.id, d.payType, payPassword ? { payPassword } : {});
    setBusy(false);
    await followPayment(outcome, false);
  };
  const cancel = async () => {
    if (!d || !(await ask(t('pages.ordering.cancelConfirm')))) return;
    const error = await order.cancel(d.id);
    if (error) toastError(error);
    else toast(t('pages.ordering.cancelled'));
  };
  const received = async () => {
    if (!d) return;
    const error = await order.confirmDelivered(d.id);
    if (error) toastError(error);
  };

  if (!boot || (order.detailLoading && !d)) {
    return (
      <PageShell route="user/order/detail">
        <Skeleton rows={6} />
      </PageShell>
    );
  }
  if (!d) {
    return (
      <PageShell route="user/order/detail">
        <EmptyState
          title={t('pages.screens.user/order/detail.title')}
          description={order.detailError ? errorMessage(order.detailError) : t('pages.screens.user/order/detail.text')}
          actionText={t('pages.actions.goOrders')}
          onAction={() => void Taro.switchTab({ url: '/pages/user/order/list' })}
        />
      </PageShell>
    );
  }
  const progress = orderProgress({ status: d.status, orderType: d.type });
  const pickupShown = showsPickupNumber({ status: d.status, orderType: d.type, daySeq: d.daySeq, atTable: Boolean(d.tableNo) });
  const actions = order.detailActions;
  const countdown = order.countdownMs;
  return (
    <PageShell route="user/order/detail" className="detail-page">
      <View className="status-header">
        <Text className="status-header__text" id="order-status">
          {order.detailStatusKey ? translate(order.detailStatusKey) : ''}
        </Text>
        {countdown !== null && countdown > 0 ? (
          <Text className="status-header__countdown" id="order-countdown">
            {t('pages.ordering.payWithin', { time: order.countdownText ?? '' })}
          </Text>
        ) : null}
        {pickupShown ? (
          <View className={`pickup-number${d.status === OrderStatus.delivered ? ' pickup-number--ready' : ''}`} id="pickup-number">
            <Text className="pickup-number__label">{t('pages.ordering.daySeqLabel')}</Text>
            <Text className="pickup-number__value" id="pickup-number-value">
              {d.daySeq}
            </Text>
            <Text className="pickup-number__hint">
              {d.status === OrderStatus.delivered ? t('pages.ordering.pickupReady') : t('pages.ordering.pickupWait')}
            </Text>
          </View>
        ) : null}
        {progress ? (
          <View className="progress">
            {progress.steps.map((step, i) => (
              <View key={step} className={`progress__step${i <= progress.index ? ' progress__step--done' : ''}`}>
                <View className="progress__dot" />
                <Text className="progress__label">{t(`pages.ordering.progress.${step}` as const)}</Text>
              </View>
            ))}
          </View>
        ) : null}
        <View className="status-header__actions">
          {actions.canCancel ? (
            <View className="ghost-button" id="cancel-order" onClick={() => void cancel()}>
              <Text>{t('pages.ordering.cancelOrder')}</Text>
            </View>
          ) : null}
          {actions.canPayAgain && countdown !== 0 ? (
            <View className="primary-button primary-button--inline" id="pay-again" onClick={() => void pay()}>
              {busy ? <View className="spinner spinner--small" /> : null}
              <Text>{t('pages.ordering.payNow')}</Text>
            </View>
          ) : null}
          {actions.canConfirmDelivered ? (
            <View className="primary-button primary-button--inline" id="confirm-delivered" onClick={() => void received()}>
              <Text>{t('pages.ordering.confirmDelivered')}</Text>
            </View>
          ) : null}
          {d.type === OrderType.takeaway && d.payStatus === PayStatus.success ? (
            <View className="ghost-button" id="delivery-info" onClick={() => void order.loadDeliveryInfo(d.orderNo)}>
              <Text>{t('pages.ordering.deliveryInfo')}</Text>
            </View>
          ) : null}
        </View>
      </View>

      {order.deliveryInfo && order.deliveryInfo.orderNo === d.orderNo ? (
        <View className="card">
          <Text className="card__title">{t('pages.ordering.deliveryInfo')}</Text>
          {order.deliveryInfo.riderName ? (
            <Text className="muted">
              {order.deliveryInfo.riderName} {order.deliveryInfo.riderPhone ?? ''}
            </Text>
          ) : null}
          {order.deliveryInfo.events.map((e, i) => (
            <Text key={i} className="muted">
              {dateTimeText(e.time, offset)} {e.text}
            </Text>
          ))}
          {order.deliveryInfo.events.length === 0 ? <Text className="muted">{t('pages.ordering.noDeliveryYet')}</Text> : null}
        </View>
      ) : null}

      {d.contact && (d.contact.contact_address || d.contact.contact_name) ? (
        <View className="card">
          <Text className="card__title">{d.type === OrderType.takeaway ? t('pages.ordering.deliverTo') : t('pages.ordering.picker')}</Text>
          {d.contact.contact_address ? <Text>{d.contact.contact_address}</Text> : null}
          <Text className="muted">
            {d.contact.contact_name} {d.contact.contact_phone}
          </Text>
        </View>
      ) : null}

      <View className="card" id="detail-lines">
        <Text className="card__title">{d.shopName}</Text>
        {d.lines.map((l) => (
          <View key={l.flag} className="confirm-line">
            <View className="confirm-line__main">
              <Text className="confirm-line__name">
                {/* PRICE-11 / PRICE-5: a free gift or an accepted offer says so */}
                {l.gift ? <Text className="tag tag--ok">{t('pages.ordering.giftTag')}</Text> : null}
                {l.offer ? <Text className="tag tag--warn">{l.points ? t('pages.ordering.pointRedeemTag') : t('pages.ordering.offerTag')}</Text> : null}
                {l.name}
              </Text>
              {[l.specName, l.tastesName, l.mealsetNames].filter(Boolean).length > 0 ? (
                <Text className="confirm-line__detail">{[l.specName, l.tastesName, l.mealsetNames].filter(Boolean).join(' / ')}</Text>
              ) : null}
            </View>
            <Text className="confirm-line__qty">×{l.quantity}</Text>
            {l.gift ? <Text className="confirm-line__amount" id={`detail-gift-${l.productId}`}>{t('pages.ordering.giftFree')}</Text> : <Money value={l.amount} className="confirm-line__amount" />}
          </View>
        ))}
      </View>

      {(() => {
        // ORDER-5: an appointment paid by its deposit shows the deposit paid and the rest due in the shop
        const deposit = d.type === OrderType.appointment && d.payStatus === PayStatus.success && d.paidAmount < d.total;
        return (
          <>
            <OrderFigures order={d} paid={d.payStatus === PayStatus.success && !deposit} />
            {deposit ? (
              <View className="card" id="detail-deposit">
                <FigureRow label={t('pages.ordering.depositPaid')} value={d.paidAmount} id="detail-deposit-paid" />
                <FigureRow label={t('pages.ordering.restDue')} value={money.toWire(money.clampZero(money.sub(d.total, d.paidAmount)), shop.numberDecimals)} kind="total" id="detail-rest-due" />
              </View>
            ) : null}
          </>
        );
      })()}

      <View className="card info-list">
        <View className="info-list__row" onClick={() => void Taro.setClipboardData({ data: d.orderNo }).catch(() => undefined)}>
          <Text className="muted">{t('pages.ordering.orderNoLabel')}</Text>
          <Text id="detail-order-no">{d.orderNo}</Text>
          <Text className="link">{t('pages.ordering.copy')}</Text>
        </View>
        {d.daySeq && !pickupShown ? (
          <View className="info-list__row">
            <Text className="muted">{t('pages.ordering.daySeqLabel')}</Text>
            <Text>{d.daySeq}</Text>
          </View>
        ) : null}
        <View className="info-list__row">
          <Text className="muted">{t('pages.ordering.orderType')}</Text>
          <Text>{t(`orderType.${d.type}` as const)}</Text>
        </View>
        <View className="info-list__row">
          <Text className="muted">{t('pages.ordering.orderTime')}</Text>
          <Text>{dateTimeText(d.createdAt, offset)}</Text>
        </View>
        <View className="info-list__row">
          <Text className="muted">{t('pages.ordering.payType')}</Text>
          <Text>{t(`payType.${d.payType}` as const)}</Text>
        </View>
        {d.tableNo ? (
          <View className="info-list__row">
            <Text className="muted">{t('pages.ordering.table')}</Text>
            <Text id="detail-table">{d.tableNo}</Text>
          </View>
        ) : null}
        {d.people ? (
          <View className="info-list__row">
            <Text className="muted">{t('pages.ordering.people')}</Text>
            <Text>{d.people}</Text>
          </View>
        ) : null}
        {d.deliveryTime !== null || d.pickupTime !== null ? (
          <View className="info-list__row">
            <Text className="muted">{d.type === OrderType.selfPickup ? t('pages.ordering.pickupTime') : t('pages.ordering.deliveryTime')}</Text>
            <Text>
              {(() => {
                const w = d.type === OrderType.selfPickup ? d.pickupTime : d.deliveryTime;
                return w === 'ASAP' || w === null ? t('pages.ordering.asap') : dateTimeText(w, offset);
              })()}
            </Text>
          </View>
        ) : null}
        {d.couponName ? (
          <View className="info-list__row">
            <Text className="muted">{t('pages.ordering.coupon')}</Text>
            <Text>{d.couponName}</Text>
          </View>
        ) : null}
        {d.note ? (
          <View className="info-list__row">
            <Text className="muted">{t('pages.ordering.note')}</Text>
            <Text>{d.note}</Text>
          </View>
        ) : null}
        {d.merchantNote ? (
          <View className="info-list__row">
            <Text className="muted">{t('pages.ordering.merchantNote')}</Text>
            <Text>{d.merchantNote}</Text>
          </View>
        ) : null}
      </View>
      <PayPasswordKeyboard visible={askPassword} onClose={() => setAskPassword(false)} onComplete={(pwd) => void pay(pwd)} />
    </PageShell>
  );
});
