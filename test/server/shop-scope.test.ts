/**
 * Token scope across shops (docs/decisions.md "Token scope across shops"): a token acts in its own
 * shop; chain-wide calls reach the shops of its chain and no further, checked by one hook.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { allCalls } from '../../src/api/contract';
import { orderCalls } from '../../src/api/contract/order';
import { storeCalls } from '../../src/api/contract/store';
import { userCalls } from '../../src/api/contract/user';
import { orders, sessions } from '../../server/src/db/schema';
import { RETAIL_PRODUCT, SHOP } from '../../server/src/demo/ids';
import { SHOP_FIELDS } from '../../server/src/routes/shop-scope';
import { buildTestServer, type TestServer } from '../support/build-server';
import { failure, place, quote, selfPickup, success } from './orders/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

// the restaurant and the retail shop form the demo chain; the beauty salon is outside it
const OWN = SHOP.restaurant;
const CHAIN = SHOP.retail;
const OUTSIDE = SHOP.beauty;

const orderCount = async () => (await server.db.select().from(orders)).length;

/** A pickup at the retail shop: a chicken burger with mayonnaise. */
const retailPickup = () => selfPickup({ products: [{ id: RETAIL_PRODUCT.chickenBurger, quantity: 1, flag: 'a', tastes: [{ id: 71, quantity: 1 }] }] });

describe('every call taking a shop id is checked', () => {
  test('each contract call with a shop id field is listed in the scope table', () => {
    const listed = new Set(SHOP_FIELDS.map((f) => `${f.call.path}:${f.field}`));
    const missing: string[] = [];
    for (const def of allCalls) {
      const shape = def.req instanceof z.ZodObject ? (def.req.shape as Record<string, unknown>) : {};
      for (const key of Object.keys(shape)) {
        if (/^shop_?ids?$/i.test(key) && !listed.has(`${def.path}:${key}`)) missing.push(`${def.path}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('order/confirm with a shopId', () => {
  test('another shop outside the chain is refused and no order is placed', async () => {
    const token = await server.login(OWN);
    const before = await orderCount();
    const res = await server.call(orderCalls.confirm, { ...selfPickup(), shopId: OUTSIDE, expectedTotal: 44 }, { token });
    expect(failure(res).code).toBe('getShopDataFailed');
    expect(await orderCount()).toBe(before);
  });

  test('an unknown shop is refused the same way', async () => {
    const token = await server.login(OWN);
    const res = await server.call(orderCalls.confirm, { ...selfPickup(), shopId: 424242, expectedTotal: 44 }, { token });
    expect(failure(res).code).toBe('getShopDataFailed');
    expect(await orderCount()).toBe(0);
  });

  test('a shop of the same chain takes the order (multi-shop order)', async () => {
    const token = await server.login(OWN);
    const o = await place(server, token, { ...retailPickup(), shopId: CHAIN });
    const [row] = await server.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row.shopId).toBe(CHAIN);
  });

  test('the token’s own shop id is allowed', async () => {
    const token = await server.login(OWN);
    expect(await quote(server, token, { ...selfPickup(), shopId: OWN })).toBeGreaterThan(0);
  });
});

describe('store/detail with an id', () => {
  test('another shop outside the chain is refused', async () => {
    const token = await server.login(OWN);
    expect(failure(await server.call(storeCalls.detail, { id: OUTSIDE }, { token })).code).toBe('getShopDataFailed');
  });

  test('a shop of the chain is answered', async () => {
    const token = await server.login(OWN);
    expect(success(await server.call(storeCalls.detail, { id: CHAIN }, { token })).shop.id).toBe(CHAIN);
  });
});

describe('user/token', () => {
  test('moving to a shop outside the chain is refused and issues no token', async () => {
    const token = await server.login(OWN);
    const before = (await server.db.select().from(sessions)).length;
    const res = await server.call(userCalls.token, { id: OUTSIDE, token });
    expect(failure(res).code).toBe('getShopDataFailed');
    expect((await server.db.select().from(sessions)).length).toBe(before);
  });

  test('moving within the chain issues a token for the new shop', async () => {
    const token = await server.login(OWN);
    const res = success(await server.call(userCalls.token, { id: CHAIN, token }));
    expect(res.shopId).toBe(CHAIN);
  });

  test('the token in the body decides, not the header', async () => {
    const outsider = await server.login(OUTSIDE);
    const own = await server.login(OWN);
    // the header token is of the restaurant, the body's of the salon: the salon's chain (none) applies
    const res = await server.call(userCalls.token, { id: CHAIN, token: outsider }, { token: own });
    expect(failure(res).code).toBe('getShopDataFailed');
  });
});

describe('order/list', () => {
  test('a shop’s token lists that shop’s orders; the chain scope lists the chain’s', async () => {
    const token = await server.login(OWN, 'chain-shopper');
    const here = await place(server, token, selfPickup());
    const there = await place(server, token, { ...retailPickup(), shopId: CHAIN });
    const own = success(await server.call(orderCalls.list, {}, { token }));
    expect(own.list.map((o) => o.id)).toEqual([here.id]);
    expect(own.total).toBe(1);
    const chain = success(await server.call(orderCalls.list, { scope: 'chain' }, { token }));
    expect(chain.list.map((o) => o.id)).toEqual([there.id, here.id]);
  });

  test('the chain scope of a shop outside any chain is the shop alone', async () => {
    const restaurantToken = await server.login(OWN, 'two-shops');
    await place(server, restaurantToken, selfPickup());
    const [user] = await server.db.select({ userId: orders.userId }).from(orders);
    const salonToken = await server.tokenFor(user.userId, OUTSIDE);
    const res = success(await server.call(orderCalls.list, { scope: 'chain' }, { token: salonToken }));
    expect(res.list).toEqual([]);
  });
});
