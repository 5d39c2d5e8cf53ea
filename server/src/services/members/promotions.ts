/**
 * Promotion calls (P§7 activity/*, PROMO-1, 3, 4, 5): the shop's activities, coupons received by link
 * or on entry, the shared (expand) red bag, the times red bag and promotion codes.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { ActivityType } from '../../../../src/domain/enums';
import { COUPON_ACTIVITY_TYPES, userTypeMatches } from '../../../../src/domain/promotions/filter';
import {
  activityRunning,
  expandBagSize,
  timesRedBagInfoOf,
  timesRedBagLimit,
  timesRedBagOrderCounts,
} from '../../../../src/domain/promotions/running';
import type { Activity, Coupon } from '../../../../src/domain/types';
import type { ActivityDetailRes } from '../../../../src/api/contract/activity';
import type { ServerContext, TxEnv } from '../../context';
import type { Db, Tx } from '../../db/client';
import {
  activityClaims,
  memberCoupons,
  members,
  redBagReceipts,
  redBags,
  timesRedBagProgress,
  users,
} from '../../db/schema';
import type { StoredActivity } from '../../db/schema/json';
import { fail } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import type { MemberRow } from '../members-read';
import type { ShopRow } from '../shops';
import {
  activityOfShop,
  assertFunctionOpen,
  inTransaction,
  requireMember,
  shopActivities,
  type ActivityRow,
  type MemberScope,
} from './common';
import { couponOf, heldCoupons, issueCoupons, type MemberCouponRow } from './coupons';
import { type ShopZone } from '../../../../src/domain/shop-time';

/** An activity as the app sees it: names in the request's language; a promotion code stays secret. */
export function activityWire(a: StoredActivity, lang: Lang, keepCode = false): Activity {
  const { nameEn, descriptionEn, code, ...rest } = a as StoredActivity & {
    nameEn?: string;
    descriptionEn?: string;
  };
  const out: Activity = { ...rest };
  if (lang === 'en' && nameEn) out.name = nameEn;
  if (lang === 'en' && descriptionEn) out.description = descriptionEn;
  if (keepCode && code !== undefined) out.code = code;
  return out;
}

// P§4 "running" (enabled, inside its dates) is the domain's rule: the screens read it too
export { activityRunning, timesRedBagInfoOf };

const now = (ctx: ServerContext) => ctx.clock.now();

/**
 * activity/list: the shop's running activities. Promotion-code activities are left out (a code reveals
 * them, PROMO-4); member-only activities stay, so visitors see them as member offers (PROMO-5).
 */
export async function listActivities(
  ctx: ServerContext,
  scope: MemberScope,
  lang: Lang,
): Promise<Activity[]> {
  const rows = await shopActivities(ctx.db, scope.shop);
  return rows
    .filter(
      (r) =>
        r.type !== ActivityType.productDiscountWithCode &&
        activityRunning(r.data, now(ctx), scope.zone),
    )
    .map((r) => activityWire(r.data, lang))
    .slice(0, 500);
}

/** vip/activities: the member activities (first member-pay gift, charge-present coupons; P§3 16, 20). */
export async function memberActivities(
  ctx: ServerContext,
  scope: MemberScope,
  lang: Lang,
): Promise<Activity[]> {
  assertFunctionOpen(scope);
  const rows = await shopActivities(ctx.db, scope.shop, [
    ActivityType.firstMemberPayGift,
    ActivityType.memberChargePresentCoupon,
  ]);
  return rows
    .filter((r) => activityRunning(r.data, now(ctx), scope.zone))
    .map((r) => activityWire(r.data, lang));
}

/** A running activity of the shop by id, else "Coupon activity not exist". */
async function runningActivity(
  ctx: ServerContext,
  scope: MemberScope,
  id: number,
  types?: number[],
  chainActivity = false,
): Promise<ActivityRow> {
  const row = await activityOfShop(ctx.db, scope.shop, id, chainActivity);
  if (types && !types.includes(row.type)) throw fail('couponActivityNotExist');
  if (!activityRunning(row.data, now(ctx), scope.zone)) throw fail('couponActivityNotExist');
  return row;
}

const templateIdsOf = (a: Activity): number[] => (a.coupons ?? []).map((c) => c.id);

/** The coupons the member holds from an activity (by the activity id they carry or their template). */
function fromActivity(rows: MemberCouponRow[], a: Activity): MemberCouponRow[] {
  const templates = new Set(templateIdsOf(a));
  return rows.filter(
    (r) => r.data.activityID === a.id || (r.templateId !== null && templates.has(r.templateId)),
  );
}

/** Whose shared red bag a coupon opens: the coupon must come from this expand activity. */
async function bagCoupon(db: Db, a: Activity, fromCouponId: number): Promise<MemberCouponRow> {
  const rows = await db.select().from(memberCoupons).where(eq(memberCoupons.id, fromCouponId)).limit(1);
  const row = rows[0];
  if (!row || fromActivity([row], a).length === 0) throw fail('invalidCoupon');
  return row;
}

/** Size of a shared red bag: the activity's quantity (P§9: a missing cap is 99999). */
const bagSize = (a: Activity): number => expandBagSize(a);

/** activity/detail {id, fromRedBagID, chainActivity}. */
export async function activityDetail(
  ctx: ServerContext,
  scope: MemberScope,
  body: { id: number; fromRedBagID?: number; chainActivity?: boolean },
  lang: Lang,
): Promise<ActivityDetailRes> {
  const row = await activityOfShop(ctx.db, scope.shop, body.id, body.chainActivity === true);
  const t = now(ctx);
  const held = scope.member ? fromActivity(await heldCoupons(ctx.db, scope.member.id), row.data) : [];
  let redBag: ActivityDetailRes['redBag'] = null;
  if (body.fromRedBagID !== undefined) {
    const from = await bagCoupon(ctx.db, row.data, body.fromRedBagID);
    const bags = await ctx.db.select().from(redBags).where(eq(redBags.fromCouponId, from.id)).limit(1);
    const receivers = await ctx.db
      .select({
        nickName: users.nickName,
        avatarUrl: users.avatarUrl,
        coupon: memberCoupons.data,
        at: redBagReceipts.createdAt,
      })
      .from(redBagReceipts)
      .innerJoin(members, eq(members.id, redBagReceipts.memberId))
      .innerJoin(memberCoupons, eq(memberCoupons.id, redBagReceipts.couponId))
      .leftJoin(users, eq(users.id, members.userId))
      .where(eq(redBagReceipts.fromCouponId, from.id))
      .orderBy(asc(redBagReceipts.createdAt))
      .limit(100);
    redBag = {
      id: from.id,
      receivers: receivers.map((r) => ({
        nickName: (r.nickName ?? '').slice(0, 64),
        avatarUrl: r.avatarUrl ?? '',
        amount: r.coupon.reductionAmount,
        receivedAt: r.at.getTime(),
      })),
      remaining: Math.min(bags[0]?.remaining ?? bagSize(row.data), 1_000_000),
      expired: !activityRunning(row.data, t, scope.zone),
    };
  }
  return {
    activity: activityWire(row.data, lang),
    received: held.slice(0, 100).map((r) => couponOf(r, t, scope.zone, lang)),
    redBag,
  };
}

/** Serialises the receipts of one red bag (or claims of one member) inside a transaction. */
async function lockKey(tx: Tx, space: number, id: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${space}, ${id})`);
}
const LOCK_RED_BAG = 81;
const LOCK_MEMBER_CLAIM = 82;

/**
 * Claims an activity's coupons once per member (`kind` names the way: link, entry, expand…). The
 * first claim hands them out; a repeated one hands out nothing and answers the coupons already held.
 */
async function claimOnce(
  ctx: ServerContext,
  scope: MemberScope,
  member: MemberRow,
  a: Activity,
  kind: string,
): Promise<{ issued: MemberCouponRow[]; held: MemberCouponRow[] }> {
  const t = now(ctx);
  return inTransaction(ctx.db, async (tx) => {
    await lockKey(tx, LOCK_MEMBER_CLAIM, member.id);
    const claimed = await tx
      .insert(activityClaims)
      .values({ memberId: member.id, activityId: a.id, kind, createdAt: new Date(t) })
      .onConflictDoNothing()
      .returning({ id: activityClaims.activityId });
    if (claimed.length === 0) {
      const held = await tx
        .select()
        .from(memberCoupons)
        .where(and(eq(memberCoupons.memberId, member.id), eq(memberCoupons.source, kind)))
        .orderBy(asc(memberCoupons.id));
      return { issued: [], held: fromActivity(held, a) };
    }
    const issued = await issueCoupons(tx, a.coupons ?? [], {
      member,
      shopId: scope.shop.id,
      now: t,
      source: kind,
      zone: scope.zone,
    });
    return { issued, held: issued };
  });
}

/** activity/getCouponByLink {id}: the coupon of a shared coupon activity, once per member. */
export async function couponByLink(
  ctx: ServerContext,
  scope: MemberScope,
  id: number,
  lang: Lang,
): Promise<Coupon> {
  const row = await runningActivity(ctx, scope, id);
  if (
    !(row.data.coupons && row.data.coupons.length > 0) ||
    !(row.data.isCouponActivity || COUPON_ACTIVITY_TYPES.has(row.type))
  ) {
    throw fail('couponActivityNotExist');
  }
  const member = requireMember(scope);
  if (!userTypeMatches(row.data.userType, true)) throw fail('couponWrongUserType');
  const { held } = await claimOnce(ctx, scope, member, row.data, 'link');
  if (!held[0]) throw fail('invalidCoupon');
  return couponOf(held[0], now(ctx), scope.zone, lang);
}

/**
 * activity/getCouponByEntry: coupons of the running couponSend activities (P§3 14), handed to a member
 * once each; already received ones are not repeated. A visitor receives none (no card to hold them).
 */
export async function couponsByEntry(ctx: ServerContext, scope: MemberScope, lang: Lang): Promise<Coupon[]> {
  if (!scope.member || scope.setting.isFunctionOpen === false) return [];
  const member = scope.member;
  const rows = await shopActivities(ctx.db, scope.shop, [ActivityType.couponSend]);
  const out: Coupon[] = [];
  for (const r of rows) {
    if (!activityRunning(r.data, now(ctx), scope.zone) || !userTypeMatches(r.data.userType, true))
      continue;
    if (!r.data.coupons?.length) continue;
    const { issued } = await claimOnce(ctx, scope, member, r.data, 'entry');
    for (const c of issued) out.push(couponOf(c, now(ctx), scope.zone, lang));
  }
  return out;
}

/**
 * activity/receiveExpandCoupon {id, fromRedBagID} (PROMO-3). Without a bag: the member's own coupon of
 * the expand activity (once), which they can share. With a bag (the shared coupon's id): one of the
 * bag's `quantity` coupons, each member once — a member who already opened it gets the same coupon
 * back; an empty bag answers "Sold out". Receipts of one bag run one at a time (advisory lock) and the
 * count drops by a conditional update, so the bag never gives more than its size.
 */
export async function receiveExpandCoupon(
  ctx: ServerContext,
  scope: MemberScope,
  body: { id: number; fromRedBagID?: number },
  lang: Lang,
): Promise<Coupon> {
  const row = await runningActivity(ctx, scope, body.id, [ActivityType.expandCoupon]);
  const a = row.data;
  const member = requireMember(scope);
  if (!a.coupons?.length) throw fail('couponActivityNotExist');
  const t = now(ctx);
  if (body.fromRedBagID === undefined) {
    const { held } = await claimOnce(ctx, scope, member, a, 'expand');
    if (!held[0]) throw fail('invalidCoupon');
    return couponOf(held[0], t, scope.zone, lang);
  }
  const from = await bagCoupon(ctx.db, a, body.fromRedBagID);
  // the sharer already holds the bag's own coupon
  if (from.memberId === member.id) return couponOf(from, t, scope.zone, lang);
  const coupon = await inTransaction(ctx.db, async (tx) => {
    await lockKey(tx, LOCK_RED_BAG, from.id);
    await tx
      .insert(redBags)
      .values({
        fromCouponId: from.id,
        activityId: a.id,
        ownerMemberId: from.memberId,
        total: bagSize(a),
        remaining: bagSize(a),
      })
      .onConflictDoNothing();
    const before = await tx
      .select({ coupon: memberCoupons })
      .from(redBagReceipts)
      .innerJoin(memberCoupons, eq(memberCoupons.id, redBagReceipts.couponId))
      .where(and(eq(redBagReceipts.fromCouponId, from.id), eq(redBagReceipts.memberId, member.id)))
      .limit(1);
    if (before[0]) return before[0].coupon;
    const taken = await tx
      .update(redBags)
      .set({ remaining: sql`${redBags.remaining} - 1` })
      .where(and(eq(redBags.fromCouponId, from.id), sql`${redBags.remaining} > 0`))
      .returning({ remaining: redBags.remaining });
    if (taken.length === 0) throw fail('exchangeSoldOut');
    const [issued] = await issueCoupons(tx, [{ id: a.coupons![0].id, quantity: 1 }], {
      member,
      shopId: scope.shop.id,
      now: t,
      source: 'expandRedBag',
      fromCouponId: from.id,
      zone: scope.zone,
    });
    await tx
      .insert(redBagReceipts)
      .values({ fromCouponId: from.id, memberId: member.id, couponId: issued.id, createdAt: new Date(t) });
    return issued;
  });
  return couponOf(coupon, t, scope.zone, lang);
}

/** The running times red bag of the shop (P§4: the activity whose id the info names). */
async function timesRedBagActivity(
  ctx: ServerContext,
  shop: ShopRow,
  zone: ShopZone,
): Promise<ActivityRow | null> {
  const rows = await shopActivities(ctx.db, shop, [ActivityType.timesRedBag]);
  return rows.find((r) => activityRunning(r.data, now(ctx), zone)) ?? null;
}

const limitOf = (a: Activity): number => timesRedBagLimit(a);

async function progressOf(db: Db, memberId: number, activityId: number): Promise<number> {
  const rows = await db
    .select({ n: timesRedBagProgress.cumulativeQuantity })
    .from(timesRedBagProgress)
    .where(and(eq(timesRedBagProgress.memberId, memberId), eq(timesRedBagProgress.activityId, activityId)))
    .limit(1);
  return rows[0]?.n ?? 0;
}


/** activity/getTimesRedBag: the running times red bag and the caller's progress, or null. */
export async function getTimesRedBag(ctx: ServerContext, scope: MemberScope, lang: Lang) {
  const row = await timesRedBagActivity(ctx, scope.shop, scope.zone);
  if (!row) return null;
  const cumulative = scope.member ? await progressOf(ctx.db, scope.member.id, row.id) : 0;
  return { info: timesRedBagInfoOf(row.data, cumulative), activity: activityWire(row.data, lang) };
}

/**
 * activity/checkTimesRedBag {id}: when the member's counted orders reach limitQuantity, one round is
 * rewarded with the activity's coupons and the count starts again from what is left over.
 */
export async function checkTimesRedBag(ctx: ServerContext, scope: MemberScope, id: number, lang: Lang) {
  const row = await runningActivity(ctx, scope, id, [ActivityType.timesRedBag]);
  const member = requireMember(scope);
  const limit = limitOf(row.data);
  const t = now(ctx);
  const coupons = await inTransaction(ctx.db, async (tx) => {
    const rewarded = await tx
      .update(timesRedBagProgress)
      .set({
        cumulativeQuantity: sql`${timesRedBagProgress.cumulativeQuantity} - ${limit}`,
        rewarded: sql`${timesRedBagProgress.rewarded} + 1`,
      })
      .where(
        and(
          eq(timesRedBagProgress.memberId, member.id),
          eq(timesRedBagProgress.activityId, row.id),
          sql`${timesRedBagProgress.cumulativeQuantity} >= ${limit}`,
        ),
      )
      .returning();
    if (rewarded.length === 0) return [];
    return issueCoupons(tx, row.data.coupons ?? [], {
      member,
      shopId: scope.shop.id,
      now: t,
      source: 'timesRedBag',
      zone: scope.zone,
    });
  });
  const cumulative = await progressOf(ctx.db, member.id, row.id);
  return {
    info: timesRedBagInfoOf(row.data, cumulative),
    coupons: coupons.map((c) => couponOf(c, t, scope.zone, lang)),
  };
}

/**
 * Counts a paid order towards the running times red bags of the shop (P§3 13: an order reaching the
 * activity's minAmount counts once). The order service calls it inside the payment's transaction.
 */
export async function recordTimesRedBagOrder(
  tx: Tx,
  env: Pick<TxEnv, 'now'>,
  input: { member: MemberRow; shop: ShopRow; orderAmount: number; zone: ShopZone },
): Promise<number[]> {
  const rows = await shopActivities(tx, input.shop, [ActivityType.timesRedBag]);
  const counted: number[] = [];
  for (const r of rows) {
    if (!activityRunning(r.data, env.now, input.zone)) continue;
    if (!timesRedBagOrderCounts(r.data, input.orderAmount)) continue;
    await tx
      .insert(timesRedBagProgress)
      .values({ memberId: input.member.id, activityId: r.id, cumulativeQuantity: 1 })
      .onConflictDoUpdate({
        target: [timesRedBagProgress.memberId, timesRedBagProgress.activityId],
        set: { cumulativeQuantity: sql`${timesRedBagProgress.cumulativeQuantity} + 1` },
      });
    counted.push(r.id);
  }
  return counted;
}

/** activity/getActivityByCode {code} (PROMO-4): the running promotion-code activity, or null. */
export async function activityByCode(
  ctx: ServerContext,
  scope: MemberScope,
  code: string,
  lang: Lang,
): Promise<Activity | null> {
  const wanted = code.trim().toUpperCase();
  if (wanted === '') return null;
  const rows = await shopActivities(ctx.db, scope.shop, [ActivityType.productDiscountWithCode]);
  const hit = rows.find(
    (r) =>
      (r.data.code ?? '').trim().toUpperCase() === wanted &&
      activityRunning(r.data, now(ctx), scope.zone),
  );
  return hit ? activityWire(hit.data, lang, true) : null;
}
