/**
 * Payment of orders (ORDER-7/8): order/pay starts (or retries) a payment — the member card at once,
 * online pay types through their provider (services/payments/start.ts). Only the provider settles an
 * online trade: its signed notification (services/payments/events.ts) or its answer to a query
 * (order/payQuery here, and the sweeper) — nothing the customer sends can.
 */
import { and, eq } from 'drizzle-orm';
import type { OrderPayQueryRes, OrderPayReq, OrderStatusRes } from '../../../../src/api/contract/order';
import type { PayStart } from '../../../../src/api/contract/shared-shapes';
import { OrderStatus, PayStatus, PayType } from '../../../../src/domain/enums';
import * as money from '../../../../src/domain/money';
import { isBrowserUserAgent } from '../../../../src/domain/user-agent';
import { txEnv, type ServerContext } from '../../context';
import { orders, payments } from '../../db/schema';
import { fail } from '../../http/errors';
import { paymentsOf } from '../../payments';
import { getShop, paySettingOf } from '../shops';
import { noteOrderChanged } from './changes';
import type { OrderRow } from './holds';
import { findMemberOfUser } from '../members-read';
import { addEvent, expireIfDue, orderById, ownOrder, transition } from './lifecycle';
import { askProvider } from '../payments/query';
import { startTrade } from '../payments/start';
import { amountDueOf } from '../beauty/booking';
import { checkPayPassword, debitCard } from './member-pay';
import { applyPaidOrderPromotions } from './promotions';
import { shopActivities } from './load';
import { PAYABLE } from './transitions';

export type PaymentRow = typeof payments.$inferSelect;

export const statusRes = (o: OrderRow): OrderStatusRes => ({
  id: o.id,
  status: o.status as OrderStatusRes['status'],
  payStatus: o.payStatus as OrderStatusRes['payStatus'],
});

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
  if (!paySettingOf(shop.paySetting, paymentsOf(ctx).available).payTypes.includes(req.payType)) throw fail('noValidPayType');
  const now = ctx.clock.now();
  // an appointment with a deposit is paid by its deposit (ORDER-5); other orders by their total
  const due = await amountDueOf(ctx.db, o);
  const amount = Number(due);

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
        paidAmount: due,
        balancePaid: due,
        paidAt: now,
        payDeadline: null,
      };
      const row =
        o.status === OrderStatus.need_pay
          ? await transition(tx, o.id, 'complete', now, patch, undefined, 'paid by member card')
          : await transition(tx, o.id, 'pay', now, patch, undefined, 'paid by member card');
      if (!row) throw fail('notPayOrderInvalid');
      await debitCard(tx, member.id, o.shopId, o.id, amount, due === o.total ? Number(o.giftPaid) : 0);
      // a bill (need_pay) was placed with the shop before and earned its promotions then
      if (o.status !== OrderStatus.need_pay) await applyPaidOrderPromotions(tx, env, row, { shop, member, activities });
      return row;
    });
    // after commit: the paid order is the shop's now (board, auto-accept) and its customer hears it
    await noteOrderChanged(ctx, paid.id);
    return { kind: 'paid', payStatus: PayStatus.success, paidAmount: Number(paid.paidAmount) };
  }

  const start = await startTrade(ctx, {
    purpose: 'order',
    orderId: o.id,
    payType: req.payType,
    amount: due,
    description: `${shop.name} ${o.orderNo}`,
    userId: who.userId,
    returnUrl: req.returnUrl,
    deadline: o.payDeadline,
  });
  if (req.payType !== o.payType || o.payStatus !== PayStatus.processing) {
    await ctx.db
      .update(orders)
      .set({ payType: req.payType, payStatus: PayStatus.processing, updatedAt: ctx.clock.now() })
      .where(eq(orders.id, o.id));
  }
  return start;
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
  for (const p of open) await askProvider(ctx, p);
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
