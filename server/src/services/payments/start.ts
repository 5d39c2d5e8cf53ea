/**
 * Starting a provider trade (ORDER-7, MEMBER-4): the trade row is written before the provider is
 * asked, so a notification that arrives at once (or at another node) finds it; what the app opens
 * comes back from the provider. The payer is the user's id with that provider (the open id the
 * platform login gave); the amount is the server's own figure, never the client's.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PayType } from '../../../../src/domain/enums';
import * as money from '../../../../src/domain/money';
import type { ServerContext } from '../../context';
import { payments, users } from '../../db/schema';
import { fail } from '../../http/errors';
import { paymentsOf } from '../../payments';
import type { ProviderStart } from '../../payments/types';

/** How long after the pay deadline an open trade is still asked about (a payment made at the deadline). */
export const QUERY_GRACE_MS = 30 * 60_000;
/** How long a trade without a deadline (a bill, a top-up) is asked about. */
export const QUERY_OPEN_MS = 2 * 60 * 60_000;

/** A new trade number: letters and digits, at most 32 (WeChat Pay's out_trade_no). */
export const newTradeNo = (prefix: 'T' | 'R', id: number, now: number): string =>
  `${prefix}${id}${now.toString(36)}${randomBytes(4).toString('hex')}`.slice(0, 32);

export interface TradeStart {
  purpose: 'order' | 'recharge';
  orderId?: number;
  rechargeId?: number;
  payType: PayType;
  amount: string;
  description: string;
  userId: number;
  returnUrl?: string;
  /** The order's pay deadline (epoch ms), if any. */
  deadline?: number | null;
}

/** Creates the trade and asks its provider to start it. */
export async function startTrade(ctx: ServerContext, t: TradeStart): Promise<ProviderStart> {
  const provider = paymentsOf(ctx).online(t.payType);
  if (!provider) throw fail('noValidPayType');
  const now = ctx.clock.now();
  const tradeNo = newTradeNo(t.purpose === 'order' ? 'T' : 'R', t.orderId ?? t.rechargeId ?? 0, now);
  const [user] = await ctx.db.select({ openid: users.openid, platform: users.platform }).from(users).where(eq(users.id, t.userId)).limit(1);
  await ctx.db.insert(payments).values({
    purpose: t.purpose,
    orderId: t.orderId ?? null,
    rechargeId: t.rechargeId ?? null,
    tradeNo,
    provider: t.payType,
    providerName: provider.name,
    amount: money.of(t.amount).toFixed(4),
    state: 'created',
    providerState: 'open',
    createdAt: now,
    queryUntil: t.deadline ? t.deadline + QUERY_GRACE_MS : now + QUERY_OPEN_MS,
    data: {
      description: t.description.slice(0, 120),
      ...(t.returnUrl && /^https?:\/\//.test(t.returnUrl) ? { returnUrl: t.returnUrl.slice(0, 2048) } : {}),
    },
  });
  try {
    return await provider.start({
      tradeNo,
      description: t.description.slice(0, 120),
      amount: money.of(t.amount).toFixed(2),
      payerId: user?.openid ?? null,
      notifyUrl: paymentsOf(ctx).notifyUrl(provider.name),
      returnUrl: t.returnUrl,
      expiresAt: t.deadline ?? null,
    });
  } catch (err) {
    ctx.log.error({ err, tradeNo, provider: provider.name }, 'the payment provider did not start the trade');
    await ctx.db.update(payments).set({ state: 'failed', providerState: 'failed', settledAt: ctx.clock.now() }).where(eq(payments.tradeNo, tradeNo));
    throw fail('paymentWrong');
  }
}
