/**
 * The console's actions on an order (CONSOLE-2; docs/architecture.md §6): each is the merchant
 * action of services/orders/merchant-actions.ts — the transition table decides, nothing is repeated
 * here. What the console adds: the order must be the shop's, the card's `expectedStatus` must still
 * be the order's (else `orderStatusChanged` with the order as it stands, and nothing changes), the
 * action must be one the card offers (board.ts `actionsOf`), and every success is written to the
 * order's audit (by the staff member's username, or `system`).
 */
import type { BoardOrder, ConsoleAction } from '../../../../src/api/contract/console';
import type { OrderStatus } from '../../../../src/domain/enums';
import type { ServerContext } from '../../context';
import { orderAudit } from '../../db/schema';
import { AppError, fail } from '../../http/errors';
import { pickLanguage, type Lang } from '../../i18n/messages';
import type { OrderRow } from '../orders/holds';
import { orderById } from '../orders/lifecycle-core';
import { merchantAct, type MerchantAction } from '../orders/merchant-actions';
import { actionsOf, shopOrder, toBoardOrder } from './board';

/** Who acts: a staff member's username, or `system` (auto-accept, auto-refusal). */
export const SYSTEM = 'system';

/** Console action → merchant action. `ready` is the table's `deliver` (→ delivered, docs/console.md). */
const TO_MERCHANT: Record<ConsoleAction, MerchantAction> = {
  accept: 'accept',
  refuse: 'refuse',
  cook: 'cook',
  ready: 'deliver',
  callRider: 'callRider',
  deliver: 'deliver',
  requestPay: 'requestPay',
  cashPaid: 'cashPaid',
  complete: 'complete',
  refund: 'refund',
};

export interface ConsoleActReq {
  id: number;
  action: ConsoleAction;
  expectedStatus: OrderStatus;
  /** refuse: the reason the customer sees (the order's merchant note). */
  reason?: string;
}

/** The language of cards made without a request (the feed, the system): the server's default. */
export const defaultLang = (ctx: ServerContext): Lang => pickLanguage(undefined, ctx.config.abroadEnv);

/** `orderStatusChanged` carrying the order as it stands now. */
async function changed(ctx: ServerContext, row: OrderRow, lang: Lang): Promise<AppError> {
  return new AppError('orderStatusChanged', undefined, { order: await toBoardOrder(ctx, row, lang) });
}

/** Writes one line of an order's audit. */
export async function writeAudit(
  ctx: ServerContext,
  line: { orderId: number; shopId: number; by: string; action: string; fromStatus: string | null; toStatus: string | null; note: string | null },
): Promise<void> {
  await ctx.db.insert(orderAudit).values({ ...line, at: ctx.clock.now() });
}

/** `act`: one action on one of the shop's orders, by `by`; the card as it is after it. */
export async function consoleAct(ctx: ServerContext, shopId: number, req: ConsoleActReq, by: string, lang: Lang): Promise<BoardOrder> {
  const before = await shopOrder(ctx, shopId, req.id);
  if (before.status !== req.expectedStatus) throw await changed(ctx, before, lang);
  if (!actionsOf(before).includes(req.action)) throw fail('orderStatusInvalid');
  const note = req.action === 'refuse' && req.reason !== undefined && req.reason.trim() !== '' ? req.reason.trim() : undefined;
  try {
    await merchantAct(ctx, { id: before.id, action: TO_MERCHANT[req.action], ...(note === undefined ? {} : { note }) });
  } catch (e) {
    // another hand moved the order first (two staff, or the system): the conditional update let one win
    if (e instanceof AppError && e.code === 'orderStatusInvalid') {
      const now = await orderById(ctx.db, before.id);
      if (now && (now.status !== before.status || now.updatedAt !== before.updatedAt)) throw await changed(ctx, now, lang);
    }
    throw e;
  }
  const after = (await orderById(ctx.db, before.id)) ?? before;
  await writeAudit(ctx, {
    orderId: before.id,
    shopId: before.shopId,
    by,
    action: req.action,
    fromStatus: before.status,
    toStatus: after.status,
    note: note ?? null,
  });
  return toBoardOrder(ctx, after, lang);
}
