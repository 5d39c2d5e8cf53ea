/**
 * The Paris demo shop (Europe/Paris, TIME-1) on the built weapp and alipay apps, on the host model,
 * with the host's `Date` and the server's clock on the spring change day, 2027-03-28 (CET → CEST at
 * 01:00 UTC): at 08:59 Paris time (06:59 UTC) pickup is refused as closed; at 09:00 (07:00 UTC) a
 * croissant (€1.40) for pickup in cash goes through — the app reads the hours on the shop's clock from
 * the offset changes the server sent, not on the phone's own zone.
 */
import { eq } from 'drizzle-orm';
import { orders } from '../../server/src/db/schema';
import { PARIS_PRODUCT, SHOP } from '../../server/src/demo/ids';
import { utc } from '../support/zones';
import type { MiniHost } from './host/host';
import { tapText, typeInto, waitRoute } from './host/drive';
import { describePlatforms, harnessForFile } from './host/suite';
import { rootOf, walk, type TaroNode } from './host/tree';

jest.setTimeout(120_000);
const h = harnessForFile();
const PARIS_LINK = { id: String(SHOP.paris) };
const BEFORE = utc(2027, 3, 28, 6, 59);
const OPENING = utc(2027, 3, 28, 7, 0);

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

describePlatforms('the Paris shop on the spring change day', (platform) => {
  test('08:59 Paris time: pickup closed; 09:00: a croissant for pickup in cash is placed', async () => {
    const { server } = h.srv();
    server.clock.set(BEFORE);
    const early = h.host(platform, { now: BEFORE });
    await early.launch({ query: PARIS_LINK });
    await waitRoute(early, 'pages/user/index-tab');
    await tapText(early, '到店自取');
    // the app reads 08:59 on the Paris clock (on a fixed UTC+8 it would be 14:59, open)
    await early.until(() => early.modals.find((m) => m.includes('门店休息中')) ?? null, 'the closed dialog');

    server.clock.set(OPENING);
    const host = h.host(platform, { now: OPENING });
    await host.launch({ query: PARIS_LINK });
    await waitRoute(host, 'pages/user/index-tab');
    await tapText(host, '到店自取');
    await waitRoute(host, 'pages/user/index-tab-1');
    expect(host.modals.filter((m) => m.includes('门店休息中'))).toEqual([]);
    await tapId(host, `add-${PARIS_PRODUCT.croissant}`);
    await tapId(host, 'checkout');
    await waitRoute(host, 'pages/order/confirm');
    await tapText(host, /^现金支付$/);
    await typeInto(host, '请填写姓名', 'Camille');
    await typeInto(host, '请填写手机号', '13800000000');
    await tapText(host, /^提交订单$/);
    await waitRoute(host, 'pages/order/success');
    const placed = [...host.requests].reverse().find((r) => /order\/confirm$/.test(r.url));
    const id = (placed?.data as { info: { id: number } }).info.id;
    const [row] = await server.db.select().from(orders).where(eq(orders.id, id));
    // one croissant at €1.40 for pickup: 1.40
    expect({ shop: row.shopId, type: row.type, total: Number(row.total) }).toEqual({ shop: SHOP.paris, type: 'selfPickup', total: 1.4 });
  });
});
