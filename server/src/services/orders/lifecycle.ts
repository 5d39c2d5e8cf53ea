/**
 * Status changes of an order (C§4), each a conditional update through the transition table, and
 * what they give back: expiry and cancel of unpaid orders (stock, coupon, points released), refunds
 * (member card balance, gift amount and points restored), the unpaid-order sweeper (ORDER-8).
 */
import { and, eq, inArray, lte } from 'drizzle-orm';
import { OrderStatus, PayStatus, PayType } from '../../../../src/domain/enums';
import { txEnv, type ServerContext, type TxEnv } from '../../context';
import type { Tx } from '../../db/client';
import { orders, payments, refunds } from '../../db/schema';
import { fail } from '../../http/errors';
import { releaseHolds, type OrderRow } from './holds';
import { withdrawOrderCoupons } from '../members/coupons';
import { queueRefund, runRefundOutbox } from '../payments/refunds';
import { creditCard } from './member-pay';
import { queueMultiShareRefund } from './multi-settle';
import { noteOrderChanged } from './changes';
import { orderById, transition } from './lifecycle-core';

export { addEvent, orderById, transition, type OrderPatch } from './lifecycle-core';

/** An order of the user, else `orderNotFound` (a member never sees another member's order). */
export async function ownOrder(ctx: ServerContext, userId: number, id: number): Promise<OrderRow> {
  const o = await orderById(ctx.db, id);
  if (!o || o.userId !== userId) throw fail('orderNotFound');
  return expireIfDue(ctx, o);
}

/**
 * ORDER-8 unpaid countdown: an order still unpaid at its deadline is cancelled (nopay_cancel) and
 * gives back its stock, coupon and points. Returns the row as it now stands.
 */
export async function expireIfDue(ctx: ServerContext, o: OrderRow): Promise<OrderRow> {
  const now = ctx.clock.now();
  if (o.status !== OrderStatus.nopay || o.payDeadline === null || o.payDeadline > now) return o;
  const done = await ctx.db.transaction(async (tx) => {
    const row = await transition(
      tx,
      o.id,
      'expire',
      now,
      { payStatus: PayStatus.cancel },
      lte(orders.payDeadline, now),
      'payment time ran out',
    );
    if (row) await releaseHolds(tx, row);
    return row;
  });
  if (done) await noteOrderChanged(ctx, done.id);
  return done ?? (await orderById(ctx.db, o.id)) ?? o;
}

/** Cancels every unpaid order past its deadline (the sweeper's pass); returns how many. */
export async function sweepExpired(ctx: ServerContext, limit = 200): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, OrderStatus.nopay), lte(orders.payDeadline, now)))
    .limit(limit);
  let n = 0;
  for (const o of due) {
    const after = await expireIfDue(ctx, o);
    if (after.status === OrderStatus.nopay_cancel && o.status === OrderStatus.nopay) n += 1;
  }
  return n;
}

/** Starts the sweeper of the server (stopped when the server closes). */
export function startExpirySweeper(ctx: ServerContext): void {
  const timeoutS = ctx.config.unpaidTimeoutS;
  // a short countdown (demos, tests) is checked every second, the default one every 5 s
  const every = timeoutS !== null && timeoutS < 30 ? 1000 : 5000;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepExpired(ctx)
      .catch((err: unknown) => ctx.log.error({ err }, 'unpaid order sweep failed'))
      .finally(() => {
        running = false;
      });
  }, every);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));
}

/** order/close: the customer cancels an unpaid order (C§4). */
export async function closeByUser(ctx: ServerContext, userId: number, id: number): Promise<OrderRow> {
  const o = await ownOrder(ctx, userId, id);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const r = await transition(
      tx,
      o.id,
      'close',
      now,
      { payStatus: PayStatus.cancel, payDeadline: null },
      undefined,
      'closed by the customer',
    );
    if (r) await releaseHolds(tx, r);
    return r;
  });
  if (!row) throw fail('orderStatusInvalid');
  await noteOrderChanged(ctx, row.id);
  return row;
}

/**
 * Gives the money of a paid order back, inside the transaction that decided it: the member card's
 * balance and gift amount (with a record) and cash at the counter at once; each paid online trade is
 * queued in the refund outbox (its provider is asked after the commit, never inside a transaction).
 * Returns true when everything went back now, false when provider refunds are queued.
 */
export async function refundMoneyTx(tx: Tx, env: TxEnv, o: OrderRow, reason: string): Promise<boolean> {
  if (o.payStatus !== PayStatus.success) return true;
  if (o.payType === PayType.vip && o.memberId !== null) {
    await creditCard(tx, o.memberId, o.shopId, o.id, Number(o.balancePaid), Number(o.giftPaid));
    return true;
  }
  if (o.payType === PayType.cash) return true;
  const paid = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, o.id), eq(payments.state, 'paid')))
    .for('update');
  let queued = false;
  for (const p of paid) if (await queueRefund(tx, env, p, reason)) queued = true;
  // paid with other shops' orders by one trade (ORDER-10): this order's share of it goes back
  if (paid.length === 0 && (await queueMultiShareRefund(tx, env, o, reason))) queued = true;
  return !queued;
}

/** Asks the providers for an order's queued refunds now (what fails stays in the outbox for the worker). */
export async function deliverRefunds(ctx: ServerContext, orderId: number): Promise<void> {
  try {
    await runRefundOutbox(ctx, orderId);
  } catch (err) {
    ctx.log.error({ err, orderId }, 'refund delivery failed; the outbox retries it');
  }
}

/**
 * A full refund (SERVER-3/4), one transaction: the order goes to refunding (a status guard: a second
 * refund finds it there and is refused), gives back stock, coupon and points, and its money — the
 * card and cash at once, so it ends `refund` in the same transaction; online trades through the refund
 * outbox, and the provider's answer ends it. `hold` leaves it refunding with no money moved (a refund
 * the shop settles later with `finishRefund`).
 */
export async function refundOrder(
  ctx: ServerContext,
  id: number,
  opts: { hold?: boolean } = {},
): Promise<OrderRow> {
  const env = txEnv(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const o = await orderById(tx, id);
    if (!o) throw fail('orderNotFound');
    if (o.payStatus !== PayStatus.success) throw fail('orderStatusInvalid');
    const r = await transition(tx, o.id, 'refund', env.now, {}, undefined, 'refund requested');
    if (!r) throw fail('orderStatusInvalid');
    await releaseHolds(tx, r);
    await withdrawOrderCoupons(tx, r.id);
    if (opts.hold) return r;
    if (!(await refundMoneyTx(tx, env, r, 'order refunded'))) return r;
    return (await transition(tx, id, 'refundDone', env.now, {}, undefined, 'refunded')) ?? r;
  });
  if (row.status !== OrderStatus.refunding || opts.hold) return row;
  await deliverRefunds(ctx, id);
  return (await orderById(ctx.db, id)) ?? row;
}

/**
 * Settles a held refund with the shop's answer, once: ok gives the money back (as `refundOrder`)
 * and ends `refund`; not ok ends `refund_fail`. The status guard and the money are one transaction,
 * so two answers (or two at once) move the money once; the second is refused.
 */
export async function finishRefund(ctx: ServerContext, id: number, ok: boolean): Promise<OrderRow> {
  const env = txEnv(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
    if (!o || o.status !== OrderStatus.refunding) throw fail('orderStatusInvalid');
    const open = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.orderId, id), inArray(refunds.state, ['pending', 'processing'])))
      .limit(1);
    // provider refunds already asked for: their answer settles the order, not the shop
    if (open.length) throw fail('orderStatusInvalid');
    if (!ok) return transition(tx, id, 'refundFail', env.now, {}, undefined, 'refund failed');
    if (!(await refundMoneyTx(tx, env, o, 'order refunded'))) return o;
    return transition(tx, id, 'refundDone', env.now, {}, undefined, 'refunded');
  });
  if (!row) throw fail('orderStatusInvalid');
  if (row.status !== OrderStatus.refunding) return row;
  await deliverRefunds(ctx, id);
  return (await orderById(ctx.db, id)) ?? row;
}
