/**
 * The order pages following the live order channel, on a RootStore built on fakes with a fake socket:
 * the detail page subscribes while shown, fetches the order again on the server's hello and on a
 * frame naming it, and shows the new status (and the pickup number, large) without a reload; it
 * closes the socket when it hides or unmounts. The orders tab updates the row of a changed order.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { setLanguage } from '@/i18n';
import OrderListPage from '@/pages/user/order/list';
import UserOrderDetailPage from '@/pages/user/order/detail';
import { OrderStatus, OrderType, PayStatus } from '@/domain/enums';
import type { SocketLike } from '@/realtime/types';
import { StoresProvider } from '@/stores';
import { buildOrderingStores, type OrderingBuilder } from '@/stores/ordering';
import { ORDER_PAGE_LIMIT } from '@/stores/order';
import type { RootStore } from '@/stores/root';
import { firePageEvent } from '../support/taro-shim';
import { ok } from '../support/fakes';
import { NOON, fakeRoot, orderDetail, paySetting, shopDetail, typesBody, menuBody, userProfile } from '../support/store-factories';

jest.setTimeout(30_000);

const mockParams: Record<string, string> = {};
jest.mock('@tarojs/taro', () => ({ ...jest.requireActual('@tarojs/taro'), useRouter: () => ({ params: mockParams }) }));

const TOKEN = 'c'.repeat(64);

class FakeSocket implements SocketLike {
  closedWith: number | null = null;
  private messageCb?: (d: string) => void;
  constructor(readonly url: string) {}
  send() {}
  close(code?: number) {
    this.closedWith = code ?? 1000;
  }
  onOpen() {}
  onMessage(cb: (d: string) => void) {
    this.messageCb = cb;
  }
  onClose() {}
  onError() {}
  deliver(frame: unknown) {
    act(() => this.messageCb?.(JSON.stringify(frame)));
  }
}

const changed = (id: number, status: OrderStatus) => ({ type: 'order', id, shopId: 1, status, payStatus: PayStatus.success, updatedAt: NOON });

/** A started RootStore of shop 1 whose order pages open fake sockets. */
function buildRoot() {
  const sockets: FakeSocket[] = [];
  const build: OrderingBuilder = (deps) =>
    buildOrderingStores({
      ...deps,
      platform: {
        ...deps.platform,
        socket: (url) => {
          const s = new FakeSocket(url);
          sockets.push(s);
          return s;
        },
      },
    });
  const { root, transport } = fakeRoot({ now: () => NOON, ordering: { now: build, load: () => Promise.resolve({ buildOrderingStores: build }) } });
  root.start({ id: '1' });
  transport
    .on('user/h5entry', ok({ token: TOKEN, expiresAt: Date.now() + 3_600_000, shopId: 1, user: userProfile({ id: 1, openid: 'device-1' }) }))
    .on('store/detail', ok(shopDetail({ id: 1 })))
    .on('store/paySetting', ok(paySetting()))
    .on('store/memberSetting', ok({}))
    .on('store/publicProductTypes', ok(typesBody(1, [])))
    .on('store/productTypes', ok(typesBody(1, [])))
    .on('store/products', ok(menuBody(1, [])))
    .on('store/vipInfo', ok({ vipInfo: null, memberSetting: {}, levels: [], version: 1, unchanged: false }))
    .on('activity/list', ok({ list: [] }))
    .on('activity/couponList', ok({ list: [] }));
  const detailCalls = () => transport.requests.filter((r) => r.url.endsWith('/order/detail')).length;
  const last = () => sockets[sockets.length - 1];
  return { root, transport, sockets, detailCalls, last };
}

function renderWith(root: RootStore, page: JSX.Element) {
  return render(<StoresProvider value={root}>{page}</StoresProvider>);
}

const pickup = (status: OrderStatus) =>
  orderDetail({ id: 42, orderNo: 'N42', type: OrderType.selfPickup, status, payStatus: PayStatus.success, daySeq: 12 });

describe('order pages, live', () => {
  const saved = process.env.API_BASE_URL;
  beforeEach(() => {
    // the socket's origin (in a browser: the page's own, in a mini program: the built-in API origin)
    process.env.API_BASE_URL = 'http://api.test';
    setLanguage('zh-CN');
    jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' });
    jest.spyOn(Taro, 'setTabBarItem').mockResolvedValue({ errMsg: 'ok' });
    jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => undefined);
    mockParams.orderId = '42';
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.API_BASE_URL;
    else process.env.API_BASE_URL = saved;
    jest.restoreAllMocks();
  });

  it('the order detail shows the shop accepting and then readying the order, without a reload', async () => {
    const t = buildRoot();
    t.transport.on(
      'order/detail',
      ok(pickup(OrderStatus.pending)),
      ok(pickup(OrderStatus.pending)),
      ok(pickup(OrderStatus.confirmed)),
      ok(pickup(OrderStatus.delivered)),
    );
    const { container, unmount } = renderWith(t.root, <UserOrderDetailPage />);
    await waitFor(() => expect(container.querySelector('#order-status')?.textContent).toBe('待接单'));
    // the pickup number, large, with what to do with it
    expect(container.querySelector('#pickup-number-value')?.textContent).toBe('12');
    expect(screen.getByText('餐品备好后，请凭此号取餐')).toBeTruthy();
    await waitFor(() => expect(t.sockets).toHaveLength(1));
    expect(t.last().url).toBe(`ws://api.test/ws/orders?token=${TOKEN}`);

    // subscribed: the order is fetched again
    t.last().deliver({ type: 'hello' });
    await waitFor(() => expect(t.detailCalls()).toBe(2));
    // the shop accepts: the page shows it
    t.last().deliver(changed(42, OrderStatus.confirmed));
    await waitFor(() => expect(container.querySelector('#order-status')?.textContent).toBe('商家已接单'));
    expect(t.detailCalls()).toBe(3);
    // ready: the status and the pickup block say so
    t.last().deliver(changed(42, OrderStatus.delivered));
    await waitFor(() => expect(container.querySelector('#order-status')?.textContent).toBe('已出餐，请取餐'));
    expect(screen.getByText('餐品已备好，请凭此号到柜台取餐')).toBeTruthy();
    expect(container.querySelector('.pickup-number--ready')).not.toBeNull();
    // another order's change fetches nothing
    t.last().deliver(changed(43, OrderStatus.confirmed));
    expect(t.detailCalls()).toBe(4);

    // the page hides (another page opened over it): the socket closes; shown again: a new one
    act(() => firePageEvent('hide'));
    expect(t.sockets[0].closedWith).toBe(1000);
    act(() => firePageEvent('show'));
    expect(t.sockets).toHaveLength(2);
    unmount();
    expect(t.sockets[1].closedWith).toBe(1000);
  });

  it('the orders tab updates the row of an order the shop changed', async () => {
    const t = buildRoot();
    const page = ok({ list: [orderDetail({ id: 42, status: OrderStatus.pending, shopName: '面馆' })], total: 1, page: 1, pageLimit: ORDER_PAGE_LIMIT });
    t.transport.on('order/list', page);
    t.transport.on('order/detail', ok(orderDetail({ id: 42, status: OrderStatus.confirmed, shopName: '面馆' })));
    const { container, unmount } = renderWith(t.root, <OrderListPage />);
    await waitFor(() => expect(container.querySelector('#order-42 .order-row__status')?.textContent).toBe('待接单'));
    await waitFor(() => expect(t.sockets).toHaveLength(1));
    t.last().deliver(changed(42, OrderStatus.confirmed));
    await waitFor(() => expect(container.querySelector('#order-42 .order-row__status')?.textContent).toBe('商家已接单'));
    unmount();
    expect(t.last().closedWith).toBe(1000);
  });
});
