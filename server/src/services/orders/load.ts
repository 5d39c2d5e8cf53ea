/**
 * The data an order is priced with, read from the server's own records (PRICE-10): shop settings,
 * menu, activities, the member card and its settings, the user's coupons.
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Activity, Coupon, MemberInfo, MemberSetting } from '../../../../src/domain/types';
import type { ServerContext } from '../../context';
import { activities, memberCoupons } from '../../db/schema';
import { findMemberOfUser, toMemberInfo, type MemberRow } from '../members-read';
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

/** The member card of a user in a shop with the member info pricing needs. */
export async function memberOf(
  ctx: ServerContext,
  userId: number,
  shop: ShopRow,
): Promise<{ row: MemberRow; info: MemberInfo } | null> {
  const row = await findMemberOfUser(ctx.db, userId, shop.id, shop.chainId);
  if (!row) return null;
  const info = toMemberInfo(row, shop.industry);
  const data = row.data as { hasPaid?: boolean } | null;
  info.hasPaid = data?.hasPaid === true;
  return { row, info };
}

export const memberSettingOf = (shop: ShopRow): MemberSetting => shop.memberSetting ?? {};

/**
 * Coupons a user holds that no live order holds (P§3 status 1), as the domain Coupon; `only` limits
 * them to the chosen ids (a chosen coupon needs no comparison with the others).
 */
export async function freeCoupons(
  ctx: ServerContext,
  userId: number,
  memberId: number | null,
  only: number[] | null = null,
): Promise<Array<{ row: MemberCouponRow; coupon: Coupon }>> {
  const owner =
    memberId === null
      ? eq(memberCoupons.userId, userId)
      : or(eq(memberCoupons.userId, userId), eq(memberCoupons.memberId, memberId));
  const rows = await ctx.db
    .select()
    .from(memberCoupons)
    .where(
      and(
        owner,
        only ? inArray(memberCoupons.id, only) : undefined,
        eq(memberCoupons.status, 1),
        isNull(memberCoupons.usedOrderId),
      ),
    );
  return rows.map((row) => {
    // the owner is the row's, not whatever the copied template data says
    const { memberId: _copied, ...data } = row.data as Coupon;
    return {
      row,
      coupon: {
        ...data,
        id: row.id,
        status: 1,
        startDate: row.startDate.getTime(),
        endDate: row.endDate.getTime(),
        ...(row.memberId !== null ? { memberId: row.memberId } : {}),
      },
    };
  });
}
