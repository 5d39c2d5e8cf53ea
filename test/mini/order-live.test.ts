/**
 * The customer sees the shop's actions live (the staff console's order channel) on the built weapp
 * and alipay apps: a customer places a cash order, opens its detail page; the shop accepts it through
 * the merchant admin API and the page shows "merchant accepted" without being opened again (the
 * live order channel, /ws/orders, makes the page fetch the order again). While the app is in the
 * background the socket is closed; the shop's next action shows when the app comes back. The order,
 * collected at the counter, shows its pickup number large.
 */
import { SHOP } from '../../server/src/demo/ids';
import { buildTestServer, TestClock, type TestServer } from '../support/build-server';
import type { AddressInfo } from 'node:net';
import { MiniHost, type Platform } from './host/host';
import { pageText, tapText, waitRoute, waitText } from './host/drive';
import { BUILD_ORIGIN, describePlatforms, distDir } from './host/suite';
import { MINI_NOW } from './host/server';

jest.setTimeout(120_000);

const KEY = 'order-live-merchant-key';
const SHOP_ID = String(SHOP.restaurant);

let server: TestServer | null = null;
let origin = '';
const hosts: MiniHost[] = [];

beforeAll(async () => {
  // the loopback server of the host model, with the merchant admin API (MERCHANT_KEY) on
  server = await buildTestServer({ clock: new TestClock(MINI_NOW), config: { merchantKey: KEY } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterEach(() => {
  while (hosts.length > 0) hosts.pop()?.close();
});
afterAll(async () => {
  await server?.close();
});

function newHost(platform: Platform): MiniHost {
  const host = new MiniHost({ platform, distDir: distDir(platform), serverOrigin: origin, buildOrigin: BUILD_ORIGIN, now: MINI_NOW });
  hosts.push(host);
  return host;
}

/** The shop acts on an order through the merchant admin API (as the staff console would). */
async function shopActs(id: number, action: string): Promise<string> {
  const res = await fetch(`${origin}/merchant/order/act`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-merchant-key': KEY },
    body: JSON.stringify({ id, action }),
  });
  const body = (await res.json()) as { result: boolean; info: { status: string }; code?: string };
  if (!body.result) throw new Error(`${action}: ${body.code ?? res.status}`);
  return body.info.status;
}

/** A dine-in order collected at the counter (isAutoNumber), paid in cash; answers its id. */
async function placeOrder(host: MiniHost): Promise<number> {
  await host.launch({ query: { id: SHOP_ID, isDine: '1', isAutoNumber: '1' } });
  await waitRoute(host, 'pages/product/index');
  await tapText(host, '选规格');
  await waitText(host, '加入购物车');
  await tapText(host, /^微辣$/);
  await tapText(host, /加入购物车/);
  await tapText(host, '去结算');
  await waitRoute(host, 'pages/order/confirm');
  await tapText(host, /^现金支付$/);
  await tapText(host, /^提交订单$/);
  await waitRoute(host, 'pages/order/success');
  const confirms = host.requests.filter((r) => /order\/confirm$/.test(r.url));
  const answer = confirms[confirms.length - 1]?.data as { result?: boolean; info?: { id?: number } } | undefined;
  if (!answer?.result || !answer.info?.id) throw new Error('the order was not placed');
  return answer.info.id;
}

/** Opens the order's detail page the way the app does (navigateTo). */
async function openDetail(host: MiniHost, platform: Platform, id: number): Promise<void> {
  const api = host.evaluate<Record<string, (o: unknown) => void>>(platform === 'weapp' ? 'wx' : 'my');
  await new Promise<void>((resolve, reject) =>
    api.navigateTo({ url: `/pages/user/order/detail?orderId=${id}`, success: () => resolve(), fail: (e: unknown) => reject(new Error(JSON.stringify(e))) }),
  );
  await waitRoute(host, 'pages/user/order/detail');
}

const ordersSockets = (host: MiniHost) => host.openSockets().filter((s) => s.url.includes('/ws/orders'));

describePlatforms('the customer sees the shop’s actions live', (platform) => {
  test('accepted by the shop: the open order page shows it without being opened again', async () => {
    const host = newHost(platform);
    const id = await placeOrder(host);
    await openDetail(host, platform, id);
    await waitText(host, '待接单');
    // collected at the counter: the pickup number, large
    expect(pageText(host)).toContain('取餐号');
    expect(pageText(host)).toContain('餐品备好后，请凭此号取餐');
    await host.until(() => ordersSockets(host).some((s) => s.state === 'open'), 'the order channel open');
    const pages = host.stack.length;

    expect(await shopActs(id, 'accept')).toBe('confirmed');
    await waitText(host, '商家已接单');
    expect(host.currentRoute).toBe('pages/user/order/detail');
    expect(host.stack.length).toBe(pages);

    // the app in the background: the channel is closed; the shop moves on meanwhile
    await host.hideApp();
    expect(ordersSockets(host)).toEqual([]);
    expect(await shopActs(id, 'cook')).toBe('confirmed_new');
    expect(await shopActs(id, 'deliver')).toBe('delivered');
    // back in the foreground: the channel reconnects and the page shows the order as it now is
    await host.showApp();
    await waitText(host, '已出餐，请取餐');
    expect(pageText(host)).toContain('餐品已备好，请凭此号到柜台取餐');
    expect(host.currentRoute).toBe('pages/user/order/detail');

    // leaving the page closes the channel
    const api = host.evaluate<Record<string, (o: unknown) => void>>(platform === 'weapp' ? 'wx' : 'my');
    await new Promise<void>((resolve) => api.navigateBack({ delta: 1, success: () => resolve(), fail: () => resolve() }));
    await host.settle();
    await host.until(() => ordersSockets(host).length === 0, 'the order channel closed');
    expect(host.errors).toEqual([]);
  });
});
