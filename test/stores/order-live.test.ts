/**
 * The order store following the live order channel (staff act on an order, the customer sees it): one
 * socket for the pages that watch, each hello fetches again what is shown, an order frame fetches that
 * order only (order/detail — the frame's status is never shown), a failed or stale fetch keeps what is
 * shown, and the socket closes when the last page stops watching or the app hides.
 */
import { OrderStatus, PayStatus } from '../../src/domain/enums';
import type { SocketLike } from '../../src/realtime/types';
import { OrderStore, type OrderLiveDeps } from '../../src/stores/order';
import { FakeLifecycle, fail, ok } from '../support/fakes';
import { buildStores, orderDetail } from '../support/store-factories';

class FakeSocket implements SocketLike {
  closedWith: number | null = null;
  private messageCb?: (d: string) => void;
  private closeCb?: (code: number, reason: string) => void;
  constructor(readonly url: string) {}
  send() {}
  close(code?: number) {
    this.closedWith = code ?? 1000;
  }
  onOpen() {}
  onMessage(cb: (d: string) => void) {
    this.messageCb = cb;
  }
  onClose(cb: (code: number, reason: string) => void) {
    this.closeCb = cb;
  }
  onError() {}
  deliver(frame: unknown) {
    this.messageCb?.(JSON.stringify(frame));
  }
  drop(code = 1006) {
    this.closeCb?.(code, '');
  }
}

const frame = (id: number, status: OrderStatus = OrderStatus.confirmed) => ({
  type: 'order',
  id,
  shopId: 1,
  status,
  payStatus: PayStatus.success,
  updatedAt: 1_800_000_000_000,
});

/** Lets the fetches the store started answer. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(live: Partial<OrderLiveDeps> = {}) {
  const f = buildStores();
  const sockets: FakeSocket[] = [];
  const lifecycle = new FakeLifecycle();
  const order = new OrderStore({
    api: f.api,
    platform: f.platform,
    session: f.session,
    member: f.member,
    promotion: f.promotion,
    now: () => Date.now(),
    live: {
      socket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      lifecycle,
      socketOrigin: () => 'http://api.test',
      token: () => 'tok',
      ...live,
    },
  });
  const detailCalls = () =>
    f.transport.requests.filter((r) => r.url.endsWith('/order/detail')).map((r) => (r.data as { id: number }).id);
  const listCalls = () => f.transport.requests.filter((r) => r.url.endsWith('/order/list')).length;
  const last = () => sockets[sockets.length - 1];
  return { f, order, sockets, lifecycle, detailCalls, listCalls, last };
}

describe('OrderStore: the live order channel', () => {
  it('updates the order detail shown when the shop acts on it, by fetching it again', async () => {
    const t = setup();
    t.f.transport.on(
      'order/detail',
      ok(orderDetail({ id: 7, status: OrderStatus.pending })),
      ok(orderDetail({ id: 7, status: OrderStatus.pending })),
      ok(orderDetail({ id: 7, status: OrderStatus.confirmed })),
    );
    await t.order.loadDetail(7);
    const stop = t.order.watchLive('detail');
    expect(t.sockets).toHaveLength(1);
    expect(t.last().url).toBe('ws://api.test/ws/orders?token=tok');
    // subscribed: the order is fetched again (a change between the first load and now is not lost)
    t.last().deliver({ type: 'hello' });
    await settled();
    expect(t.detailCalls()).toEqual([7, 7]);
    expect(t.order.liveStatus).toBe('open');
    // another order of the customer changed: not on screen, nothing fetched
    t.last().deliver(frame(8));
    await settled();
    expect(t.detailCalls()).toEqual([7, 7]);
    // the order shown changed: fetched again; what is shown is the server's answer, not the frame
    t.last().deliver(frame(7, OrderStatus.refused));
    await settled();
    expect(t.detailCalls()).toEqual([7, 7, 7]);
    expect(t.order.detail?.status).toBe(OrderStatus.confirmed);
    expect(t.order.detailStatusKey).toBe('orderStatus.confirmed');
    // fetched silently: no error toast, no loading state
    expect(t.f.platform.ui.toasts).toEqual([]);
    stop();
    expect(t.last().closedWith).toBe(1000);
    expect(t.order.liveStatus).toBe('closed');
  });

  it('keeps what is shown when the fetch fails', async () => {
    const t = setup();
    t.f.transport.on('order/detail', ok(orderDetail({ id: 7, status: OrderStatus.pending })), fail('busy'));
    await t.order.loadDetail(7);
    t.order.watchLive('detail');
    t.last().deliver(frame(7));
    await settled();
    expect(t.order.detail?.status).toBe(OrderStatus.pending);
    expect(t.order.detailError).toBeNull();
    expect(t.f.platform.ui.toasts).toEqual([]);
  });

  it('updates the listed row of a changed order and refreshes the list after each (re)connect', async () => {
    const t = setup();
    const list = (status: OrderStatus) => ok({ list: [orderDetail({ id: 5 }), orderDetail({ id: 6, status })], total: 2, page: 1, pageLimit: 20 });
    t.f.transport.on('order/list', list(OrderStatus.pending), list(OrderStatus.pending), list(OrderStatus.confirmed_new));
    t.f.transport.on('order/detail', ok(orderDetail({ id: 6, status: OrderStatus.confirmed })));
    await t.order.setTab('all');
    t.order.watchLive('list');
    t.last().deliver({ type: 'hello' });
    await settled();
    expect(t.listCalls()).toBe(2);
    t.last().deliver(frame(6));
    await settled();
    expect(t.detailCalls()).toEqual([6]);
    expect(t.order.list.map((o) => o.status)).toEqual([OrderStatus.nopay, OrderStatus.confirmed]);
    // an order not listed: nothing fetched
    t.last().deliver(frame(99));
    await settled();
    expect(t.detailCalls()).toEqual([6]);
    // the app went to the background: closed; shown again: reconnects, and the list is loaded again
    t.lifecycle.emitHide();
    expect(t.sockets[0].closedWith).toBe(1000);
    t.lifecycle.emitShow();
    expect(t.sockets).toHaveLength(2);
    t.last().deliver({ type: 'hello' });
    await settled();
    expect(t.listCalls()).toBe(3);
    expect(t.order.list.map((o) => o.status)).toEqual([OrderStatus.nopay, OrderStatus.confirmed_new]);
  });

  it('shares one socket between the pages and closes it when the last one stops', () => {
    const t = setup();
    const stopList = t.order.watchLive('list');
    const stopDetail = t.order.watchLive('detail');
    expect(t.sockets).toHaveLength(1);
    stopDetail();
    stopDetail();
    expect(t.last().closedWith).toBeNull();
    stopList();
    expect(t.last().closedWith).toBe(1000);
    // closed for good: the app's show does not reopen it
    t.lifecycle.emitShow();
    expect(t.sockets).toHaveLength(1);
    // a page watching again opens a new one
    t.order.watchLive('detail');
    expect(t.sockets).toHaveLength(2);
  });

  it('drops an answer older than one already shown', async () => {
    const t = setup();
    let answerFirst: (v: unknown) => void = () => undefined;
    const slow = new Promise((resolve) => (answerFirst = resolve));
    const replies = [
      () => slow.then(() => ok(orderDetail({ id: 7, status: OrderStatus.pending }))),
      () => Promise.resolve(ok(orderDetail({ id: 7, status: OrderStatus.confirmed }))),
    ];
    const send = t.f.transport.send.bind(t.f.transport);
    jest.spyOn(t.f.transport, 'send').mockImplementation(async (req) => {
      if (!req.url.endsWith('/order/detail')) return send(req);
      t.f.transport.requests.push(req);
      return replies.shift()!();
    });
    const first = t.order.loadDetail(7);
    t.order.watchLive('detail');
    // the order changed while its first load is under way: the newer answer wins
    t.last().deliver(frame(7));
    await settled();
    expect(t.order.detail?.status).toBe(OrderStatus.confirmed);
    answerFirst(null);
    await first;
    expect(t.order.detail?.status).toBe(OrderStatus.confirmed);
  });

  it('opens nothing without a socket origin, without a token, or while the host socket is taken', () => {
    for (const live of [{ socketOrigin: () => '' }, { token: () => null }, { socketBusy: () => true }]) {
      const t = setup(live);
      const stop = t.order.watchLive('detail');
      expect(t.sockets).toHaveLength(0);
      stop();
    }
  });

  it('opens nothing in a store built without the live deps', () => {
    const f = buildStores();
    expect(() => f.order.watchLive('detail')()).not.toThrow();
  });
});
