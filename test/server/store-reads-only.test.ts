/**
 * C1.1 "Merchants configure shops; the consumer app only reads those settings": every store/* call of
 * the consumer contract (src/api/contract/store.ts), called on the test server by a member with a valid
 * body, answers and leaves what the merchant configures as it was — the shops' rows (settings, member,
 * pay, recharge and gift rules, beauty settings, status, menu version), the chains, the member levels,
 * the categories and the products. The one store call that writes, store/setUserInfo, changes the
 * customer's own profile and nothing of the shop.
 */
import { asc, eq } from 'drizzle-orm';
import { storeCalls } from '../../src/api/contract/store';
import type { CallDef } from '../../src/api/contract';
import { categories, chains, memberLevels, products, shops, users } from '../../server/src/db/schema';
import { DEMO_MEMBER, DEMO_USER, RESTAURANT_PRODUCT as P, SHOP } from '../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../support/build-server';

let server: TestServer;
let member: string;

beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  member = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
});

/** What a merchant configures, as the database holds it (every column, every shop, in id order). */
async function merchantSettings() {
  const db = server.db;
  return {
    shops: await db.select().from(shops).orderBy(asc(shops.id)),
    chains: await db.select().from(chains).orderBy(asc(chains.id)),
    memberLevels: await db.select().from(memberLevels).orderBy(asc(memberLevels.id)),
    categories: await db.select().from(categories).orderBy(asc(categories.id)),
    products: await db.select().from(products).orderBy(asc(products.id)),
  };
}

/** A valid body for each store/* call of the contract (keyed by its path). */
const BODIES: Record<string, unknown> = {
  'store/list': {},
  'store/publicList': { brand: 1 },
  'store/detail': {},
  'store/paySetting': {},
  'store/vipChargePaySetting': {},
  'store/levels': {},
  'store/memberSetting': {},
  'store/vipInfo': { version: 0 },
  'store/products': { version: 0 },
  'store/productTypes': { version: 0 },
  'store/publicProductTypes': { shopId: SHOP.restaurant, version: 0 },
  'store/productsChunk': { page: 1, pageLimit: 5 },
  'store/productDetail': { id: P.mapoTofu },
  'store/comboCheck': { productId: P.comboSet, isNewVersion: true },
  'store/productTastes': { productId: P.mapoTofu, isNewVersion: true },
  'store/productTaxes': {},
  'store/checkStock': { products: [{ id: P.peking, quantity: 2 }] },
  'store/stockQuery': { products: [{ id: P.peking }, { id: P.mangoPudding }] },
  'store/productSearch': { searchText: '豆', version: 0 },
  'store/specProductList': { includeNotSale: true },
  'store/couponProducts': {},
  'store/limitCardList': {},
  'store/limitCardUseList': { memberId: DEMO_MEMBER.id, page: 1, pageLimit: 20 },
  'store/userInfo': {},
  'store/setUserInfo': { nickName: '新昵称' },
};

const calls = Object.values(storeCalls) as CallDef[];

describe('the consumer app only reads the shop settings (C1.1)', () => {
  test('the walk has a body for every store/* call of the contract, and only those', () => {
    expect(Object.keys(BODIES).sort()).toEqual(calls.map((c) => c.path).sort());
  });

  test.each(calls.map((c) => [c.path, c] as const))('%s answers and leaves the merchant’s settings as they were', async (_path, def) => {
    const before = await merchantSettings();
    const res = await server.call(def, BODIES[def.path], { token: member });
    // a refused call would prove nothing: each body is one the server accepts
    expect({ status: res.status, ok: res.ok, info: res.ok ? 'answered' : res.info }).toEqual({ status: 200, ok: true, info: 'answered' });
    expect(await merchantSettings()).toEqual(before);
  });

  test('store/setUserInfo writes the customer’s profile, not the shop', async () => {
    const before = await merchantSettings();
    const res = await server.call(storeCalls.setUserInfo, { nickName: '新昵称' }, { token: member });
    expect(res.ok).toBe(true);
    const [user] = await server.db.select().from(users).where(eq(users.id, DEMO_USER.member.id));
    expect(user.nickName).toBe('新昵称');
    expect(await merchantSettings()).toEqual(before);
  });

  test('the comparison sees a merchant’s change (the check can fail)', async () => {
    const before = await merchantSettings();
    const [shop] = before.shops.filter((s) => s.id === SHOP.restaurant);
    await server.db
      .update(shops)
      .set({ settings: { ...shop.settings, notification: { isOpen: true, title: '公告', content: '今日八折' } } })
      .where(eq(shops.id, SHOP.restaurant));
    expect(await merchantSettings()).not.toEqual(before);
  });
});
