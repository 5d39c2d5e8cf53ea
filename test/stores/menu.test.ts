import { autorun } from 'mobx';
import { ErrorCode } from '../../src/domain/errors';
import { MENU_CHUNK_THRESHOLD, menuStorageKey } from '../../src/stores/menu';
import type { MenuCache } from '../../src/stores/menu';
import { MemoryStorage, ok } from '../support/fakes';
import { NOON, buildStores, loadMenu, menuBody, product, typesBody } from '../support/store-factories';
import { until } from '../support/until';

const HOUR = 60 * 60 * 1000;
const noodles = product({ id: 1, name: 'Beef noodles', price: 18 });
const dumplings = product({ id: 2, name: 'Dumplings', price: 12, typeid: 11 });

describe('MenuStore: versioned cache (MENU-5)', () => {
  it('stores the menu with its version', async () => {
    const f = buildStores();
    await loadMenu(f, [noodles, dumplings], { version: 3 });
    const cache = f.storage.get<MenuCache>(menuStorageKey(1));
    expect(cache?.version).toEqual(3);
    expect(cache?.products.map((p) => p.id)).toEqual([1, 2]);
    expect(cache?.complete).toEqual(true);
  });

  it('sends the cached version and keeps the cached menu on unchanged', async () => {
    const storage = new MemoryStorage();
    await loadMenu(buildStores({ storage }), [noodles], { version: 3 });
    const f = buildStores({ storage });
    f.transport.on('store/products', ok({ version: 3, unchanged: true, stock: { '1': 4 } }));
    await f.menu.load(1);
    const sent = f.transport.requests.find((r) => r.url.endsWith('/store/products'))?.data;
    expect(sent).toEqual({ version: 3 });
    expect(f.menu.product(1)?.name).toEqual('Beef noodles');
    expect(f.menu.stock).toEqual({ '1': 4 });
  });

  it('skips the category call when a whole menu is cached', async () => {
    const storage = new MemoryStorage();
    await loadMenu(buildStores({ storage }), [noodles], { version: 3 });
    const f = buildStores({ storage });
    f.transport.on('store/products', ok({ version: 3, unchanged: true, stock: {} }));
    await f.menu.load(1);
    expect(f.transport.requests.map((r) => r.url.split('/').pop())).toEqual(['products']);
  });

  it('replaces the cache and raises "New menu has been updated" when the version moved', async () => {
    const storage = new MemoryStorage();
    await loadMenu(buildStores({ storage }), [noodles], { version: 3 });
    const f = buildStores({ storage });
    f.transport.on('store/products', ok(menuBody(4, [{ ...noodles, price: 20 }])));
    await f.menu.load(1);
    expect(f.menu.version).toEqual(4);
    expect(f.menu.product(1)?.price).toEqual(20);
    expect(f.menu.newMenuUpdated).toEqual(true);
    expect(storage.get<MenuCache>(menuStorageKey(1))?.version).toEqual(4);
  });
});

describe('MenuStore: the category list carries what loads next (MENU-8)', () => {
  it('takes a small menu and its stock from the category list: no store/products call', async () => {
    const f = buildStores();
    const whole = menuBody(6, [noodles, dumplings], { '2': 3 });
    f.transport.on('store/productTypes', ok({ ...typesBody(6, [noodles, dumplings]), whole: { categories: whole.categories, stock: whole.stock } }));
    await f.menu.load(1);
    expect(f.transport.requests.map((r) => r.url.split('/').pop())).toEqual(['productTypes']);
    expect(f.menu.version).toEqual(6);
    expect(f.menu.complete).toEqual(true);
    expect(f.menu.productList.map((p) => p.id)).toEqual([1, 2]);
    expect(f.menu.productState(2)?.stockLeft).toEqual(3);
    expect(f.storage.get<MenuCache>(menuStorageKey(1))?.products.map((p) => p.id)).toEqual([1, 2]);
  });

  it("takes a large menu's first page from the category list and asks only for the next page", async () => {
    const f = buildStores();
    // category 10: 200 products in two pages of 100; category 11: 150 more (350 in all, chunked)
    const large = Array.from({ length: MENU_CHUNK_THRESHOLD + 50 }, (_, i) => product({ id: i + 1, typeid: i < 200 ? 10 : 11 }));
    const first = { typeId: 10, list: large.slice(0, 100), total: 200, page: 1, pageLimit: 100 };
    f.transport.on('store/productTypes', ok({ ...typesBody(5, large), first }));
    f.transport.on('store/productsChunk', ok({ version: 5, stale: false, list: large.slice(100, 200), total: 200, page: 2, pageLimit: 100 }));
    f.transport.on('store/stockQuery', ok({ list: [] }));
    await f.menu.load(1);
    const chunks = f.transport.requests.filter((r) => r.url.endsWith('/store/productsChunk')).map((r) => r.data);
    expect(chunks).toEqual([{ version: 5, typeId: 10, page: 2, pageLimit: 100 }]);
    expect(f.menu.chunked).toEqual(true);
    expect(f.menu.productList.length).toEqual(200);
    expect(f.menu.loadedTypeIds).toEqual([10]);
  });

  it("takes the first page's live stock from the category list: no store/stockQuery call before the rows show", async () => {
    const f = buildStores();
    // category 10: 100 products in one page; category 11: 250 more (350 in all, chunked)
    const large = Array.from({ length: MENU_CHUNK_THRESHOLD + 50 }, (_, i) => product({ id: i + 1, typeid: i < 100 ? 10 : 11 }));
    // product 1 has 2 left, product 2 is sold out (0), product 3 does not track its stock
    const first = { typeId: 10, list: large.slice(0, 100), total: 100, page: 1, pageLimit: 100, stock: { '1': 2, '2': 0 } };
    f.transport.on('store/productTypes', ok({ ...typesBody(5, large), first }));
    await f.menu.load(1);
    expect(f.transport.requests.map((r) => r.url.split('/').pop())).toEqual(['productTypes']);
    expect([1, 2, 3].map((id) => f.menu.productState(id)?.stockLeft)).toEqual([2, 0, null]);
    expect(f.menu.stock).toEqual({ '1': 2, '2': 0 });
  });

  it('asks for the first category itself when the page that came is of another category', async () => {
    const f = buildStores();
    const large = Array.from({ length: MENU_CHUNK_THRESHOLD + 50 }, (_, i) => product({ id: i + 1, typeid: i < 200 ? 10 : 11 }));
    const other = { typeId: 11, list: large.slice(200, 300), total: 150, page: 1, pageLimit: 100 };
    f.transport.on('store/productTypes', ok({ ...typesBody(5, large), first: other }));
    const page = (n: number) => ok({ version: 5, stale: false, list: large.slice((n - 1) * 100, n * 100), total: 200, page: n, pageLimit: 100 });
    f.transport.on('store/productsChunk', page(1), page(2));
    f.transport.on('store/stockQuery', ok({ list: [] }));
    await f.menu.load(1);
    const pages = f.transport.requests.filter((r) => r.url.endsWith('/store/productsChunk')).map((r) => (r.data as { typeId: number; page: number }).page);
    expect(pages).toEqual([1, 2]);
    expect(f.menu.productList.length).toEqual(200);
    expect(f.menu.loadedTypeIds).toEqual([10]);
  });
});

describe('MenuStore: chunked loading (MENU-5, MENU-8)', () => {
  const large = Array.from({ length: MENU_CHUNK_THRESHOLD + 50 }, (_, i) => product({ id: i + 1, typeid: i < 200 ? 10 : 11 }));

  function scriptChunks(f: ReturnType<typeof buildStores>, stale = false) {
    f.transport.on('store/productTypes', ok(typesBody(5, large)));
    f.transport.on('store/stockQuery', ok({ list: [{ product_id: 1, stock_quantity: 2, order_quantity: 0 }] }));
    const page = (typeId: number, n: number, pageLimit: number) => {
      const all = large.filter((p) => p.typeid === typeId);
      return ok({ version: 5, stale, list: all.slice((n - 1) * pageLimit, n * pageLimit), total: all.length, page: n, pageLimit });
    };
    f.transport.on('store/productsChunk', page(10, 1, 100), page(10, 2, 100));
  }

  it('loads the category list, then the first category by pages', async () => {
    const f = buildStores();
    scriptChunks(f);
    await f.menu.load(1);
    expect(f.menu.chunked).toEqual(true);
    expect(f.menu.productList.length).toEqual(200);
    expect(f.menu.loadedTypeIds).toEqual([10]);
  });

  it('stores only the version and category list of a large menu, not its products', async () => {
    const f = buildStores();
    scriptChunks(f);
    await f.menu.load(1);
    const cache = f.storage.get<MenuCache>(menuStorageKey(1));
    expect(cache?.version).toEqual(5);
    expect(cache?.categories.map((c) => c.id)).toEqual([10, 11]);
    expect(cache?.products.length).toEqual(0);
    expect(cache?.complete).toEqual(false);
  });

  it('sends the held version and the category with each chunk', async () => {
    const f = buildStores();
    scriptChunks(f);
    await f.menu.load(1);
    const chunk = f.transport.requests.find((r) => r.url.endsWith('/store/productsChunk'))?.data;
    expect(chunk).toEqual({ version: 5, typeId: 10, page: 1, pageLimit: 100 });
  });

  it('asks for the first category before showing the category list, and shows both in one change', async () => {
    const f = buildStores();
    scriptChunks(f);
    const seen: Array<[number, number]> = [];
    const stop = autorun(() => {
      const state: [number, number] = [f.menu.categories.length, f.menu.products.size];
      const last = seen[seen.length - 1];
      if (!last || last[0] !== state[0] || last[1] !== state[1]) seen.push(state);
    });
    let categoriesWhenAsked = -1;
    const send = f.transport.send.bind(f.transport);
    f.transport.send = (request) => {
      if (request.url.endsWith('/store/productsChunk') && categoriesWhenAsked < 0) categoriesWhenAsked = f.menu.categories.length;
      return send(request);
    };
    await f.menu.load(1);
    stop();
    // two categories of 200 and 150 products; the first (200) came in two pages before any was shown
    expect(categoriesWhenAsked).toEqual(0);
    expect(seen).toEqual([[0, 0], [2, 200]]);
  });

  it('shows the category list and reports the failure when the first category cannot be loaded', async () => {
    const f = buildStores();
    f.transport.on('store/productTypes', ok(typesBody(5, large)));
    f.transport.on('store/productsChunk', { fail: { errno: 600001, errMsg: 'request:fail' } });
    await expect(f.menu.load(1)).rejects.toMatchObject({ code: ErrorCode.networkError });
    expect(f.menu.categories.map((c) => c.id)).toEqual([10, 11]);
    expect(f.menu.products.size).toEqual(0);
    expect(f.menu.loading).toEqual(false);
  });

  it('reads live stock of the loaded chunk', async () => {
    const f = buildStores();
    scriptChunks(f);
    await f.menu.load(1);
    expect(f.menu.productState(1)?.stockLeft).toBe(2);
  });

  it('raises "New menu has been updated" when a chunk answers stale', async () => {
    const f = buildStores();
    scriptChunks(f, true);
    await f.menu.load(1);
    expect(f.menu.newMenuUpdated).toBe(true);
  });

  it('searches through the server while the menu is chunked', async () => {
    const f = buildStores();
    scriptChunks(f);
    await f.menu.load(1);
    f.transport.on('store/productSearch', ok({ version: 5, list: [large[260]] }));
    const found = await f.menu.search('product 261');
    expect(found.map((p) => p.id)).toEqual([261]);
    expect(f.transport.last?.data).toEqual({ searchText: 'product 261', version: 5 });
  });
});

describe('MenuStore: a returning customer of a large menu (MENU-5, MENU-8)', () => {
  const large = Array.from({ length: MENU_CHUNK_THRESHOLD + 50 }, (_, i) => product({ id: i + 1, typeid: i < 200 ? 10 : 11 }));
  const page = (version: number, typeId: number, stale = false) => {
    const all = large.filter((p) => p.typeid === typeId);
    return ok({ version, stale, list: all.slice(0, 100), total: 100, page: 1, pageLimit: 100 });
  };

  /** A first visit: the cache then holds version 5 and the category list. */
  async function returning(): Promise<ReturnType<typeof buildStores>> {
    const storage = new MemoryStorage();
    const first = buildStores({ storage });
    first.transport.on('store/productTypes', ok(typesBody(5, large)));
    first.transport.on('store/productsChunk', page(5, 10));
    first.transport.on('store/stockQuery', ok({ list: [] }));
    await first.menu.load(1);
    const f = buildStores({ storage });
    f.transport.on('store/stockQuery', ok({ list: [] }));
    return f;
  }

  it('asks for the first category beside the version check, before the check answers', async () => {
    const f = await returning();
    f.transport.on('store/productTypes', ok({ version: 5, unchanged: true }));
    f.transport.on('store/productsChunk', page(5, 10));
    await f.menu.load(1);
    const calls = f.transport.requests.map((r) => r.url.split('/').pop());
    expect(calls.slice(0, 2).sort()).toEqual(['productTypes', 'productsChunk']);
  });

  it('shows the early products when the version holds, asking for them only once', async () => {
    const f = await returning();
    f.transport.on('store/productTypes', ok({ version: 5, unchanged: true }));
    f.transport.on('store/productsChunk', page(5, 10));
    await f.menu.load(1);
    const chunks = f.transport.requests.filter((r) => r.url.endsWith('/store/productsChunk'));
    expect(chunks.length).toEqual(1);
    expect(f.menu.loadedTypeIds).toEqual([10]);
    expect(f.menu.product(1)?.id).toEqual(1);
  });

  it('shows the first category before the version check answers when its answer is not stale', async () => {
    const f = await returning();
    f.transport.on('store/productTypes', ok({ version: 5, unchanged: true }));
    f.transport.on('store/productsChunk', page(5, 10));
    // the version check answers only once the first category is on screen: the category does not wait for it
    let answerVersionCheck!: () => void;
    const versionCheckHeld = new Promise<void>((resolve) => (answerVersionCheck = resolve));
    const late = buildStores({
      storage: f.storage,
      via: {
        send: async (request) => {
          if (request.url.endsWith('/store/productTypes')) await versionCheckHeld;
          return f.transport.send(request);
        },
      },
    });
    const loading = late.menu.load(1);
    await until(() => late.menu.product(1) !== undefined, 'the first category from the cached version');
    const early = [late.menu.loading, late.menu.product(1)?.id];
    answerVersionCheck();
    await loading;
    expect(early).toEqual([true, 1]);
    expect(late.menu.loadedTypeIds).toEqual([10]);
  });

  it('asks again for the first category of a moved menu, with the new version', async () => {
    const f = await returning();
    f.transport.on('store/productTypes', ok(typesBody(6, large)));
    // the early answer (version 5) is stale; the second is the new menu's
    f.transport.on('store/productsChunk', page(6, 10, true), page(6, 10));
    await f.menu.load(1);
    const chunks = f.transport.requests.filter((r) => r.url.endsWith('/store/productsChunk')).map((r) => r.data);
    expect(chunks).toEqual([
        { version: 5, typeId: 10, page: 1, pageLimit: 100 },
        { version: 6, typeId: 10, page: 1, pageLimit: 100 },
      ]);
    expect(f.menu.version).toEqual(6);
    expect(f.menu.loadedTypeIds).toEqual([10]);
  });

  it('leaves a shown row alone when another category arrives', async () => {
    const f = await returning();
    f.transport.on('store/productTypes', ok({ version: 5, unchanged: true }));
    f.transport.on('store/productsChunk', page(5, 10), page(5, 11));
    await f.menu.load(1);
    let renders = 0;
    const stop = autorun(() => {
      f.menu.rowState(1);
      renders += 1;
    });
    await f.menu.loadCategory(11);
    stop();
    expect(renders).toBe(1);
  });

  it('updates a shown row when its own stock changes', async () => {
    const f = await returning();
    f.transport.on('store/productTypes', ok({ version: 5, unchanged: true }));
    f.transport.on('store/productsChunk', page(5, 10));
    await f.menu.load(1);
    const seen: Array<number | null | undefined> = [];
    const stop = autorun(() => seen.push(f.menu.rowState(1)?.stockLeft));
    f.transport.on('store/stockQuery', ok({ list: [{ product_id: 1, stock_quantity: 3, order_quantity: 0 }] }));
    await f.menu.refreshStock([1]);
    stop();
    expect(seen).toEqual([null, 3]);
  });

  it('keeps the categories (and so the list layout) as they are while a category loads', async () => {
    const f = await returning();
    f.transport.on('store/productTypes', ok({ version: 5, unchanged: true }));
    f.transport.on('store/productsChunk', page(5, 10), page(5, 11));
    await f.menu.load(1);
    const seen: unknown[] = [];
    const stop = autorun(() => seen.push(f.menu.visibleCategories));
    await f.menu.loadCategory(11);
    stop();
    expect(seen.length).toEqual(1);
    expect(f.menu.loadedTypeIds).toEqual([10, 11]);
  });
});

describe('MenuStore: product states (MENU-1…4)', () => {
  it('searches the loaded menu locally when it is whole', async () => {
    const f = buildStores();
    await loadMenu(f, [noodles, dumplings]);
    const calls = f.transport.requests.length;
    expect((await f.menu.search('dump')).map((p) => p.id)).toEqual([2]);
    expect(f.transport.requests.length).toEqual(calls);
  });

  it('marks a product with no stock left as sold out, naming it', async () => {
    const f = buildStores();
    await loadMenu(f, [noodles], { stock: { '1': 0 } });
    expect(f.menu.productState(1)?.error).toEqual({ code: ErrorCode.productSoldOut, params: { product: 'Beef noodles' } });
  });

  it('shows the stock left of a tracked product', async () => {
    const f = buildStores();
    await loadMenu(f, [noodles], { stock: { '1': 3 } });
    expect(f.menu.productState(1)?.stockLeft).toBe(3);
  });

  it('marks an offline product', async () => {
    const f = buildStores();
    await loadMenu(f, [{ ...noodles, status: 2 }]);
    expect(f.menu.productState(1)?.error?.code).toBe(ErrorCode.productOffline);
  });

  it('marks a product outside its sale time (MENU-1)', async () => {
    const f = buildStores();
    // Monday noon; the product sells only 17:00–21:00
    await loadMenu(f, [{ ...noodles, saleTime: [{ weekdays: [], timeRanges: [{ start: '17:00', end: '21:00' }] }] }]);
    expect(f.menu.productState(1)?.inSaleTime).toEqual(false);
    expect(f.menu.productState(1)?.error?.code).toEqual(ErrorCode.productNotInSaleTime);
  });

  it('puts the product back on sale when the clock reaches its sale time', async () => {
    const f = buildStores();
    await loadMenu(f, [{ ...noodles, saleTime: [{ weekdays: [], timeRanges: [{ start: '17:00', end: '21:00' }] }] }]);
    f.menu.tick(NOON + 6 * HOUR);
    expect(f.menu.productState(1)?.error).toBeNull();
  });

  it('shows the member price only when vip price display is on', async () => {
    const f = buildStores();
    await loadMenu(f, [{ ...noodles, memberPrice: 15 }]);
    const shown = f.menu.productState(1)?.memberPrice;
    f.transport.on('store/vipInfo', ok({ version: 1, unchanged: false, vipInfo: null, memberSetting: { isShowVipPrice: false }, levels: [] }));
    await f.member.load();
    expect(shown).toEqual(15);
    expect(f.menu.productState(1)?.memberPrice).toEqual(null);
  });

  it('reports minimum quantity and purchase limit, 99999 when there is none', async () => {
    const f = buildStores();
    await loadMenu(f, [{ ...noodles, minQuantity: 2 }, dumplings]);
    const a = f.menu.productState(1);
    const b = f.menu.productState(2);
    expect(a?.minQuantity).toEqual(2);
    expect(a?.purchaseLimit).toEqual(99999);
    expect(b?.minQuantity).toEqual(1);
  });

  it('restricts a member-level product for other levels (MENU-4)', async () => {
    const f = buildStores();
    await loadMenu(f, [{ ...noodles, memberLevels: [3] }]);
    expect(f.menu.productState(1)?.error?.code).toBe(ErrorCode.memberLevelRestricted);
  });
});
