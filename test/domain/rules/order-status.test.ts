import { en } from '@locales/en';
import { OrderSource, OrderStatus, OrderType } from '@/domain/enums';
import {
  canCancelOrder,
  canConfirmDelivered,
  canPayAgain,
  isFinalOrderStatus,
  orderProgress,
  orderStatusTextKey,
  ORDER_STATUS_TEXT_KEYS,
} from '@/domain/order-status';

const placed = Date.parse('2026-11-23T12:00:00+08:00');
const text = (status: OrderStatus, extra: { orderType?: OrderType; source?: string; ageS?: number } = {}) =>
  orderStatusTextKey({
    status,
    orderType: extra.orderType ?? OrderType.dine,
    source: extra.source,
    createdAt: placed,
    now: placed + (extra.ageS ?? 3600) * 1000,
  });

describe('order status text', () => {
  it.each([
    [OrderStatus.nopay_cancel, 'orderStatus.nopay_cancel'],
    [OrderStatus.need_pay, 'orderStatus.need_pay'],
    [OrderStatus.pending, 'orderStatus.pending'],
    [OrderStatus.successed, 'orderStatus.successed'],
    [OrderStatus.refund_fail, 'orderStatus.refund_fail'],
    [OrderStatus.refunding, 'orderStatus.refunding'],
    [OrderStatus.confirmed_new, 'orderStatus.confirmed_new'],
    [OrderStatus.wait_rider_pending, 'orderStatus.wait_rider_pending'],
    [OrderStatus.rider_confirmed, 'orderStatus.rider_confirmed'],
    [OrderStatus.rider_picked_up, 'orderStatus.rider_picked_up'],
    [OrderStatus.rider_delivery_exception, 'orderStatus.rider_delivery_exception'],
    [OrderStatus.confirmed, 'orderStatus.confirmed'],
    [OrderStatus.delivered, 'orderStatus.delivered'],
    [OrderStatus.refused, 'orderStatus.refused'],
    [OrderStatus.closed, 'orderStatus.closed'],
  ])('shows %s as %s', (status, key) => {
    expect(text(status)).toBe(key);
  });

  it('shows a refund as closed', () => {
    expect(text(OrderStatus.refund)).toBe('orderStatus.closed');
  });

  it('shows an unpaid order 59 seconds old as to be confirmed', () => {
    expect(text(OrderStatus.nopay, { ageS: 59 })).toBe('orderStatus.toBeConfirmed');
  });

  it('shows an unpaid order 61 seconds old as unpaid', () => {
    expect(text(OrderStatus.nopay, { ageS: 61 })).toBe('orderStatus.nopay');
  });

  it('shows an accepted chat-app takeaway order as in delivery', () => {
    expect(text(OrderStatus.confirmed, { orderType: OrderType.takeaway, source: OrderSource.weixin })).toBe('orderStatus.inDelivery');
    expect(text(OrderStatus.delivered, { orderType: OrderType.takeaway, source: OrderSource.weixin })).toBe('orderStatus.inDelivery');
  });

  it('has a text in the English locale for every key', () => {
    for (const key of ORDER_STATUS_TEXT_KEYS) {
      const leaf = key.replace('orderStatus.', '') as keyof typeof en.orderStatus;
      expect(typeof en.orderStatus[leaf]).toBe('string');
    }
  });

  it('gives every status a key from the published list', () => {
    for (const status of Object.values(OrderStatus)) {
      expect(ORDER_STATUS_TEXT_KEYS).toContain(text(status));
    }
  });
});

describe('order status permissions', () => {
  it('treats cancelled, completed, refunded, refused and closed orders as final', () => {
    const finals = Object.values(OrderStatus).filter(isFinalOrderStatus);
    expect(finals.sort()).toEqual(
      [OrderStatus.nopay_cancel, OrderStatus.successed, OrderStatus.refund, OrderStatus.refused, OrderStatus.closed].sort(),
    );
  });

  it('lets the customer cancel only unpaid orders', () => {
    expect(Object.values(OrderStatus).filter(canCancelOrder).sort()).toEqual([OrderStatus.need_pay, OrderStatus.nopay].sort());
  });

  it('lets the customer pay unpaid orders again', () => {
    expect(canPayAgain(OrderStatus.nopay)).toBe(true);
    expect(canPayAgain(OrderStatus.nopay_cancel)).toBe(false);
  });

  it('allows confirming delivery of accepted orders only', () => {
    expect(canConfirmDelivered(OrderStatus.rider_picked_up)).toBe(true);
    expect(canConfirmDelivered(OrderStatus.confirmed)).toBe(true);
    expect(canConfirmDelivered(OrderStatus.pending)).toBe(false);
    expect(canConfirmDelivered(OrderStatus.successed)).toBe(false);
  });
});

describe('order progress line', () => {
  it('shows five steps for takeaway and four without delivery for dine-in', () => {
    expect(orderProgress({ status: OrderStatus.pending, orderType: OrderType.takeaway })?.steps).toEqual([
      'placed',
      'accepted',
      'cooking',
      'delivering',
      'done',
    ]);
    expect(orderProgress({ status: OrderStatus.pending, orderType: OrderType.dine })?.steps).toEqual(['placed', 'accepted', 'cooking', 'done']);
  });

  it.each([
    [OrderStatus.pending, 'placed', 0],
    [OrderStatus.confirmed, 'accepted', 1],
    [OrderStatus.wait_rider_pending, 'cooking', 2],
    [OrderStatus.rider_picked_up, 'delivering', 3],
    [OrderStatus.successed, 'done', 4],
  ])('places a takeaway order in %s at step %s', (status, step, index) => {
    expect(orderProgress({ status, orderType: OrderType.takeaway })).toMatchObject({ step, index });
  });

  it('places an accepted chat-app takeaway order at delivering', () => {
    expect(orderProgress({ status: OrderStatus.confirmed, orderType: OrderType.takeaway, source: OrderSource.weixin })?.step).toBe('delivering');
  });

  it('finishes a dine-in order at the fourth step', () => {
    expect(orderProgress({ status: OrderStatus.successed, orderType: OrderType.dine })).toMatchObject({ step: 'done', index: 3 });
  });

  it('takes refused, refunded and closed orders off the progress line', () => {
    expect(orderProgress({ status: OrderStatus.refused, orderType: OrderType.takeaway })).toBeNull();
    expect(orderProgress({ status: OrderStatus.refund, orderType: OrderType.takeaway })).toBeNull();
    expect(orderProgress({ status: OrderStatus.closed, orderType: OrderType.takeaway })).toBeNull();
  });
});
