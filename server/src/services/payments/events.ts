/**
 * Provider events (ORDER-7, MEMBER-4): notifications and query answers, applied once. A notification
 * is verified by its provider's adapter (signature, merchant, app, decryption), then its time must be
 * inside a window of our clock, then — in one transaction — its id is stored (a replayed id changes
 * nothing), the trade is locked and settled (an order or a member top-up), and the answer to the
 * provider says it was taken. An unknown trade is acknowledged without effect; an amount that is not
 * the trade's is refused and logged, nothing changed.
 */
import { and, eq } from 'drizzle-orm';
import * as money from '../../../../src/domain/money';
import { txEnv, type ServerContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { paymentNotifications, payments, refunds } from '../../db/schema';
import { multiOrders } from '../../db/schema/multi';
import { noteOrderChanged } from '../orders/changes';
import { paymentsOf } from '../../payments';
import { NotifyRejected, type NotifyAnswer, type NotifyRequest, type OnlineProvider, type ProviderEvent } from '../../payments/types';
import { runRefundOutbox, settleRefund } from './refunds';
import { failOrderTrade, prepareOrderSettle, settleOrderTrade } from '../orders/payment-settle';
import { failRechargeTrade, prepareRechargeSettle, settleRechargeTrade } from '../members/recharge-settle';
import { metricsOf } from '../ops/metrics';
import { failMultiTrade, multiIdOfPayment, prepareMultiSettle, settleMultiTrade } from '../orders/multi-settle';

export type PaymentRow = typeof payments.$inferSelect;

/** How far a notification's time may be from our clock. */
export const NOTIFY_WINDOW_MS = 5 * 60_000;

export type EventOutcome =
  | 'settled'
  | 'already'
  | 'reinstated'
  | 'refunded'
  | 'failed'
  | 'unknown'
  | 'replay'
  | 'ignored';

/** An event we verified but refuse to act on (amount or provider mismatch). */
export class EventRejected extends Error {
  constructor(readonly reason: string) {
    super(`payment event rejected: ${reason}`);
    this.name = 'EventRejected';
  }
}

export async function paymentByTrade(db: Db | Tx, tradeNo: string): Promise<PaymentRow | null> {
  const rows = await db.select().from(payments).where(eq(payments.tradeNo, tradeNo)).limit(1);
  return rows[0] ?? null;
}

/** Stores a notification id; false when it was seen before (the caller then does nothing). */
async function firstSight(tx: Tx, provider: string, event: ProviderEvent, now: number): Promise<boolean> {
  const rows = await tx
    .insert(paymentNotifications)
    .values({
      provider,
      eventId: event.eventId,
      tradeNo: 'tradeNo' in event ? (event.tradeNo ?? null) : null,
      kind: event.type,
      outcome: 'taken',
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: paymentNotifications.eventId });
  return rows.length > 0;
}

async function noteOutcome(tx: Tx, provider: string, eventId: string, outcome: EventOutcome): Promise<void> {
  await tx
    .update(paymentNotifications)
    .set({ outcome })
    .where(and(eq(paymentNotifications.provider, provider), eq(paymentNotifications.eventId, eventId)));
}

/**
 * Applies one verified event. `notification` true: the event id is stored in the same transaction
 * (a replay is a no-op). A query answer (the sweeper, order/payQuery) has no id: the trade's own state
 * makes it a no-op when already settled.
 */
export async function applyEvent(
  ctx: ServerContext,
  provider: OnlineProvider,
  event: ProviderEvent,
  notification: boolean,
): Promise<EventOutcome> {
  const env = txEnv(ctx);
  const once = async (tx: Tx): Promise<boolean> => !notification || (await firstSight(tx, provider.name, event, env.now));

  if (event.type === 'ignored') {
    return ctx.db.transaction(async (tx) => ((await once(tx)) ? 'ignored' : 'replay'));
  }
  if (event.type === 'refunded' || event.type === 'refundFailed') {
    return ctx.db.transaction(async (tx) => {
      if (!(await once(tx))) return 'replay';
      const r = await settleRefund(tx, env, event.refundNo, {
        ok: event.type === 'refunded',
        providerRefundId: event.providerRefundId,
      });
      const outcome: EventOutcome = r === 'settled' ? 'refunded' : r === 'already' ? 'already' : 'unknown';
      if (notification) await noteOutcome(tx, provider.name, event.eventId, outcome);
      return outcome;
    }).then(async (outcome) => {
      if (outcome === 'refunded') await noteOrderChanged(ctx, await orderOfRefund(ctx, event.refundNo));
      return outcome;
    });
  }

  const pay = await paymentByTrade(ctx.db, event.tradeNo);
  if (!pay) {
    ctx.log.warn({ provider: provider.name, tradeNo: event.tradeNo, type: event.type }, 'payment event for an unknown trade: acknowledged, nothing done');
    return ctx.db.transaction(async (tx) => {
      if (!(await once(tx))) return 'replay';
      if (notification) await noteOutcome(tx, provider.name, event.eventId, 'unknown');
      return 'unknown';
    });
  }
  if (pay.providerName !== provider.name) throw new EventRejected(`trade ${pay.tradeNo} belongs to ${pay.providerName}`);
  if (event.type === 'paid' && !money.eq(pay.amount, event.amount))
    throw new EventRejected(`amount ${event.amount} is not the trade's ${money.of(pay.amount).toFixed(2)}`);

  // what settling needs from the shop cache is read before the transaction opens
  const known =
    event.type !== 'paid'
      ? null
      : pay.purpose === 'recharge'
        ? { recharge: await prepareRechargeSettle(ctx, pay) }
        : pay.purpose === 'multi'
          ? { multi: await prepareMultiSettle(ctx, pay) }
          : { order: await prepareOrderSettle(ctx, pay) };

  const failure = event.type === 'paid' ? null : event.type;
  const outcome = await ctx.db.transaction(async (tx): Promise<EventOutcome> => {
    if (!(await once(tx))) return 'replay';
    const [locked] = await tx.select().from(payments).where(eq(payments.id, pay.id)).for('update').limit(1);
    let result: EventOutcome;
    if (failure === null) {
      await tx
        .update(payments)
        .set({ providerTradeId: event.type === 'paid' ? event.providerTradeId : null, providerState: 'paid' })
        .where(eq(payments.id, pay.id));
      if (known?.recharge) result = await settleRechargeTrade(tx, env, locked, known.recharge);
      else if (known?.order) result = await settleOrderTrade(tx, env, locked, known.order);
      else if (known?.multi) result = await settleMultiTrade(tx, env, locked, known.multi);
      else result = 'unknown';
    } else {
      result =
        locked.purpose === 'recharge'
          ? await failRechargeTrade(tx, env, locked, failure)
          : locked.purpose === 'multi'
            ? await failMultiTrade(tx, env, locked, failure)
            : await failOrderTrade(tx, env, locked, failure);
    }
    if (notification) await noteOutcome(tx, provider.name, event.eventId, result);
    return result;
  });
  // after commit: the orders the trade paid (or failed) are heard on the boards and by their customers
  if (outcome !== 'replay' && outcome !== 'already' && outcome !== 'unknown') await noteOrderChanged(ctx, ...(await ordersOfPayment(ctx, pay)));
  // a late or second payment was queued for refund: ask its provider now (the outbox retries failures)
  if (outcome === 'refunded') {
    await runRefundOutbox(ctx, pay.orderId ?? undefined).catch((err: unknown) =>
      ctx.log.error({ err, tradeNo: pay.tradeNo }, 'refund delivery failed; the outbox retries it'),
    );
  }
  return outcome;
}

/** The orders a trade pays: its order, or the orders of its multi-shop group (none for a top-up). */
async function ordersOfPayment(ctx: ServerContext, pay: PaymentRow): Promise<number[]> {
  if (pay.purpose === 'order') return pay.orderId === null ? [] : [pay.orderId];
  const groupId = pay.purpose === 'multi' ? multiIdOfPayment(pay) : null;
  if (groupId === null) return [];
  const [g] = await ctx.db.select({ orderIds: multiOrders.orderIds }).from(multiOrders).where(eq(multiOrders.id, groupId)).limit(1);
  return g?.orderIds ?? [];
}

/** The order a refund gives money back for (null for a top-up's). */
async function orderOfRefund(ctx: ServerContext, refundNo: string): Promise<number | null> {
  const [r] = await ctx.db.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.refundNo, refundNo)).limit(1);
  return r?.orderId ?? null;
}

/** What became of a notification: the answer for the provider, and the outcome (or why it was refused). */
export interface NotificationResult {
  answer: NotifyAnswer;
  outcome: EventOutcome | 'rejected';
  reason?: string;
}

/**
 * A notification as it reached `/pay/notify/<provider>`: verified, time-checked, applied once; the
 * answer is what that provider expects (taken, or deliver again later).
 */
export async function takeNotification(ctx: ServerContext, name: string, req: NotifyRequest): Promise<NotificationResult> {
  const result = await takeOne(ctx, name, req);
  // OPS-1: accepted = acknowledged to the provider; the provider label is a configured name only
  if (paymentsOf(ctx).byName(name)) metricsOf(ctx)?.notifications.inc({ provider: name, result: result.outcome === 'rejected' ? 'refused' : 'accepted' });
  return result;
}

async function takeOne(ctx: ServerContext, name: string, req: NotifyRequest): Promise<NotificationResult> {
  const provider = paymentsOf(ctx).byName(name);
  if (!provider) return { answer: { status: 404, contentType: 'text/plain', body: 'unknown provider' }, outcome: 'rejected', reason: 'unknown provider' };
  const refuse = (reason: string, extra: Record<string, unknown> = {}): NotificationResult => {
    ctx.log.warn({ provider: name, reason, ...extra }, 'payment notification rejected');
    return { answer: provider.nack(reason), outcome: 'rejected', reason };
  };
  let event: ProviderEvent;
  try {
    event = await provider.verifyNotification(req);
  } catch (err) {
    if (err instanceof NotifyRejected) return refuse(err.reason);
    throw err;
  }
  const now = ctx.clock.now();
  if (!Number.isFinite(event.at) || Math.abs(now - event.at) > NOTIFY_WINDOW_MS)
    return refuse('stale timestamp', { eventId: event.eventId, at: event.at, now });
  try {
    const outcome = await applyEvent(ctx, provider, event, true);
    ctx.log.info({ provider: name, eventId: event.eventId, type: event.type, outcome }, 'payment notification taken');
    return { answer: provider.ack(), outcome };
  } catch (err) {
    if (err instanceof EventRejected) return refuse(err.reason, { eventId: event.eventId });
    ctx.log.error({ err, provider: name, eventId: event.eventId }, 'payment notification failed; the provider delivers it again');
    return { answer: provider.nack('temporary failure'), outcome: 'rejected', reason: 'temporary failure' };
  }
}

/** The answer to a notification (routes/pay.ts). */
export async function receiveNotification(ctx: ServerContext, name: string, req: NotifyRequest): Promise<NotifyAnswer> {
  return (await takeNotification(ctx, name, req)).answer;
}
