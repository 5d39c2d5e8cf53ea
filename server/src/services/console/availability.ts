/**
 * Availability (CONSOLE-5): products sold out or back on sale, their stock, and the order types a
 * busy shop paused (docs/console.md "Availability", docs/decisions.md "Pausing an order type
 * (CONSOLE-5)"). The routes check the shop scope first; here every write names the shop again, so a
 * product of another shop is never touched (it answers `notFound`, like a missing one).
 *
 * Caches: the menu is cached per menu version, so a status change raises the version (the next menu
 * load rebuilds it); the live stock figures are dropped; the pauses the storefront reads are kept one
 * second (`PAUSES_TTL_MS`) and dropped on every change. The order confirmation reads the pauses from
 * their table, never from a cache.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AvailabilityProduct, ConsolePause, OrderTypePauseShape, PausesRes } from '../../../../src/api/contract/console-availability';
import { ProductStatus } from '../../../../src/domain/enums';
import {
  activePauses,
  pausableOrderTypesOf,
  pauseEnd,
  pauseUntilText,
  type OrderTypePause,
  type PausableOrderType,
} from '../../../../src/domain/order-type-pause';
import { perServer, type ServerContext } from '../../context';
import { categories, orderTypePauses, products } from '../../db/schema';
import { AppError, fail } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import { localiseNamed } from '../localise';
import { num } from '../members-read';
import { getShop, shopSettingsFor } from '../shops';
import { shopZone } from '../../../../src/domain/shop-time';

/** How long store/detail reuses a shop's pauses (a change on this node is seen at once). */
export const PAUSES_TTL_MS = 1000;

type PauseRow = typeof orderTypePauses.$inferSelect;
type ProductRow = typeof products.$inferSelect;

/** The statuses the availability page lists and sets: on the menu, on sale or sold out. */
const MENU_STATUSES = [ProductStatus.NORMAL, ProductStatus.SALE_OUT];

// ------------------------------------------------------------------------------------------------
// Products
// ------------------------------------------------------------------------------------------------

const toAvailability = (row: ProductRow, category: { name: string } | undefined, lang: Lang): AvailabilityProduct => ({
  id: row.id,
  name: localiseNamed({ name: row.name, nameEn: row.data.nameEn }, lang).name,
  categoryId: row.categoryId,
  category: category?.name ?? '',
  status: row.status === ProductStatus.SALE_OUT ? 1 : 0,
  stock: row.stock,
  price: num(row.price),
});

async function categoryNames(ctx: ServerContext, shopId: number, lang: Lang): Promise<Array<{ id: number; name: string }>> {
  const rows = await ctx.db.select().from(categories).where(eq(categories.shopId, shopId)).orderBy(asc(categories.sort), asc(categories.id));
  return rows.map((c) => ({ id: c.id, name: localiseNamed({ name: c.name, nameEn: c.data.nameEn }, lang).name }));
}

/** The shop's menu products (on sale or sold out) in menu order, with its categories. */
export async function availabilityProducts(
  ctx: ServerContext,
  shopId: number,
  lang: Lang,
): Promise<{ products: AvailabilityProduct[]; categories: Array<{ id: number; name: string }> }> {
  const [cats, rows] = await Promise.all([
    categoryNames(ctx, shopId, lang),
    ctx.db
      .select()
      .from(products)
      .where(and(eq(products.shopId, shopId), inArray(products.status, MENU_STATUSES)))
      .orderBy(asc(products.sort), asc(products.id))
      .limit(5000),
  ]);
  const byId = new Map(cats.map((c) => [c.id, c]));
  // in menu order: by category, then the product's own order
  const rank = new Map(cats.map((c, i) => [c.id, i]));
  const sorted = [...rows].sort((a, b) => (rank.get(a.categoryId ?? -1) ?? cats.length) - (rank.get(b.categoryId ?? -1) ?? cats.length));
  return {
    products: sorted.map((r) => toAvailability(r, r.categoryId === null ? undefined : byId.get(r.categoryId), lang)),
    categories: cats,
  };
}

/**
 * Marks a product of the shop sold out or back on sale and/or sets its stock (null: untracked). A
 * product of another shop, offline, deleted or missing answers `notFound` and nothing changes. After
 * the write the shop's menu version is raised (a status change) and its live stock dropped, so the
 * storefront's next menu load shows it.
 */
export async function setProductAvailability(
  ctx: ServerContext,
  shopId: number,
  productId: number,
  change: { soldOut?: boolean; stock?: number | null },
  lang: Lang,
): Promise<AvailabilityProduct> {
  const set: Partial<Pick<ProductRow, 'status' | 'stock'>> = {};
  if (change.soldOut !== undefined) set.status = change.soldOut ? ProductStatus.SALE_OUT : ProductStatus.NORMAL;
  if (change.stock !== undefined) set.stock = change.stock;
  if (Object.keys(set).length === 0) throw new AppError('badRequest', undefined, undefined, 'soldOut or stock');
  const [before] = await ctx.db
    .select({ status: products.status })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.shopId, shopId), inArray(products.status, MENU_STATUSES)))
    .limit(1);
  if (!before) throw fail('notFound');
  const [row] = await ctx.db
    .update(products)
    .set(set)
    .where(and(eq(products.id, productId), eq(products.shopId, shopId), inArray(products.status, MENU_STATUSES)))
    .returning();
  // taken offline meanwhile: the update matched nothing
  if (!row) throw fail('notFound');
  if (change.stock !== undefined) ctx.shopCache.drop('stock', shopId);
  if (row.status !== before.status) await ctx.shopCache.bump(shopId);
  const cats = row.categoryId === null ? [] : await categoryNames(ctx, shopId, lang);
  return toAvailability(row, cats.find((c) => c.id === row.categoryId), lang);
}

// ------------------------------------------------------------------------------------------------
// Pauses
// ------------------------------------------------------------------------------------------------

/** Every pause row of the shop, read from the table (running or ended). */
export async function shopPauses(ctx: ServerContext, shopId: number): Promise<PauseRow[]> {
  return ctx.db.select().from(orderTypePauses).where(eq(orderTypePauses.shopId, shopId));
}

/** store/detail's `pauses`: the shop's running pauses at `now` (reused PAUSES_TTL_MS, dropped on change). */
export async function storefrontPauses(ctx: ServerContext, shopId: number, now: number): Promise<OrderTypePauseShape[]> {
  const rows = await ctx.shopCache.fresh('pauses', shopId, PAUSES_TTL_MS, () => shopPauses(ctx, shopId));
  return activePauses(rows, now).map((p) => ({ orderType: p.orderType as PausableOrderType, until: p.until, reason: p.reason }));
}

/** `shopPauses`' statement, prepared once per server for the order confirmation (every submit runs it). */
const confirmationPausesQuery = perServer((ctx) =>
  ctx.db.select().from(orderTypePauses).where(eq(orderTypePauses.shopId, sql.placeholder('shopId'))).prepare('order_type_pauses_of_shop'),
);

/** The pauses the order confirmation checks (from the table, never cached). */
export async function confirmationPauses(ctx: ServerContext, shopId: number): Promise<OrderTypePause[]> {
  return confirmationPausesQuery(ctx).execute({ shopId });
}

/** The console's view of the shop's pauses: the running ones, the types the shop takes, the server's time. */
export async function pausesOf(ctx: ServerContext, shopId: number): Promise<PausesRes> {
  const now = ctx.clock.now();
  const [shop, rows] = await Promise.all([getShop(ctx, shopId), shopPauses(ctx, shopId)]);
  const settings = shopSettingsFor(shop, 'zh');
  const offset = shopZone(settings);
  const pauses: ConsolePause[] = activePauses(rows, now).map((r) => ({
    orderType: r.orderType as PausableOrderType,
    until: r.until,
    reason: r.reason,
    untilText: pauseUntilText(r.until, offset),
    by: r.by,
    createdAt: r.createdAt,
  }));
  return { pauses, types: pausableOrderTypesOf(settings), serverTime: now };
}

/**
 * Pauses an order type the shop takes for `minutes` from now with the reason the customer reads; a
 * running pause of that type is replaced. A type the shop does not take answers `badRequest` and
 * nothing is written.
 */
export async function pauseOrderType(
  ctx: ServerContext,
  shopId: number,
  req: { orderType: PausableOrderType; minutes: number; reason: string },
  by: string,
): Promise<PausesRes> {
  const shop = await getShop(ctx, shopId);
  if (!pausableOrderTypesOf(shopSettingsFor(shop, 'zh')).includes(req.orderType)) {
    throw new AppError('badRequest', undefined, undefined, `the shop does not take ${req.orderType} orders`);
  }
  const now = ctx.clock.now();
  const value = { until: pauseEnd(now, req.minutes), reason: req.reason.trim(), by, createdAt: now };
  await ctx.db
    .insert(orderTypePauses)
    .values({ shopId, orderType: req.orderType, ...value })
    .onConflictDoUpdate({ target: [orderTypePauses.shopId, orderTypePauses.orderType], set: value });
  ctx.shopCache.drop('pauses', shopId);
  return pausesOf(ctx, shopId);
}

/** Ends a pause of the shop now (none running: nothing changes). */
export async function resumeOrderType(ctx: ServerContext, shopId: number, orderType: PausableOrderType): Promise<PausesRes> {
  await ctx.db.delete(orderTypePauses).where(and(eq(orderTypePauses.shopId, shopId), eq(orderTypePauses.orderType, orderType)));
  ctx.shopCache.drop('pauses', shopId);
  return pausesOf(ctx, shopId);
}
