/**
 * The three ordering breaks in the built weapp and alipay apps on the host model: a set meal whose
 * drink sold out is refused at checkout with the drink named (ORDER-12); the free iced lemon tea shown
 * on confirm and kept in the placed order's detail, the cola add-on offer accepted and charged
 * (PRICE-11, PRICE-5); the fast-food restaurant at 03:30 offering dine-in, whose order goes through
 * (C§4). The host's dialogs answer with their confirm button.
 */
import { eq } from 'drizzle-orm';
import { orders, products } from '../../server/src/db/schema';
import { RESTAURANT_PRODUCT as P, SHOP } from '../../server/src/demo/ids';
import { CLOSED_INSTANT, instantMs } from '../support/clock';
import type { MiniHost } from './host/host';
import { pageText, tapText, typeInto, waitRoute, waitText } from './host/drive';
import { MINI_NOW } from './host/server';
import { describePlatforms, harnessForFile } from './host/suite';
import { rootOf, walk, type TaroNode } from './host/tree';

jest.setTimeout(120_000);
const h = harnessForFile();
const SHOP_ID = String(SHOP.restaurant);
/** 番茄炒蛋 ¥22. */
const TOMATO_EGG = 10303;
const DINE_LINK = { id: SHOP_ID, isDine: '1', table: 'A1' };

/** Taps the element whose id is `id` on the current page. */
async function tapId(host: MiniHost, id: string): Promise<void> {
  const found = await host.until(() => {
    const hits: Array<{ node: TaroNode; ancestors: TaroNode[] }> = [];
    walk(rootOf(host.currentPage.data), (node, ancestors) => {
      if (node.uid === id) hits.push({ node, ancestors });
    });
    return hits[0] ?? null;
  }, `element #${id}`);
  host.dispatch(found.node, 'tap', {}, found.ancestors.filter((a) => a.uid || a.sid).reverse());
  await host.settle();
}

/** The answer of the last order/confirm of the host. */
function placedOrderId(host: MiniHost): number {
  const placed = [...host.requests].reverse().find((r) => /order\/confirm$/.test(r.url));
  const data = placed?.data as { result: boolean; info: { id: number } } | undefined;
  if (!data?.result) throw new Error(`order/confirm failed: ${JSON.stringify(placed?.data)}`);
  return data.info.id;
}

async function dineWith(host: MiniHost, n: number): Promise<void> {
  await host.launch({ query: DINE_LINK });
  await waitRoute(host, 'pages/product/index');
  await tapText(host, '家常小炒');
  for (let i = 0; i < n; i += 1) await tapId(host, `add-${TOMATO_EGG}`);
}

describePlatforms('ordering gaps', (platform) => {
  afterEach(async () => {
    const { server } = h.srv();
    server.clock.set(MINI_NOW);
    await server.db.update(products).set({ stock: null }).where(eq(products.id, P.cola));
  });

  test('a set meal whose drink sold out after it was chosen is refused at checkout with the drink named', async () => {
    const host = h.host(platform);
    await host.launch({ query: DINE_LINK });
    await waitRoute(host, 'pages/product/index');
    await tapText(host, '超值套餐');
    await tapId(host, `choose-${P.comboSet}`);
    await tapId(host, `meal-61-${P.kungPaoChicken}`);
    await tapId(host, `meal-62-${P.rice}`);
    await tapId(host, `meal-63-${P.cola}`);
    await tapId(host, 'spec-add');
    // the last cola is sold meanwhile
    await h.srv().server.db.update(products).set({ stock: 0 }).where(eq(products.id, P.cola));
    await tapId(host, 'checkout');
    await host.until(() => host.modals.find((m) => m.includes('可乐')) ?? null, 'the sold-out dialog');
    expect(host.modals.find((m) => m.includes('可乐'))).toBe('商品可乐已售罄');
    expect(host.requests.some((r) => /store\/comboCheck$/.test(r.url))).toBe(true);
    expect(host.currentPage.route).not.toContain('order/confirm');
  });

  test('the free iced lemon tea shows on confirm and in the placed order’s detail', async () => {
    const host = h.host(platform);
    // 6 × ¥22 = ¥132 − ¥12 − ¥8 in reductions = ¥112 ≥ ¥100: one iced lemon tea free
    await dineWith(host, 6);
    await tapId(host, 'checkout');
    await waitRoute(host, 'pages/order/confirm');
    await waitText(host, '冻柠檬茶');
    expect(pageText(host)).toContain('赠品');
    await tapText(host, /^现金支付$/);
    await tapText(host, /^提交订单$/);
    await waitRoute(host, 'pages/order/success');
    const id = placedOrderId(host);
    await host.open(`/pages/user/order/detail?orderId=${id}`);
    await waitText(host, '冻柠檬茶');
    expect(pageText(host)).toContain('免费');
    const [row] = await h.srv().server.db.select().from(orders).where(eq(orders.id, id));
    expect(row.lines.find((l) => l.gift)).toMatchObject({ productId: P.lemonTea, price: 0, quantity: 1 });
  });

  test('the cola add-on offer is accepted on confirm and charged in the order', async () => {
    const host = h.host(platform);
    // 4 × ¥22 = ¥88 − ¥5 − ¥8 = ¥75 ≥ ¥60: cola for ¥1 is offered
    await dineWith(host, 4);
    await tapId(host, 'checkout');
    await waitRoute(host, 'pages/order/confirm');
    await tapText(host, /^现金支付$/);
    await tapText(host, /^换购$/, 1);
    await waitText(host, '提交订单');
    await tapText(host, /^提交订单$/);
    await waitRoute(host, 'pages/order/success');
    const id = placedOrderId(host);
    const [row] = await h.srv().server.db.select().from(orders).where(eq(orders.id, id));
    expect(row.lines.find((l) => l.offer)).toMatchObject({ productId: P.cola, price: 1, quantity: 1 });
    const sent = [...host.requests].reverse().find((r) => /order\/confirm$/.test(r.url))?.sent;
    const body = (typeof sent === 'string' ? JSON.parse(sent) : sent) as { acceptedOffers?: unknown };
    expect(body.acceptedOffers).toEqual([{ activityId: 7015, productId: P.cola, quantity: 1 }]);
  });

  test('at 03:30 the fast-food restaurant offers dine-in on entry and the dine-in order goes through', async () => {
    h.srv().server.clock.set(instantMs(CLOSED_INSTANT));
    const host = h.host(platform, { now: instantMs(CLOSED_INSTANT) });
    await host.launch({ query: { id: SHOP_ID } });
    await waitRoute(host, 'pages/user/index-tab');
    await tapText(host, '外卖配送');
    await waitRoute(host, 'pages/user/index-tab-1');
    // the dialog's confirm button switches to dine-in
    await host.until(() => host.modals.find((m) => m.includes('门店休息中')) ?? null, 'the closed dialog');
    await tapText(host, '家常小炒');
    await tapId(host, `add-${TOMATO_EGG}`);
    await tapId(host, 'checkout');
    await waitRoute(host, 'pages/order/confirm');
    await tapText(host, /^现金支付$/);
    await typeInto(host, '请填写桌号', 'A1');
    await tapText(host, /^提交订单$/);
    await waitRoute(host, 'pages/order/success');
    const id = placedOrderId(host);
    const [row] = await h.srv().server.db.select().from(orders).where(eq(orders.id, id));
    expect(row.type).toBe('dine');
  });
});
