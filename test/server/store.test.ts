import { eq } from 'drizzle-orm';
import { storeCalls } from '../../src/api/contract/store';
import { ProductStatus, TaxMode } from '../../src/domain/enums';
import { limitCards, limitCardUses, members, products, shops } from '../../server/src/db/schema';
import { DEMO_MEMBER, DEMO_MEMBER_EMPTY, DEMO_USER, RESTAURANT_PRODUCT as P, SHOP } from '../../server/src/demo/ids';
import { ShopCache, VERSION_TTL_MS } from '../../server/src/services/shop-cache';
import { buildTestServer, type TestServer } from '../support/build-server';
import { buildLargeShop } from '../../server/src/demo';

let server: TestServer;
let visitor: string;
let member: string;

beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  visitor = await server.login(SHOP.restaurant);
  member = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
});

/** A restaurant product of the menu answer. */
const menuProducts = (info: { unchanged: boolean; categories?: Array<{ products: Array<{ id: number }> }> }) =>
  (info.categories ?? []).flatMap((c) => c.products);

describe('store/list and store/detail (SHOP-1)', () => {
  test('the chain list shows both chain shops and marks the current one', async () => {
    const res = await server.call(storeCalls.list, {}, { token: visitor });
    if (!res.ok) throw new Error(res.info);
    expect(res.info.list.map((s) => s.id).sort()).toEqual([SHOP.restaurant, SHOP.retail, SHOP.branch]);
    expect(res.info.list.find((s) => s.current)?.id).toBe(SHOP.restaurant);
  });

  test('a shop outside any chain lists only itself', async () => {
    const token = await server.login(SHOP.beauty);
    const res = await server.call(storeCalls.list, {}, { token });
    expect(res.ok && res.info.list.map((s) => s.id)).toEqual([SHOP.beauty]);
  });

  test('detail answers the settings, real status and the menu version', async () => {
    const res = await server.call(storeCalls.detail, {}, { token: visitor });
    if (!res.ok) throw new Error(res.info);
    expect(res.info.shop.id).toBe(SHOP.restaurant);
    expect(res.info.shop.name).toBe('沪味小馆（南京东路店）');
    expect(res.info.realStatus).toBe(1);
    expect(res.info.menuVersion).toBe(1);
  });

  test('detail speaks English when the language header asks for it', async () => {
    const res = await server.call(storeCalls.detail, {}, { token: visitor, headers: { language: 'en' } });
    expect(res.ok && res.info.shop.name).toBe('Shanghai Bistro (East Nanjing Rd)');
  });

  test('detail is open at Monday noon and closed at 03:00 with the next opening time', async () => {
    const open = await server.call(storeCalls.detail, {}, { token: visitor });
    expect(open.ok && open.info.isOpen).toBe(true);
    // 03:00 shop time (UTC+8) lies between 02:00 closing and 06:00 opening
    server.clock.set(Date.UTC(2026, 10, 22, 19, 0, 0));
    const closed = await server.call(storeCalls.detail, {}, { token: visitor });
    if (!closed.ok) throw new Error(closed.info);
    expect(closed.info.isOpen).toBe(false);
    expect(closed.info.nextOpening).toBe('06:00');
    server.clock.set(Date.UTC(2026, 10, 23, 4, 0, 0));
  });

  test('a stopped shop still answers detail, with real status -1 for takeaway', async () => {
    await server.db.update(shops).set({ shopStatus: -1 }).where(eq(shops.id, SHOP.restaurant));
    await server.ctx.shopCache.bump(SHOP.restaurant);
    // userAgentType 1 is a takeaway client (C§3 user agent codes)
    const res = await server.call(storeCalls.detail, {}, { token: visitor, headers: { useragenttype: '1' } });
    expect(res.status).toBe(200);
    expect(res.ok && res.info.realStatus).toBe(-1);
  });

  test('the overseas environment sees a normal real status even in a stopped shop (C§4)', async () => {
    await server.db.update(shops).set({ shopStatus: -1 }).where(eq(shops.id, SHOP.restaurant));
    await server.ctx.shopCache.bump(SHOP.restaurant);
    const res = await server.call(storeCalls.detail, {}, { token: visitor, headers: { useragenttype: '1', 'abroad-env': '1' } });
    expect(res.ok && res.info.realStatus).toBe(1);
  });

  test('dine-in clients see a normal real status even in a stopped shop (C§4)', async () => {
    await server.db.update(shops).set({ shopStatus: -1 }).where(eq(shops.id, SHOP.restaurant));
    await server.ctx.shopCache.bump(SHOP.restaurant);
    const res = await server.call(storeCalls.detail, {}, { token: visitor, headers: { useragenttype: '101' } });
    expect(res.ok && res.info.realStatus).toBe(1);
  });
});

describe('shop settings calls', () => {
  test('paySetting lists the enabled pay types', async () => {
    const res = await server.call(storeCalls.paySetting, {}, { token: visitor });
    if (!res.ok) throw new Error(res.info);
    for (const t of res.info.payTypes) expect(res.info[t]).toBe(true);
    expect(res.info.payTypes.length).toBeGreaterThan(0);
  });

  test('vipChargePaySetting answers the recharge pay types', async () => {
    const res = await server.call(storeCalls.vipChargePaySetting, {}, { token: visitor });
    expect(res.ok).toBe(true);
  });

  test('levels lists the member levels in level order', async () => {
    const res = await server.call(storeCalls.levels, {}, { token: visitor });
    if (!res.ok) throw new Error(res.info);
    const levels = res.info.list.map((l) => Number(l.level));
    expect(levels.length).toBeGreaterThan(0);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
  });

  test('memberSetting answers the shop member settings', async () => {
    const res = await server.call(storeCalls.memberSetting, {}, { token: visitor });
    expect(res.ok && res.info.isFunctionOpen).toBe(true);
  });

  test('vipInfo gives a member their card and a visitor none', async () => {
    const mine = await server.call(storeCalls.vipInfo, {}, { token: member });
    if (!mine.ok) throw new Error(mine.info);
    expect(mine.info.vipInfo?.id).toBe(DEMO_MEMBER.id);
    expect(mine.info.vipInfo?.amount).toBe(500);
    const none = await server.call(storeCalls.vipInfo, {}, { token: visitor });
    expect(none.ok && none.info.vipInfo).toBeNull();
  });

  test('vipInfo with the current version leaves out settings and levels but keeps the card', async () => {
    const res = await server.call(storeCalls.vipInfo, { version: 1 }, { token: member });
    if (!res.ok) throw new Error(res.info);
    expect(res.info.unchanged).toBe(true);
    expect(res.info.vipInfo?.id).toBe(DEMO_MEMBER.id);
    expect('memberSetting' in res.info).toBe(false);
  });
});

describe('menu (MENU-1…6)', () => {
  test('products lists on-sale and sold-out products, never offline ones', async () => {
    const res = await server.call(storeCalls.products, {}, { token: visitor });
    if (!res.ok || res.info.unchanged) throw new Error('expected a menu');
    const ids = menuProducts(res.info).map((p) => p.id);
    expect(ids).toContain(P.kungPaoChicken);
    expect(ids).toContain(P.lobster);
    expect(ids).not.toContain(P.abalone);
    const lobster = res.info.categories.flatMap((c) => c.products).find((p) => p.id === P.lobster);
    expect(lobster?.status).toBe(ProductStatus.SALE_OUT);
  });

  test('products carries the live stock of tracked products', async () => {
    const res = await server.call(storeCalls.products, {}, { token: visitor });
    expect(res.ok && res.info.stock[String(P.peking)]).toBe(5);
  });

  test('products with the current version answers unchanged without a body', async () => {
    const res = await server.call(storeCalls.products, { version: 1 }, { token: visitor });
    if (!res.ok) throw new Error(res.info);
    expect(res.info).toEqual({ version: 1, unchanged: true, stock: expect.any(Object) });
  });

  test('the cached menu is served until the version changes, then rebuilt', async () => {
    await server.call(storeCalls.products, {}, { token: visitor });
    await server.db.update(products).set({ name: '宫保鸡丁（新）' }).where(eq(products.id, P.kungPaoChicken));
    const cached = await server.call(storeCalls.products, {}, { token: visitor });
    const nameOf = (r: typeof cached) =>
      r.ok && !r.info.unchanged ? r.info.categories.flatMap((c) => c.products).find((p) => p.id === P.kungPaoChicken)?.name : null;
    expect(nameOf(cached)).toBe('宫保鸡丁');
    const version = await server.ctx.shopCache.bump(SHOP.restaurant);
    expect(version).toBe(2);
    const fresh = await server.call(storeCalls.products, { version: 1 }, { token: visitor });
    expect(fresh.ok && fresh.info.version).toBe(2);
    expect(nameOf(fresh)).toBe('宫保鸡丁（新）');
  });

  test('a version bump drops the cached answers of the old version', async () => {
    await server.call(storeCalls.products, {}, { token: visitor });
    await server.call(storeCalls.detail, {}, { token: visitor });
    const before = server.ctx.shopCache.size;
    await server.ctx.shopCache.bump(SHOP.restaurant);
    expect(server.ctx.shopCache.size).toBeLessThan(before);
  });

  test('another node sees a version bump within the 2-second version TTL', async () => {
    // a second cache on the same database stands for a second server node
    let t = server.clock.now();
    const otherNode = new ShopCache(server.db, () => t);
    expect(await otherNode.version(SHOP.restaurant)).toBe(1);
    await server.ctx.shopCache.bump(SHOP.restaurant);
    expect(await otherNode.version(SHOP.restaurant)).toBe(1);
    t += VERSION_TTL_MS;
    expect(await otherNode.version(SHOP.restaurant)).toBe(2);
  });

  test('products are named in English for an English request', async () => {
    const res = await server.call(storeCalls.products, {}, { token: visitor, headers: { language: 'en' } });
    const names = res.ok && !res.info.unchanged ? res.info.categories.flatMap((c) => c.products).map((p) => p.name) : [];
    expect(names).toContain('Kung Pao Chicken');
  });

  test('productTypes lists categories with their product ids', async () => {
    const res = await server.call(storeCalls.productTypes, {}, { token: visitor });
    if (!res.ok || res.info.unchanged) throw new Error('expected types');
    const all = res.info.types.flatMap((t) => t.productIds);
    expect(all).toContain(P.kungPaoChicken);
  });

  test('productTypes of a small menu carries the whole menu and its stock, as store/products answers them', async () => {
    const [types, whole] = await Promise.all([
      server.call(storeCalls.productTypes, {}, { token: visitor }),
      server.call(storeCalls.products, {}, { token: visitor }),
    ]);
    if (!types.ok || types.info.unchanged || !whole.ok || whole.info.unchanged) throw new Error('expected bodies');
    expect(types.info.whole).toEqual({ categories: whole.info.categories, stock: whole.info.stock });
    expect(types.info.first).toBeUndefined();
  });

  test("productTypes of a large menu carries its first category's first page and its live stock, as store/productsChunk and store/stockQuery answer them", async () => {
    const large = await buildTestServer({ extraShops: [buildLargeShop()] });
    try {
      const token = await large.login(SHOP.large);
      const listed = await large.call(storeCalls.productTypes, {}, { token });
      if (!listed.ok || listed.info.unchanged) throw new Error('expected types');
      // two products of the first page track their stock, one of them sold out; the rest do not track it
      const [a, b] = listed.info.types[0].productIds;
      await large.db.update(products).set({ stock: 7 }).where(eq(products.id, a));
      await large.db.update(products).set({ stock: 0 }).where(eq(products.id, b));
      const types = await large.call(storeCalls.productTypes, {}, { token });
      if (!types.ok || types.info.unchanged) throw new Error('expected types');
      const count = types.info.types.reduce((n, t) => n + t.productIds.length, 0);
      const typeId = types.info.types[0].id;
      const chunk = await large.call(storeCalls.productsChunk, { version: types.info.version, typeId, page: 1, pageLimit: 100 }, { token });
      if (!chunk.ok) throw new Error(chunk.info);
      const stock = await large.call(storeCalls.stockQuery, { products: chunk.info.list.map((p) => ({ id: p.id })) }, { token });
      if (!stock.ok) throw new Error(stock.info);
      const tracked = Object.fromEntries(stock.info.list.filter((r) => r.stock_quantity !== null).map((r) => [String(r.product_id), r.stock_quantity]));
      expect(count > 300).toEqual(true);
      expect(types.info.whole).toEqual(undefined);
      expect(chunk.info.list.length > 0).toEqual(true);
      expect(tracked).toEqual({ [a]: 7, [b]: 0 });
      expect(types.info.first).toEqual({ typeId, list: chunk.info.list, total: chunk.info.total, page: 1, pageLimit: 100, stock: tracked });
    } finally {
      await large.close();
    }
  }, 60_000);

  test('publicProductTypes answers the shop named in the body without a token, as productTypes answers that shop (MENU-8)', async () => {
    const [open, tokened] = await Promise.all([
      server.call(storeCalls.publicProductTypes, { shopId: SHOP.restaurant }),
      server.call(storeCalls.productTypes, {}, { token: visitor }),
    ]);
    if (!open.ok || !tokened.ok) throw new Error('expected both answers');
    expect(open.info).toEqual(tokened.info);
    // the body's shop, not a token's: a beauty shop's token asking for the restaurant gets the restaurant
    const beautyToken = await server.login(SHOP.beauty);
    const named = await server.call(storeCalls.publicProductTypes, { shopId: SHOP.restaurant }, { token: beautyToken });
    expect(named.ok && named.info).toEqual(tokened.info);
    const same = await server.call(storeCalls.publicProductTypes, { shopId: SHOP.restaurant, version: 1 });
    expect(same.ok && same.info).toEqual({ version: 1, unchanged: true });
  });

  test('publicProductTypes refuses a shop that does not exist and a body without a shop, and changes nothing', async () => {
    const unknown = await server.call(storeCalls.publicProductTypes, { shopId: 999999 });
    expect(unknown.ok).toBe(false);
    expect(unknown.code).toBe('getShopDataFailed');
    const none = await server.call(storeCalls.publicProductTypes, {});
    expect(none.code).toBe('badRequest');
    expect(none.info).toContain('shopId');
    const text = await server.call(storeCalls.publicProductTypes, { shopId: 'x' });
    expect(text.code).toBe('badRequest');
    const [shop] = await server.db.select({ v: shops.menuVersion }).from(shops).where(eq(shops.id, SHOP.restaurant));
    expect(shop.v).toBe(1);
  });

  test('productTypes with the current version answers unchanged', async () => {
    const res = await server.call(storeCalls.productTypes, { version: 1 }, { token: visitor });
    // nothing else with it: the app keeps its stored menu
    expect(res.ok && res.info).toEqual({ version: 1, unchanged: true });
  });

  test('productsChunk pages through the menu', async () => {
    const first = await server.call(storeCalls.productsChunk, { page: 1, pageLimit: 3 }, { token: visitor });
    const second = await server.call(storeCalls.productsChunk, { page: 2, pageLimit: 3 }, { token: visitor });
    if (!first.ok || !second.ok) throw new Error('chunk failed');
    expect(first.info.list).toHaveLength(3);
    expect(second.info.list[0].id).not.toBe(first.info.list[0].id);
    expect(first.info.total).toBeGreaterThan(6);
  });

  test('productsChunk filters by ids and flags a stale version', async () => {
    const res = await server.call(storeCalls.productsChunk, { ids: [P.beer, P.cola], version: 7 }, { token: visitor });
    if (!res.ok) throw new Error(res.info);
    expect(res.info.list.map((p) => p.id).sort()).toEqual([P.beer, P.cola].sort());
    expect(res.info.stale).toBe(true);
  });

  test('productDetail answers a product with its specs', async () => {
    const res = await server.call(storeCalls.productDetail, { id: P.boiledFish }, { token: visitor });
    expect(res.ok && res.info.specs?.map((s) => s.price)).toEqual([58, 78, 98]);
  });

  test('productDetail of an unknown product says it was deleted', async () => {
    const res = await server.call(storeCalls.productDetail, { id: 999999 }, { token: visitor });
    expect(res.ok).toBe(false);
    expect(res.info).toBe('商品 999999 已删除');
  });

  test('comboCheck reports a meal-set item that went offline', async () => {
    await server.db.update(products).set({ status: ProductStatus.OFFLINE }).where(eq(products.id, P.cola));
    await server.ctx.shopCache.bump(SHOP.restaurant);
    const res = await server.call(storeCalls.comboCheck, { productId: P.comboSet, isNewVersion: true }, { token: visitor });
    if (!res.ok) throw new Error(res.info);
    expect(res.info.offline).toBe(true);
    expect(res.info.items).toEqual([{ id: P.cola, offline: true, saleOut: false, deleted: false }]);
  });

  test('comboCheck of a sound meal set reports nothing', async () => {
    const res = await server.call(storeCalls.comboCheck, { productId: P.comboSet }, { token: visitor });
    expect(res.ok && res.info).toMatchObject({ offline: false, saleOut: false, deleted: false, items: [] });
  });

  test('productTastes answers the required spice level of mapo tofu', async () => {
    const res = await server.call(storeCalls.productTastes, { productId: P.mapoTofu }, { token: visitor });
    expect(res.ok && res.info.tastes.find((g) => g.required)?.name).toBe('辣度');
  });

  test('productTaxes lists the tax rows with their product', async () => {
    const res = await server.call(storeCalls.productTaxes, {}, { token: visitor });
    if (!res.ok) throw new Error(res.info);
    expect(res.info.data).toContainEqual(expect.objectContaining({ productID: P.beer, taxType: TaxMode.TAX_IN, taxValue: 13 }));
  });

  test('checkStock names the first product short of stock', async () => {
    const res = await server.call(
      storeCalls.checkStock,
      { products: [{ id: P.kungPaoChicken, quantity: 1 }, { id: P.peking, quantity: 6 }] },
      { token: visitor },
    );
    expect(res.ok && res.info).toEqual({ id: P.peking, name: '北京烤鸭（半只）', stock: 5 });
  });

  test('checkStock counts two lines of one product together', async () => {
    const res = await server.call(
      storeCalls.checkStock,
      { products: [{ id: P.peking, quantity: 3 }, { id: P.peking, quantity: 3 }] },
      { token: visitor },
    );
    expect(res.ok && res.info.id).toBe(P.peking);
  });

  test('checkStock treats a sold-out product as short', async () => {
    const res = await server.call(storeCalls.checkStock, { products: [{ id: P.lobster, quantity: 1 }] }, { token: visitor });
    expect(res.ok && res.info.id).toBe(P.lobster);
  });

  test('checkStock answers null when everything is available', async () => {
    const res = await server.call(storeCalls.checkStock, { products: [{ id: P.peking, quantity: 5 }] }, { token: visitor });
    expect(res.ok && res.info).toEqual({ id: null, name: null, stock: null });
  });

  test('stockQuery answers stock and ordered quantities', async () => {
    const res = await server.call(storeCalls.stockQuery, { products: [{ id: P.peking }, { id: P.kungPaoChicken }] }, { token: visitor });
    if (!res.ok) throw new Error(res.info);
    expect(res.info.list).toEqual([
      { product_id: P.peking, stock_quantity: 5, order_quantity: 0 },
      { product_id: P.kungPaoChicken, stock_quantity: null, order_quantity: 0 },
    ]);
  });

  test('productSearch finds products by Chinese or English name', async () => {
    const zh = await server.call(storeCalls.productSearch, { searchText: '宫保' }, { token: visitor });
    const en = await server.call(storeCalls.productSearch, { searchText: 'kung pao' }, { token: visitor });
    expect(zh.ok && zh.info.list.map((p) => p.id)).toContain(P.kungPaoChicken);
    expect(en.ok && en.info.list.map((p) => p.id)).toContain(P.kungPaoChicken);
  });

  test('specProductList lists specs with their parent product', async () => {
    const res = await server.call(storeCalls.specProductList, { includeNotSale: false }, { token: visitor });
    if (!res.ok) throw new Error(res.info);
    const fish = res.info.list.filter((s) => s.parentId === P.boiledFish);
    expect(fish.map((s) => s.name)).toEqual(['小份', '中份', '大份']);
  });

  test('couponProducts lists the product a product coupon gives', async () => {
    const res = await server.call(storeCalls.couponProducts, {}, { token: visitor });
    expect(res.ok && res.info.list.map((p) => p.id)).toContain(P.kungPaoChicken);
  });
});

describe('limit cards (MEMBER-6)', () => {
  const addCard = async () => {
    const [card] = await server.db
      .insert(limitCards)
      .values({ memberId: DEMO_MEMBER.id, shopId: SHOP.restaurant, productId: P.kungPaoChicken, name: '宫保鸡丁 10 次卡', totalTimes: 10, usedTimes: 2 })
      .returning();
    await server.db.insert(limitCardUses).values([
      { limitCardId: card.id, memberId: DEMO_MEMBER.id, productId: P.kungPaoChicken, times: 1 },
      { limitCardId: card.id, memberId: DEMO_MEMBER.id, productId: P.kungPaoChicken, times: 1 },
    ]);
    return card.id;
  };

  test('limitCardList shows the member their cards with the times left', async () => {
    const id = await addCard();
    const res = await server.call(storeCalls.limitCardList, {}, { token: member });
    expect(res.ok && res.info.list).toEqual([expect.objectContaining({ id, totalTimes: 10, usedTimes: 2, remainingTimes: 8 })]);
  });

  test("limitCardList of another member's id shows nothing", async () => {
    await addCard();
    const res = await server.call(storeCalls.limitCardList, { id: DEMO_MEMBER_EMPTY.id }, { token: member });
    expect(res.ok && res.info.list).toEqual([]);
  });

  test('limitCardUseList pages the uses', async () => {
    await addCard();
    const res = await server.call(storeCalls.limitCardUseList, { page: 1, pageLimit: 1 }, { token: member });
    if (!res.ok) throw new Error(res.info);
    expect(res.info.list).toHaveLength(1);
    expect(res.info.total).toBe(2);
  });

  test("limitCardUseList of another member's id shows nothing", async () => {
    await addCard();
    const other = await server.tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    const res = await server.call(storeCalls.limitCardUseList, { memberId: DEMO_MEMBER.id }, { token: other });
    expect(res.ok && res.info.total).toBe(0);
    const rows = await server.db.select().from(members).where(eq(members.id, DEMO_MEMBER_EMPTY.id));
    expect(rows).toHaveLength(1);
  });
});
