/**
 * The data an order is priced with, read from the server's own records (PRICE-10): shop settings,
 * menu, activities, the member card and its settings, the user's coupons.
 */
import { and, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Activity, Coupon, MemberInfo, MemberSetting } from '../../../../src/domain/types';
import { perServer, type ServerContext } from '../../context';
import { activities, memberCoupons, members } from '../../db/schema';
import { toMemberInfo, type MemberRow } from '../members-read';
import { usableCouponOf } from '../members/coupons';
import type { ShopRow } from '../shops';
import { type ShopZone } from '../../../../src/domain/shop-time';

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

/** The member card query of a user, prepared once per server. */
const memberQuery = perServer((ctx) => userCards(ctx).prepare('orders_member_of_user'));

/** The card with its chosen or all free coupons, prepared once per server. */
const memberCouponQueries = perServer((ctx) => {
  const card = userCards(ctx).as('m');
  const free = (only: SQL | undefined) =>
    ctx.db
      .select()
      .from(memberCoupons)
      .where(and(only, couponOwner(ctx), eq(memberCoupons.status, 1), isNull(memberCoupons.usedOrderId)))
      .as('c');
  const build = (c: ReturnType<typeof free>, name: string) =>
    ctx.db
      .select({ member: fieldsOf(card, members), coupon: fieldsOf(c, memberCoupons) })
      .from(sql`(SELECT 1) AS one`)
      .leftJoinLateral(card, sql`true`)
      .leftJoinLateral(c, sql`true`)
      .prepare(name);
  return {
    chosen: build(
      free(sql`${memberCoupons.id} = ANY(${sql.placeholder('ids')}::int[])`),
      'orders_member_chosen_coupons',
    ),
    all: build(free(undefined), 'orders_member_free_coupons'),
  };
});

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
  const q = memberQuery(ctx);
  const rows = await q.execute(cardParams(userId, shop));
  const row = rows.find((r) => r.shopId === shop.id) ?? rows[0] ?? null;
  return row ? withInfo(row, shop) : null;
}

/** The user's cards valid in a shop: its own card or its chain's (at most two). */
const userCards = (ctx: ServerContext) =>
  ctx.db
    .select()
    .from(members)
    .where(
      and(
        eq(members.userId, sql.placeholder('userId')),
        or(eq(members.shopId, sql.placeholder('shopId')), eq(members.chainId, sql.placeholder('chainId'))),
      ),
    )
    .limit(2);

/** The placeholders of `userCards`; no chain: -1 matches no card's chain id. */
const cardParams = (userId: number, shop: ShopRow) => ({
  userId,
  shopId: shop.id,
  chainId: shop.chainId ?? -1,
});

/**
 * The card of `memberOf` and the user's free coupons usable in the shop, in one query (one round
 * trip per submit): both lateral subqueries joined to one row, so the rows are every card × every
 * coupon (at most two cards: a shop card and a chain card); `chosen` limits the coupons to those
 * ids, `'all'` takes every free one. A coupon counts when it is the user's own or their card's, status 1 and held by no
 * order, and usable in `shop` now (the members service's rule, `usableCouponOf`: P§3 applicable
 * shops, P§4 validity). Prepared once per server for each of the two forms.
 */
export async function memberAndCoupons(
  ctx: ServerContext,
  userId: number,
  shop: ShopRow,
  now: number,
  zone: ShopZone,
  chosen: number[] | 'all',
): Promise<{
  member: { row: MemberRow; info: MemberInfo } | null;
  coupons: Array<{ row: MemberCouponRow; coupon: Coupon }>;
}> {
  const q = memberCouponQueries(ctx);
  const params = cardParams(userId, shop);
  const rows =
    chosen === 'all' ? await q.all.execute(params) : await q.chosen.execute({ ...params, ids: chosen });
  const cards = new Map<number, MemberRow>();
  const couponRows = new Map<number, MemberCouponRow>();
  for (const r of rows) {
    if (r.member && !cards.has(r.member.id)) cards.set(r.member.id, r.member);
    if (r.coupon && !couponRows.has(r.coupon.id)) couponRows.set(r.coupon.id, r.coupon);
  }
  const list = [...cards.values()];
  const row = list.find((m) => m.shopId === shop.id) ?? list[0] ?? null;
  const coupons: Array<{ row: MemberCouponRow; coupon: Coupon }> = [];
  for (const c of couponRows.values()) {
    const coupon = usableCouponOf(c, shop, now, zone);
    if (coupon) coupons.push({ row: c, coupon });
  }
  return { member: row ? withInfo(row, shop) : null, coupons };
}

/** The columns of `table` as the subquery `sq` selects them (same keys, under the subquery's alias). */
function fieldsOf<T extends typeof members | typeof memberCoupons>(sq: unknown, table: T): T['_']['columns'] {
  const aliased = sq as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(getTableColumns(table)).map((k) => [k, aliased[k]]),
  ) as T['_']['columns'];
}

/** A coupon the user holds: their own, or held by one of their cards. */
const couponOwner = (ctx: ServerContext) =>
  or(
    eq(memberCoupons.userId, sql.placeholder('userId')),
    inArray(
      memberCoupons.memberId,
      ctx.db
        .select({ id: members.id })
        .from(members)
        .where(eq(members.userId, sql.placeholder('userId'))),
    ),
  );

const withInfo = (row: MemberRow, shop: ShopRow): { row: MemberRow; info: MemberInfo } => {
  const info = toMemberInfo(row, shop.industry);
  const data = row.data as { hasPaid?: boolean } | null;
  info.hasPaid = data?.hasPaid === true;
  return { row, info };
};

export const memberSettingOf = (shop: ShopRow): MemberSetting => shop.memberSetting ?? {};
