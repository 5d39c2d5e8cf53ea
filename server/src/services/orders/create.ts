/**
 * Order creation (order/confirm, SERVER-3): the submission is priced by `priceSubmission` (price.ts)
 * — nothing the client says about money is used except `expectedTotal`, which must equal the
 * server's figure (else `amountError` with the fresh breakdown) — then placed by the one-statement
 * write of place.ts. Stock, coupon and points are taken in the order's transaction; a member-card
 * order with its pay password is paid in it too (the one transaction of this file).
 * The `Idempotency-Key` of a submit makes a repeat return the first order.
 */
import { and, eq } from 'drizzle-orm';
import type { AmountErrorData, OrderConfirmRes, OrderSubmission } from '../../../../src/api/contract/order';
import { OrderStatus, OrderType, PayStatus, PayType } from '../../../../src/domain/enums';
import { ErrorCode, ruleError } from '../../../../src/domain/errors';
import { offerFlag } from '../../../../src/domain/promotions/offers';
import { shopDate, shopZone } from '../../../../src/domain/shop-time';
import * as money from '../../../../src/domain/money';
import { orderSourceOf } from '../../../../src/domain/user-agent';
import type { ShopSettings, TableTiming } from '../../../../src/domain/types';
import { txEnv, type ServerContext } from '../../context';
import { faultPoint, FAULT_POINTS } from '../../faults';
import { orders } from '../../db/schema';
import { AppError, fail } from '../../http/errors';
import type { ShopRow } from '../shops';
import { toOrderBreakdown } from './breakdown';
import { takePoints, type OrderRow } from './holds';
import { checkPayPassword, debitCard } from './member-pay';
import { noteOrderChanged } from './changes';
import { DAY_SEQ_SQL, orderNoPrefix, orderNoSql, placeOrder } from './place';
import { priceSubmission, rule, type PricedOrder, type Submitter } from './price';
import { applyPaidOrderPromotions, earnedCoupons, timesRedBagsCounted, type StoredBreakdown } from './promotions';
import { bookAppointment, planAppointment, serviceOfPlan, type AppointmentPlan } from '../beauty/booking';

export { priceSubmission } from './price';
export type { PricedOrder, Submitter } from './price';

/** Seconds an unpaid order waits for its payment: UNPAID_TIMEOUT_S, else the shop's minutes. */
export function unpaidTimeoutMs(ctx: ServerContext, shop: ShopRow): number {
  return (ctx.config.unpaidTimeoutS ?? shop.unpaidMinutes * 60) * 1000;
}

/** The shop-local calendar day 'YYYY-MM-DD' of an instant (the day of order/daySeq). */
export function shopDay(now: number, settings: ShopSettings): string {
  return shopDate(now, shopZone(settings));
}


/** The answer of order/confirm for an order row. */
export function confirmResOf(
  o: Pick<OrderRow, 'id' | 'orderNo' | 'status' | 'payStatus' | 'total' | 'payDeadline'>,
): OrderConfirmRes {
  return {
    id: o.id,
    orderNo: o.orderNo,
    status: o.status as OrderConfirmRes['status'],
    payStatus: o.payStatus as OrderConfirmRes['payStatus'],
    total: Number(o.total),
    needPay: o.status === OrderStatus.nopay,
    payDeadline: o.status === OrderStatus.nopay ? o.payDeadline : null,
  };
}

async function byIdempotencyKey(ctx: ServerContext, userId: number, key: string): Promise<OrderRow | null> {
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return rows[0] ?? null;
}


const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** Points the accepted pointRedeem offers of the breakdown cost (their lines × points per unit). */
function offerPoints(b: PricedOrder['breakdown']): number {
  let n = 0;
  for (const o of b.offers) {
    if (!o.points) continue;
    const line = b.lines.find((l) => l.flag === offerFlag(o.activityId, o.productId));
    if (line) n += o.points * line.quantity;
  }
  return n;
}

/** order/confirm. */
export async function createOrder(
  ctx: ServerContext,
  who: Submitter,
  s: OrderSubmission,
  table: TableTiming | null = null,
): Promise<OrderConfirmRes> {
  // A repeated key is found by the unique index at insert (no lookup on the usual first submit);
  // a repeat the rules now refuse (the first order took the last stock) still answers the first order.
  const repeated = async (): Promise<OrderConfirmRes | null> => {
    if (!who.idempotencyKey) return null;
    const seen = await byIdempotencyKey(ctx, who.userId, who.idempotencyKey);
    return seen ? confirmResOf(seen) : null;
  };
  let p: PricedOrder;
  try {
    p = await priceSubmission(ctx, who, s, table);
  } catch (e) {
    if (e instanceof AppError) {
      const first = await repeated();
      if (first) return first;
    }
    throw e;
  }
  const b = p.breakdown;
  const breakdown = toOrderBreakdown(b, p.activities);

  // PRICE-10: never charge a figure the customer was not shown
  if (!money.eq(breakdown.total, s.expectedTotal)) {
    const first = await repeated();
    if (first) return first;
    const data: AmountErrorData = { expectedTotal: s.expectedTotal, total: breakdown.total, breakdown };
    throw new AppError(ErrorCode.amountError, undefined, data);
  }

  // ORDER-5: an appointment is checked and its slots planned before anything is written
  let booking: AppointmentPlan | null = null;
  if (s.type === OrderType.appointment) {
    try {
      booking = await planAppointment(ctx, who, s, p.shop, p.settings, breakdown.total);
    } catch (e) {
      const first = e instanceof AppError ? await repeated() : null;
      if (first) return first;
      throw e;
    }
  }

  const now = ctx.clock.now();
  const member = p.member;
  // an appointment with a deposit pays the deposit now, from the balance only (the rest in the shop)
  const giftPlanned = booking?.deposit ? 0 : b.giftAmount;
  const payNowAmount = booking?.deposit ? booking.deposit.deposit : breakdown.total;
  // C§5 balance must suffice (checked again by the conditional debit)
  if (s.payType === PayType.vip && member) {
    rule(
      money.lt(member.info.amount, b.amountToPay) || money.lt(member.info.giftAmount, giftPlanned)
        ? ruleError(ErrorCode.balanceInsufficient)
        : null,
    );
  }
  const payNow = s.payType === PayType.vip && s.payPassword !== undefined && member !== null;
  if (payNow) await checkPayPassword(ctx.db, member.row, s.payPassword, now);

  // cash goes to the shop at once (paid at the counter); others wait for their payment
  const awaitingPayment = s.payType !== PayType.cash && !payNow;
  const status = awaitingPayment ? OrderStatus.nopay : OrderStatus.pending;
  const day = shopDay(now, p.settings);
  // the coupons the order earns are handed over when it is paid (P§3): kept with the order till then
  const earned = earnedCoupons(b);
  // the times red bags the engine counts this order towards, recorded when it is paid
  const redBags = timesRedBagsCounted(b, p.activities);
  const storedBreakdown: StoredBreakdown = {
    ...breakdown,
    ...(earned.length > 0 ? { earnedCoupons: earned } : {}),
    ...(redBags.length > 0 ? { timesRedBagIds: redBags } : {}),
  };
  // points deduction and the points of accepted pointRedeem offers (PRICE-5) leave the card together
  const pointsUsed = b.points.used + offerPoints(b);

  try {
    // the number of the day, the order row and its stock and coupon holds in one statement
    const values = {
      orderNo: orderNoSql(orderNoPrefix(day, p.shop.id)),
      shopId: p.shop.id,
      userId: who.userId,
      memberId: member?.row.id ?? null,
      type: s.type,
      status,
      payStatus: payNow ? PayStatus.success : PayStatus.processing,
      payType: s.payType,
      total: String(breakdown.total),
      paidAmount: payNow ? String(payNowAmount) : '0',
      balancePaid: payNow ? String(payNowAmount) : '0',
      giftPaid: String(giftPlanned),
      pointsUsed,
      memberCouponId: p.memberCouponId,
      couponName: p.couponName,
      stockHolds: p.holds,
      holding: true,
      breakdown: storedBreakdown,
      lines: p.lines,
      contact:
        s.type === OrderType.takeaway || s.type === OrderType.selfPickup
          ? {
              contact_name: s.contact_name ?? '',
              contact_phone: s.contact_phone ?? '',
              contact_address: s.contact_address ?? '',
              contact_address_gps: s.contact_address_gps ?? '',
            }
          : null,
      service: booking ? serviceOfPlan(booking) : serviceOf(p.shop, s),
      tableNo: p.tableNo,
      source: orderSourceOf(s.type, who.userAgentType),
      people: s.type === OrderType.dine || s.type === OrderType.openTable ? (s.people ?? null) : null,
      appointmentTime: s.appointment ?? null,
      pickupTime: s.pickupTime ?? null,
      deliveryTime: s.deliveryTime ?? null,
      note: s.note ?? '',
      isPickerPack: s.isPickerPack === true,
      daySeq: DAY_SEQ_SQL,
      payDeadline: awaitingPayment ? now + unpaidTimeoutMs(ctx, p.shop) : null,
      idempotencyKey: who.idempotencyKey,
      events: [{ time: now, status, text: 'placed' }],
      createdAt: now,
      paidAt: payNow ? now : null,
      updatedAt: now,
    };
    // only id, number and number of the day come back: the rest is what was just written
    const order =
      booking === null && (member === null || (status === OrderStatus.nopay && pointsUsed === 0))
        ? // nothing else to write (a visitor's order, or a card's awaiting payment without points):
          // the one statement is atomic by itself, no transaction round trips
          {
            ...values,
            ...(await placeOrder(ctx.db, p.shop.id, day, values, p.holds, p.memberCouponId, ctx)),
          }
        : await ctx.db.transaction(async (tx) => {
            const placed = await placeOrder(tx, p.shop.id, day, values, p.holds, p.memberCouponId, null);
            faultPoint(FAULT_POINTS.orderCreateAfterStock);
            const row = { ...values, ...placed };
            // the slots are taken with the order: a slot already held refuses both
            if (booking) await bookAppointment(tx, booking, row.id, now);
            if (member) await takePoints(tx, member.row.id, p.shop.id, row.pointsUsed, row.id);
            if (payNow && member)
              await debitCard(tx, member.row.id, p.shop.id, row.id, payNowAmount, giftPlanned);
            // cash goes to the shop at once, a card paid at submit is paid: either earns its promotions now
            if (status === OrderStatus.pending)
              await applyPaidOrderPromotions(tx, txEnv(ctx, now), row, {
                shop: p.shop,
                member: member?.row ?? null,
                activities: p.activities,
              });
            return row;
          });
    // after commit: a cash order is the shop's now (board, auto-accept), and the customer's channel hears it
    await noteOrderChanged(ctx, order.id);
    return confirmResOf(order);
  } catch (e) {
    if (who.idempotencyKey && isUniqueViolation(e)) {
      const seen = await byIdempotencyKey(ctx, who.userId, who.idempotencyKey);
      if (seen) return confirmResOf(seen);
    }
    throw e;
  }
}

function serviceOf(shop: ShopRow, s: OrderSubmission) {
  if (s.type !== OrderType.appointment || !s.serviceUser || s.appointment === undefined) return null;
  const user = shop.beauty?.users.find((u) => u.id === s.serviceUser?.id);
  if (!user) throw fail('requiredServiceUser');
  return {
    serviceUserId: user.id,
    serviceUserName: user.userName.slice(0, 140),
    startTime: s.serviceStartTimeInfo?.startTime ?? s.appointment,
    duration: s.serviceDuration ?? 60,
  };
}
