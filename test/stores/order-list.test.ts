import { ErrorCode } from '../../src/domain/errors';
import { ORDER_PAGE_LIMIT, formatCountdown } from '../../src/stores/order';
import { fail, ok } from '../support/fakes';
import { NOON, buildStores, orderDetail } from '../support/store-factories';

const MINUTE = 60 * 1000;
const page = (ids: number[], total: number, n: number) =>
  ok({ list: ids.map((id) => orderDetail({ id, orderNo: `N${id}` })), total, page: n, pageLimit: ORDER_PAGE_LIMIT });
/** Ids from `from` to `to`, newest first as the server lists them. */
const ids = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

describe('OrderStore: list (ORDER-9)', () => {
  it('loads the first page of a tab', async () => {
    const f = buildStores();
    f.transport.on('order/list', page([1, 2], 2, 1));
    await f.order.setTab('unpaid');
    expect(f.order.list.map((o) => o.id)).toEqual([1, 2]);
    expect(f.transport.last?.data).toEqual({ tab: 'unpaid', page: 1, pageLimit: ORDER_PAGE_LIMIT });
  });

  it('asks for the next page with the page size of the contract', async () => {
    const f = buildStores();
    f.transport.on('order/list', page(ids(45, 26), 45, 1), page(ids(25, 6), 45, 2));
    await f.order.setTab('all');
    await f.order.loadMore();
    expect(f.transport.last?.data).toEqual({ tab: 'all', page: 2, pageLimit: ORDER_PAGE_LIMIT });
  });

  it('appends the next page and stops at the total', async () => {
    const f = buildStores();
    // 25 orders: a full page of 20, then 5
    f.transport.on('order/list', page(ids(25, 6), 25, 1), page(ids(5, 1), 25, 2));
    await f.order.setTab('all');
    await f.order.loadMore();
    expect(f.order.list.length).toEqual(25);
    expect(f.order.list[20].id).toEqual(5);
    expect(f.order.hasMore).toEqual(false);
  });

  it('asks nothing more once every order is listed', async () => {
    const f = buildStores();
    f.transport.on('order/list', page([1], 1, 1));
    await f.order.setTab('all');
    await f.order.loadMore();
    expect(f.transport.requests.length).toBe(1);
  });

  it('treats a short page as the last one even when orders placed meanwhile raised the total', async () => {
    const f = buildStores();
    // page 1 held 40…21; an order placed since shifts 21 onto page 2, which repeats it
    f.transport.on('order/list', page(ids(40, 21), 40, 1), page(ids(21, 3), 41, 2));
    await f.order.setTab('all');
    await f.order.loadMore();
    // page 2 answers 21…3 (19 rows): 20 + 18 new (21 was listed already) = 38 < 41, but 19 < 20 rows: nothing follows
    expect(f.order.list.length).toEqual(38);
    expect(f.order.hasMore).toEqual(false);
  });

  it('refreshes from the first page', async () => {
    const f = buildStores();
    f.transport.on('order/list', page(ids(25, 6), 25, 1), page(ids(5, 1), 25, 2), page(ids(26, 7), 26, 1));
    await f.order.setTab('all');
    await f.order.loadMore();
    await f.order.refresh();
    expect(f.order.list.length).toEqual(20);
    expect(f.order.list[0].id).toEqual(26);
    expect(f.order.hasMore).toEqual(true);
  });

  it('lists a newly placed order first after a refresh', async () => {
    const f = buildStores();
    f.transport.on('order/list', page([2, 1], 2, 1), page([3, 2, 1], 3, 1));
    await f.order.setTab('all');
    await f.order.refresh();
    expect(f.order.list.map((o) => o.id)).toEqual([3, 2, 1]);
  });

  it('shows the tab chosen last when the customer switches tabs before a page arrives', async () => {
    const f = buildStores();
    f.transport.on('order/list', page([7], 1, 1), page([8], 1, 1));
    const first = f.order.setTab('unpaid');
    const second = f.order.setTab('completed');
    await Promise.all([first, second]);
    expect(f.order.tab).toEqual('completed');
    expect(f.order.list.map((o) => o.id)).toEqual([8]);
    expect(f.order.listLoading).toEqual(false);
  });

  it('keeps the failure of a page so the list can offer a retry', async () => {
    const f = buildStores();
    f.transport.on('order/list', fail('Server busy', ErrorCode.serverError));
    await f.order.setTab('all');
    expect(f.order.listError?.code).toEqual(ErrorCode.serverError);
    expect(f.order.list).toEqual([]);
    expect(f.order.listLoading).toEqual(false);
  });

  it('clears the failure when the retry loads the page', async () => {
    const f = buildStores();
    f.transport.on('order/list', fail('Server busy', ErrorCode.serverError), page([1], 1, 1));
    await f.order.setTab('all');
    await f.order.setTab('all');
    expect(f.order.listError).toEqual(null);
    expect(f.order.list.map((o) => o.id)).toEqual([1]);
  });

  it('runs one refresh when the list is pulled twice before the first page arrives', async () => {
    const f = buildStores();
    f.transport.on('order/list', page([1], 1, 1));
    await f.order.setTab('all');
    await Promise.all([f.order.refresh(), f.order.refresh()]);
    expect(f.transport.requests.length).toBe(2);
  });

  it('does not load the next page while a refresh runs', async () => {
    const f = buildStores();
    f.transport.on('order/list', page(ids(25, 6), 25, 1));
    await f.order.setTab('all');
    const refreshing = f.order.refresh();
    await f.order.loadMore();
    await refreshing;
    expect(f.transport.requests.map((r) => (r.data as { page: number }).page)).toEqual([1, 1]);
  });
});

describe('OrderStore: detail and countdown (ORDER-8)', () => {
  it('counts down to payDeadline', async () => {
    const f = buildStores({ now: NOON + 5 * MINUTE });
    f.transport.on('order/detail', ok(orderDetail({ payDeadline: NOON + 15 * MINUTE })));
    await f.order.loadDetail(501);
    // 15 − 5 = 10 minutes left
    expect(f.order.countdownMs).toEqual(10 * MINUTE);
    expect(f.order.countdownText).toEqual('10:00');
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
    expect(f.order.countdownMs).toEqual(0);
    expect(f.order.detailActions.canPayAgain).toEqual(false);
  });

  it('has no countdown for a paid order', async () => {
    const f = buildStores();
    f.transport.on('order/detail', ok(orderDetail({ status: 'pending', payStatus: 1, payDeadline: null })));
    await f.order.loadDetail(501);
    expect(f.order.countdownMs).toBeNull();
  });

  it('formats minutes and seconds, rounding partial seconds up', () => {
    expect(formatCountdown(61_001)).toEqual('01:02');
    expect(formatCountdown(0)).toEqual('00:00');
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
    expect(f.order.detail?.status).toEqual('nopay_cancel');
    expect(f.order.detailActions).toEqual({ canCancel: false, canPayAgain: false, canConfirmDelivered: false });
  });

  it('announces a placed order to the shop once, however often its success page opens (C§7)', async () => {
    const f = buildStores();
    f.transport.on('order/sendProductOrderSuccess', ok('ok'));
    await Promise.all([f.order.announcePlaced(501), f.order.announcePlaced(501)]);
    await f.order.announcePlaced(502);
    const sent = f.transport.requests.filter((r) => r.url.endsWith('/order/sendProductOrderSuccess')).map((r) => r.data);
    expect(sent).toEqual([{ id: 501 }, { id: 502 }]);
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
    expect(f.order.deliveryInfo?.riderName).toEqual('Wang');
    expect(f.transport.last?.data).toEqual({ orderNo: 'N501' });
  });

  it('settles a payment on "check whether paid"', async () => {
    const f = buildStores();
    f.transport.on('order/detail', ok(orderDetail()));
    await f.order.loadDetail(501);
    f.transport.on('order/payQuery', ok({ id: 501, status: 'pending', payStatus: 1, paidAmount: 20 }));
    expect(await f.order.checkPaid(501)).toEqual({ status: 'paid', orderId: 501 });
    expect(f.order.detail?.status).toEqual('pending');
  });
});
