/**
 * Status changes of an order (C§4), each a conditional update through the transition table, and
 * what they give back: expiry and cancel of unpaid orders (stock, coupon, points released), refunds
 * (member card balance, gift amount and points restored), the unpaid-order sweeper (ORDER-8).
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { OrderStatus, PayStatus, PayType } from '../../../../src/domain/enums';
import type { ServerContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { orders, payments, type OrderEvent } from '../../db/schema';
import { fail } from '../../http/errors';
import { paymentsOf } from '../../payments';
import { releaseHolds, type OrderRow } from './holds';
import { withdrawOrderCoupons } from '../members/coupons';
import { creditCard } from './member-pay';
import { fromStatuses, TRANSITIONS, type OrderAction } from './transitions';

type OrderPatch = Partial<Omit<typeof orders.$inferInsert, 'id' | 'events'>>;

/**
 * Moves an order by `action` when its current status allows it (one conditional UPDATE: two
 * concurrent actions cannot both win). Returns the updated row, or null when the status did not allow it.
 */
export async function transition(
  db: Db,
  orderId: number,
  action: OrderAction,
  now: number,
  patch: OrderPatch = {},
  extra?: ReturnType<typeof and>,
  text: string = action,
): Promise<OrderRow | null> {
  const to = TRANSITIONS[action].to;
  const event: OrderEvent = { time: now, status: to, text };
  const rows = await db
    .update(orders)
    .set({
      ...patch,
      status: to,
      updatedAt: now,
      events: sql`${orders.events} || ${JSON.stringify([event])}::jsonb`,
    })
    .where(and(eq(orders.id, orderId), inArray(orders.status, fromStatuses(action)), extra))
    .returning();
  return rows[0] ?? null;
}

/** Appends an event without changing the status. */
export async function addEvent(
  db: Db,
  orderId: number,
  now: number,
  status: string,
  text: string,
  patch: OrderPatch = {},
): Promise<void> {
  const event: OrderEvent = { time: now, status, text };
  await db
    .update(orders)
    .set({ ...patch, updatedAt: now, events: sql`${orders.events} || ${JSON.stringify([event])}::jsonb` })
    .where(eq(orders.id, orderId));
}

/** Reads one order. */
export async function orderById(db: Db, id: number): Promise<OrderRow | null> {
  const rows = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return rows[0] ?? null;
}

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
  return row;
}

/**
 * Gives back, inside the order's transaction, money that needs no provider: the member card's
 * balance and gift amount (with a record) and cash handed back at the counter. Returns false when
 * the order was paid online: its trades are refunded after the commit (`refundOnlineTrades`), since
 * a provider call never runs inside a database transaction.
 */
export async function returnOfflineMoney(tx: Tx, o: OrderRow): Promise<boolean> {
  if (o.payStatus !== PayStatus.success) return true;
  if (o.payType === PayType.vip && o.memberId !== null) {
    await creditCard(tx, o.memberId, o.shopId, o.id, Number(o.balancePaid), Number(o.giftPaid));
    return true;
  }
  return o.payType === PayType.cash;
}

/** Refunds the paid online trades of an order through their providers; true when all are refunded. */
export async function refundOnlineTrades(ctx: ServerContext, orderId: number): Promise<boolean> {
  const now = ctx.clock.now();
  const paid = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, 'paid')));
  let all = true;
  for (const p of paid) {
    const provider = paymentsOf(ctx).online(p.provider as PayType);
    const result = provider ? await provider.refund(p.tradeNo, Number(p.amount)) : 'refunded';
    if (result === 'refunded')
      await ctx.db.update(payments).set({ state: 'refunded', settledAt: now }).where(eq(payments.id, p.id));
    else all = false;
  }
  return all;
}

/**
 * A full refund (SERVER-3/4): the order goes to refunding and gives back stock, coupon and points
 * and the money; then refund, or refund_fail when a provider refuses. `hold` leaves it refunding
 * (a provider that answers later; settled by `finishRefund`).
 */
export async function refundOrder(
  ctx: ServerContext,
  id: number,
  opts: { hold?: boolean } = {},
): Promise<OrderRow> {
  const now = ctx.clock.now();
  const { row, done } = await ctx.db.transaction(async (tx) => {
    const o = await orderById(tx, id);
    if (!o) throw fail('orderNotFound');
    if (o.payStatus !== PayStatus.success) throw fail('orderStatusInvalid');
    const r = await transition(tx, o.id, 'refund', now, {}, undefined, 'refund requested');
    if (!r) throw fail('orderStatusInvalid');
    await releaseHolds(tx, r);
    await withdrawOrderCoupons(tx, r.id);
    if (opts.hold) return { row: r, done: false };
    return { row: r, done: await returnOfflineMoney(tx, r) };
  });
  if (opts.hold) return row;
  const ok = done || (await refundOnlineTrades(ctx, id));
  return (
    (await transition(
      ctx.db,
      id,
      ok ? 'refundDone' : 'refundFail',
      ctx.clock.now(),
      {},
      undefined,
      ok ? 'refunded' : 'refund failed',
    )) ?? row
  );
}

/** Settles a refund left pending: the provider's answer (refund or refund_fail). */
export async function finishRefund(ctx: ServerContext, id: number, ok: boolean): Promise<OrderRow> {
  const o = await orderById(ctx.db, id);
  if (!o || o.status !== OrderStatus.refunding) throw fail('orderStatusInvalid');
  let success = ok;
  if (ok) {
    const offline = await ctx.db.transaction((tx) => returnOfflineMoney(tx, o));
    success = offline || (await refundOnlineTrades(ctx, id));
  }
  const done = await transition(
    ctx.db,
    id,
    success ? 'refundDone' : 'refundFail',
    ctx.clock.now(),
    {},
    undefined,
    success ? 'refunded' : 'refund failed',
  );
  if (!done) throw fail('orderStatusInvalid');
  return done;
}
