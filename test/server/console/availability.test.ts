/**
 * Availability from the console (CONSOLE-5): a product marked sold out shows sold out on the
 * storefront's next menu load and an order holding it is refused by name, back on sale it is taken
 * again; stock set and untracked; an order type paused for N minutes is carried by store/detail and
 * refused at confirmation with its message until the clock passes its end; resume ends it at once.
 * Another shop's product or pause changes nothing; staff of another shop are forbidden.
 */
import { eq } from 'drizzle-orm';
import { consoleCalls } from '../../../src/api/contract/console';
import { orderCalls } from '../../../src/api/contract/order';
import { storeCalls } from '../../../src/api/contract/store';
import { orderTypePauses, products, shops } from '../../../server/src/db/schema';
import { RESTAURANT_PRODUCT as P, RETAIL_PRODUCT, SHOP } from '../../../server/src/demo/ids';
import { serverPerFile, type TestServer } from '../../support/build-server';
import { failure, place, quote, selfPickup, success, takeaway } from '../orders/helpers';
import { consoleCall, ok, owner, staffOf } from './support';

const server = serverPerFile();
const MIN = 60_000;

/** The product as the storefront's menu (store/products) shows it now. */
async function onMenu(s: TestServer, token: string, id: number): Promise<{ status?: number; stock?: number }> {
  const menu = success(await s.call(storeCalls.products, {}, { token }));
  if (menu.unchanged) throw new Error('a fresh load answered unchanged');
  const product = menu.categories.flatMap((c) => c.products).find((p) => p.id === id);
  if (!product) throw new Error(`product ${id} not on the menu`);
  return { status: product.status, stock: menu.stock[String(id)] };
}

const productRow = async (s: TestServer, id: number) => (await s.db.select().from(products).where(eq(products.id, id)))[0];
const menuVersion = async (s: TestServer, id: number) => (await s.db.select({ v: shops.menuVersion }).from(shops).where(eq(shops.id, id)))[0].v;

describe('sold out and back', () => {
  test('sold out from the console: the next menu load shows status 1, an order holding it is refused by name; back on sale it is taken', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const cookie = await staffOf(s, SHOP.restaurant);
    // a customer priced the cart while the dish was on sale
    const total = await quote(s, token, takeaway());
    expect(await onMenu(s, token, P.braisedPork)).toEqual({ status: 0, stock: undefined });

    const set = ok(await consoleCall(s, consoleCalls.productSet, { shopId: SHOP.restaurant, productId: P.braisedPork, soldOut: true }, cookie));
    expect(set.product).toEqual({ id: P.braisedPork, name: '红烧肉', categoryId: 1103, category: '家常小炒', status: 1, stock: null, price: 48 });
    expect(await onMenu(s, token, P.braisedPork)).toEqual({ status: 1, stock: undefined });

    const refused = failure(await s.call(orderCalls.confirm, { ...takeaway(), expectedTotal: total }, { token }));
    expect({ code: refused.code, info: refused.info }).toEqual({ code: 'productSoldOut', info: '商品 红烧肉 已售罄' });

    ok(await consoleCall(s, consoleCalls.productSet, { shopId: SHOP.restaurant, productId: P.braisedPork, soldOut: false }, cookie));
    expect(await onMenu(s, token, P.braisedPork)).toEqual({ status: 0, stock: undefined });
    expect((await place(s, token, takeaway())).id).toBeGreaterThan(0);
  });

  test('the products list is the menu (on sale and sold out, not offline), in English for an English console', async () => {
    const s = server();
    const cookie = await owner(s, SHOP.restaurant);
    const list = ok(await consoleCall(s, consoleCalls.products, { shopId: SHOP.restaurant }, cookie, { language: 'en' }));
    const ids = list.products.map((p) => p.id);
    expect(ids).toContain(P.braisedPork);
    expect(ids).not.toContain(P.abalone); // offline
    expect(list.products.find((p) => p.id === P.lobster)?.status).toBe(1); // sold out in the demo
    expect(list.products.find((p) => p.id === P.braisedPork)).toMatchObject({ name: 'Braised Pork Belly', status: 0 });
    expect(list.categories[0]).toEqual({ id: 1101, name: expect.any(String) as string });
    // menu order: every product of a category before the next category's
    const order = list.categories.map((c) => c.id);
    const ranks = list.products.map((p) => order.indexOf(p.categoryId ?? -1));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  test('stock set to 2 shows on the next menu load at once; null stops tracking; 0 makes it sold out on the menu', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const cookie = await staffOf(s, SHOP.restaurant);
    await onMenu(s, token, P.braisedPork); // the live stock figures are now cached
    const total = await quote(s, token, takeaway());
    const versionBefore = await menuVersion(s, SHOP.restaurant);
    expect(ok(await consoleCall(s, consoleCalls.productSet, { shopId: SHOP.restaurant, productId: P.braisedPork, stock: 2 }, cookie)).product.stock).toBe(2);
    expect(await onMenu(s, token, P.braisedPork)).toEqual({ status: 0, stock: 2 });
    // stock alone does not change the menu's version (the body stays cached, the stock is live)
    expect(await menuVersion(s, SHOP.restaurant)).toBe(versionBefore);
    ok(await consoleCall(s, consoleCalls.productSet, { shopId: SHOP.restaurant, productId: P.braisedPork, stock: 0 }, cookie));
    expect(await onMenu(s, token, P.braisedPork)).toEqual({ status: 0, stock: 0 });
    const refused = failure(await s.call(orderCalls.confirm, { ...takeaway(), expectedTotal: total }, { token }));
    expect({ code: refused.code, info: refused.info }).toEqual({ code: 'productSoldOut', info: '商品 红烧肉 已售罄' });
    ok(await consoleCall(s, consoleCalls.productSet, { shopId: SHOP.restaurant, productId: P.braisedPork, stock: null }, cookie));
    expect((await productRow(s, P.braisedPork)).stock).toBeNull();
    expect(await onMenu(s, token, P.braisedPork)).toEqual({ status: 0, stock: undefined });
  });

  test("another shop's product answers like a missing one and nothing changes; so do an offline one and a body without a change", async () => {
    const s = server();
    const cookie = await owner(s, SHOP.restaurant);
    const before = await productRow(s, RETAIL_PRODUCT.fries);
    const version = await menuVersion(s, SHOP.retail);
    const foreign = await consoleCall(s, consoleCalls.productSet, { shopId: SHOP.restaurant, productId: RETAIL_PRODUCT.fries, soldOut: true, stock: 0 }, cookie);
    expect({ ok: foreign.ok, code: foreign.code }).toEqual({ ok: false, code: 'notFound' });
    expect(await productRow(s, RETAIL_PRODUCT.fries)).toEqual(before);
    expect(await menuVersion(s, SHOP.retail)).toBe(version);

    const offline = await consoleCall(s, consoleCalls.productSet, { shopId: SHOP.restaurant, productId: P.abalone, soldOut: false }, cookie);
    expect(offline.code).toBe('notFound');
    expect((await productRow(s, P.abalone)).status).toBe(2);
    const missing = await consoleCall(s, consoleCalls.productSet, { shopId: SHOP.restaurant, productId: 2_000_000_000, soldOut: true }, cookie);
    expect(missing.code).toBe('notFound');
    const empty = await consoleCall(s, consoleCalls.productSet, { shopId: SHOP.restaurant, productId: P.braisedPork }, cookie);
    expect(empty.code).toBe('badRequest');
    const negative = await consoleCall(s, consoleCalls.productSet, { shopId: SHOP.restaurant, productId: P.braisedPork, stock: -1 }, cookie);
    expect(negative.code).toBe('badRequest');
    expect(await productRow(s, P.braisedPork)).toMatchObject({ status: 0, stock: null });
  });
});

describe('pausing an order type', () => {
  test('takeaway paused 30 min: store/detail carries it, confirmation refused with its message; pickup still taken; after the end accepted again', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const cookie = await staffOf(s, SHOP.restaurant);
    const total = await quote(s, token, takeaway());
    const now = s.clock.now(); // 12:00 in the shop (UTC+8)

    const paused = ok(await consoleCall(s, consoleCalls.pause, { shopId: SHOP.restaurant, orderType: 'takeaway', minutes: 30, reason: '  厨房爆单 ' }, cookie));
    expect(paused.pauses).toEqual([
      { orderType: 'takeaway', until: now + 30 * MIN, reason: '厨房爆单', untilText: '12:30', by: 'staff-1001', createdAt: now },
    ]);
    expect(paused.types).toEqual(['takeaway', 'selfPickup', 'dine']);
    expect(paused.serverTime).toBe(now);

    const detail = success(await s.call(storeCalls.detail, {}, { token }));
    expect(detail.pauses).toEqual([{ orderType: 'takeaway', until: now + 30 * MIN, reason: '厨房爆单' }]);

    const refused = failure(await s.call(orderCalls.confirm, { ...takeaway(), expectedTotal: total }, { token }));
    expect({ code: refused.code, info: refused.info }).toEqual({ code: 'takeawayPaused', info: '外卖暂停接单至 12:30：厨房爆单' });
    const en = failure(await s.call(orderCalls.confirm, { ...takeaway(), expectedTotal: total }, { token, headers: { language: 'en' } }));
    expect(en.info).toBe('Delivery is paused until 12:30 — 厨房爆单');
    expect((refused.body as { params?: unknown }).params).toEqual({ until: '12:30', reason: '厨房爆单' });
    // another type goes on
    expect((await place(s, token, selfPickup())).id).toBeGreaterThan(0);

    // one minute before the end: still paused; at the end: taken again, and no longer carried
    s.clock.advance(29 * MIN);
    expect(failure(await s.call(orderCalls.confirm, { ...takeaway(), expectedTotal: total }, { token })).code).toBe('takeawayPaused');
    s.clock.advance(MIN);
    expect(success(await s.call(storeCalls.detail, {}, { token })).pauses).toEqual([]);
    expect(ok(await consoleCall(s, consoleCalls.pauses, { shopId: SHOP.restaurant }, cookie)).pauses).toEqual([]);
    expect((await place(s, token, takeaway())).id).toBeGreaterThan(0);
  });

  test('resume ends the pause at once; pausing again replaces the running pause', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const cookie = await owner(s, SHOP.restaurant);
    const now = s.clock.now();
    ok(await consoleCall(s, consoleCalls.pause, { shopId: SHOP.restaurant, orderType: 'dine', minutes: 15, reason: 'Full house' }, cookie));
    const again = ok(await consoleCall(s, consoleCalls.pause, { shopId: SHOP.restaurant, orderType: 'dine', minutes: 60, reason: 'Private party' }, cookie));
    expect(again.pauses).toEqual([{ orderType: 'dine', until: now + 60 * MIN, reason: 'Private party', untilText: '13:00', by: 'owner-1001', createdAt: now }]);
    expect(success(await s.call(storeCalls.detail, {}, { token })).pauses).toEqual([{ orderType: 'dine', until: now + 60 * MIN, reason: 'Private party' }]);

    const resumed = ok(await consoleCall(s, consoleCalls.resume, { shopId: SHOP.restaurant, orderType: 'dine' }, cookie));
    expect(resumed.pauses).toEqual([]);
    expect(success(await s.call(storeCalls.detail, {}, { token })).pauses).toEqual([]);
    expect(await s.db.select().from(orderTypePauses)).toEqual([]);
  });

  test('bad pauses are refused and nothing is written: 0 or 721 minutes, an empty or 61-character reason, a type the shop does not take', async () => {
    const s = server();
    const cookie = await owner(s, SHOP.restaurant);
    const body = { shopId: SHOP.restaurant, orderType: 'takeaway', minutes: 30, reason: 'busy' };
    for (const bad of [{ minutes: 0 }, { minutes: 721 }, { reason: '   ' }, { reason: 'x'.repeat(61) }, { orderType: 'openTable' }]) {
      const r = await consoleCall(s, consoleCalls.pause, { ...body, ...bad }, cookie);
      expect([JSON.stringify(bad), r.code]).toEqual([JSON.stringify(bad), 'badRequest']);
    }
    // the beauty salon takes appointments only: its owner cannot pause takeaway there
    const beauty = await owner(s, SHOP.beauty);
    const r = await consoleCall(s, consoleCalls.pause, { ...body, shopId: SHOP.beauty }, beauty);
    expect(r.code).toBe('badRequest');
    expect(await s.db.select().from(orderTypePauses)).toEqual([]);
  });

  test("staff of another shop are forbidden every availability call, and nothing changes", async () => {
    const s = server();
    const retail = await staffOf(s, SHOP.retail);
    const before = await productRow(s, P.braisedPork);
    const calls = [
      [consoleCalls.products, { shopId: SHOP.restaurant }],
      [consoleCalls.productSet, { shopId: SHOP.restaurant, productId: P.braisedPork, soldOut: true }],
      [consoleCalls.pauses, { shopId: SHOP.restaurant }],
      [consoleCalls.pause, { shopId: SHOP.restaurant, orderType: 'takeaway', minutes: 30, reason: 'x' }],
      [consoleCalls.resume, { shopId: SHOP.restaurant, orderType: 'takeaway' }],
    ] as const;
    for (const [def, body] of calls) {
      const r = await consoleCall(s, def, body, retail);
      expect([def.path, r.status, r.code]).toEqual([def.path, 403, 'staffForbidden']);
    }
    expect(await productRow(s, P.braisedPork)).toEqual(before);
    expect(await s.db.select().from(orderTypePauses)).toEqual([]);
    // and without a session: 401
    expect((await consoleCall(s, consoleCalls.pauses, { shopId: SHOP.restaurant }, null)).status).toBe(401);
  });
});
