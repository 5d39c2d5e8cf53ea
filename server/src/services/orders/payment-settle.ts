/**
 * Settling an order's trade inside the event's transaction (ORDER-7/8). The trade row is locked by
 * the caller. A paid trade settles an unpaid order once; a second paid trade of a paid order is
 * refunded; a payment confirmed after the order was cancelled takes the order back when its stock,
 * coupon and points are still there, else is refunded — never lost. Refunds go to the outbox.
 */
import { eq } from 'drizzle-orm';
import { OrderStatus, OrderType, PayStatus } from '../../../../src/domain/enums';
import type { ServerContext, TxEnv } from '../../context';
import type { Tx } from '../../db/client';
import { faultPoint, FAULT_POINTS } from '../../faults';
import { orders, payments } from '../../db/schema';
import { AppError, fail } from '../../http/errors';
import { getShop } from '../shops';
import { queueRefund } from '../payments/refunds';
import { takeHolds } from './holds';
import { addEvent, transition } from './lifecycle-core';
import { shopActivities } from './load';
import { applyPaidOrderPromotions, firstTimePending, type KnownContext } from './promotions';

type PaymentRow = typeof payments.$inferSelect;
export type OrderSettleOutcome = 'settled' | 'already' | 'reinstated' | 'refunded';

/** What the promotions of a paid order need from the shop cache, read before the transaction. */
export async function prepareOrderSettle(ctx: ServerContext, pay: PaymentRow): Promise<KnownContext> {
  if (pay.orderId === null) throw fail('orderNotFound');
  const [o] = await ctx.db.select({ shopId: orders.shopId }).from(orders).where(eq(orders.id, pay.orderId)).limit(1);
  if (!o) throw fail('orderNotFound');
  const shop = await getShop(ctx, o.shopId);
  return { shop, activities: await shopActivities(ctx, shop) };
}

/** Settles a paid trade of an order, once (the trade row is locked by the caller). */
export async function settleOrderTrade(tx: Tx, env: TxEnv, pay: PaymentRow, known: KnownContext): Promise<OrderSettleOutcome> {
  const now = env.now;
  if (pay.state !== 'created' && pay.state !== 'failed' && pay.state !== 'cancelled') return 'already';
  const [o] = await tx.select().from(orders).where(eq(orders.id, pay.orderId ?? -1)).for('update').limit(1);
  if (!o) throw fail('orderNotFound');
  await tx.update(payments).set({ state: 'paid', providerState: 'paid', settledAt: now }).where(eq(payments.id, pay.id));
  faultPoint(FAULT_POINTS.paymentSettleAfterPaymentRow);
  const patch = { payStatus: PayStatus.success, paidAmount: pay.amount, paidAt: now, payDeadline: null, payType: pay.provider };
  const text = `paid by ${pay.provider}`;
  if (o.payStatus !== PayStatus.success) {
    if (o.status === OrderStatus.nopay) {
      const paid = await transition(tx, o.id, 'pay', now, patch, undefined, text);
      if (paid) {
        await applyPaidOrderPromotions(tx, env, paid, known);
        return 'settled';
      }
    }
    if (o.status === OrderStatus.need_pay && (await transition(tx, o.id, 'complete', now, patch, undefined, text)))
      return 'settled';
    // an appointment's time was given back when it was cancelled (another customer may hold it now):
    // a late payment of it is refunded, never reinstated (ORDER-5)
    if ((o.status === OrderStatus.nopay_cancel || o.status === OrderStatus.closed) && o.type !== OrderType.appointment) {
      // a payment confirmed after the countdown: take the order back if its stock is still there
      const back = await tx
        .transaction(async (sp) => {
          await takeHolds(sp, o);
          await sp.update(orders).set({ holding: true }).where(eq(orders.id, o.id));
          return transition(sp, o.id, 'reinstate', now, patch, undefined, `${text} after cancel: reinstated`);
        })
        .catch((e: unknown) => {
          // stock, coupon or points gone (a refusal of the holds): the payment goes back
          if (e instanceof AppError) return null;
          throw e;
        });
      if (back) {
        if (firstTimePending(o)) await applyPaidOrderPromotions(tx, env, back, known);
        return 'reinstated';
      }
    }
  }
  const [paidRow] = await tx.select().from(payments).where(eq(payments.id, pay.id)).limit(1);
  await queueRefund(tx, env, paidRow, o.payStatus === PayStatus.success ? 'second payment of a paid order' : 'payment after the order ended');
  await addEvent(tx, o.id, now, o.status, `late or second payment ${pay.tradeNo} refunded`);
  return 'refunded';
}

/** A trade the provider reports failed or closed: the order stays unpaid and can be paid again. */
export async function failOrderTrade(tx: Tx, env: TxEnv, pay: PaymentRow, type: 'failed' | 'closed'): Promise<'failed' | 'already'> {
  if (pay.state !== 'created') return 'already';
  const state = type === 'failed' ? 'failed' : 'cancelled';
  await tx.update(payments).set({ state, providerState: state, settledAt: env.now }).where(eq(payments.id, pay.id));
  const [o] = await tx.select().from(orders).where(eq(orders.id, pay.orderId ?? -1)).limit(1);
  if (o && o.payStatus === PayStatus.processing)
    await tx
      .update(orders)
      .set({ payStatus: type === 'failed' ? PayStatus.fail : PayStatus.cancel, updatedAt: env.now })
      .where(eq(orders.id, o.id));
  return 'failed';
}
