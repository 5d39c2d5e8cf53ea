/**
 * Asking a provider about its trades (ORDER-7): order/payQuery, and the sweeper that settles a trade
 * whose notification never came. The provider's answer is applied as its own event (a paid trade
 * settles once; a closed one leaves the order payable).
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import * as money from '../../../../src/domain/money';
import type { ServerContext } from '../../context';
import { payments } from '../../db/schema';
import { paymentsOf } from '../../payments';
import { applyEvent, type PaymentRow } from './events';

/**
 * Asks the provider about an open trade and applies its answer (paid, failed or closed) as the
 * provider's own event. A provider that cannot be reached leaves the trade open.
 */
export async function askProvider(ctx: ServerContext, p: PaymentRow): Promise<void> {
  const provider = paymentsOf(ctx).online(p.provider);
  if (!provider || provider.name !== p.providerName) return;
  let state;
  try {
    state = await provider.query(p.tradeNo);
  } catch (err) {
    ctx.log.warn({ err, tradeNo: p.tradeNo }, 'payment query failed');
    return;
  }
  if (!state) return;
  const at = ctx.clock.now();
  if (state.state === 'paid')
    await applyEvent(ctx, provider, {
      type: 'paid',
      eventId: `query:${p.tradeNo}`,
      at,
      tradeNo: p.tradeNo,
      amount: state.amount ?? money.of(p.amount).toFixed(2),
      providerTradeId: state.providerTradeId ?? '',
    }, false);
  else if (state.state === 'failed' || state.state === 'cancelled')
    await applyEvent(ctx, provider, { type: state.state === 'failed' ? 'failed' : 'closed', eventId: `query:${p.tradeNo}`, at, tradeNo: p.tradeNo }, false);
}

/** A trade is first asked about this long after it started (its notification usually comes first). */
export const QUERY_AFTER_MS = 10_000;

/**
 * One pass of the sweeper: open trades inside their query window (their order's pay deadline plus a
 * grace, or two hours) are asked about, oldest first. Returns how many were asked.
 */
export async function sweepOpenTrades(ctx: ServerContext, limit = 50): Promise<number> {
  const now = ctx.clock.now();
  const open = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.state, 'created'), gte(payments.queryUntil, now), lte(payments.createdAt, now - QUERY_AFTER_MS)))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
  for (const p of open) await askProvider(ctx, p);
  return open.length;
}
