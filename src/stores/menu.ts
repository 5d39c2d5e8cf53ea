/**
 * The menu of the shop (C§3 "Product store"; MENU-1…5): categories and products cached in storage with
 * their `version` (MENU-5: the version is sent and an `unchanged` answer keeps the cache), live stock,
 * chunked loading by category for large menus (store/productsChunk), and each product's state for the
 * pages — status (sold out, offline, out of sale time), stock left, member price, minimum quantity,
 * purchase limit. Rules come from the domain; this store only gathers their inputs.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { IComputedValue } from 'mobx';
import type { Api } from '../api';
import { Limits, MenuLoading, ProductStatus } from '../domain/enums';
import type { RuleError } from '../domain/errors';
import { DEFAULT_UTC_OFFSET_MINUTES, isInSaleTime } from '../domain/hours';
import type { CartLine, Product, SaleDateRange } from '../domain/types';
import { checkMemberLevel, checkProductStatus, effectiveProductStatus } from '../domain/validation';
import type { KeyValueStorage } from '../platform/types';
import { change } from './named-action';
import { type ShopZone } from '@/domain/shop-time';

/** A category as the menu keeps it: its products by id (the bodies live in `products`). */
export interface MenuCategory {
  id: number;
  name: string;
  type?: number;
  saleDateRange?: SaleDateRange[];
  sort?: number;
  productIds: number[];
}

/** The stored menu of one shop (MENU-5). */
export interface MenuCache {
  version: number;
  categories: MenuCategory[];
  /** The product bodies loaded so far (all of them unless the menu is chunked). */
  products: Product[];
  /** Chunked menus: the categories whose products are loaded. */
  loadedTypeIds: number[];
  /** Loaded whole with store/products (not chunked). */
  complete: boolean;
}

/** Two states show the same: the same product fields (own stock included) and the same verdicts. */
function sameProductState(a: ProductState | null, b: ProductState | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.product !== b.product) {
    const keys = Object.keys(a.product) as Array<keyof Product>;
    if (keys.length !== Object.keys(b.product).length) return false;
    for (const k of keys) if (a.product[k] !== b.product[k]) return false;
  }
  return (
    a.status === b.status &&
    a.error?.code === b.error?.code &&
    a.stockLeft === b.stockLeft &&
    a.inSaleTime === b.inSaleTime &&
    a.memberPrice === b.memberPrice &&
    a.minQuantity === b.minQuantity &&
    a.purchaseLimit === b.purchaseLimit &&
    a.needsChoice === b.needsChoice
  );
}

/** store/products' answer: the whole menu, or `unchanged` with the stock. */
type WholeMenu = Awaited<ReturnType<Api['store']['products']>>;
/** One page of store/productsChunk. */
type ChunkPage = Awaited<ReturnType<Api['store']['productsChunk']>>;

/** One category's products as store/productsChunk answered them. */
interface FetchedCategory {
  list: Product[];
  /** The server's menu moved past the version asked with (MENU-5). */
  stale: boolean;
}

/** Storage key of a shop's menu. */
export const menuStorageKey = (shopId: number): string => `menu_${shopId}`;

/** Menus with more products than this load by category (store/productsChunk), MENU-5 / MENU-8. */
export const MENU_CHUNK_THRESHOLD = MenuLoading.chunkThreshold;
/** Products per productsChunk page. */
export const MENU_CHUNK_PAGE_LIMIT = MenuLoading.chunkPageLimit;

/** What a product row and the spec sheet show and obey (MENU-1…4). */
export interface ProductState {
  product: Product;
  /** Effective status now: own status, sold out by stock, out of sale time (C§3). */
  status: ProductStatus;
  /** The message that blocks ordering, naming the product; null when it can be ordered. */
  error: RuleError | null;
  /** Stock left when tracked, else null. */
  stockLeft: number | null;
  inSaleTime: boolean;
  /** Member price to show (P§5: only when vip price display is on). */
  memberPrice: number | null;
  /** Minimum units per order (1 when none). */
  minQuantity: number;
  /** Most units per order (C§9: 99999 when none). */
  purchaseLimit: number;
  /** Needs the spec sheet: specs, tastes or a meal set to choose. */
  needsChoice: boolean;
}

/** What the menu needs to know about the customer and the shop clock. */
export interface MenuContext {
  /** Member level, for member-level restricted products (MENU-4). */
  readonly level: number | string | null;
  readonly showVipPrice: boolean;
}

export interface MenuDeps {
  api: Pick<Api, 'store'>;
  storage: KeyValueStorage;
  member: MenuContext;
  now: () => number;
}

export class MenuStore {
  /** The login a launch's menu started without (MENU-8); the calls that need a token wait for it. */
  private signedIn: Promise<boolean> | null = null;
  shopId: number | null = null;
  /** The menu version held (null before the first load). */
  version: number | null = null;
  categories: MenuCategory[] = [];
  products: ReadonlyMap<number, Product> = new Map();
  /** Live stock left of tracked products, by product id (never cached). */
  stock: Readonly<Record<string, number>> = {};
  loadedTypeIds: number[] = [];
  /** Products asked for by id (loadProducts): one not answered is not on the menu. */
  requestedIds: ReadonlySet<number> = new Set();
  complete = false;
  loading = false;
  /** A category (or search) load in flight. */
  loadingTypeId: number | null = null;
  /** MENU-5 "New menu has been updated": the server's menu moved past the one the app holds. */
  newMenuUpdated = false;
  /** The shop's zone (shop-time.ts), for sale times. */
  zone: ShopZone = DEFAULT_UTC_OFFSET_MINUTES;
  now: number;
  searchText = '';
  searchResults: Product[] = [];
  searching = false;

  constructor(private readonly deps: MenuDeps) {
    this.now = deps.now();
    makeObservable(this, {
      shopId: observable,
      version: observable,
      categories: observable.ref,
      products: observable.ref,
      stock: observable.ref,
      loadedTypeIds: observable.ref,
      requestedIds: observable.ref,
      complete: observable,
      loading: observable,
      loadingTypeId: observable,
      newMenuUpdated: observable,
      zone: observable.ref,
      now: observable,
      searchText: observable,
      searchResults: observable.ref,
      searching: observable,
      productList: computed,
      productCount: computed,
      chunked: computed,
      visibleCategories: computed,
    });
  }

  /** Every loaded product, in category order. */
  get productList(): Product[] {
    const out: Product[] = [];
    const seen = new Set<number>();
    for (const c of this.categories) {
      for (const id of c.productIds) {
        const p = this.products.get(id);
        if (p && !seen.has(id)) {
          seen.add(id);
          out.push(p);
        }
      }
    }
    for (const p of this.products.values()) if (!seen.has(p.id)) out.push(p);
    return out;
  }

  /** Products the menu lists (loaded or not). */
  get productCount(): number {
    return this.categories.reduce((n, c) => n + c.productIds.length, 0);
  }

  /** The menu loads category by category. */
  get chunked(): boolean {
    return !this.complete && this.productCount > MENU_CHUNK_THRESHOLD;
  }

  /**
   * MENU-1: categories with their sale-time state, in order. Loading a category's products leaves
   * it as it is (MENU-8): the list's layout and the category rail follow it, and neither changes then.
   */
  get visibleCategories(): Array<MenuCategory & { inSaleTime: boolean }> {
    return this.categories.map((c) => ({
      ...c,
      inSaleTime: isInSaleTime(c.saleDateRange, this.now, this.zone),
    }));
  }

  product(id: number): Product | undefined {
    return this.products.get(id);
  }

  category(id: number): MenuCategory | undefined {
    return this.categories.find((c) => c.id === id);
  }

  /** The product with its live stock. */
  withStock(product: Product): Product {
    const left = this.stock[String(product.id)];
    return typeof left === 'number' ? { ...product, stock: left } : product;
  }

  /** A product's state now (MENU-1…4). */
  productState(productOrId: Product | number): ProductState | null {
    const base = typeof productOrId === 'number' ? this.products.get(productOrId) : productOrId;
    if (!base) return null;
    const product = this.withStock(base);
    const categorySaleTime = this.category(product.typeid)?.saleDateRange ?? null;
    const opts = { categorySaleTime, zone: this.zone };
    const status = effectiveProductStatus(product, this.now, opts);
    const error = checkProductStatus(product, this.now, opts) ?? checkMemberLevel(product, this.deps.member.level);
    const tracked = product.needSoldOut !== false && typeof product.stock === 'number';
    return {
      product,
      status,
      error,
      stockLeft: tracked ? Math.max(0, product.stock as number) : null,
      inSaleTime: status !== ProductStatus.OUT_SALE_TIME,
      memberPrice: this.deps.member.showVipPrice && typeof product.memberPrice === 'number' ? product.memberPrice : null,
      minQuantity: Math.max(1, product.minQuantity ?? 1),
      purchaseLimit: product.purchaseLimit && product.purchaseLimit > 0 ? product.purchaseLimit : Limits.unlimited,
      needsChoice: (product.specs?.length ?? 0) > 0 || (product.tastes?.length ?? 0) > 0 || (product.mealset?.length ?? 0) > 0,
    };
  }

  /**
   * A product's state for a list row (MENU-8): the same as `productState`, but a row watching it
   * re-renders only when its own product's state changes — not when another category arrives, the
   * stock of other products is refreshed, or the member card loads without changing its price.
   */
  rowState(productId: number): ProductState | null {
    let cell = this.rowStates.get(productId);
    if (!cell) {
      cell = computed(() => this.productState(productId), { equals: sameProductState });
      this.rowStates.set(productId, cell);
    }
    return cell.get();
  }

  private readonly rowStates = new Map<number, IComputedValue<ProductState | null>>();

  /**
   * MENU-5: a cart line added under an older menu version whose product changed since (price, spec,
   * tastes or meal set, or gone) — the "New menu has been updated" case.
   */
  isLineOutdated(line: Pick<CartLine, 'id' | 'version' | 'price' | 'specId'>): boolean {
    if (this.version === null || line.version === undefined || line.version === this.version) return false;
    const p = this.products.get(line.id);
    if (!p) return this.complete || this.loadedTypeIds.length > 0;
    const spec = line.specId != null ? p.specs?.find((s) => s.id === line.specId) : undefined;
    if (line.specId != null && !spec) return true;
    return (spec ? spec.price : p.price) !== line.price;
  }

  /**
   * Loads the menu of a shop (MENU-5). The cached version is sent: `unchanged` keeps the stored body
   * and refreshes only the stock. A large menu (above MENU_CHUNK_THRESHOLD products) loads its
   * category list with store/productTypes and then its products category by category.
   */
  /** The store calls that need a token: once the login a tokenless launch started has succeeded. */
  private async tokened(): Promise<MenuDeps['api']['store']> {
    if (this.signedIn && !(await this.signedIn)) throw new Error('menu: the login failed');
    return this.deps.api.store;
  }

  /** The shop's zone, once the shop is known (a menu loaded at launch read sale times on the default). */
  setZone(zone: ShopZone): void {
    change('menu/zone', () => {
      this.zone = zone;
    });
  }

  async load(shopId: number, opts: { zone?: ShopZone; signedIn?: Promise<boolean> } = {}): Promise<void> {
    // MENU-8: a launch that has no token yet asks for the list by the shop's id (no token needed); the
    // calls that need one wait for the login
    this.signedIn = opts.signedIn ?? null;
    const cached = this.readCache(shopId);
    change('menu/loading', () => {
      if (this.shopId !== shopId) this.applyCache(shopId, cached);
      this.loading = true;
      this.now = this.deps.now();
      if (opts.zone !== undefined) this.zone = opts.zone;
    });
    try {
      if (cached && cached.complete) {
        await this.loadWhole(shopId, cached);
        return;
      }
      // MENU-8: a returning customer's large menu asks for its first category beside the version
      // check. An answer that is not stale proves the held version is the server's (MENU-5), so its
      // products show at once, without waiting for the version check.
      const cachedFirst = cached && !cached.complete ? cached.categories[0] : undefined;
      const early =
        cached && cachedFirst
          ? this.fetchCategory(cachedFirst.id, cached.version).then(
              (fetched) => {
                if (!fetched.stale && this.shopId === shopId && this.version === cached.version) this.applyCategory(cachedFirst.id, fetched);
                return fetched;
              },
              (): FetchedCategory | null => null,
            )
          : null;
      const types = opts.signedIn
        ? await this.deps.api.store.publicProductTypes({ shopId, version: cached?.version })
        : await this.deps.api.store.productTypes({ version: cached?.version });
      const categories = types.unchanged && cached ? cached.categories : types.unchanged ? [] : types.types.map(toCategory);
      const count = categories.reduce((n, c) => n + c.productIds.length, 0);
      if (count <= MENU_CHUNK_THRESHOLD) {
        // MENU-8: a changed list of a small menu comes with the whole menu: no second call
        if (!types.unchanged && types.whole) this.applyWhole(shopId, { version: types.version, unchanged: false, ...types.whole }, null);
        else await this.loadWhole(shopId, types.unchanged ? cached : null);
        return;
      }
      const keep = types.unchanged && cached !== null;
      // MENU-8: a new category list is shown together with its first category's products, asked for
      // as soon as the list is known: one render of the rail and the rows instead of two, and the
      // request does not wait for the first of them
      const firstNew = keep ? undefined : categories[0];
      let firstFetched: FetchedCategory | null = null;
      let firstFailure: { error: unknown } | null = null;
      // MENU-8: the list came with the first page of its first category
      const firstGiven = firstNew && !types.unchanged && types.first?.typeId === firstNew.id ? types.first : undefined;
      if (firstNew) {
        try {
          firstFetched = await this.fetchCategory(firstNew.id, types.version, firstGiven);
        } catch (error) {
          firstFailure = { error };
        }
      }
      change('menu/loadTypes', () => {
        this.version = types.version;
        this.categories = categories;
        this.complete = false;
        if (!keep) {
          this.products = new Map();
          this.loadedTypeIds = [];
          this.requestedIds = new Set();
        }
        if (firstNew && firstFetched) {
          this.applyCategory(firstNew.id, firstFetched);
          // the page came with its live stock: the rows show with it, without a store/stockQuery call
          const given = firstGiven?.stock;
          if (given) this.applyStock(firstFetched.list.map((p) => [p.id, given[String(p.id)] ?? null]));
        }
      });
      this.writeCache();
      if (firstFailure) throw firstFailure.error;
      if (firstNew && firstFetched) {
        if (!firstGiven?.stock) await this.refreshStock(firstFetched.list.map((p) => p.id));
        return;
      }
      const fetched = early && keep && cachedFirst ? await early : null;
      if (fetched && cachedFirst) {
        // the version held: the early products are the first category's (already shown unless stale)
        if (!this.loadedTypeIds.includes(cachedFirst.id)) this.applyCategory(cachedFirst.id, fetched);
        await this.refreshStock(fetched.list.map((p) => p.id));
        return;
      }
      const first = this.categories.find((c) => !this.loadedTypeIds.includes(c.id));
      if (first) await this.loadCategory(first.id);
      else await this.refreshStock(this.productList.map((p) => p.id));
    } finally {
      change('menu/loaded', () => {
        this.loading = false;
      });
    }
  }

  /**
   * Chunked menus: loads one category's products, page by page (store/productsChunk). A `stale`
   * answer means the menu changed meanwhile: MENU-5 "New menu has been updated".
   */
  async loadCategory(typeId: number): Promise<void> {
    if (this.complete || this.loadedTypeIds.includes(typeId)) return;
    change('menu/loadingCategory', () => {
      this.loadingTypeId = typeId;
    });
    try {
      const fetched = await this.fetchCategory(typeId, this.version ?? undefined);
      this.applyCategory(typeId, fetched);
      await this.refreshStock(fetched.list.map((p) => p.id));
    } finally {
      change('menu/loadedCategory', () => {
        this.loadingTypeId = null;
      });
    }
  }

  /**
   * One category's products, page by page (store/productsChunk), as of `version`; `firstPage` is its
   * first page when it came with the category list (store/productTypes, at that version).
   */
  private async fetchCategory(typeId: number, version: number | undefined, firstPage?: Omit<ChunkPage, 'stale' | 'version'>): Promise<FetchedCategory> {
    const list: Product[] = [];
    let stale = false;
    let page = 1;
    for (;;) {
      const res: Omit<ChunkPage, 'version'> =
        page === 1 && firstPage ? { ...firstPage, stale: false } : await (await this.tokened()).productsChunk({ version, typeId, page, pageLimit: MENU_CHUNK_PAGE_LIMIT });
      stale = stale || res.stale;
      list.push(...res.list);
      if (page * res.pageLimit >= res.total || res.list.length === 0) break;
      page += 1;
    }
    return { list, stale };
  }

  /** Puts a fetched category into the menu: one new map, so the rows re-render once (MENU-8). */
  private applyCategory(typeId: number, fetched: FetchedCategory): void {
    change('menu/loadCategory', () => {
      if (fetched.stale) this.newMenuUpdated = true;
      const next = new Map(this.products);
      for (const p of fetched.list) next.set(p.id, p);
      this.products = next;
      if (!this.loadedTypeIds.includes(typeId)) this.loadedTypeIds = [...this.loadedTypeIds, typeId];
    });
    // a large menu stores only its category list (see writeCache): nothing to write here
  }

  /**
   * Chunked menus: loads exactly these products (store/productsChunk with `ids`) — the cart's lines
   * whose categories are not loaded yet, so they can be revalidated.
   */
  async loadProducts(ids: readonly number[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.products.has(id));
    if (missing.length === 0) return;
    const loaded: Product[] = [];
    for (let i = 0; i < missing.length; i += 500) {
      const chunk = missing.slice(i, i + 500);
      const res = await (await this.tokened()).productsChunk({ version: this.version ?? undefined, ids: chunk, page: 1, pageLimit: 100 });
      if (res.stale) this.markNewMenu();
      loaded.push(...res.list);
      // the answer pages at 100: ask again for what is still missing
      for (let page = 2; (page - 1) * res.pageLimit < res.total; page += 1) {
        const more = await (await this.tokened()).productsChunk({ version: this.version ?? undefined, ids: chunk, page, pageLimit: 100 });
        loaded.push(...more.list);
      }
    }
    change('menu/loadProducts', () => {
      const next = new Map(this.products);
      for (const p of loaded) next.set(p.id, p);
      this.products = next;
      this.requestedIds = new Set([...this.requestedIds, ...missing]);
    });
    await this.refreshStock(loaded.map((p) => p.id));
  }

  /**
   * MENU-6 search: over the loaded menu when it is whole, else store/productSearch (a chunked menu
   * has not every product at hand).
   */
  async search(text: string): Promise<Product[]> {
    const q = text.trim();
    change('menu/searchText', () => {
      this.searchText = text;
    });
    if (q === '') {
      this.clearSearch();
      return [];
    }
    let results: Product[];
    if (this.complete) {
      const lower = q.toLowerCase();
      results = this.productList.filter((p) => p.name.toLowerCase().includes(lower));
    } else {
      change('menu/searching', () => {
        this.searching = true;
      });
      try {
        const res = await (await this.tokened()).productSearch({ searchText: q, version: this.version ?? undefined });
        results = res.list;
      } finally {
        change('menu/searched', () => {
          this.searching = false;
        });
      }
    }
    change('menu/search', () => {
      this.searchResults = results;
    });
    return results;
  }

  clearSearch(): void {
    change('menu/clearSearch', () => {
      this.searchText = '';
      this.searchResults = [];
    });
  }

  /** The page took the customer to the fresh menu: the notice is done. */
  acknowledgeNewMenu(): void {
    change('menu/acknowledgeNewMenu', () => {
      this.newMenuUpdated = false;
    });
  }

  /** Marks the menu as updated (the cart found lines of an older version). */
  markNewMenu(): void {
    change('menu/markNewMenu', () => {
      this.newMenuUpdated = true;
    });
  }

  /** Moves the sale-time clock. */
  tick(now: number = this.deps.now()): void {
    change('menu/tick', () => {
      this.now = now;
    });
  }

  /** Refreshes the live stock of some products (store/stockQuery). */
  async refreshStock(ids: readonly number[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const read: Array<[number, number | null]> = [];
    for (let i = 0; i < unique.length; i += 500) {
      const res = await (await this.tokened()).stockQuery({ products: unique.slice(i, i + 500).map((id) => ({ id })) });
      for (const row of res.list) read.push([row.product_id, row.stock_quantity]);
    }
    this.applyStock(read);
  }

  /** Live stock read for some products: a number is what is left, null an untracked product. */
  private applyStock(read: ReadonlyArray<readonly [number, number | null]>): void {
    const next: Record<string, number> = { ...this.stock };
    for (const [id, left] of read) {
      if (left === null) delete next[String(id)];
      else next[String(id)] = left;
    }
    change('menu/stock', () => {
      this.stock = next;
    });
  }

  /** store/products with the held version: the body when it moved, the stock always. */
  private async loadWhole(shopId: number, cached: MenuCache | null): Promise<void> {
    const res = await (await this.tokened()).products({ version: cached?.complete ? cached.version : undefined });
    this.applyWhole(shopId, res, cached);
  }

  /** A whole menu as store/products answers it (also carried by store/productTypes, MENU-8). */
  private applyWhole(shopId: number, res: WholeMenu, cached: MenuCache | null): void {
    change('menu/loadWhole', () => {
      if (res.unchanged && cached) {
        this.version = res.version;
        this.categories = cached.categories;
        this.products = new Map(cached.products.map((p) => [p.id, p]));
      } else if (!res.unchanged) {
        const products = new Map<number, Product>();
        const categories: MenuCategory[] = res.categories.map((c) => {
          for (const p of c.products) products.set(p.id, p);
          return toCategory({ ...c, productIds: c.products.map((p) => p.id) });
        });
        // a version change while the app held an older menu: MENU-5 notice
        if (cached && cached.version !== res.version) this.newMenuUpdated = true;
        this.version = res.version;
        this.categories = categories;
        this.products = products;
      }
      this.shopId = shopId;
      this.complete = true;
      this.loadedTypeIds = this.categories.map((c) => c.id);
      this.stock = res.stock;
    });
    this.writeCache();
  }

  private readCache(shopId: number): MenuCache | null {
    const raw = this.deps.storage.get<MenuCache>(menuStorageKey(shopId));
    if (!raw || typeof raw.version !== 'number' || !Array.isArray(raw.categories) || !Array.isArray(raw.products)) return null;
    return raw;
  }

  private applyCache(shopId: number, cached: MenuCache | null): void {
    this.shopId = shopId;
    this.version = cached?.version ?? null;
    this.categories = cached?.categories ?? [];
    this.products = new Map((cached?.products ?? []).map((p) => [p.id, p]));
    this.loadedTypeIds = cached?.loadedTypeIds ?? [];
    this.requestedIds = new Set();
    this.complete = cached?.complete ?? false;
    this.stock = {};
    this.newMenuUpdated = false;
    this.searchResults = [];
    this.searchText = '';
  }

  private writeCache(): void {
    if (this.shopId === null || this.version === null) return;
    // A large (chunked) menu keeps only its version and category list: serialising up to thousands of
    // products into storage after every category blocked scrolling, and the server answers a
    // category in one request, so its products are asked for again on the next visit.
    const cache: MenuCache = {
      version: this.version,
      categories: this.categories,
      products: this.complete ? [...this.products.values()] : [],
      loadedTypeIds: this.complete ? this.loadedTypeIds : [],
      complete: this.complete,
    };
    this.deps.storage.set(menuStorageKey(this.shopId), cache);
  }
}

function toCategory(c: {
  id: number;
  name: string;
  type?: number;
  saleDateRange?: SaleDateRange[];
  sort?: number;
  productIds: number[];
}): MenuCategory {
  const out: MenuCategory = { id: c.id, name: c.name, productIds: c.productIds };
  if (c.type !== undefined) out.type = c.type;
  if (c.saleDateRange !== undefined) out.saleDateRange = c.saleDateRange;
  if (c.sort !== undefined) out.sort = c.sort;
  return out;
}
