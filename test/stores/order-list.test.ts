import { ErrorCode } from '../../src/domain/errors';
import { ORDER_PAGE_LIMIT, formatCountdown } from '../../src/stores/order';
import { fail, ok } from '../support/fakes';
import { NOON, buildStores, orderDetail } from '../support/store-factories';

const MINUTE = 60 * 1000;
const page = (ids: number[], total: number, n: number) =>
  ok({ list: ids.map((id) => orderDetail({ id, orderNo: `N${id}` })), total, page: n, pageLimit: ORDER_PAGE_LIMIT });

describe('OrderStore: list (ORDER-9)', () => {
  it('loads the first page of a tab', async () => {
    const f = buildStores();
    f.transport.on('order/list', page([1, 2], 2, 1));
    await f.order.setTab('unpaid');
    expect([f.order.list.map((o) => o.id), f.transport.last?.data]).toEqual([[1, 2], { tab: 'unpaid', page: 1, pageLimit: ORDER_PAGE_LIMIT }]);
  });

  it('appends the next page and stops at the total', async () => {
    const f = buildStores();
    f.transport.on('order/list', page([1, 2], 3, 1), page([3], 3, 2));
    await f.order.setTab('all');
    await f.order.loadMore();
    expect([f.order.list.map((o) => o.id), f.order.hasMore]).toEqual([[1, 2, 3], false]);
  });

  it('asks nothing more once every order is listed', async () => {
    const f = buildStores();
    f.transport.on('order/list', page([1], 1, 1));
    await f.order.setTab('all');
    await f.order.loadMore();
    expect(f.transport.requests.length).toBe(1);
  });

  it('refreshes from the first page', async () => {
    const f = buildStores();
    f.transport.on('order/list', page([1, 2], 3, 1), page([3], 3, 2), page([9, 1], 4, 1));
    await f.order.setTab('all');
    await f.order.loadMore();
    await f.order.refresh();
    expect(f.order.list.map((o) => o.id)).toEqual([9, 1]);
  });
});

describe('OrderStore: detail and countdown (ORDER-8)', () => {
  it('counts down to payDeadline', async () => {
    const f = buildStores({ now: NOON + 5 * MINUTE });
    f.transport.on('order/detail', ok(orderDetail({ payDeadline: NOON + 15 * MINUTE })));
    await f.order.loadDetail(501);
    // 15 − 5 = 10 minutes left
    expect([f.order.countdownMs, f.order.countdownText]).toEqual([10 * MINUTE, '10:00']);
  });

  it('moves the countdown with the clock', async () => {
    const f = buildStores({ now: NOON });
    f.transport.on('order/detail', ok(orderDetail({ payDeadline: NOON + 15 * MINUTE })));
    await f.order.loadDetail(501);
    f.order.tick(NOON + 14 * MINUTE + 30 * 1000);
    expect(f.order.countdownText).toBe('00:30');
  });

  it('stops at zero and no longer offers to pay after the deadline', async () => {
    const f = buildStores({ now: NOON });
    f.transport.on('order/detail', ok(orderDetail({ payDeadline: NOON + 15 * MINUTE })));
    await f.order.loadDetail(501);
    f.order.tick(NOON + 16 * MINUTE);
    expect([f.order.countdownMs, f.order.detailActions.canPayAgain]).toEqual([0, false]);
  });

  it('has no countdown for a paid order', async () => {
    const f = buildStores();
    f.transport.on('order/detail', ok(orderDetail({ status: 'pending', payStatus: 1, payDeadline: null })));
    await f.order.loadDetail(501);
    expect(f.order.countdownMs).toBeNull();
  });

  it('formats minutes and seconds, rounding partial seconds up', () => {
    expect([formatCountdown(61_001), formatCountdown(0)]).toEqual(['01:02', '00:00']);
  });

  it('shows "to be confirmed" for an unpaid order under 60 seconds old', async () => {
    const f = buildStores({ now: NOON + 30 * 1000 });
    f.transport.on('order/detail', ok(orderDetail({ createdAt: NOON })));
    await f.order.loadDetail(501);
    expect(f.order.detailStatusKey).toBe('orderStatus.toBeConfirmed');
  });

  it('keeps "Get order detail failed" when the detail cannot be read', async () => {
    const f = buildStores();
    f.transport.on('order/detail', fail('not found', ErrorCode.orderNotFound));
    await f.order.loadDetail(501);
    expect(f.order.detailError).toEqual({ code: ErrorCode.getOrderDetailFailed });
  });
});

describe('OrderStore: actions on an order', () => {
  it('cancels an unpaid order', async () => {
    const f = buildStores();
    f.transport.on('order/detail', ok(orderDetail()));
    await f.order.loadDetail(501);
    f.transport.on('order/close', ok({ id: 501, status: 'nopay_cancel', payStatus: 3 }));
    await f.order.cancel(501);
    expect([f.order.detail?.status, f.order.detailActions]).toEqual([
      'nopay_cancel',
      { canCancel: false, canPayAgain: false, canConfirmDelivered: false },
    ]);
  });

  it('offers cancel and pay again while an order is unpaid and in time', async () => {
    const f = buildStores();
    f.transport.on('order/detail', ok(orderDetail()));
    await f.order.loadDetail(501);
    expect(f.order.detailActions).toEqual({ canCancel: true, canPayAgain: true, canConfirmDelivered: false });
  });

  it('confirms an accepted order as delivered', async () => {
    const f = buildStores();
    f.transport.on('order/list', page([501], 1, 1));
    await f.order.setTab('inProgress');
    f.transport.on('order/confirmDelivered', ok({ id: 501, status: 'successed', payStatus: 1 }));
    await f.order.confirmDelivered(501);
    expect(f.order.list[0].status).toBe('successed');
  });

  it('reads the delivery info of a takeaway order', async () => {
    const f = buildStores();
    const info = { orderNo: 'N501', status: 'rider_picked_up', riderName: 'Wang', riderPhone: '13900000000', riderGps: null, estimatedArrival: null, events: [] };
    f.transport.on('order/deliveryInfo', ok(info));
    await f.order.loadDeliveryInfo('N501');
    expect([f.order.deliveryInfo?.riderName, f.transport.last?.data]).toEqual(['Wang', { orderNo: 'N501' }]);
  });

  it('settles a payment on "check whether paid"', async () => {
    const f = buildStores();
    f.transport.on('order/detail', ok(orderDetail()));
    await f.order.loadDetail(501);
    f.transport.on('order/payQuery', ok({ id: 501, status: 'pending', payStatus: 1, paidAmount: 20 }));
    expect([await f.order.checkPaid(501), f.order.detail?.status]).toEqual([{ status: 'paid', orderId: 501 }, 'pending']);
  });
});
