/**
 * Three ordering breaks where the app, the engine and the server meet: set meals holding a sold-out
 * or offline item (ORDER-12), gifts and offers reaching the order (PRICE-11, PRICE-5), and the shop's
 * real status applied per order type (C§4 "Shop real status", C§8 403).
 */
import { eq } from 'drizzle-orm';
import { orderCalls } from '../../../src/api/contract/order';
import { storeCalls } from '../../../src/api/contract/store';
import { ProductStatus } from '../../../src/domain/enums';
import { orders, products, shops } from '../../../server/src/db/schema';
import { ACTIVITY, DEMO_USER, RESTAURANT_PRODUCT as P, SHOP } from '../../../server/src/demo/ids';
import { instantMs, CLOSED_INSTANT } from '../../support/clock';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { confirmAtOnce, dine, failure, orderRow, place, quote, selfPickup, stockOf, success, takeaway } from './helpers';

let server: TestServer;
let start: number;

beforeAll(async () => {
  server = await buildTestServer();
  start = server.clock.now();
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  server.clock.set(start);
});

/** The value set with Kung Pao chicken, rice and `drink` (the set's required groups 61–63). */
const comboSet = (drink: number = P.cola, quantity = 1) => ({
  id: P.comboSet,
  quantity,
  flag: `set-${drink}`,
  mealset: [
    { groupId: 61, productId: P.kungPaoChicken, quantity: 1 },
    { groupId: 62, productId: P.rice, quantity: 1 },
    { groupId: 63, productId: drink, quantity: 1 },
  ],
});

async function setProduct(id: number, patch: Partial<typeof products.$inferInsert>) {
  await server.db.update(products).set(patch).where(eq(products.id, id));
  await server.ctx.shopCache.bump(SHOP.restaurant);
}

async function setShopStatus(status: number) {
  await server.db.update(shops).set({ shopStatus: status }).where(eq(shops.id, SHOP.restaurant));
  await server.ctx.shopCache.bump(SHOP.restaurant);
}

describe('ORDER-12 set meals with an item that cannot be sold', () => {
  test('a set whose drink is sold out is refused with the drink named', async () => {
    await setProduct(P.cola, { status: ProductStatus.SALE_OUT });
    const token = await server.login(SHOP.restaurant);
    const f = failure(await server.call(orderCalls.confirm, { ...dine({ products: [comboSet()] }), expectedTotal: 1 }, { token }));
    expect(f.code).toBe('productSoldOut');
    expect(f.info).toContain('可乐');
  });

  test('a set whose drink went offline is refused with the drink named', async () => {
    await setProduct(P.cola, { status: ProductStatus.OFFLINE });
    const token = await server.login(SHOP.restaurant);
    const f = failure(await server.call(orderCalls.confirm, { ...dine({ products: [comboSet()] }), expectedTotal: 1 }, { token }));
    expect(f.code).toBe('productOffline');
    expect(f.info).toContain('可乐');
  });

  test('comboCheck reports an item whose tracked stock is used up as sold out', async () => {
    await setProduct(P.cola, { stock: 0 });
    const token = await server.login(SHOP.restaurant);
    const res = success(await server.call(storeCalls.comboCheck, { productId: P.comboSet, isNewVersion: true }, { token }));
    expect(res.saleOut).toBe(true);
    expect(res.items).toEqual([{ id: P.cola, offline: false, saleOut: true, deleted: false }]);
  });

  test('a placed set takes its items off their stock (two sets, two colas)', async () => {
    await setProduct(P.cola, { stock: 5 });
    const token = await server.login(SHOP.restaurant);
    await place(server, token, dine({ products: [comboSet(P.cola, 2)] }));
    expect(await stockOf(server, P.cola)).toBe(3);
  });

  test('20 simultaneous set orders on 3 colas: exactly 3 succeed and the cola stock ends at 0', async () => {
    await setProduct(P.cola, { stock: 3 });
    const tokens = await Promise.all(Array.from({ length: 20 }, () => server.login(SHOP.restaurant)));
    const results = await confirmAtOnce(server, tokens, dine({ products: [comboSet()] }));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    const refused = results.filter((r) => !r.ok).map((r) => failure(r));
    expect(new Set(refused.map((f) => f.code))).toEqual(new Set(['productSoldOut']));
    expect(refused.every((f) => f.info.includes('可乐'))).toBe(true);
    expect(await stockOf(server, P.cola)).toBe(0);
    expect(await server.db.select().from(orders)).toHaveLength(3);
  });
});

describe('PRICE-11 gifts and PRICE-5 offers in the order', () => {
  // the free iced lemon tea needs ¥100 spent after the reductions (overSendProduct, minAmount 100):
  // 6 × 番茄炒蛋 ¥22 = ¥132 − ¥12 (满100减12) − ¥8 (家常小炒满60减8) = ¥112
  const bigDine = (over: Parameters<typeof dine>[0] = {}) => dine({ products: [{ id: 10303, quantity: 6, flag: 'a' }], ...over });

  test('the free lemon tea is a line of the order at price 0, listed in its breakdown, and held from stock', async () => {
    await setProduct(P.lemonTea, { stock: 4 });
    const token = await server.login(SHOP.restaurant);
    const placed = await place(server, token, bigDine());
    const row = await orderRow(server, placed.id);
    const gift = row.lines.find((l) => l.gift);
    expect(gift).toMatchObject({ productId: P.lemonTea, name: '冻柠檬茶', quantity: 1, price: 0, amount: 0, gift: true, activityId: ACTIVITY.overSendProduct });
    expect(row.breakdown.gifts).toContainEqual(
      expect.objectContaining({ kind: 'product', activityId: ACTIVITY.overSendProduct, productId: P.lemonTea, quantity: 1 }),
    );
    expect(await stockOf(server, P.lemonTea)).toBe(3);
    const detail = success(await server.call(orderCalls.detail, { id: placed.id }, { token }));
    expect(detail.lines.find((l) => l.gift)?.name).toBe('冻柠檬茶');
  });

  test('an accepted markup offer is charged at its price: cola ¥1 on a ¥60 order', async () => {
    const token = await server.login(SHOP.restaurant);
    // 4 × 番茄炒蛋 ¥22 = ¥88 − ¥5 (满50减5) − ¥8 (家常小炒满60减8) = ¥75 reaches the ¥60 markup redemption
    const base = dine({ products: [{ id: 10303, quantity: 4, flag: 'a' }] });
    const without = await quote(server, token, base);
    const accepted = { ...base, acceptedOffers: [{ activityId: ACTIVITY.markupRedemption, productId: P.cola, quantity: 1 }] };
    const withOffer = await quote(server, token, accepted);
    // the cola line is ¥1 (its offer price); the shop's 10 % dine service fee applies to it too: ¥0.10
    expect(Math.round((withOffer - without) * 100)).toBe(110);
    const placed = await place(server, token, accepted);
    const row = await orderRow(server, placed.id);
    expect(row.lines.find((l) => l.offer)).toMatchObject({ productId: P.cola, price: 1, quantity: 1, offer: true, activityId: ACTIVITY.markupRedemption });
  });

  test('an offer the order does not reach is refused', async () => {
    const token = await server.login(SHOP.restaurant);
    const small = dine({ products: [{ id: 10303, quantity: 1, flag: 'a' }], acceptedOffers: [{ activityId: ACTIVITY.markupRedemption, productId: P.cola, quantity: 1 }] });
    const f = failure(await server.call(orderCalls.confirm, { ...small, expectedTotal: 1 }, { token }));
    expect(f.code).toBe('couponActivityNotExist');
  });

  test('a member redeems the mango pudding for 500 points: the line and the points leave together', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const body = dine({ acceptedOffers: [{ activityId: ACTIVITY.pointRedeem, productId: P.mangoPudding, quantity: 1 }] });
    const placed = await place(server, token, body);
    const row = await orderRow(server, placed.id);
    expect(row.lines.find((l) => l.offer)).toMatchObject({ productId: P.mangoPudding, offer: true, points: 500 });
    expect(row.pointsUsed).toBe(500);
  });
});

describe('C§4 shop real status per order type', () => {
  test('a stopped shop answers 403 to a takeaway order', async () => {
    await setShopStatus(-1);
    const token = await server.login(SHOP.restaurant);
    const res = await server.call(orderCalls.confirm, { ...takeaway(), expectedTotal: 1 }, { token });
    expect(res).toMatchObject({ status: 403, code: 'forbidden' });
  });

  test('a stopped shop still takes a dine-in order (its real status is normal for dine-in)', async () => {
    await setShopStatus(-1);
    const token = await server.login(SHOP.restaurant);
    const placed = await place(server, token, dine());
    expect(placed.id).toBeGreaterThan(0);
  });

  test('an expired shop refuses takeaway with the catalogue message and takes dine-in', async () => {
    await setShopStatus(0);
    const token = await server.login(SHOP.restaurant);
    const f = failure(await server.call(orderCalls.confirm, { ...takeaway(), expectedTotal: 1 }, { token }));
    expect(f.code).toBe('storeExpiredOrStopped');
    expect((await place(server, token, dine())).id).toBeGreaterThan(0);
  });

  test('at 03:30 the fast-food restaurant refuses takeaway as closed and takes dine-in', async () => {
    server.clock.set(instantMs(CLOSED_INSTANT));
    const token = await server.login(SHOP.restaurant);
    const f = failure(await server.call(orderCalls.confirm, { ...takeaway(), expectedTotal: 1 }, { token }));
    expect(f.code).toBe('storeClosed');
    expect((await place(server, token, dine())).id).toBeGreaterThan(0);
  });
});

describe('USER-5 the region of a contact phone', () => {
  test('in the mainland a picker phone must be a mainland mobile; another region carries its calling code', async () => {
    const token = await server.login(SHOP.restaurant);
    // 8 digits: a Hong Kong mobile typed without its code is no mainland number
    const f = failure(await server.call(orderCalls.confirm, { ...selfPickup({ contact_phone: '91234567' }), expectedTotal: 1 }, { token }));
    expect(f.code).toBe('inputCorrectPhone');
    expect(await orderRows()).toBe(0);
    // with its calling code it is checked as a Hong Kong number, and taken
    const placed = await place(server, token, selfPickup({ contact_phone: '+85291234567' }));
    expect(placed.id).toBeGreaterThan(0);
    expect(await orderRows()).toBe(1);
  });
});

async function orderRows(): Promise<number> {
  return (await server.db.select({ id: orders.id }).from(orders)).length;
}
