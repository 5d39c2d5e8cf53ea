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
  showsPickupNumber,
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
    [OrderStatus.wait_rider_pending, 'orderStatus.wait_rider_pending'],
    [OrderStatus.rider_confirmed, 'orderStatus.rider_confirmed'],
    [OrderStatus.rider_picked_up, 'orderStatus.rider_picked_up'],
    [OrderStatus.rider_delivery_exception, 'orderStatus.rider_delivery_exception'],
    [OrderStatus.confirmed, 'orderStatus.confirmed'],
    [OrderStatus.refused, 'orderStatus.refused'],
    [OrderStatus.closed, 'orderStatus.closed'],
  ])('shows %s as %s', (status, key) => {
    expect(text(status)).toBe(key);
  });

  it('shows a takeaway order being prepared as to be delivered and one handed over as merchant accepted (C§4)', () => {
    expect(text(OrderStatus.confirmed_new, { orderType: OrderType.takeaway })).toBe('orderStatus.confirmed_new');
    expect(text(OrderStatus.delivered, { orderType: OrderType.takeaway })).toBe('orderStatus.delivered');
    expect(text(OrderStatus.delivered, { orderType: OrderType.appointment })).toBe('orderStatus.delivered');
  });

  it('shows an order made in the shop as cooking, then ready for pickup — or ready when served at a table', () => {
    for (const orderType of [OrderType.selfPickup, OrderType.dine, OrderType.openTable]) {
      expect(text(OrderStatus.confirmed_new, { orderType })).toBe('orderStatus.cooking');
    }
    expect(text(OrderStatus.delivered, { orderType: OrderType.selfPickup })).toBe('orderStatus.readyForPickup');
    expect(text(OrderStatus.delivered, { orderType: OrderType.dine })).toBe('orderStatus.readyForPickup');
    expect(orderStatusTextKey({ status: OrderStatus.delivered, orderType: OrderType.dine, atTable: true, createdAt: placed, now: placed })).toBe(
      'orderStatus.ready',
    );
    expect(text(OrderStatus.delivered, { orderType: OrderType.openTable })).toBe('orderStatus.ready');
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

  it('places a ready order made in the shop after cooking, a handed-over takeaway order at accepted', () => {
    expect(orderProgress({ status: OrderStatus.delivered, orderType: OrderType.selfPickup })).toMatchObject({ step: 'cooking', index: 2 });
    expect(orderProgress({ status: OrderStatus.delivered, orderType: OrderType.takeaway })).toMatchObject({ step: 'accepted', index: 1 });
  });

  it('takes refused, refunded and closed orders off the progress line', () => {
    expect(orderProgress({ status: OrderStatus.refused, orderType: OrderType.takeaway })).toBeNull();
    expect(orderProgress({ status: OrderStatus.refund, orderType: OrderType.takeaway })).toBeNull();
    expect(orderProgress({ status: OrderStatus.closed, orderType: OrderType.takeaway })).toBeNull();
  });
});

describe('pickup number', () => {
  const shown = (status: OrderStatus, orderType: OrderType, extra: { daySeq?: number | null; atTable?: boolean } = {}) =>
    showsPickupNumber({ status, orderType, daySeq: extra.daySeq === undefined ? 12 : extra.daySeq, atTable: extra.atTable ?? false });

  it('is shown for an order collected at the counter once paid or accepted, until it is over', () => {
    for (const status of [OrderStatus.pending, OrderStatus.confirmed, OrderStatus.confirmed_new, OrderStatus.delivered]) {
      expect(shown(status, OrderType.selfPickup)).toBe(true);
      expect(shown(status, OrderType.dine)).toBe(true);
    }
    for (const status of [OrderStatus.nopay, OrderStatus.nopay_cancel, OrderStatus.successed, OrderStatus.refused, OrderStatus.refunding, OrderStatus.closed]) {
      expect(shown(status, OrderType.selfPickup)).toBe(false);
    }
  });

  it('is not shown without a number, for delivered or table orders', () => {
    expect(shown(OrderStatus.confirmed, OrderType.selfPickup, { daySeq: null })).toBe(false);
    expect(shown(OrderStatus.confirmed, OrderType.selfPickup, { daySeq: 0 })).toBe(false);
    expect(shown(OrderStatus.confirmed, OrderType.takeaway)).toBe(false);
    expect(shown(OrderStatus.confirmed, OrderType.dine, { atTable: true })).toBe(false);
    expect(shown(OrderStatus.confirmed, OrderType.openTable)).toBe(false);
  });
});
