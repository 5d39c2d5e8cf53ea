/**
 * What a paid order earns (P§3 gift kinds, P§4): the coupons of overSendCoupon, couponSend,
 * firstMemberPayGift and memberChargePresentCoupon that the engine's breakdown lists in `gifts`, and
 * one more order on the member's times red bag. Applied once per order, in the transaction that
 * makes the order paid (or, for cash, places it with the shop): see docs/orders.md.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { OrderBreakdown } from '../../../../src/api/contract/order';
import { ActivityType, OrderStatus, PayType } from '../../../../src/domain/enums';
import type { Breakdown } from '../../../../src/domain/pricing';
import type { Activity, TimesRedBagInfo } from '../../../../src/domain/types';
import type { ServerContext, TxEnv } from '../../context';
import type { Db, Tx } from '../../db/client';
import { members, timesRedBagProgress } from '../../db/schema';
import type { MemberRow } from '../members-read';
import { grantOrderCoupons } from '../members/coupons';
import { activityRunning, timesRedBagInfoOf } from '../members/promotions';
import type { ShopRow } from '../shops';
import type { OrderRow } from './holds';
import { shopZone, type ShopZone } from '../../../../src/domain/shop-time';

/** P§3 activity kinds whose coupons an order earns when it is paid. */
const EARNING_KINDS: ReadonlySet<number> = new Set([
  ActivityType.overSendCoupon,
  ActivityType.couponSend,
  ActivityType.firstMemberPayGift,
  ActivityType.memberChargePresentCoupon,
]);

/** A coupon template an order earned, kept with the order until it is paid. */
export interface EarnedCoupon {
  /** The coupon template id (the activity's `coupons[].id`). */
  id: number;
  quantity: number;
  activityId: number;
  activityType: number;
}

/**
 * The stored breakdown: the contract's figures and, server side only, the coupons earned and the
 * times red bags the engine counted the order towards.
 */
export type StoredBreakdown = OrderBreakdown & { earnedCoupons?: EarnedCoupon[]; timesRedBagIds?: number[] };

/**
 * The member's progress on the running times red bag: the pricing fact `MemberFacts.timesRedBag`,
 * the same figure activity/getTimesRedBag shows the app (the running activity, the counted orders).
 */
export async function timesRedBagFact(
  ctx: ServerContext,
  memberId: number,
  activities: readonly Activity[],
  now: number,
  zone: ShopZone,
): Promise<TimesRedBagInfo | null> {
  const running = activities.find(
    (a) => a.type === ActivityType.timesRedBag && activityRunning(a, now, zone),
  );
  if (!running) return null;
  const rows = await ctx.db
    .select({ n: timesRedBagProgress.cumulativeQuantity })
    .from(timesRedBagProgress)
    .where(and(eq(timesRedBagProgress.memberId, memberId), eq(timesRedBagProgress.activityId, running.id)))
    .limit(1);
  return timesRedBagInfoOf(running, rows[0]?.n ?? 0);
}

/** The times red bags the engine counted the order towards (applied activities of that kind). */
export function timesRedBagsCounted(b: Pick<Breakdown, 'appliedActivityIds'>, activities: readonly Activity[]): number[] {
  const kinds = new Map(activities.map((a) => [a.id, a.type]));
  return b.appliedActivityIds.filter((id) => kinds.get(id) === ActivityType.timesRedBag);
}

/** The coupon gifts of the breakdown that a paid order hands over (P§3 gift kinds above). */
export function earnedCoupons(b: Pick<Breakdown, 'gifts'>): EarnedCoupon[] {
  const out: EarnedCoupon[] = [];
  for (const g of b.gifts) {
    if (g.kind !== 'coupon' || g.couponId === undefined || !EARNING_KINDS.has(g.activityType)) continue;
    out.push({
      id: g.couponId,
      quantity: g.quantity,
      activityId: g.activityId,
      activityType: g.activityType,
    });
  }
  return out;
}

/** The stored breakdown as the contract shows it (the earned coupons stay on the server). */
export function shownBreakdown(b: StoredBreakdown): OrderBreakdown {
  const { earnedCoupons: _kept, timesRedBagIds: _counted, ...shown } = b;
  return shown;
}

/**
 * Whether an order reaching pending now is placed with the shop for the first time: every way into
 * pending (creation of a cash or card-paid order, `pay`, `reinstate`) records a pending event, so an
 * order that had one already earned its promotions then (a cash order closed by the shop and paid
 * late must not earn twice).
 */
export function firstTimePending(o: Pick<OrderRow, 'events'>): boolean {
  return !o.events.some((e) => e.status === OrderStatus.pending);
}

type PaidOrder = Pick<OrderRow, 'id' | 'shopId' | 'memberId' | 'payType' | 'total'> & {
  breakdown: StoredBreakdown;
};

/**
 * What the caller read BEFORE opening the transaction (shop and activities come from the shop cache,
 * which reads through the pool); the member is read through the transaction when not given.
 */
export interface KnownContext {
  shop: ShopRow;
  activities: readonly Activity[];
  member?: MemberRow | null;
}

/**
 * Applies the promotions of a paid order inside `tx` (the settlement's transaction). The caller calls
 * it once per order: on the transition that places the order with the shop. Visitors earn nothing
 * (coupons and the times red bag belong to a member card).
 */
export async function applyPaidOrderPromotions(
  tx: Tx,
  env: TxEnv,
  order: PaidOrder,
  known: KnownContext,
): Promise<void> {
  if (order.memberId === null) return;
  const { shop } = known;
  let gifts = order.breakdown.earnedCoupons ?? [];
  const redBags = order.breakdown.timesRedBagIds ?? [];
  const countsTimesRedBag = redBags.length > 0;
  const firstCardPay = order.payType === PayType.vip;
  if (gifts.length === 0 && !countsTimesRedBag && !firstCardPay) return;

  const member = known.member?.id === order.memberId ? known.member : await memberById(tx, order.memberId);
  if (!member) return;
  const zone = shopZone(shop.settings);
  const { now } = env;

  if (firstCardPay) {
    // P§3 firstMemberPayGift: only the card's first payment earns it — the flag is set by a
    // conditional update, so two first payments at once cannot both earn the gift
    const first = await tx
      .update(members)
      .set({ data: sql`coalesce(${members.data}, '{}'::jsonb) || '{"hasPaid": true}'::jsonb` })
      .where(
        and(eq(members.id, member.id), sql`coalesce((${members.data}->>'hasPaid')::boolean, false) = false`),
      )
      .returning({ id: members.id });
    if (first.length === 0) gifts = gifts.filter((g) => g.activityType !== ActivityType.firstMemberPayGift);
  }

  // P§3 timesRedBag: the red bags the engine counted the order towards when it was priced
  for (const activityId of redBags) {
    await tx
      .insert(timesRedBagProgress)
      .values({ memberId: member.id, activityId, cumulativeQuantity: 1 })
      .onConflictDoUpdate({
        target: [timesRedBagProgress.memberId, timesRedBagProgress.activityId],
        set: { cumulativeQuantity: sql`${timesRedBagProgress.cumulativeQuantity} + 1` },
      });
  }

  if (gifts.length > 0) {
    try {
      // a template gone or given out must not undo the payment: the coupons are skipped then
      await tx.transaction((sp) =>
        grantOrderCoupons(sp, order.id, gifts, { member, shopId: shop.id, now, zone }),
      );
    } catch (err) {
      env.log.warn({ err, orderId: order.id }, 'coupons earned by the order could not be issued');
    }
  }
}

async function memberById(tx: Db | Tx, id: number): Promise<MemberRow | null> {
  const rows = await tx.select().from(members).where(eq(members.id, id)).limit(1);
  return rows[0] ?? null;
}
