/**
 * shop/load stores only configuration that passes the contract's schemas (SERVER-4): every stored
 * shape (settings, categories, products, activities with their kind's args, coupon templates) is
 * checked before anything is written; a bad load is refused with the path of the bad field and
 * changes nothing.
 */
import { eq } from 'drizzle-orm';
import { storeCalls } from '../../../src/api/contract/store';
import { ActivityType } from '../../../src/domain/enums';
import { activities, products, shops } from '../../../server/src/db/schema';
import { ACTIVITY, RESTAURANT_PRODUCT as P, SHOP } from '../../../server/src/demo/ids';
import type { ShopConfig } from '../../../server/src/services/orders/merchant';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { place, success, takeaway } from './helpers';

const KEY = 'merchant-secret';
let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer({ config: { merchantKey: KEY } });
}, 60000);
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.reset();
});

async function admin<T = unknown>(op: string, body: unknown) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/merchant/${op}`,
    headers: { 'content-type': 'application/json', 'x-merchant-key': KEY, language: 'en' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as { result: boolean; info: T; code?: string } };
}

const exportShop = async (shopId: number = SHOP.restaurant) =>
  (await admin<ShopConfig>('shop/export', { shopId })).body.info;

/** What a refused load must leave as it was. */
async function snapshot() {
  const [shop] = await server.db.select().from(shops).where(eq(shops.id, SHOP.restaurant));
  const prods = await server.db.select().from(products).where(eq(products.shopId, SHOP.restaurant));
  const acts = await server.db.select().from(activities);
  return { shop, prods, acts, menuVersion: await server.ctx.shopCache.version(SHOP.restaurant) };
}

const withProductData = (cfg: ShopConfig, id: number, patch: Record<string, unknown>): ShopConfig => ({
  ...cfg,
  products: cfg.products!.map((p) => (p.id === id ? { ...p, data: { ...p.data, ...patch } } : p)),
});

describe('shop/load refuses configuration outside the schemas', () => {
  test('a product with tastes 42 and taxes "abc" is refused naming the field, nothing changes, the shop still sells', async () => {
    const before = await snapshot();
    const cfg = await exportShop();
    const bad = withProductData(cfg, P.braisedPork, { tastes: 42, taxes: 'abc' });
    const index = cfg.products!.findIndex((p) => p.id === P.braisedPork);
    const r = await admin('shop/load', bad);
    expect(r.status).toBe(200);
    expect(r.body.result).toBe(false);
    expect(r.body.code).toBe('badRequest');
    expect(r.body.info).toContain(`products.${index}.data.tastes`);
    expect(await snapshot()).toEqual(before);
    // the menu answers inside its contract (server.call checks it) and orders still go through
    const token = await server.login(SHOP.restaurant);
    success(await server.call(storeCalls.products, {}, { token }));
    await place(server, token, takeaway());
  });

  test('a bad top-level body is refused with badRequest, never a 500', async () => {
    for (const body of [[], 'shop', 42, null, { shopId: 'x' }, { shopId: SHOP.restaurant, products: 'all' }]) {
      const r = await admin('shop/load', body);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ result: false, code: 'badRequest' });
    }
  });

  test('an activity whose args do not fit its kind is refused naming the field', async () => {
    const before = await snapshot();
    const cfg = await exportShop();
    const index = cfg.activities!.findIndex((a) => a.id === ACTIVITY.fullReduction);
    const acts = cfg.activities!.map((a, i) => (i === index ? { ...a, data: { ...a.data, gears: [{ full: 'ten' }] } } : a));
    const r = await admin('shop/load', { ...cfg, activities: acts });
    expect(r.body.code).toBe('badRequest');
    expect(r.body.info).toContain(`activities.${index}.data.gears.0.full`);
    expect(await snapshot()).toEqual(before);
  });

  test('an activity of a kind the engine does not know is refused', async () => {
    const cfg = await exportShop();
    const acts = cfg.activities!.map((a, i) => (i === 0 ? { ...a, type: 77, data: { ...a.data, type: 77 } } : a));
    const r = await admin('shop/load', { ...cfg, activities: acts });
    expect(r.body.code).toBe('badRequest');
    expect(r.body.info).toContain('activities.0.type');
  });

  test('an activity whose data names another kind than its row is refused', async () => {
    const cfg = await exportShop();
    const index = cfg.activities!.findIndex((a) => a.id === ACTIVITY.fullReduction);
    const acts = cfg.activities!.map((a, i) =>
      i === index ? { ...a, data: { ...a.data, type: ActivityType.secondDiscount } } : a,
    );
    const r = await admin('shop/load', { ...cfg, activities: acts });
    expect(r.body.code).toBe('badRequest');
    expect(r.body.info).toContain(`activities.${index}.data.type`);
  });

  test('bad settings, a bad category and a bad coupon template are refused naming the field', async () => {
    const cfg = await exportShop();
    const cases: Array<[Partial<ShopConfig>, string]> = [
      [{ settings: { ...cfg.settings, name: 42 } }, 'settings.name'],
      [{ categories: cfg.categories!.map((c, i) => (i === 0 ? { ...c, data: { ...c.data, saleDateRange: 'always' } } : c)) }, 'categories.0.data.saleDateRange'],
      [{ couponTemplates: cfg.couponTemplates!.map((t, i) => (i === 0 ? { ...t, data: { ...t.data, reductionAmount: 'ten' } } : t)) }, 'couponTemplates.0.data.reductionAmount'],
    ];
    for (const [patch, path] of cases) {
      const r = await admin('shop/load', { ...cfg, ...patch });
      expect(r.body.code).toBe('badRequest');
      expect(r.body.info).toContain(path);
    }
  });

  test('a NUL character anywhere in a load is refused naming the field', async () => {
    const cfg = await exportShop();
    const r = await admin('shop/load', withProductData(cfg, P.braisedPork, { description: 'hot\u0000' }));
    expect(r.status).toBe(200);
    expect(r.body.code).toBe('badRequest');
    expect(r.body.info).toContain('.data.description');
  });

  test('every demo shop exported loads back unchanged', async () => {
    for (const shopId of [SHOP.restaurant, SHOP.retail, SHOP.beauty]) {
      const cfg = await exportShop(shopId);
      const r = await admin<{ shopId: number }>('shop/load', cfg);
      expect({ shopId, ok: r.body.result, info: r.body.info }).toMatchObject({ shopId, ok: true });
      expect(await exportShop(shopId)).toEqual(cfg);
    }
  });
});
