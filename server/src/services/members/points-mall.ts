/**
 * The points mall (MEMBER-7): pointRedeem activities (P§3 18) offered for points — a product to collect
 * in the shop, or a coupon activity's coupons. An exchange is one transaction of conditional updates:
 * the points drop only while enough remain (`points >= n`), the item's stock only while some is left,
 * the member's count only while under the activity's productLimit; any miss rolls the whole exchange
 * back, so points never go negative and an item never oversells.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ActivityType, Limits, VipTransactionType } from '../../../../src/domain/enums';
import type { Activity } from '../../../../src/domain/types';
import type { PointExchangeRes, PointStoreItem } from '../../../../src/api/contract/activity';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/client';
import { activityClaims, activityStock, members, pointExchanges, pointTransactions } from '../../db/schema';
import { fail } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import { num } from '../members-read';
import {
  activityOfShop,
  inTransaction,
  requireMember,
  requireOwnMember,
  shopActivities,
  type ActivityRow,
  type MemberScope,
} from './common';
import { couponOf, issueCoupons } from './coupons';
import { activityRunning, activityWire } from './promotions';

const isCouponItem = (a: Activity): boolean => (a.coupons?.length ?? 0) > 0;
/** Units the mall holds in total: the activity's quantity, or unlimited (P§9 99999). */
const stockLimit = (a: Activity): number | null => (a.quantity && a.quantity > 0 ? a.quantity : null);

async function remainingStock(db: Db, a: Activity): Promise<number> {
  const limit = stockLimit(a);
  if (limit === null) return Limits.unlimited;
  const rows = await db
    .select({ n: activityStock.remaining })
    .from(activityStock)
    .where(eq(activityStock.activityId, a.id))
    .limit(1);
  return rows[0]?.n ?? limit;
}

async function itemOf(db: Db, row: ActivityRow, lang: Lang): Promise<PointStoreItem> {
  const a = activityWire(row.data, lang);
  const coupon = isCouponItem(a);
  return {
    activityId: a.id,
    kind: coupon ? 'coupon' : 'product',
    name: a.name,
    image: a.productImage ?? '',
    points: a.points ?? 0,
    stock: Math.min(await remainingStock(db, a), 1_000_000),
    productId: coupon ? null : (a.product?.id ?? a.productId ?? null),
    couponActivityId: coupon ? a.id : null,
    description: (a.description ?? '').slice(0, 2000),
  };
}

async function mallActivity(ctx: ServerContext, scope: MemberScope, id: number): Promise<ActivityRow> {
  const row = await activityOfShop(ctx.db, scope.shop, id);
  if (
    row.type !== ActivityType.pointRedeem ||
    !activityRunning(row.data, ctx.clock.now(), scope.zone)
  ) {
    throw fail('couponActivityNotExist');
  }
  return row;
}

/** activity/getPointExchangeStoreProducts: the running points-mall items. */
export async function pointStoreItems(
  ctx: ServerContext,
  scope: MemberScope,
  lang: Lang,
): Promise<PointStoreItem[]> {
  if (scope.setting.isFunctionOpen === false || scope.setting.isPointOpen === false)
    throw fail('functionClosed');
  const rows = await shopActivities(ctx.db, scope.shop, [ActivityType.pointRedeem]);
  const running = rows.filter(
    (r) => activityRunning(r.data, ctx.clock.now(), scope.zone) && (r.data.points ?? 0) > 0,
  );
  return Promise.all(running.map((r) => itemOf(ctx.db, r, lang)));
}

/** activity/pointStoreCouponDetail {couponActivityId}: the item, its activity and the caller's points. */
export async function pointStoreCouponDetail(
  ctx: ServerContext,
  scope: MemberScope,
  couponActivityId: number,
  lang: Lang,
) {
  const row = await mallActivity(ctx, scope, couponActivityId);
  return {
    item: await itemOf(ctx.db, row, lang),
    activity: activityWire(row.data, lang),
    memberPoints: scope.member ? Math.max(0, Math.trunc(num(scope.member.points))) : 0,
  };
}

/**
 * activity/pointExchangeProduct {activityId, memberId}: the member named must be the caller's card
 * (the token decides who pays; `openid` is not trusted).
 */
export async function exchangeItem(
  ctx: ServerContext,
  scope: MemberScope,
  activityId: number,
  memberId: number,
  lang: Lang,
): Promise<PointExchangeRes> {
  if (scope.setting.isPointOpen === false) throw fail('functionClosed');
  const member = requireOwnMember(scope, memberId);
  requireMember(scope);
  const row = await mallActivity(ctx, scope, activityId);
  const a = row.data;
  const price = a.points ?? 0;
  if (price <= 0) throw fail('couponActivityNotExist');
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const perMember = a.productLimit && a.productLimit > 0 ? a.productLimit : null;
    if (perMember !== null) {
      const counted = await tx
        .insert(activityClaims)
        .values({
          memberId: member.id,
          activityId: a.id,
          kind: 'pointExchange',
          count: 1,
          createdAt: new Date(now),
        })
        .onConflictDoUpdate({
          target: [activityClaims.memberId, activityClaims.activityId, activityClaims.kind],
          set: { count: sql`${activityClaims.count} + 1` },
          setWhere: sql`${activityClaims.count} < ${perMember}`,
        })
        .returning({ count: activityClaims.count });
      if (counted.length === 0) throw fail('exchangeSoldOut');
    }
    const paid = await tx
      .update(members)
      .set({ points: sql`${members.points} - ${price}` })
      .where(and(eq(members.id, member.id), sql`${members.points} >= ${price}`))
      .returning({ points: members.points });
    if (paid.length === 0) throw fail('pointsInsufficient');
    const limit = stockLimit(a);
    if (limit !== null) {
      await tx.insert(activityStock).values({ activityId: a.id, remaining: limit }).onConflictDoNothing();
      const taken = await tx
        .update(activityStock)
        .set({ remaining: sql`${activityStock.remaining} - 1` })
        .where(and(eq(activityStock.activityId, a.id), sql`${activityStock.remaining} > 0`))
        .returning({ remaining: activityStock.remaining });
      if (taken.length === 0) throw fail('exchangeSoldOut');
    }
    const pointsAfter = paid[0].points;
    await tx.insert(pointTransactions).values({
      memberId: member.id,
      shopId: scope.shop.id,
      type: VipTransactionType.exchange,
      points: String(-price),
      pointsAfter,
      note: a.name.slice(0, 140),
      createdAt: new Date(now),
    });
    const coupons = isCouponItem(a)
      ? await issueCoupons(tx, a.coupons ?? [], {
          member,
          shopId: scope.shop.id,
          now,
          source: 'pointExchange',
          zone: scope.zone,
        })
      : [];
    const productId = isCouponItem(a) ? null : (a.product?.id ?? a.productId ?? null);
    await tx.insert(pointExchanges).values({
      memberId: member.id,
      shopId: scope.shop.id,
      activityId: a.id,
      points: price,
      productId,
      couponId: coupons[0]?.id ?? null,
      createdAt: new Date(now),
    });
    return {
      points: Math.max(0, Math.trunc(num(pointsAfter))),
      coupon: coupons[0] ? couponOf(coupons[0], now, scope.zone, lang) : null,
      productId,
    };
  });
}
