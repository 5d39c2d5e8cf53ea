/**
 * The shop's automatic answers (CONSOLE-7): auto-accept takes a new order the moment it reaches the
 * shop; the overdue sweep refuses — and so refunds, through the merchant action `refuse` — orders left
 * unanswered longer than the shop's answer time when auto-refusal is on. Both act as `system` through
 * `consoleAct`, so the audit says who did it and the feed publishes it. The sweep is started by the
 * app (docs/architecture.md §17: no timers in routes) and reads `ctx.clock` (§20); tests call
 * `sweepOverdue` directly with the clock moved.
 */
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { OrderStatus } from '../../../../src/domain/enums';
import type { ServerContext } from '../../context';
import { consoleSettings, orders } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import { onOrderChanged } from '../orders/changes';
import { consoleAct, defaultLang, SYSTEM } from './act';
import { reachedShop } from './board';
import { settingsOf } from './settings';

export { saveSettings, settingsOf } from './settings';

/** How often the overdue sweep runs. */
export const OVERDUE_SWEEP_MS = 30_000;

/** The reason a customer reads on an order the system refused. */
const OVERDUE_REASON: Record<Lang, string> = {
  zh: '商家未在规定时间内接单，订单已自动取消并退款',
  en: 'The shop did not answer in time: the order was refused and refunded',
};

/** A race lost to a person (or another node) is no failure of the system's action. */
const lostRace = (e: unknown): boolean => e instanceof AppError && (e.code === 'orderStatusChanged' || e.code === 'orderStatusInvalid');

/** Installs auto-accept on this server's order changes (called once by the app). */
export function installAutoAccept(ctx: ServerContext): void {
  onOrderChanged(ctx, async (o) => {
    if (o.status !== OrderStatus.pending || !reachedShop(o)) return;
    if (!(await settingsOf(ctx, o.shopId)).autoAccept) return;
    try {
      await consoleAct(ctx, o.shopId, { id: o.id, action: 'accept', expectedStatus: OrderStatus.pending }, SYSTEM, defaultLang(ctx));
    } catch (e) {
      if (!lostRace(e)) throw e;
    }
  });
}

/** One pass: refuses every overdue pending order of the shops with auto-refusal on; answers how many. */
export async function sweepOverdue(ctx: ServerContext, limit = 100): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: orders.id, shopId: orders.shopId })
    .from(orders)
    .innerJoin(consoleSettings, eq(consoleSettings.shopId, orders.shopId))
    .where(
      and(
        eq(consoleSettings.autoRefuse, true),
        isNotNull(consoleSettings.answerMinutes),
        eq(orders.status, OrderStatus.pending),
        // waiting since it reached the shop: paid (an online order), else placed (cash)
        lte(sql`coalesce(${orders.paidAt}, ${orders.createdAt}) + ${consoleSettings.answerMinutes}::bigint * 60000`, now),
      ),
    )
    .orderBy(orders.id)
    .limit(limit);
  const lang = defaultLang(ctx);
  let n = 0;
  for (const o of due) {
    try {
      await consoleAct(ctx, o.shopId, { id: o.id, action: 'refuse', expectedStatus: OrderStatus.pending, reason: OVERDUE_REASON[lang] }, SYSTEM, lang);
      n += 1;
    } catch (e) {
      if (!lostRace(e)) ctx.log.error({ err: e, orderId: o.id }, 'overdue order not refused');
    }
  }
  return n;
}

/** Starts the overdue sweep of the server (stopped when the server closes). */
export function startOverdueSweeper(ctx: ServerContext): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOverdue(ctx)
      .catch((err: unknown) => ctx.log.error({ err }, 'overdue order sweep failed'))
      .finally(() => {
        running = false;
      });
  }, OVERDUE_SWEEP_MS);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));
}
