/**
 * The data an order is priced with, read from the server's own records (PRICE-10): shop settings,
 * menu, activities, the member card and its settings, the user's coupons.
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Activity, Coupon, MemberInfo, MemberSetting } from '../../../../src/domain/types';
import type { ServerContext } from '../../context';
import { activities, memberCoupons, members } from '../../db/schema';
import { toMemberInfo, type MemberRow } from '../members-read';
import { usableCouponOf } from '../members/coupons';
import type { ShopRow } from '../shops';

export type MemberCouponRow = typeof memberCoupons.$inferSelect;

/** Enabled activities of the shop and its chain, cached per menu version. */
export async function shopActivities(ctx: ServerContext, shop: ShopRow): Promise<Activity[]> {
  const version = (await ctx.shopCache.version(shop.id)) ?? 0;
  return ctx.shopCache.get('order-activities', shop.id, version, async () => {
    const scope =
      shop.chainId === null
        ? eq(activities.shopId, shop.id)
        : or(eq(activities.shopId, shop.id), eq(activities.chainId, shop.chainId));
    const rows = await ctx.db
      .select({ id: activities.id, data: activities.data, status: activities.status, code: activities.code })
      .from(activities)
      .where(and(scope, eq(activities.status, 1)));
    return rows.map((r) => ({ ...(r.data as Activity), id: r.id }));
  });
}

/** The activity of a promotion code (productDiscountWithCode), or null. */
export function activityOfCode(list: readonly Activity[], code: string): Activity | null {
  const c = code.trim().toUpperCase();
  return list.find((a) => typeof a.code === 'string' && a.code.toUpperCase() === c) ?? null;
}

/**
 * The member card of a user in a shop with the member info pricing needs: a card of the shop itself
 * wins over a chain card of the shop's chain (C§6, the rule of `findMemberOfUser`), read by a query
 * prepared once per server (every submit and quote runs it).
 */
export async function memberOf(
  ctx: ServerContext,
  userId: number,
  shop: ShopRow,
): Promise<{ row: MemberRow; info: MemberInfo } | null> {
  const q = ctx.singleton('orders:member-query', () =>
    ctx.db
      .select()
      .from(members)
      .where(
        and(
          eq(members.userId, sql.placeholder('userId')),
          or(eq(members.shopId, sql.placeholder('shopId')), eq(members.chainId, sql.placeholder('chainId'))),
        ),
      )
      .limit(2)
      .prepare('orders_member_of_user'),
  );
  // no chain: -1 matches no card's chain id
  const rows = await q.execute({ userId, shopId: shop.id, chainId: shop.chainId ?? -1 });
  const row = rows.find((r) => r.shopId === shop.id) ?? rows[0] ?? null;
  if (!row) return null;
  const info = toMemberInfo(row, shop.industry);
  const data = row.data as { hasPaid?: boolean } | null;
  info.hasPaid = data?.hasPaid === true;
  return { row, info };
}

export const memberSettingOf = (shop: ShopRow): MemberSetting => shop.memberSetting ?? {};

/**
 * The coupon reads of an order, prepared once per server (PostgreSQL keeps the plan; the query text is
 * built once): the user's own coupons or those held by one of their cards, free (status 1, held by no
 * order); `chosen` limits them to the ids asked for.
 */
function preparedCouponQueries(ctx: ServerContext) {
  return ctx.singleton('orders:coupon-queries', () => {
    const owner = or(
      eq(memberCoupons.userId, sql.placeholder('userId')),
      inArray(
        memberCoupons.memberId,
        ctx.db
          .select({ id: members.id })
          .from(members)
          .where(eq(members.userId, sql.placeholder('userId'))),
      ),
    );
    const free = and(eq(memberCoupons.status, 1), isNull(memberCoupons.usedOrderId));
    return {
      chosen: ctx.db
        .select()
        .from(memberCoupons)
        .where(and(sql`${memberCoupons.id} = ANY(${sql.placeholder('ids')}::int[])`, owner, free))
        .prepare('orders_chosen_coupons'),
      all: ctx.db.select().from(memberCoupons).where(and(owner, free)).prepare('orders_free_coupons'),
    };
  });
}

/**
 * Coupons a user holds that no live order holds, usable in `shop` now (the members service's rule,
 * `usableCouponOf`: P§3 applicable shops, P§4 validity), as the domain Coupon; `only` limits them to
 * the chosen ids (a chosen coupon needs no comparison with the others). Held means the user's own or
 * their card's.
 */
export async function freeCoupons(
  ctx: ServerContext,
  userId: number,
  shop: ShopRow,
  now: number,
  utcOffsetMinutes: number,
  only: number[] | null = null,
): Promise<Array<{ row: MemberCouponRow; coupon: Coupon }>> {
  const q = preparedCouponQueries(ctx);
  const rows = only ? await q.chosen.execute({ userId, ids: only }) : await q.all.execute({ userId });
  const out: Array<{ row: MemberCouponRow; coupon: Coupon }> = [];
  for (const row of rows) {
    const coupon = usableCouponOf(row, shop, now, utcOffsetMinutes);
    if (coupon) out.push({ row, coupon });
  }
  return out;
}
