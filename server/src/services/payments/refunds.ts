/**
 * Refunds through providers (SERVER-3/4): an outbox. The transaction that decides a refund writes a
 * `refunds` row (and moves its trade to `refunding`); the worker asks the provider, outside any
 * transaction, until the provider answers — a transport failure or a 5xx is retried with backoff,
 * the same refund number each time, so the provider refunds once. The provider's result (its answer,
 * or a refund notification) settles the row once: a conditional update from pending/processing, so a
 * second or concurrent result is a no-op; the order's status moves in the same transaction.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { OrderStatus } from '../../../../src/domain/enums';
import * as money from '../../../../src/domain/money';
import { txEnv, type ServerContext, type TxEnv } from '../../context';
import type { Db, Tx } from '../../db/client';
import { faultPoint, FAULT_POINTS } from '../../faults';
import { orders, payments, refunds } from '../../db/schema';
import { paymentsOf } from '../../payments';
import { transition } from '../orders/lifecycle-core';
import { noteOrderChanged } from '../orders/changes';

export type RefundRow = typeof refunds.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** How long a claimed refund is left to the worker that claimed it before another may retry it. */
export const REFUND_LEASE_MS = 60_000;
/** Backoff after the n-th failed attempt: 5 s, 10 s, 20 s … at most an hour. */
export const refundBackoffMs = (attempts: number): number => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
/** A refund the provider accepted and is still processing is asked again after this. */
export const REFUND_RECHECK_MS = 60_000;

/**
 * Queues the refund of a paid trade, inside the caller's transaction. The trade moves from paid to
 * refunding (a trade already refunding or refunded is not queued twice). Returns the row, or null.
 */
export async function queueRefund(tx: Tx, env: TxEnv, pay: PaymentRow, reason: string): Promise<RefundRow | null> {
  const moved = await tx
    .update(payments)
    .set({ state: 'refunding' })
    .where(and(eq(payments.id, pay.id), eq(payments.state, 'paid')))
    .returning({ id: payments.id });
  if (moved.length === 0) return null;
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: pay.id,
      orderId: pay.orderId,
      refundNo: `RF${pay.tradeNo}`.slice(0, 64),
      amount: pay.amount,
      reason: reason.slice(0, 80),
      state: 'pending',
      nextAttemptAt: env.now,
      createdAt: env.now,
      updatedAt: env.now,
    })
    .returning();
  return row;
}

/** Whether an order has a refund not yet settled. */
async function openRefundsOf(tx: Tx, orderId: number): Promise<number> {
  const rows = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.state, ['pending', 'processing'])));
  return rows.length;
}

/**
 * Settles a refund with the provider's result, once (a second or concurrent result finds it settled
 * and changes nothing). Succeeded: the trade is refunded and an order waiting in `refunding` with no
 * other refund open becomes `refund`. Failed: the trade stays paid and the order becomes `refund_fail`
 * (the shop can start the refund again).
 */
export async function settleRefund(
  tx: Tx,
  env: TxEnv,
  refundNo: string,
  result: { ok: boolean; providerRefundId?: string; detail?: string },
): Promise<'settled' | 'already' | 'unknown'> {
  const [r] = await tx
    .update(refunds)
    .set({
      state: result.ok ? 'succeeded' : 'failed',
      updatedAt: env.now,
      nextAttemptAt: null,
      ...(result.providerRefundId ? { providerRefundId: result.providerRefundId } : {}),
      ...(result.detail ? { lastError: result.detail.slice(0, 500) } : {}),
    })
    .where(and(eq(refunds.refundNo, refundNo), inArray(refunds.state, ['pending', 'processing'])))
    .returning();
  if (!r) {
    const known = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.refundNo, refundNo)).limit(1);
    return known.length ? 'already' : 'unknown';
  }
  await tx
    .update(payments)
    .set(result.ok ? { state: 'refunded', providerState: 'refunded', settledAt: env.now } : { state: 'paid' })
    .where(and(eq(payments.id, r.paymentId), eq(payments.state, 'refunding')));
  if (r.orderId !== null) {
    const [o] = await tx.select().from(orders).where(eq(orders.id, r.orderId)).for('update').limit(1);
    if (o && o.status === OrderStatus.refunding) {
      if (!result.ok)
        await transition(tx, o.id, 'refundFail', env.now, {}, undefined, `refund failed: ${result.detail ?? 'provider refused'}`.slice(0, 140));
      else if ((await openRefundsOf(tx, o.id)) === 0)
        await transition(tx, o.id, 'refundDone', env.now, {}, undefined, 'refunded');
    }
  }
  return 'settled';
}

/** Refunds due for an attempt (optionally of one order). */
async function dueRefunds(db: Db, now: number, orderId?: number, limit = 50): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        inArray(refunds.state, ['pending', 'processing']),
        lte(refunds.nextAttemptAt, now),
        orderId === undefined ? undefined : eq(refunds.orderId, orderId),
      ),
    )
    .orderBy(refunds.nextAttemptAt)
    .limit(limit);
}

/** One attempt at one refund: claim it (a lease), ask the provider, record the answer. */
async function attempt(ctx: ServerContext, due: RefundRow): Promise<'settled' | 'processing' | 'retry' | 'skipped'> {
  const now = ctx.clock.now();
  const [claimed] = await ctx.db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, nextAttemptAt: now + REFUND_LEASE_MS, updatedAt: now })
    .where(and(eq(refunds.id, due.id), inArray(refunds.state, ['pending', 'processing']), lte(refunds.nextAttemptAt, now)))
    .returning();
  if (!claimed) return 'skipped';
  const [pay] = await ctx.db.select().from(payments).where(eq(payments.id, claimed.paymentId)).limit(1);
  const provider = pay ? paymentsOf(ctx).online(pay.provider) : null;
  if (!pay || !provider || provider.name !== pay.providerName) {
    // the provider that took the money is not running on this server: keep it for a node that has it
    await ctx.db
      .update(refunds)
      .set({ lastError: `provider ${pay?.providerName ?? '?'} is not configured`, nextAttemptAt: now + refundBackoffMs(claimed.attempts), updatedAt: now })
      .where(eq(refunds.id, claimed.id));
    return 'retry';
  }
  try {
    const res = await provider.refund({
      tradeNo: pay.tradeNo,
      refundNo: claimed.refundNo,
      amount: money.of(claimed.amount).toFixed(2),
      total: money.of(pay.amount).toFixed(2),
      reason: claimed.reason,
      notifyUrl: paymentsOf(ctx).notifyUrl(provider.name),
    });
    faultPoint(FAULT_POINTS.refundAfterProvider);
    if (res.state === 'processing') {
      await ctx.db
        .update(refunds)
        .set({ state: 'processing', providerRefundId: res.providerRefundId ?? null, nextAttemptAt: ctx.clock.now() + REFUND_RECHECK_MS, updatedAt: ctx.clock.now() })
        .where(and(eq(refunds.id, claimed.id), inArray(refunds.state, ['pending', 'processing'])));
      return 'processing';
    }
    const env = txEnv(ctx);
    await ctx.db.transaction((tx) =>
      settleRefund(tx, env, claimed.refundNo, { ok: res.state === 'succeeded', providerRefundId: res.providerRefundId, detail: res.detail }),
    );
    // after commit: refunded (or failed) is heard on the board and by the customer
    await noteOrderChanged(ctx, claimed.orderId);
    return 'settled';
  } catch (err) {
    const t = ctx.clock.now();
    ctx.log.warn({ err, refundNo: claimed.refundNo, attempts: claimed.attempts }, 'refund attempt failed; retried later');
    await ctx.db
      .update(refunds)
      .set({ lastError: String((err as Error).message ?? err).slice(0, 500), nextAttemptAt: t + refundBackoffMs(claimed.attempts), updatedAt: t })
      .where(and(eq(refunds.id, claimed.id), inArray(refunds.state, ['pending', 'processing'])));
    return 'retry';
  }
}

/** One pass of the outbox (optionally of one order's refunds): how each due refund went. */
export async function runRefundOutbox(ctx: ServerContext, orderId?: number): Promise<string[]> {
  const out: string[] = [];
  for (const due of await dueRefunds(ctx.db, ctx.clock.now(), orderId)) out.push(await attempt(ctx, due));
  return out;
}

/** The outbox as the merchant CLI lists it (newest first). */
export async function listRefunds(db: Db, opts: { open?: boolean; limit?: number } = {}): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(opts.open ? inArray(refunds.state, ['pending', 'processing', 'failed']) : undefined)
    .orderBy(sql`${refunds.id} desc`)
    .limit(opts.limit ?? 50);
}
