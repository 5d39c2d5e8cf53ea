/**
 * The console's day summary (CONSOLE-6; docs/console.md "Day summary"): the orders of the shop that
 * touch the shop's calendar day (placed, paid or refunded in it), summed by the domain's rules
 * (src/domain/day-summary.ts). The day is read on the shop's wall clock (its UTC offset). A table
 * settled by card at the counter is a cash order whose table says `card` (services/console/floor.ts):
 * it is summed under its own pay type, `COUNTER_CARD`.
 */
import { and, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { DaySummary } from '../../../../src/api/contract/console-summary';
import { shopDate, shopDayBounds, summariseDay } from '../../../../src/domain/day-summary';
import { offsetAt, shopZone } from '../../../../src/domain/shop-time';
import * as moneyFns from '../../../../src/domain/money';
import type { ServerContext } from '../../context';
import { orders, tableCounterActs, tableOrders } from '../../db/schema';
import { AppError } from '../../http/errors';
import { getShop } from '../shops';

const money = { ...moneyFns };
/** The pay type the summary gives a table paid by card at the counter. */
export const COUNTER_CARD = 'counterCard';
const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back the summary reaches. */
export const SUMMARY_DAYS_BACK = 366;

/** Orders that reached the shop: every one has a `pending` step in its history (as the board reads them). */
const REACHED_SHOP = sql`${orders.events} @> '[{"status":"pending"}]'::jsonb`;

export async function daySummary(ctx: ServerContext, shopId: number, date?: string): Promise<DaySummary> {
  const now = ctx.clock.now();
  const shop = await getShop(ctx, shopId);
  const zone = shopZone(shop.settings);
  const decimals = shop.settings.numberDecimals ?? 2;
  const today = shopDate(now, zone);
  const wanted = date ?? today;
  const bounds = shopDayBounds(wanted, zone);
  const todayBounds = shopDayBounds(today, zone)!;
  if (!bounds || bounds.start > todayBounds.start || bounds.start < todayBounds.start - SUMMARY_DAYS_BACK * DAY_MS) {
    throw new AppError('badRequest', undefined, undefined, `date ${wanted}: a shop date from ${SUMMARY_DAYS_BACK} days back to today`);
  }
  const { start, end } = bounds;
  // placed or paid in the day, or changed since its start (a refund completed in it)
  const rows = await ctx.db
    .select({
      type: orders.type,
      payType: orders.payType,
      status: orders.status,
      paidAmount: orders.paidAmount,
      total: orders.total,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      events: orders.events,
      counterMethod: tableCounterActs.settleMethod,
    })
    .from(orders)
    .leftJoin(tableOrders, eq(tableOrders.settleOrderId, orders.id))
    .leftJoin(tableCounterActs, eq(tableCounterActs.tableOrderId, tableOrders.id))
    .where(
      and(
        eq(orders.shopId, shopId),
        REACHED_SHOP,
        or(and(gte(orders.createdAt, start), lt(orders.createdAt, end)), and(gte(orders.paidAt, start), lt(orders.paidAt, end)), gte(orders.updatedAt, start)),
      ),
    );
  const s = summariseDay(
    rows.map(({ counterMethod, ...o }) => (counterMethod === 'card' ? { ...o, payType: COUNTER_CARD } : o)),
    { date: wanted, start, end },
    decimals,
  );
  const n = (a: moneyFns.Amount): number => money.toNumber(money.round(a, decimals));
  return {
    date: s.date,
    dayStart: s.dayStart,
    dayEnd: s.dayEnd,
    utcOffsetMinutes: offsetAt(zone, start),
    decimals,
    placed: s.placed,
    byType: s.byType,
    completed: s.completed,
    cancelled: s.cancelled,
    open: s.open,
    awaitingPayment: { count: s.awaitingPayment.count, amount: n(s.awaitingPayment.amount) },
    sales: n(s.sales),
    paidCount: s.paidCount,
    refunds: n(s.refunds),
    refundCount: s.refundCount,
    refundsPending: { count: s.refundsPending.count, amount: n(s.refundsPending.amount) },
    net: n(s.net),
    averageTicket: n(s.averageTicket),
    byPayType: s.byPayType.map((p) => ({ payType: p.payType, count: p.count, sales: n(p.sales), refundCount: p.refundCount, refunds: n(p.refunds), net: n(p.net) })),
    today,
    serverTime: now,
  };
}
