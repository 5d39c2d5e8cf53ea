/**
 * The console's day summary (CONSOLE-6), joined into `consoleCalls` (./console.ts). This file imports
 * only the shared shapes, never ./console.ts, so the join has no cycle. The figures' rules are
 * src/domain/day-summary.ts.
 */
import { z } from 'zod';
import { EpochMs, Id, Money, defineCall } from './common';

/** A shop calendar date, YYYY-MM-DD. */
export const ShopDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const Count = z.number().int().nonnegative();

export const PayTypeFigures = z
  .object({ payType: z.string().max(20), count: Count, sales: Money, refundCount: Count, refunds: Money, net: Money })
  .strict();

export const DaySummary = z
  .object({
    date: ShopDate,
    dayStart: EpochMs,
    dayEnd: EpochMs,
    /** The shop's offset from UTC the day was read with, minutes east. */
    utcOffsetMinutes: z.number().int().min(-720).max(840),
    /** The shop's money decimals. */
    decimals: z.number().int().min(0).max(4),
    placed: Count,
    byType: z.array(z.object({ type: z.string().max(20), count: Count }).strict()).max(10),
    completed: Count,
    cancelled: Count,
    open: Count,
    awaitingPayment: z.object({ count: Count, amount: Money }).strict(),
    sales: Money,
    paidCount: Count,
    refunds: Money,
    refundCount: Count,
    refundsPending: z.object({ count: Count, amount: Money }).strict(),
    net: Money,
    averageTicket: Money,
    byPayType: z.array(PayTypeFigures).max(10),
    /** Today on the shop's clock (the newest date the summary may show). */
    today: ShopDate,
    serverTime: EpochMs,
  })
  .strict();
export type DaySummary = z.infer<typeof DaySummary>;

export const summaryCalls = {
  /**
   * The shop's day in figures: today's without `date`, else that date's (today or up to 366 days
   * back). A date that does not exist, or one in the future, answers `paramError`.
   */
  daySummary: defineCall('daySummary', z.object({ shopId: Id, date: ShopDate.optional() }).strict(), DaySummary),
} as const;
