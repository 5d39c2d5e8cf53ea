/**
 * Settling the one trade of a multi-shop order (ORDER-10) inside the event's transaction (the trade
 * row is locked by the caller, services/payments/events.ts). All or none: every order of the group
 * becomes paid in one savepoint — an order paid meanwhile, ended and no longer reinstatable, or any
 * refusal rolls the savepoint back, the orders stay as they were and the whole trade is refunded
 * through the outbox. Never lost, never half-applied.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { OrderStatus, PayStatus } from '../../../../src/domain/enums';
import type { ServerContext, TxEnv } from '../../context';
import type { Tx } from '../../db/client';
import type { OrderRow } from './holds';
import { orders, payments, refunds } from '../../db/schema';
import { multiOrders } from '../../db/schema/multi';
import { AppError, fail } from '../../http/errors';
import { queueRefund } from '../payments/refunds';
import { getShop } from '../shops';
import { takeHolds } from './holds';
import { addEvent, transition } from './lifecycle-core';
import { shopActivities } from './load';
import { applyPaidOrderPromotions, firstTimePending, type KnownContext } from './promotions';

type PaymentRow = typeof payments.$inferSelect;

/** What the promotions of the group's orders need from the shop cache, read before the transaction. */
export interface MultiKnown {
  groupId: number;
  byShop: Map<number, KnownContext>;
}

/** The group's id a `multi` trade pays (kept in the trade's data). */
export const multiIdOfPayment = (p: { data: unknown }): number | null => {
  const id = (p.data as { multiOrderId?: unknown } | null)?.multiOrderId;
  return typeof id === 'number' ? id : null;
};

/** Refused inside the savepoint: an order of the group cannot be paid by this trade. */
class NotPayable extends Error {}

/** Reads the shops (and their activities) of the group's orders before the transaction opens. */
export async function prepareMultiSettle(ctx: ServerContext, pay: PaymentRow): Promise<MultiKnown> {
  const groupId = multiIdOfPayment(pay);
  if (groupId === null) throw fail('orderNotFound');
  const [g] = await ctx.db.select().from(multiOrders).where(eq(multiOrders.id, groupId)).limit(1);
  if (!g) throw fail('orderNotFound');
  const rows =
    g.orderIds.length === 0
      ? []
      : await ctx.db.select({ shopId: orders.shopId }).from(orders).where(inArray(orders.id, g.orderIds));
  const byShop = new Map<number, KnownContext>();
  for (const shopId of new Set(rows.map((r) => r.shopId))) {
    const shop = await getShop(ctx, shopId);
    byShop.set(shopId, { shop, activities: await shopActivities(ctx, shop) });
  }
  return { groupId, byShop };
}

/** Settles a paid group trade: every order paid, or none and the trade refunded. */
export async function settleMultiTrade(
  tx: Tx,
  env: TxEnv,
  pay: PaymentRow,
  known: MultiKnown,
): Promise<'settled' | 'already' | 'reinstated' | 'refunded'> {
  const { now } = env;
  if (pay.state !== 'created' && pay.state !== 'failed' && pay.state !== 'cancelled') return 'already';
  await tx.update(payments).set({ state: 'paid', providerState: 'paid', settledAt: now }).where(eq(payments.id, pay.id));
  const [g] = await tx.select().from(multiOrders).where(eq(multiOrders.id, known.groupId)).for('update').limit(1);
  if (!g) throw fail('orderNotFound');
  const rows = await tx.select().from(orders).where(inArray(orders.id, g.orderIds)).orderBy(orders.id).for('update');
  const text = `paid by ${pay.provider} (multi-shop order)`;
  let reinstated = false;
  const paid = await tx
    .transaction(async (sp) => {
      if (rows.length !== g.orderIds.length) throw new NotPayable();
      for (const o of rows) {
        if (o.payStatus === PayStatus.success) throw new NotPayable();
        const patch = { payStatus: PayStatus.success, paidAmount: o.total, paidAt: now, payDeadline: null, payType: pay.provider };
        let row = null;
        if (o.status === OrderStatus.nopay) {
          row = await transition(sp, o.id, 'pay', now, patch, undefined, text);
        } else if (o.status === OrderStatus.nopay_cancel || o.status === OrderStatus.closed) {
          // paid after the countdown: every order comes back only if its stock is still there
          await takeHolds(sp, o);
          await sp.update(orders).set({ holding: true }).where(eq(orders.id, o.id));
          row = await transition(sp, o.id, 'reinstate', now, patch, undefined, `${text} after cancel: reinstated`);
          reinstated = true;
        }
        if (!row) throw new NotPayable();
        const k = known.byShop.get(o.shopId);
        if (k && (o.status === OrderStatus.nopay || firstTimePending(o))) await applyPaidOrderPromotions(sp, env, row, k);
      }
      await sp.update(multiOrders).set({ paidAt: now }).where(eq(multiOrders.id, g.id));
      return true;
    })
    .catch((e: unknown) => {
      if (e instanceof NotPayable || e instanceof AppError) return false;
      throw e;
    });
  if (paid) return reinstated ? 'reinstated' : 'settled';
  const [paidRow] = await tx.select().from(payments).where(eq(payments.id, pay.id)).limit(1);
  await queueRefund(tx, env, paidRow, 'multi-shop payment that could not pay every order');
  for (const o of rows) await addEvent(tx, o.id, now, o.status, `multi-shop payment ${pay.tradeNo} refunded`);
  return 'refunded';
}

/** A group trade the provider reports failed or closed: the orders stay unpaid and can be paid again. */
export async function failMultiTrade(tx: Tx, env: TxEnv, pay: PaymentRow, type: 'failed' | 'closed'): Promise<'failed' | 'already'> {
  if (pay.state !== 'created') return 'already';
  const state = type === 'failed' ? 'failed' : 'cancelled';
  await tx.update(payments).set({ state, providerState: state, settledAt: env.now }).where(eq(payments.id, pay.id));
  const groupId = multiIdOfPayment(pay);
  if (groupId === null) return 'failed';
  const [g] = await tx.select().from(multiOrders).where(eq(multiOrders.id, groupId)).limit(1);
  if (!g || g.orderIds.length === 0) return 'failed';
  await tx
    .update(orders)
    .set({ payStatus: type === 'failed' ? PayStatus.fail : PayStatus.cancel, updatedAt: env.now })
    .where(and(inArray(orders.id, g.orderIds), eq(orders.payStatus, PayStatus.processing)));
  return 'failed';
}

/**
 * One order of a group paid by one trade is refunded (the shop refuses or refunds it): its share of
 * the group's trade goes back through the outbox — a partial refund of that trade for the order's
 * paid amount, under its own refund number — inside the transaction that decided it. False when the
 * order was not paid by a group trade (or its share is queued already).
 */
export async function queueMultiShareRefund(tx: Tx, env: TxEnv, o: Pick<OrderRow, 'id' | 'paidAmount'>, reason: string): Promise<boolean> {
  const [g] = await tx
    .select({ id: multiOrders.id })
    .from(multiOrders)
    .where(and(sql`${multiOrders.orderIds} @> ${JSON.stringify([o.id])}::jsonb`, isNotNull(multiOrders.paidAt)))
    .limit(1);
  if (!g) return false;
  const [pay] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.purpose, 'multi'), eq(payments.state, 'paid'), sql`(${payments.data} ->> 'multiOrderId')::int = ${g.id}`))
    .for('update')
    .limit(1);
  if (!pay) return false;
  const queued = await tx
    .insert(refunds)
    .values({
      paymentId: pay.id,
      orderId: o.id,
      refundNo: `RF${pay.tradeNo}O${o.id}`.slice(0, 64),
      amount: o.paidAmount,
      reason: reason.slice(0, 80),
      state: 'pending',
      nextAttemptAt: env.now,
      createdAt: env.now,
      updatedAt: env.now,
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  return queued.length > 0;
}
