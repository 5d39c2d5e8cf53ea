/**
 * Payment of orders (ORDER-7/8): order/pay starts (or retries) a payment; provider callbacks are
 * signed, amount-checked and idempotent — a trade settles an order at most once, a second paid trade
 * of a paid order is refunded, and a payment that arrives after the order was cancelled reinstates it
 * when its stock is still there, else is refunded: never lost. order/payQuery asks the provider and
 * settles a paid trade whose callback never came.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { OrderPayQueryRes, OrderPayReq, OrderStatusRes } from '../../../../src/api/contract/order';
import type { PayStart, ProviderCallback } from '../../../../src/api/contract/shared-shapes';
import { OrderStatus, PayStatus, PayType } from '../../../../src/domain/enums';
import * as money from '../../../../src/domain/money';
import { txEnv, type ServerContext } from '../../context';
import { orders, payments } from '../../db/schema';
import { fail } from '../../http/errors';
import { paymentsOf } from '../../payments';
import { sandboxTicket } from '../../payments/sandbox';
import { getShop, paySettingOf } from '../shops';
import { isBrowserUserAgent } from './create';
import { takeHolds, type OrderRow } from './holds';
import { findMemberOfUser } from '../members-read';
import { addEvent, expireIfDue, orderById, ownOrder, transition } from './lifecycle';
import { checkPayPassword, debitCard } from './member-pay';
import { applyPaidOrderPromotions, firstTimePending } from './promotions';
import { shopActivities } from './load';
import { PAYABLE } from './transitions';

export type PaymentRow = typeof payments.$inferSelect;

export const statusRes = (o: OrderRow): OrderStatusRes => ({
  id: o.id,
  status: o.status as OrderStatusRes['status'],
  payStatus: o.payStatus as OrderStatusRes['payStatus'],
});

/** A new trade number (unique, readable in logs). */
const newTradeNo = (o: OrderRow, now: number): string =>
  `T${o.id}${now.toString(36)}${randomBytes(4).toString('hex')}`.slice(0, 64);

/** order/pay: start or retry the payment of an unpaid order. */
export async function startPayment(
  ctx: ServerContext,
  who: { userId: number; userAgentType: number | null },
  req: OrderPayReq,
): Promise<PayStart> {
  const o = await ownOrder(ctx, who.userId, req.id);
  if (!(PAYABLE as readonly string[]).includes(o.status)) {
    throw fail(
      o.status === OrderStatus.nopay_cancel || o.status === OrderStatus.closed
        ? 'notPayOrderInvalid'
        : 'orderStatusInvalid',
    );
  }
  const shop = await getShop(ctx, o.shopId);
  if (!paySettingOf(shop.paySetting).payTypes.includes(req.payType)) throw fail('noValidPayType');
  const now = ctx.clock.now();
  const amount = Number(o.total);

  // the member-card price differs from the others (gift amount, card-only discounts): no switching to or from it
  if ((req.payType === PayType.vip) !== (o.payType === PayType.vip) || req.payType === PayType.cash)
    throw fail('paymentWrong');

  if (req.payType === PayType.vip) {
    if (isBrowserUserAgent(who.userAgentType)) throw fail('browserCannotPayByCard');
    const member = await findMemberOfUser(ctx.db, who.userId, shop.id, shop.chainId);
    if (!member || member.id !== o.memberId) throw fail('pleaseRegisterFirst');
    if (money.lt(member.balance, amount) || money.lt(member.giftAmount, o.giftPaid))
      throw fail('balanceInsufficient');
    await checkPayPassword(ctx.db, member, req.payPassword, now);
    // read before the transaction: the shop cache reads through the pool
    const activities = await shopActivities(ctx, shop);
    const env = txEnv(ctx, now);
    const paid = await ctx.db.transaction(async (tx) => {
      const patch = {
        payStatus: PayStatus.success,
        paidAmount: o.total,
        balancePaid: o.total,
        paidAt: now,
        payDeadline: null,
      };
      const row =
        o.status === OrderStatus.need_pay
          ? await transition(tx, o.id, 'complete', now, patch, undefined, 'paid by member card')
          : await transition(tx, o.id, 'pay', now, patch, undefined, 'paid by member card');
      if (!row) throw fail('notPayOrderInvalid');
      await debitCard(tx, member.id, o.shopId, o.id, amount, Number(o.giftPaid));
      // a bill (need_pay) was placed with the shop before and earned its promotions then
      if (o.status !== OrderStatus.need_pay) await applyPaidOrderPromotions(tx, env, row, { shop, member, activities });
      return row;
    });
    return { kind: 'paid', payStatus: PayStatus.success, paidAmount: Number(paid.paidAmount) };
  }

  const provider = paymentsOf(ctx).online(req.payType);
  if (!provider) throw fail('noValidPayType');
  const tradeNo = newTradeNo(o, now);
  await ctx.db.insert(payments).values({
    orderId: o.id,
    tradeNo,
    provider: req.payType,
    amount: o.total,
    state: 'created',
    providerState: 'open',
    createdAt: now,
  });
  if (req.payType !== o.payType || o.payStatus !== PayStatus.processing) {
    await ctx.db
      .update(orders)
      .set({ payType: req.payType, payStatus: PayStatus.processing, updatedAt: now })
      .where(eq(orders.id, o.id));
  }
  return provider.start({ tradeNo, orderNo: o.orderNo, amount, returnUrl: req.returnUrl });
}

/** What settling a trade did. */
export type SettleOutcome = 'settled' | 'already' | 'reinstated' | 'refunded';

/**
 * Settles a paid trade, once. The payment row is locked; a trade already paid or refunded is a
 * repeat (nothing happens). A paid order gets no second settlement (the trade is refunded); a
 * cancelled order is reinstated when its stock, coupon and points can be taken again, else the trade
 * is refunded.
 */
export async function settleTrade(
  ctx: ServerContext,
  tradeNo: string,
  amount: number,
  shopId: number,
): Promise<SettleOutcome> {
  const now = ctx.clock.now();
  // what the promotions of a paid order need from the shop cache, read before the transaction
  const shop = await getShop(ctx, shopId);
  const known = { shop, activities: await shopActivities(ctx, shop) };
  const env = txEnv(ctx, now);
  let refundTrade: PaymentRow | null = null;
  const outcome = await ctx.db.transaction(async (tx): Promise<SettleOutcome> => {
    const pays = await tx.select().from(payments).where(eq(payments.tradeNo, tradeNo)).for('update').limit(1);
    const pay = pays[0];
    if (!pay) throw fail('paymentWrong');
    if (!money.eq(pay.amount, amount)) throw fail('paymentWrong');
    if (pay.state === 'paid' || pay.state === 'refunded') return 'already';
    const found = await tx.select().from(orders).where(eq(orders.id, pay.orderId)).for('update').limit(1);
    const o = found[0];
    if (!o || o.shopId !== shopId) throw fail('orderNotFound');
    await tx
      .update(payments)
      .set({ state: 'paid', providerState: 'paid', settledAt: now })
      .where(eq(payments.id, pay.id));
    const patch = {
      payStatus: PayStatus.success,
      paidAmount: pay.amount,
      paidAt: now,
      payDeadline: null,
      payType: pay.provider,
    };
    const text = `paid by ${pay.provider}`;
    if (o.payStatus !== PayStatus.success) {
      if (o.status === OrderStatus.nopay) {
        const paid = await transition(tx, o.id, 'pay', now, patch, undefined, text);
        if (paid) {
          // the conditional transition wins once per order: a repeated callback never gets here
          await applyPaidOrderPromotions(tx, env, paid, known);
          return 'settled';
        }
      }
      if (
        o.status === OrderStatus.need_pay &&
        (await transition(tx, o.id, 'complete', now, patch, undefined, text))
      )
        return 'settled';
      if (o.status === OrderStatus.nopay_cancel || o.status === OrderStatus.closed) {
        // a payment confirmed after the countdown: take the order back if its stock is still there
        try {
          await tx.transaction(async (sp) => {
            await takeHolds(sp, o);
            await sp.update(orders).set({ holding: true }).where(eq(orders.id, o.id));
          });
          const back = await transition(
            tx,
            o.id,
            'reinstate',
            now,
            patch,
            undefined,
            `${text} after cancel: reinstated`,
          );
          if (back) {
            if (firstTimePending(o)) await applyPaidOrderPromotions(tx, env, back, known);
            return 'reinstated';
          }
        } catch {
          // stock, coupon or points gone: the payment goes back
        }
      }
    }
    await tx.update(payments).set({ state: 'refunded' }).where(eq(payments.id, pay.id));
    await addEvent(tx, o.id, now, o.status, `late or second payment ${pay.tradeNo} refunded`);
    refundTrade = pay;
    return 'refunded';
  });
  const refund = refundTrade as PaymentRow | null;
  if (refund) {
    const provider = paymentsOf(ctx).online(refund.provider as PayType);
    if (provider) await provider.refund(refund.tradeNo, Number(refund.amount));
  }
  return outcome;
}

/** A trade the provider reports failed or cancelled: the order stays unpaid and can be paid again. */
async function failTrade(ctx: ServerContext, tradeNo: string, status: 'fail' | 'cancel'): Promise<void> {
  const now = ctx.clock.now();
  const state = status === 'fail' ? 'failed' : 'cancelled';
  const rows = await ctx.db
    .update(payments)
    .set({ state, providerState: state, settledAt: now })
    .where(and(eq(payments.tradeNo, tradeNo), eq(payments.state, 'created')))
    .returning();
  const pay = rows[0];
  if (!pay) return;
  await ctx.db
    .update(orders)
    .set({ payStatus: status === 'fail' ? PayStatus.fail : PayStatus.cancel, updatedAt: now })
    .where(and(eq(orders.id, pay.orderId), eq(orders.payStatus, PayStatus.processing)));
}

/** A provider callback (pay/callback/<provider>): signature, provider and amount checked. */
export async function handleCallback(
  ctx: ServerContext,
  provider: PayType,
  body: ProviderCallback,
): Promise<SettleOutcome | 'failed'> {
  const { signer } = paymentsOf(ctx);
  if (!signer.verify(body)) throw fail('paymentWrong');
  const rows = await ctx.db.select().from(payments).where(eq(payments.tradeNo, body.tradeNo)).limit(1);
  const pay = rows[0];
  if (!pay || pay.provider !== provider) throw fail('paymentWrong');
  const o = await orderById(ctx.db, pay.orderId);
  if (!o || o.orderNo !== body.orderNo) throw fail('paymentWrong');
  if (body.status === 'success') return settleTrade(ctx, body.tradeNo, body.amount, o.shopId);
  await failTrade(ctx, body.tradeNo, body.status);
  return 'failed';
}

/** The signed callback a provider posts for a trade. */
export function signedCallback(
  ctx: ServerContext,
  pay: PaymentRow,
  orderNo: string,
  status: ProviderCallback['status'],
): ProviderCallback {
  const now = ctx.clock.now();
  const fields = {
    tradeNo: pay.tradeNo,
    orderNo,
    amount: Number(pay.amount),
    status,
    timestamp: now,
    nonce: randomBytes(8).toString('hex'),
  };
  return { ...fields, sign: paymentsOf(ctx).signer.sign(fields) };
}

/**
 * The sandbox provider side (pay/sandbox/complete): the sandbox page or wallet completes a trade
 * with its ticket; the provider marks it and posts the signed callback (unless `notify` is false —
 * a lost callback, for order/payQuery to recover).
 */
export async function completeSandboxTrade(
  ctx: ServerContext,
  req: { tradeNo: string; ticket: string; status: ProviderCallback['status']; notify?: boolean },
): Promise<SettleOutcome | 'failed' | 'recorded'> {
  const rows = await ctx.db.select().from(payments).where(eq(payments.tradeNo, req.tradeNo)).limit(1);
  const pay = rows[0];
  if (!pay) throw fail('paymentWrong');
  const expected = sandboxTicket(paymentsOf(ctx).signer, pay.tradeNo, Number(pay.amount));
  if (expected !== req.ticket) throw fail('paymentWrong');
  const providerState = req.status === 'success' ? 'paid' : req.status === 'fail' ? 'failed' : 'cancelled';
  if (pay.providerState === 'open')
    await ctx.db.update(payments).set({ providerState }).where(eq(payments.id, pay.id));
  if (req.notify === false) return 'recorded';
  const o = await orderById(ctx.db, pay.orderId);
  if (!o) throw fail('orderNotFound');
  return handleCallback(ctx, pay.provider as PayType, signedCallback(ctx, pay, o.orderNo, req.status));
}

/** order/payQuery: asks the provider about the order's open trades and settles a paid one. */
export async function queryPayment(
  ctx: ServerContext,
  userId: number,
  id: number,
): Promise<OrderPayQueryRes> {
  let o = await orderById(ctx.db, id);
  if (!o || o.userId !== userId) throw fail('orderNotFound');
  const open = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, o.id), eq(payments.state, 'created')));
  for (const p of open) {
    const provider = paymentsOf(ctx).online(p.provider as PayType);
    const state = provider ? await provider.query(p.tradeNo) : null;
    if (state === 'paid') await settleTrade(ctx, p.tradeNo, Number(p.amount), o.shopId);
    else if (state === 'failed' || state === 'cancelled')
      await failTrade(ctx, p.tradeNo, state === 'failed' ? 'fail' : 'cancel');
  }
  o = await expireIfDue(ctx, (await orderById(ctx.db, id)) ?? o);
  return {
    id: o.id,
    status: o.status as OrderPayQueryRes['status'],
    payStatus: o.payStatus as OrderPayQueryRes['payStatus'],
    paidAmount: Number(o.paidAmount),
  };
}

/** order/payErrorCallback: the wallet reported a failure or a cancel; the order stays payable. */
export async function reportPayError(
  ctx: ServerContext,
  userId: number,
  id: number,
  payStatus: number,
  reason?: string,
): Promise<OrderStatusRes> {
  const o = await ownOrder(ctx, userId, id);
  if (o.payStatus === PayStatus.success || !(PAYABLE as readonly string[]).includes(o.status))
    return statusRes(o);
  const status = payStatus === PayStatus.cancel ? PayStatus.cancel : PayStatus.fail;
  const now = ctx.clock.now();
  await addEvent(
    ctx.db,
    o.id,
    now,
    o.status,
    `payment ${status === PayStatus.cancel ? 'cancelled' : 'failed'}${reason ? `: ${reason}` : ''}`.slice(
      0,
      140,
    ),
    {
      payStatus: status,
    },
  );
  return statusRes((await orderById(ctx.db, o.id)) ?? o);
}

/** order/updateTradeNo: the wallet's own transaction number, kept for the shop's reconciliation. */
export async function updateTradeNo(
  ctx: ServerContext,
  userId: number,
  id: number,
  tradeNo: string,
): Promise<void> {
  const o = await ownOrder(ctx, userId, id);
  await ctx.db.update(orders).set({ tradeNo, updatedAt: ctx.clock.now() }).where(eq(orders.id, o.id));
}
