import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { MenuLoading, ProductStatus } from '../../../src/domain/enums';
import type { Product, ProductSpec } from '../../../src/domain/types';
import type { ServerContext } from '../context';
import { categories, products } from '../db/schema';
import type { StoredCategory, StoredProduct } from '../db/schema/json';
import { fail } from '../http/errors';
import type { Lang } from '../i18n/messages';
import { localiseNamed, localiseProduct } from './localise';
import { num } from './members-read';

export type ProductRow = typeof products.$inferSelect;

/** A category of the built menu, with its products in display order. */
export interface MenuCategory {
  id: number;
  name: string;
  nameEn?: string;
  type?: number;
  saleDateRange?: StoredCategory['saleDateRange'];
  sort?: number;
  products: StoredProduct[];
}

/** The menu of a shop at one version, in one language. */
export interface Menu {
  version: number;
  /** Categories with their on-sale and sold-out products (offline and deleted left out). */
  categories: MenuCategory[];
  /** Every product that is not deleted, by id (offline ones included for detail and checks). */
  byId: Map<number, StoredProduct>;
  /** Serialised categories for store/products (built once per version). */
  categoriesJson: string;
  /** Serialised category list for store/productTypes: the categories with their product ids. */
  typesJson: string;
  /** Products over all categories, as the app counts them to choose whole or chunked loading. */
  productCount: number;
  /**
   * A large menu's first category, its first page as store/productsChunk answers it, serialised for
   * store/productTypes (MENU-8), without its closing brace (the live stock of its products is added
   * per request); null for a menu loaded whole or without categories.
   */
  firstChunkJson: string | null;
  /** The products of that first page. */
  firstChunkIds: number[];
}

/** A product row as the domain Product: the columns (price, status, category) are authoritative. */
export function toProduct(row: ProductRow): StoredProduct {
  const { stock: _stock, ...data } = row.data;
  const p: StoredProduct = { ...data, id: row.id, name: row.name, typeid: row.categoryId ?? data.typeid, price: num(row.price), status: row.status as Product['status'] };
  if (row.memberPrice !== null) p.memberPrice = num(row.memberPrice);
  else delete p.memberPrice;
  return p;
}

const listed = (p: StoredProduct): boolean => p.status === ProductStatus.NORMAL || p.status === ProductStatus.SALE_OUT || p.status === undefined;

async function buildMenu(ctx: ServerContext, shopId: number, version: number, lang: Lang): Promise<Menu> {
  const [cats, prods] = await Promise.all([
    ctx.db.select().from(categories).where(eq(categories.shopId, shopId)).orderBy(asc(categories.sort), asc(categories.id)),
    ctx.db
      .select()
      .from(products)
      .where(and(eq(products.shopId, shopId), ne(products.status, ProductStatus.DELETE)))
      .orderBy(asc(products.sort), asc(products.id)),
  ]);
  const byId = new Map<number, StoredProduct>();
  const byCategory = new Map<number, StoredProduct[]>();
  for (const row of prods) {
    const p = localiseProduct(toProduct(row), lang);
    byId.set(p.id, p);
    if (!listed(p)) continue;
    const list = byCategory.get(p.typeid) ?? [];
    list.push(p);
    byCategory.set(p.typeid, list);
  }
  const menuCategories: MenuCategory[] = cats.map((c) => {
    const d = localiseNamed({ ...c.data, id: c.id, name: c.name }, lang);
    return {
      id: c.id,
      name: d.name,
      nameEn: c.data.nameEn,
      type: d.type,
      saleDateRange: d.saleDateRange,
      sort: c.sort,
      products: byCategory.get(c.id) ?? [],
    };
  });
  const types = menuCategories.map(({ products: ps, ...cat }) => ({ ...cat, productIds: ps.map((p) => p.id) }));
  const productCount = menuCategories.reduce((n, c) => n + c.products.length, 0);
  const first = menuCategories[0];
  const pageLimit = MenuLoading.chunkPageLimit;
  const firstPage = productCount > MenuLoading.chunkThreshold && first ? first.products.slice(0, pageLimit) : null;
  const firstChunkJson =
    firstPage && first
      ? JSON.stringify({ typeId: first.id, list: firstPage, total: first.products.length, page: 1, pageLimit }).slice(0, -1)
      : null;
  return {
    version,
    categories: menuCategories,
    byId,
    categoriesJson: JSON.stringify(menuCategories),
    typesJson: JSON.stringify(types),
    productCount,
    firstChunkJson,
    firstChunkIds: firstPage ? firstPage.map((p) => p.id) : [],
  };
}

/** The shop's menu at its current version, built once per version and language (MENU-5). */
export async function getMenu(ctx: ServerContext, shopId: number, lang: Lang): Promise<Menu> {
  const version = await ctx.shopCache.version(shopId);
  if (version === null) throw fail('getShopDataFailed');
  return ctx.shopCache.get(`menu-${lang}`, shopId, version, () => buildMenu(ctx, shopId, version, lang));
}

/** How long the stock figures of store/products may be reused. */
export const STOCK_TTL_MS = 1000;

/**
 * Stock left of the shop's tracked products, by product id, for store/products (MENU-4). Reused
 * for STOCK_TTL_MS; code that changes stock calls `ctx.shopCache.drop('stock', shopId)`.
 */
export function liveStock(ctx: ServerContext, shopId: number): Promise<Record<string, number>> {
  return ctx.shopCache.fresh('stock', shopId, STOCK_TTL_MS, () => readStock(ctx, shopId));
}

/**
 * Stock left of the shop's tracked products (or of those of `ids` that track it), by product id,
 * read from their rows (never cached).
 */
export async function readStock(ctx: ServerContext, shopId: number, ids?: number[]): Promise<Record<string, number>> {
  if (ids?.length === 0) return {};
  const rows = await ctx.db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(and(eq(products.shopId, shopId), isNotNull(products.stock), ids ? inArray(products.id, ids) : undefined));
  const out: Record<string, number> = {};
  for (const r of rows) out[r.id] = r.stock ?? 0;
  return out;
}

/** Live rows of some products of the shop (stock checks never use the cache). */
export async function productRows(ctx: ServerContext, shopId: number, ids: number[]): Promise<Map<number, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.shopId, shopId), inArray(products.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every spec of the menu with its parent product id (store/specProductList). */
export function specList(menu: Menu, includeNotSale: boolean): Array<ProductSpec & { nameEn?: string }> {
  const out: Array<ProductSpec & { nameEn?: string }> = [];
  for (const p of menu.byId.values()) {
    if (!includeNotSale && p.status !== ProductStatus.NORMAL && p.status !== undefined) continue;
    for (const s of p.specs ?? []) {
      if (!includeNotSale && s.status !== undefined && s.status !== ProductStatus.NORMAL) continue;
      out.push({ ...s, parentId: p.id });
    }
  }
  return out;
}

/** Products whose name (either language) contains the text, case-insensitively (MENU-6). */
export function searchMenu(menu: Menu, text: string): StoredProduct[] {
  const q = text.trim().toLowerCase();
  const out: StoredProduct[] = [];
  for (const c of menu.categories)
    for (const p of c.products) {
      if (p.name.toLowerCase().includes(q) || (p.nameEn ?? '').toLowerCase().includes(q)) out.push(p);
      if (out.length >= 100) return out;
    }
  return out;
}
