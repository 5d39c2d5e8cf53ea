/**
 * Availability on the built weapp and alipay apps (CONSOLE-5), on the host model: the shop pauses
 * dine-in (as the console's Pause does) while a customer is on the confirm page — the order is refused
 * with the pause's message; the next menu load shows the banner with the end time and the reason, and
 * the cart bar says the same. A dish marked sold out (as the console's Sold out does) shows sold out
 * on the menu, without its add button.
 */
import { eq } from 'drizzle-orm';
import { orderTypePauses, products } from '../../server/src/db/schema';
import { SHOP } from '../../server/src/demo/ids';
import { pauseOrderType, setProductAvailability } from '../../server/src/services/console/availability';
import type { MiniHost } from './host/host';
import { pageText, tapText, waitRoute, waitText } from './host/drive';
import { describePlatforms, harnessForFile } from './host/suite';
import { rootOf, textOf, walk, type TaroNode } from './host/tree';

jest.setTimeout(120_000);
const h = harnessForFile();
const SHOP_ID = String(SHOP.restaurant);
/** 番茄炒蛋 ¥22, in 家常小炒. */
const TOMATO_EGG = 10303;
const DINE_LINK = { id: SHOP_ID, isDine: '1', table: 'A1' };
/** The host server's clock is MINI_NOW, 12:00 on the shop's clock: a 30-minute pause ends at 12:30. */
const PAUSED = '堂食暂停接单至 12:30：厨房爆单';

/** The element whose id is `id` on the current page, or null. */
function byId(host: MiniHost, id: string): { node: TaroNode; ancestors: TaroNode[] } | null {
  let hit: { node: TaroNode; ancestors: TaroNode[] } | null = null;
  walk(rootOf(host.currentPage.data), (node, ancestors) => {
    if (!hit && node.uid === id) hit = { node, ancestors };
  });
  return hit;
}

async function tapId(host: MiniHost, id: string): Promise<void> {
  const found = await host.until(() => byId(host, id), `element #${id}`);
  host.dispatch(found.node, 'tap', {}, found.ancestors.filter((a) => a.uid || a.sid).reverse());
  await host.settle();
}

describePlatforms('availability set by the shop', (platform) => {
  afterEach(async () => {
    const { server } = h.srv();
    await server.db.delete(orderTypePauses);
    await server.db.update(products).set({ status: 0 }).where(eq(products.id, TOMATO_EGG));
    server.ctx.shopCache.clear();
  });

  test('dine-in paused while the customer confirms: refused with the message; the next menu shows the banner and the cart bar refuses', async () => {
    const { server } = h.srv();
    const host = h.host(platform);
    await host.launch({ query: DINE_LINK });
    await waitRoute(host, 'pages/product/index');
    await tapText(host, '家常小炒');
    await tapId(host, `add-${TOMATO_EGG}`);
    await tapId(host, 'checkout');
    await waitRoute(host, 'pages/order/confirm');
    await tapText(host, /^现金支付$/);

    // the kitchen is full: the shop pauses dine-in for 30 minutes
    await pauseOrderType(server.ctx, SHOP.restaurant, { orderType: 'dine', minutes: 30, reason: '厨房爆单' }, 'staff-1001');
    await tapText(host, /^提交订单$/);
    await host.until(() => host.modals.find((m) => m.includes('暂停')) ?? null, 'the refusal');
    expect(host.modals.find((m) => m.includes('暂停'))).toBe(PAUSED);
    expect(host.currentRoute).toBe('pages/order/confirm');
    const confirms = host.requests.filter((r) => /order\/confirm$/.test(r.url));
    expect((confirms[confirms.length - 1]?.data as { code?: string }).code).toBe('dinePaused');

    // the next menu load: the banner, and the cart bar says the same
    const again = h.host(platform);
    await again.launch({ query: DINE_LINK });
    await waitRoute(again, 'pages/product/index');
    await waitText(again, PAUSED);
    const banner = await again.until(() => byId(again, 'pause-dine'), 'the pause banner');
    expect(banner.node).toBeTruthy();
    await tapText(again, '家常小炒');
    await tapId(again, `add-${TOMATO_EGG}`);
    const bar = await again.until(() => byId(again, 'cart-bar'), 'the cart bar');
    expect(textOf(bar.node)).toContain(PAUSED);
    // the checkout button is off: tapping it opens nothing
    await tapId(again, 'checkout');
    expect(again.currentRoute).toBe('pages/product/index');
    expect(host.errors).toEqual([]);
    expect(again.errors).toEqual([]);
  });

  test('a dish marked sold out shows sold out on the menu, without its add button', async () => {
    const { server } = h.srv();
    await setProductAvailability(server.ctx, SHOP.restaurant, TOMATO_EGG, { soldOut: true }, 'zh');
    const host = h.host(platform);
    await host.launch({ query: DINE_LINK });
    await waitRoute(host, 'pages/product/index');
    await tapText(host, '家常小炒');
    const row = await host.until(() => byId(host, `product-${TOMATO_EGG}`), 'the dish');
    expect(textOf(row.node)).toContain('番茄炒蛋');
    expect(textOf(row.node)).toContain('已售罄');
    expect(byId(host, `add-${TOMATO_EGG}`)).toBeNull();
    expect(pageText(host)).toContain('已售罄');
  });
});
