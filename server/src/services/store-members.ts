/**
 * Member-facing shop reads behind store/* calls: the member levels of a shop or its chain, the
 * products product coupons give, and the caller's limited-times cards and their uses (P§6).
 */
import { and, asc, count, desc, eq, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ActivityType } from '../../../src/domain/enums';
import type { Product } from '../../../src/domain/types';
import type { ServerContext } from '../context';
import { activities, couponTemplates, limitCardUses, limitCards, memberLevels } from '../db/schema';
import type { Lang } from '../i18n/messages';
import { localiseNamed } from './localise';
import type { Menu } from './menu';
import type { ShopRow } from './shops';

/** Active member levels of the shop and of its chain, lowest first. */
export async function memberLevelsOf(ctx: ServerContext, shopId: number, chainId: number | null, lang: Lang) {
  const rows = await ctx.db
    .select()
    .from(memberLevels)
    .where(
      and(
        eq(memberLevels.active, true),
        chainId === null ? eq(memberLevels.shopId, shopId) : or(eq(memberLevels.shopId, shopId), eq(memberLevels.chainId, chainId)),
      ),
    )
    .orderBy(asc(memberLevels.level));
  return rows.map((r) => localiseNamed({ id: r.id, level: r.level, name: r.name, nameEn: r.data?.nameEn, discount: r.discount }, lang));
}

/** Products that a product coupon (P§3 type 17) of the shop or its chain gives, from the menu. */
export async function couponProductsOf(ctx: ServerContext, shop: ShopRow, menu: Menu): Promise<Product[]> {
  const scope = (shopCol: AnyPgColumn, chainCol: AnyPgColumn) =>
    shop.chainId === null ? eq(shopCol, shop.id) : or(eq(shopCol, shop.id), eq(chainCol, shop.chainId));
  const [acts, templates] = await Promise.all([
    ctx.db
      .select({ data: activities.data })
      .from(activities)
      .where(and(eq(activities.type, ActivityType.productCoupon), scope(activities.shopId, activities.chainId))),
    ctx.db.select({ data: couponTemplates.data }).from(couponTemplates).where(scope(couponTemplates.shopId, couponTemplates.chainId)),
  ]);
  const ids = new Set<number>();
  for (const a of acts) for (const p of a.data.productList ?? []) ids.add(p.id);
  for (const t of templates) if (t.data.type === ActivityType.productCoupon) for (const p of t.data.productList ?? []) ids.add(p.id);
  return [...ids].map((id) => menu.byId.get(id)).filter((p): p is NonNullable<typeof p> => !!p);
}

/** The limited-times cards of a member card. */
export async function limitCardsOf(ctx: ServerContext, memberId: number) {
  const rows = await ctx.db.select().from(limitCards).where(eq(limitCards.memberId, memberId)).orderBy(asc(limitCards.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    productId: r.productId,
    totalTimes: r.totalTimes,
    usedTimes: r.usedTimes,
    remainingTimes: Math.max(0, r.totalTimes - r.usedTimes),
    expiresAt: r.expiresAt ? r.expiresAt.getTime() : null,
  }));
}

/** One page of a member card's limited-times card uses, newest first. */
export async function limitCardUsesOf(
  ctx: ServerContext,
  memberId: number,
  q: { productId?: number; page: number; pageLimit: number },
) {
  const where = and(eq(limitCardUses.memberId, memberId), q.productId === undefined ? undefined : eq(limitCardUses.productId, q.productId));
  const [rows, totals] = await Promise.all([
    ctx.db
      .select()
      .from(limitCardUses)
      .where(where)
      .orderBy(desc(limitCardUses.id))
      .limit(q.pageLimit)
      .offset((q.page - 1) * q.pageLimit),
    ctx.db.select({ n: count() }).from(limitCardUses).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      limitCardId: r.limitCardId,
      productId: r.productId,
      times: r.times,
      orderId: r.orderId,
      note: r.note,
      createdAt: r.createdAt.getTime(),
    })),
    total: totals[0]?.n ?? 0,
    page: q.page,
    pageLimit: q.pageLimit,
  };
}
