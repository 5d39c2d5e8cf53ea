/**
 * A shop's configuration as JSON (SERVER-4): settings, menu, activities and coupon templates,
 * exported and loaded (upsert by id) by the merchant.
 */
import { asc, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { activities, categories, couponTemplates, products, shops } from '../../db/schema';
import type {
  StoredActivity,
  StoredCategory,
  StoredCoupon,
  StoredProduct,
  StoredShopSettings,
} from '../../db/schema/json';
import { activityArgsOf } from '../../../../src/api/contract/activity-args';
import {
  EnglishNamesSchema,
  StoredActivitySchema,
  StoredCategorySchema,
  StoredCouponSchema,
  StoredProductSchema,
  StoredShopSettingsSchema,
} from '../../../../src/api/contract/stored-shapes';
import { AppError, fail } from '../../http/errors';
import { canonicalTimeZone } from '../../time-zone';

/** A shop's configuration as JSON (menu, activities, coupon templates), for export and load. */
export const ShopConfig = z.object({
  shopId: z.number().int().positive(),
  settings: z.record(z.string(), z.unknown()).optional(),
  unpaidMinutes: z.number().int().min(1).max(1440).optional(),
  categories: z
    .array(
      z.object({
        id: z.number().int().positive(),
        name: z.string(),
        sort: z.number().int().default(0),
        data: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  products: z
    .array(
      z.object({
        id: z.number().int().positive(),
        categoryId: z.number().int().positive().nullable(),
        name: z.string(),
        price: z.number(),
        memberPrice: z.number().nullable().default(null),
        status: z.number().int().default(0),
        stock: z.number().int().nullable().default(null),
        sort: z.number().int().default(0),
        isSpecProduct: z.boolean().default(false),
        data: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  activities: z
    .array(
      z.object({
        id: z.number().int().positive(),
        type: z.number().int(),
        status: z.number().int().default(1),
        code: z.string().nullable().default(null),
        chainId: z.number().int().nullable().default(null),
        data: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  couponTemplates: z
    .array(
      z.object({
        id: z.number().int().positive(),
        activityId: z.number().int().nullable().default(null),
        remaining: z.number().int().nullable().default(null),
        chainId: z.number().int().nullable().default(null),
        data: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
});
export type ShopConfig = z.infer<typeof ShopConfig>;

/** Exports a shop's configuration. */
export async function exportShopConfig(ctx: ServerContext, shopId: number): Promise<ShopConfig> {
  const shopRows = await ctx.db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
  const shop = shopRows[0];
  if (!shop) throw fail('getShopDataFailed');
  const scope = <T extends typeof activities | typeof couponTemplates>(t: T) =>
    shop.chainId === null ? eq(t.shopId, shopId) : or(eq(t.shopId, shopId), eq(t.chainId, shop.chainId));
  const [cats, prods, acts, temps] = await Promise.all([
    ctx.db.select().from(categories).where(eq(categories.shopId, shopId)).orderBy(asc(categories.id)),
    ctx.db.select().from(products).where(eq(products.shopId, shopId)).orderBy(asc(products.id)),
    ctx.db.select().from(activities).where(scope(activities)).orderBy(asc(activities.id)),
    ctx.db.select().from(couponTemplates).where(scope(couponTemplates)).orderBy(asc(couponTemplates.id)),
  ]);
  return {
    shopId,
    settings: shop.settings as unknown as Record<string, unknown>,
    unpaidMinutes: shop.unpaidMinutes,
    categories: cats.map((c) => ({
      id: c.id,
      name: c.name,
      sort: c.sort,
      data: c.data as unknown as Record<string, unknown>,
    })),
    products: prods.map((p) => ({
      id: p.id,
      categoryId: p.categoryId,
      name: p.name,
      price: Number(p.price),
      memberPrice: p.memberPrice === null ? null : Number(p.memberPrice),
      status: p.status,
      stock: p.stock,
      sort: p.sort,
      isSpecProduct: p.isSpecProduct,
      data: p.data as unknown as Record<string, unknown>,
    })),
    activities: acts.map((a) => ({
      id: a.id,
      type: a.type,
      status: a.status,
      code: a.code,
      chainId: a.chainId,
      data: a.data as unknown as Record<string, unknown>,
    })),
    couponTemplates: temps.map((t) => ({
      id: t.id,
      activityId: t.activityId,
      remaining: t.remaining,
      chainId: t.chainId,
      data: t.data as unknown as Record<string, unknown>,
    })),
  };
}

const ex = (col: string) => sql.raw(`excluded."${col}"`);

type Path = Array<string | number>;
interface Issue {
  path: Path;
  message: string;
}

/** `products.3.data.tastes: expected array, received number` */
const describeIssues = (issues: Issue[]): string =>
  issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
    .join('; ');

/**
 * Checks one stored record against its schemas; on success the record with every checked field as
 * the schema gives it (fields no schema names, such as extra back-office keys, are kept as sent).
 */
function checkRecord(
  data: Record<string, unknown>,
  schemas: z.ZodType[],
  path: Path,
  issues: Issue[],
): Record<string, unknown> {
  let out: Record<string, unknown> = { ...data };
  for (const schema of schemas) {
    const r = schema.safeParse(data);
    if (r.success) out = { ...out, ...(r.data as Record<string, unknown>) };
    else for (const i of r.error.issues) issues.push({ path: [...path, ...(i.path as Path)], message: i.message });
  }
  return out;
}

/**
 * TIME-1: a shop's `timeZone` must be a zone the server knows (refused by name), and its offset
 * changes are the server's to compute, never stored.
 */
function checkTimeZone(settings: Record<string, unknown>, issues: Issue[]): void {
  const zone = settings.timeZone;
  if (typeof zone === 'string' && canonicalTimeZone(zone) === null) {
    issues.push({ path: ['settings', 'timeZone'], message: `unknown time zone "${zone}" (an IANA name such as Europe/Paris)` });
  }
  if (settings.timeZoneOffsets !== undefined) {
    issues.push({ path: ['settings', 'timeZoneOffsets'], message: 'computed by the server from timeZone; not stored' });
  }
}

/**
 * Parses a shop/load body and checks every stored record (settings, categories, products,
 * activities with their kind's args, coupon templates) before anything is written: `badRequest`
 * naming the path of each bad field, so a bad load changes nothing.
 */
export function checkShopConfig(input: unknown): ShopConfig {
  const parsed = ShopConfig.safeParse(input);
  if (!parsed.success) {
    throw new AppError('badRequest', undefined, undefined, describeIssues(parsed.error.issues as Issue[]));
  }
  const cfg = parsed.data;
  const issues: Issue[] = [];
  const settings =
    cfg.settings && checkRecord({ ...cfg.settings, id: cfg.shopId }, [StoredShopSettingsSchema, EnglishNamesSchema], ['settings'], issues);
  if (settings) checkTimeZone(settings, issues);
  const cats = cfg.categories?.map((c, i) => ({
    ...c,
    data: checkRecord(c.data, [StoredCategorySchema, EnglishNamesSchema], ['categories', i, 'data'], issues),
  }));
  const prods = cfg.products?.map((p, i) => ({
    ...p,
    data: checkRecord(p.data, [StoredProductSchema, EnglishNamesSchema], ['products', i, 'data'], issues),
  }));
  const acts = cfg.activities?.map((a, i) => {
    const args = activityArgsOf(a.type);
    if (!args) issues.push({ path: ['activities', i, 'type'], message: `no activity kind has type ${a.type}` });
    if (a.data.type !== a.type) {
      issues.push({ path: ['activities', i, 'data', 'type'], message: `must equal the activity's type ${a.type}` });
    }
    const schemas = [StoredActivitySchema, EnglishNamesSchema, ...(args ? [args] : [])];
    return { ...a, data: checkRecord(a.data, schemas, ['activities', i, 'data'], issues) };
  });
  const temps = cfg.couponTemplates?.map((t, i) => ({
    ...t,
    data: checkRecord(t.data, [StoredCouponSchema, EnglishNamesSchema], ['couponTemplates', i, 'data'], issues),
  }));
  if (issues.length > 0) throw new AppError('badRequest', undefined, undefined, describeIssues(issues));
  return { ...cfg, settings, categories: cats, products: prods, activities: acts, couponTemplates: temps };
}

/** Loads a shop's configuration (upsert by id) and raises the menu version so clients refresh. */
export async function loadShopConfig(
  ctx: ServerContext,
  input: unknown,
): Promise<{ shopId: number; menuVersion: number; counts: Record<string, number> }> {
  const cfg = checkShopConfig(input);
  const shopId = cfg.shopId;
  const exists = await ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).limit(1);
  if (!exists[0]) throw fail('getShopDataFailed');
  await ctx.db.transaction(async (tx) => {
    if (cfg.settings || cfg.unpaidMinutes) {
      await tx
        .update(shops)
        .set({
          ...(cfg.settings
            ? { settings: { ...(cfg.settings as unknown as StoredShopSettings), id: shopId } }
            : {}),
          ...(cfg.unpaidMinutes ? { unpaidMinutes: cfg.unpaidMinutes } : {}),
        })
        .where(eq(shops.id, shopId));
    }
    if (cfg.categories?.length) {
      await tx
        .insert(categories)
        .values(
          cfg.categories.map((c) => ({
            id: c.id,
            shopId,
            name: c.name,
            sort: c.sort,
            data: c.data as unknown as StoredCategory,
          })),
        )
        .onConflictDoUpdate({
          target: categories.id,
          set: { name: ex('name'), sort: ex('sort'), data: ex('data') },
        });
    }
    if (cfg.products?.length) {
      await tx
        .insert(products)
        .values(
          cfg.products.map((p) => ({
            id: p.id,
            shopId,
            categoryId: p.categoryId,
            name: p.name,
            price: String(p.price),
            memberPrice: p.memberPrice === null ? null : String(p.memberPrice),
            status: p.status,
            stock: p.stock,
            sort: p.sort,
            isSpecProduct: p.isSpecProduct,
            data: p.data as unknown as StoredProduct,
          })),
        )
        .onConflictDoUpdate({
          target: products.id,
          set: {
            categoryId: ex('category_id'),
            name: ex('name'),
            price: ex('price'),
            memberPrice: ex('member_price'),
            status: ex('status'),
            stock: ex('stock'),
            sort: ex('sort'),
            isSpecProduct: ex('is_spec_product'),
            data: ex('data'),
          },
        });
    }
    if (cfg.activities?.length) {
      await tx
        .insert(activities)
        .values(
          cfg.activities.map((a) => ({
            id: a.id,
            shopId: a.chainId === null ? shopId : null,
            chainId: a.chainId,
            type: a.type,
            status: a.status,
            code: a.code,
            data: a.data as unknown as StoredActivity,
          })),
        )
        .onConflictDoUpdate({
          target: activities.id,
          set: { type: ex('type'), status: ex('status'), code: ex('code'), data: ex('data') },
        });
    }
    if (cfg.couponTemplates?.length) {
      await tx
        .insert(couponTemplates)
        .values(
          cfg.couponTemplates.map((t) => ({
            id: t.id,
            shopId: t.chainId === null ? shopId : null,
            chainId: t.chainId,
            activityId: t.activityId,
            remaining: t.remaining,
            data: t.data as unknown as StoredCoupon,
          })),
        )
        .onConflictDoUpdate({
          target: couponTemplates.id,
          set: { activityId: ex('activity_id'), remaining: ex('remaining'), data: ex('data') },
        });
    }
  });
  const menuVersion = await ctx.shopCache.bump(shopId);
  return {
    shopId,
    menuVersion,
    counts: {
      categories: cfg.categories?.length ?? 0,
      products: cfg.products?.length ?? 0,
      activities: cfg.activities?.length ?? 0,
      couponTemplates: cfg.couponTemplates?.length ?? 0,
    },
  };
}

