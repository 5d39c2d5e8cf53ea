/** Settling a member top-up's trade inside the payment event's transaction (MEMBER-4). */
import { eq } from 'drizzle-orm';
import { PayStatus } from '../../../../src/domain/enums';
import type { ServerContext, TxEnv } from '../../context';
import type { Tx } from '../../db/client';
import { payments, rechargeOrders } from '../../db/schema';
import { fail } from '../../http/errors';
import { memberScope, type MemberScope } from './common';
import { closeRecharge, creditRecharge } from './recharge';

type PaymentRow = typeof payments.$inferSelect;

/** The member's scope of a top-up (shop rules, card, time zone), read before the transaction. */
export async function prepareRechargeSettle(ctx: ServerContext, pay: PaymentRow): Promise<MemberScope> {
  const [rec] = await ctx.db
    .select({ userId: rechargeOrders.userId, shopId: rechargeOrders.shopId })
    .from(rechargeOrders)
    .where(eq(rechargeOrders.id, pay.rechargeId ?? -1))
    .limit(1);
  if (!rec) throw fail('notFound');
  return memberScope(ctx, rec);
}

/** A paid top-up trade: the card is credited once (the trade row is locked by the caller). */
export async function settleRechargeTrade(tx: Tx, env: TxEnv, pay: PaymentRow, scope: MemberScope): Promise<'settled' | 'already'> {
  if (pay.state !== 'created' && pay.state !== 'failed' && pay.state !== 'cancelled') return 'already';
  await tx.update(payments).set({ state: 'paid', providerState: 'paid', settledAt: env.now }).where(eq(payments.id, pay.id));
  const res = await creditRecharge(tx, env.now, scope, pay.rechargeId ?? -1);
  return res.settledNow ? 'settled' : 'already';
}

/** A failed or closed top-up trade: the top-up closes without money (a later paid trade still credits). */
export async function failRechargeTrade(tx: Tx, env: TxEnv, pay: PaymentRow, type: 'failed' | 'closed'): Promise<'failed' | 'already'> {
  if (pay.state !== 'created') return 'already';
  const state = type === 'failed' ? 'failed' : 'cancelled';
  await tx.update(payments).set({ state, providerState: state, settledAt: env.now }).where(eq(payments.id, pay.id));
  await closeRecharge(tx, pay.rechargeId ?? -1, type === 'failed' ? PayStatus.fail : PayStatus.cancel);
  return 'failed';
}
