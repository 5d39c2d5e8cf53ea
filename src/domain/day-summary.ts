/**
 * The shop's day in figures (CONSOLE-6; docs/console.md "Day summary"): what the staff read at closing.
 * A pure function of the orders that reached the shop, so the figures are exact decimals and every rule
 * below is tested by hand-computed cases (test/domain/day-summary.test.ts).
 *
 * - The day is the shop's calendar day: from its midnight for 24 hours, on the shop's wall clock.
 * - **Sales** are the amounts paid during the day (`paidAt` in the day), whatever day the order was
 *   placed, by pay type. A member-card payment counts whole (balance and gift amount).
 * - **Refunds** are the refunds completed during the day (the order's `refund` step in the day), at
 *   the amount paid, by the order's pay type, whatever day it was paid; refunds still under way are
 *   counted apart and not taken off.
 * - **Net** = sales − refunds. **Average ticket** = sales ÷ the number of orders paid in the day,
 *   rounded half up to the shop's decimals (0 when nothing was paid).
 * - **Orders** are those placed during the day (`createdAt` in the day): in all, by type, completed,
 *   cancelled or refused, and still open; **awaiting payment** are the day's cash orders not paid yet.
 */
import { OrderStatus, PayType, type OrderType } from './enums';
import { dayBounds, parseCalendarDay, shopDate, type ShopZone } from './shop-time';
import * as moneyFns from './money';
import type { Amount } from './money';

const money = { ...moneyFns };
const S = OrderStatus;

/** The part of an order the summary reads. */
export interface SummaryOrder {
  type: OrderType | string;
  payType: string;
  status: string;
  /** What the customer paid (0 while unpaid). */
  paidAmount: string | number;
  /** The order's total (what an unpaid order still owes). */
  total: string | number;
  createdAt: number;
  paidAt: number | null;
  events: readonly { time: number; status: string }[];
}

export interface PayTypeFigures {
  payType: string;
  /** Payments taken during the day. */
  count: number;
  sales: Amount;
  refundCount: number;
  refunds: Amount;
  net: Amount;
}

export interface DaySummary {
  /** The shop's calendar date, YYYY-MM-DD. */
  date: string;
  dayStart: number;
  dayEnd: number;
  placed: number;
  byType: { type: string; count: number }[];
  completed: number;
  cancelled: number;
  open: number;
  awaitingPayment: { count: number; amount: Amount };
  sales: Amount;
  paidCount: number;
  refunds: Amount;
  refundCount: number;
  refundsPending: { count: number; amount: Amount };
  net: Amount;
  averageTicket: Amount;
  byPayType: PayTypeFigures[];
}

/** Statuses of an order that ended served. */
const COMPLETED = new Set<string>([S.successed]);
/** Statuses of an order that ended without being served (cancelled, refused, refunded or closed). */
const ENDED_UNSERVED = new Set<string>([S.nopay_cancel, S.closed, S.refused, S.refund, S.refunding, S.refund_fail]);
const REFUND_PENDING = new Set<string>([S.refunding, S.refund_fail]);
/** The order of pay types in the answer: the counter's first (cash, a card at the counter), then the wallets. */
const PAY_TYPE_ORDER: readonly string[] = [PayType.cash, 'counterCard', PayType.vip, PayType.weixin, PayType.alipay, PayType.stripe, PayType.allinpay];


export { shopDate };

/** The instants a shop's calendar date spans, [start, end) — 23 or 25 hours on a change day; null for a date that does not exist. */
export function shopDayBounds(date: string, zone: ShopZone): { start: number; end: number } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const day = parseCalendarDay(date);
  return day ? dayBounds(zone, day) : null;
}

/** When the order's refund completed, if it did. */
const refundedAt = (o: SummaryOrder): number | null => {
  if (o.status !== S.refund) return null;
  for (let i = o.events.length - 1; i >= 0; i--) if (o.events[i].status === S.refund) return o.events[i].time;
  return null;
};

/** The day's figures from the orders that reached the shop (any that touch the day; others are ignored). */
export function summariseDay(
  orders: readonly SummaryOrder[],
  day: { date: string; start: number; end: number },
  decimals: number,
): DaySummary {
  const inDay = (t: number | null): boolean => t !== null && t >= day.start && t < day.end;
  const byPay = new Map<string, { count: number; sales: Amount[]; refundCount: number; refunds: Amount[] }>();
  const pay = (payType: string) => {
    let f = byPay.get(payType);
    if (!f) byPay.set(payType, (f = { count: 0, sales: [], refundCount: 0, refunds: [] }));
    return f;
  };
  const byType = new Map<string, number>();
  let placed = 0;
  let completed = 0;
  let cancelled = 0;
  let open = 0;
  const awaiting: Amount[] = [];
  const pending: Amount[] = [];

  for (const o of orders) {
    if (inDay(o.createdAt)) {
      placed += 1;
      byType.set(o.type, (byType.get(o.type) ?? 0) + 1);
      if (COMPLETED.has(o.status)) completed += 1;
      else if (ENDED_UNSERVED.has(o.status)) cancelled += 1;
      else open += 1;
      if (o.payType === PayType.cash && o.paidAt === null && !ENDED_UNSERVED.has(o.status) && !COMPLETED.has(o.status)) awaiting.push(money.of(o.total));
    }
    if (inDay(o.paidAt)) {
      const f = pay(o.payType);
      f.count += 1;
      f.sales.push(money.of(o.paidAmount));
    }
    if (inDay(refundedAt(o))) {
      const f = pay(o.payType);
      f.refundCount += 1;
      f.refunds.push(money.of(o.paidAmount));
    }
    if (REFUND_PENDING.has(o.status) && o.paidAt !== null) pending.push(money.of(o.paidAmount));
  }

  const rank = (p: string): number => {
    const i = PAY_TYPE_ORDER.indexOf(p);
    return i < 0 ? PAY_TYPE_ORDER.length : i;
  };
  const byPayType: PayTypeFigures[] = [...byPay.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([payType, f]) => {
      const sales = money.sum(f.sales);
      const refunds = money.sum(f.refunds);
      return { payType, count: f.count, sales, refundCount: f.refundCount, refunds, net: money.sub(sales, refunds) };
    });
  const sales = money.sum(byPayType.map((p) => p.sales));
  const refunds = money.sum(byPayType.map((p) => p.refunds));
  const paidCount = byPayType.reduce((n, p) => n + p.count, 0);
  return {
    date: day.date,
    dayStart: day.start,
    dayEnd: day.end,
    placed,
    byType: [...byType.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([type, count]) => ({ type, count })),
    completed,
    cancelled,
    open,
    awaitingPayment: { count: awaiting.length, amount: money.sum(awaiting) },
    sales,
    paidCount,
    refunds,
    refundCount: byPayType.reduce((n, p) => n + p.refundCount, 0),
    refundsPending: { count: pending.length, amount: money.sum(pending) },
    net: money.sub(sales, refunds),
    averageTicket: paidCount === 0 ? money.ZERO : money.round(money.div(sales, paidCount), decimals),
    byPayType,
  };
}
