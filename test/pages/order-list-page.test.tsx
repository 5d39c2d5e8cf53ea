/**
 * The orders tab (ORDER-9) on a RootStore built on fakes: tabs by status with an empty state each,
 * the next page when the page reaches the bottom, "no more" after the last one, and pull-to-refresh
 * (the page event, and the pull gesture measured on the list for hosts whose page event does not come).
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { setLanguage } from '@/i18n';
import OrderListPage from '@/pages/user/order/list';
import { StoresProvider } from '@/stores';
import { ORDER_PAGE_LIMIT } from '@/stores/order';
import { buildOrderingStores } from '@/stores/ordering';
import { RootStore, type OrderingLoader } from '@/stores/root';
import { firePageEvent } from '../support/taro-shim';
import { FakeTransport, ok } from '../support/fakes';
import { NOON, fakeRoot, orderDetail, paySetting, shopDetail, typesBody, menuBody, userProfile } from '../support/store-factories';

// the first render loads the page's whole module graph under babel
jest.setTimeout(30_000);

const TOKEN = 'c'.repeat(64);

/** Ids from `from` down to `to` (the server lists newest first). */
const ids = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);
const listPage = (list: number[], total: number, page: number) =>
  ok({ list: list.map((id) => orderDetail({ id, orderNo: `N${id}`, shopName: '面馆' })), total, page, pageLimit: ORDER_PAGE_LIMIT });

/**
 * A started RootStore for shop 1 whose boot calls are scripted; `order/list` is left to each test.
 * `ordering`: the loader of the menu, cart and pricing (the test's own: built at once by default).
 */
function buildRoot(ordering?: OrderingLoader) {
  const { root, transport } = fakeRoot({ now: () => NOON, ordering });
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
  return { root, transport };
}

const listRequests = (transport: FakeTransport) =>
  transport.requests.filter((r) => r.url.endsWith('/order/list')).map((r) => r.data as { tab: string; page: number });

function renderPage(root: RootStore) {
  return render(
    <StoresProvider value={root}>
      <OrderListPage />
    </StoresProvider>,
  );
}

describe('orders tab (ORDER-9)', () => {
  beforeEach(() => {
    setLanguage('zh-CN');
    jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' });
    jest.spyOn(Taro, 'setTabBarItem').mockResolvedValue({ errMsg: 'ok' });
    jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('loads the next page when the page reaches the bottom and then says there are no more', async () => {
    const { root, transport } = buildRoot();
    // 25 orders: 20, then 5
    transport.on('order/list', listPage(ids(25, 6), 25, 1), listPage(ids(5, 1), 25, 2));
    const { container } = renderPage(root);
    await waitFor(() => expect(container.querySelectorAll('.order-row').length).toBe(20));
    act(() => firePageEvent('reachBottom'));
    await waitFor(() => expect(container.querySelectorAll('.order-row').length).toBe(25));
    expect(screen.getByText('没有更多了')).toBeTruthy();
  });

  it('asks for no page after the last one when the page reaches the bottom again', async () => {
    const { root, transport } = buildRoot();
    transport.on('order/list', listPage(ids(3, 1), 3, 1));
    const { container } = renderPage(root);
    await waitFor(() => expect(container.querySelectorAll('.order-row').length).toBe(3));
    const before = listRequests(transport).length;
    act(() => firePageEvent('reachBottom'));
    expect(listRequests(transport).length).toBe(before);
  });

  it('shows a newly placed order first after the page is pulled down', async () => {
    const { root, transport } = buildRoot();
    transport.on('order/list', listPage([2, 1], 2, 1), listPage([3, 2, 1], 3, 1));
    const { container } = renderPage(root);
    await waitFor(() => expect(container.querySelectorAll('.order-row').length).toBe(2));
    act(() => firePageEvent('pullDownRefresh'));
    await waitFor(() => expect(container.querySelector('.order-row')?.id).toBe('order-3'));
    expect(Taro.stopPullDownRefresh).toHaveBeenCalled();
  });

  it('refreshes when a finger pulls the list down from the top', async () => {
    const { root, transport } = buildRoot();
    transport.on('order/list', listPage([2, 1], 2, 1), listPage([3, 2, 1], 3, 1));
    const { container } = renderPage(root);
    await waitFor(() => expect(container.querySelectorAll('.order-row').length).toBe(2));
    const rows = container.querySelector('#order-rows') as HTMLElement;
    fireEvent.touchStart(rows, { touches: [{ clientY: 100 }] });
    fireEvent.touchEnd(rows, { touches: [], changedTouches: [{ clientY: 260 }] });
    await waitFor(() => expect(container.querySelector('.order-row')?.id).toBe('order-3'));
  });

  it('names each pull state on the way (C§4): pulling, reached, refreshing, restoring, then rests; a short pull aborts', async () => {
    const { root, transport } = buildRoot();
    transport.on('order/list', listPage([2, 1], 2, 1));
    const { container } = renderPage(root);
    await waitFor(() => expect(container.querySelectorAll('.order-row').length).toBe(2));
    const rows = container.querySelector('#order-rows') as HTMLElement;
    const indicator = () => container.querySelector('#pull-indicator')?.textContent ?? null;

    // 50 px down: under the 80 px threshold; letting go there aborts and refreshes nothing
    const before = listRequests(transport).length;
    fireEvent.touchStart(rows, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(rows, { touches: [{ clientY: 150 }] });
    expect(indicator()).toBe('下拉刷新');
    fireEvent.touchEnd(rows, { touches: [], changedTouches: [{ clientY: 150 }] });
    await waitFor(() => expect(indicator()).toBeNull());
    expect(listRequests(transport).length).toBe(before);

    transport.on('order/list', listPage([3, 2, 1], 3, 1));
    fireEvent.touchStart(rows, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(rows, { touches: [{ clientY: 185 }] });
    expect(indicator()).toBe('释放立即刷新');
    fireEvent.touchEnd(rows, { touches: [], changedTouches: [{ clientY: 185 }] });
    expect(indicator()).toBe('正在刷新…');
    await waitFor(() => expect(indicator()).toBe('刷新完成'));
    expect(container.querySelector('.order-row')?.id).toBe('order-3');
    await waitFor(() => expect(indicator()).toBeNull());
  });

  it('does not refresh on a downward swipe while the page is scrolled down', async () => {
    const { root, transport } = buildRoot();
    transport.on('order/list', listPage(ids(25, 6), 25, 1));
    const { container } = renderPage(root);
    await waitFor(() => expect(container.querySelectorAll('.order-row').length).toBe(20));
    const before = listRequests(transport).length;
    act(() => firePageEvent('pageScroll', { scrollTop: 600 }));
    const rows = container.querySelector('#order-rows') as HTMLElement;
    fireEvent.touchStart(rows, { touches: [{ clientY: 100 }] });
    fireEvent.touchEnd(rows, { touches: [], changedTouches: [{ clientY: 400 }] });
    expect(listRequests(transport).length).toBe(before);
  });

  it('lists the orders without loading the menu, cart and pricing (H5 keeps them in a chunk of their own)', async () => {
    // the H5 loader: nothing at hand, the module when asked
    const load = jest.fn(() => Promise.resolve({ buildOrderingStores }));
    const { root, transport } = buildRoot({ now: null, load });
    transport.on('order/list', listPage([2, 1], 2, 1));
    const { container } = renderPage(root);
    await waitFor(() => expect(container.querySelectorAll('.order-row').length).toBe(2));
    expect(load).not.toHaveBeenCalled();
    expect(root.orderingReady).toBe(false);
    // nor asks for a menu
    expect(transport.requests.filter((r) => /store\/(products|productTypes|publicProductTypes)$/.test(r.url))).toEqual([]);
  });

  it('names what the chosen tab would list when it has no orders', async () => {
    const { root, transport } = buildRoot();
    transport.on('order/list', listPage([1], 1, 1), listPage([], 0, 1));
    const { container } = renderPage(root);
    await waitFor(() => expect(container.querySelectorAll('.order-row').length).toBe(1));
    fireEvent.click(screen.getByText('退款'));
    await waitFor(() => expect(screen.getByText('没有退款的订单')).toBeTruthy());
    expect(listRequests(transport).pop()).toEqual({ tab: 'refund', page: 1, pageLimit: ORDER_PAGE_LIMIT });
  });
});
