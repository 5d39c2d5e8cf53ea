/**
 * The console's order board (CONSOLE-2; docs/architecture.md §6): a shop's open orders and the ones
 * finished on the shop's day, as cards. A card is the customer's OrderDetail (services/orders/read.ts)
 * plus the staff's part: its column and the actions the transition table allows now
 * (services/orders/transitions.ts, the one table).
 */
import { and, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, BoardColumn, BoardOrder, ConsoleAction, ConsoleSettings } from '../../../../src/api/contract/console';
import { OrderStatus, OrderType, PayStatus, PayType } from '../../../../src/domain/enums';
import { shopClock } from '../../../../src/domain/hours';
import { perServer, type ServerContext } from '../../context';
import { prepareSql } from '../../db/fast';
import { orderAudit, orders, refunds } from '../../db/schema';
import { fail } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import { rowsOf, type OrderRow } from '../orders/holds';
import { orderById } from '../orders/lifecycle-core';
import { toOrderDetail } from '../orders/read';
import { nextStatus, TRANSITIONS } from '../orders/transitions';
import { getShop, shopSettingsFor } from '../shops';
import { settingsOf } from './settings';
import { shopZone } from '../../../../src/domain/shop-time';

const S = OrderStatus;

/** Cards a board holds at most. */
export const BOARD_LIMIT = 200;

/**
 * Statuses in which an order still needs the shop (shown whatever its day). A refund under way or
 * failed is open too: the money is not settled yet, and a failed one waits for the shop's retry.
 */
export const OPEN_STATUSES: readonly OrderStatus[] = [
  S.pending,
  S.confirmed,
  S.confirmed_new,
  S.wait_rider_pending,
  S.rider_confirmed,
  S.rider_picked_up,
  S.rider_delivery_exception,
  S.delivered,
  S.need_pay,
  S.refunding,
  S.refund_fail,
];

/** The board's column of a status. */
export function columnOf(status: string): BoardColumn {
  if (status === S.pending) return 'new';
  if (status === S.confirmed || status === S.confirmed_new) return 'cooking';
  if (([S.wait_rider_pending, S.rider_confirmed, S.rider_picked_up, S.rider_delivery_exception, S.delivered, S.need_pay] as string[]).includes(status))
    return 'ready';
  return 'done';
}

/** Orders that reached the shop: placed as cash, or paid (an unpaid online order is not the shop's yet). */
export const reachedShop = (o: Pick<OrderRow, 'events'>): boolean => o.events.some((e) => e.status === S.pending);

/** The SQL twin of `reachedShop`: every order that reached the shop has a `pending` step in its history. */
const REACHED_SHOP = sql`${orders.events} @> '[{"status":"pending"}]'::jsonb`;

/**
 * The console actions that order's state allows now, each one the transition table allows from its
 * status, narrowed by the order's type and payment:
 * - `ready` (pickup, dine-in, table, appointment orders) and `deliver` (takeaway) are both the table's
 *   `deliver` (→ delivered);
 * - `callRider` for takeaway only; `requestPay` for unpaid orders other than takeaway (the counter's
 *   bill); `cashPaid` for an unpaid cash order not finished;
 * - `refund` for a paid order the table lets refund, but not a new one (refusing it refunds it).
 */
export function actionsOf(o: Pick<OrderRow, 'status' | 'type' | 'payType' | 'payStatus'>): ConsoleAction[] {
  const can = (a: Parameters<typeof nextStatus>[1]) => nextStatus(o.status, a) !== null;
  const paid = o.payStatus === PayStatus.success;
  const takeaway = o.type === OrderType.takeaway;
  const out: ConsoleAction[] = [];
  if (can('accept')) out.push('accept');
  if (can('refuse')) out.push('refuse');
  if (can('cook')) out.push('cook');
  if (!takeaway && can('deliver') && (o.status === S.confirmed || o.status === S.confirmed_new)) out.push('ready');
  if (takeaway && can('callRider')) out.push('callRider');
  if (takeaway && can('deliver')) out.push('deliver');
  if (!takeaway && !paid && can('requestPay')) out.push('requestPay');
  if (o.payType === PayType.cash && !paid && OPEN_STATUSES.includes(o.status as OrderStatus) && o.status !== S.refunding && o.status !== S.refund_fail)
    out.push('cashPaid');
  if (can('complete')) out.push('complete');
  if (paid && o.status !== S.pending && (TRANSITIONS.refund.from as readonly string[]).includes(o.status)) out.push('refund');
  return out;
}

/** A refund row's state as the card names it. */
function refundStateOf(r: { state: string; attempts: number }): string {
  if (r.state === 'succeeded') return 'done';
  if (r.state === 'failed') return 'failed';
  return r.state === 'pending' && r.attempts > 0 ? 'retrying' : 'queued';
}

const groupsSql = (list: SQL) =>
  sql`SELECT m.id AS group_id, (x.v)::int AS order_id FROM multi_orders m CROSS JOIN LATERAL jsonb_array_elements(m.order_ids) AS x(v) WHERE (x.v)::int IN (${list})`;

/** `extrasOf`'s statements for one order, prepared once per server. */
const oneOrderExtras = perServer((ctx) => ({
  groups: prepareSql(ctx.db, groupsSql(sql`${sql.placeholder('id')}`), 'board_multi_group_of_order') as {
    execute(placeholders: Record<string, unknown>): Promise<unknown>;
  },
  refunds: ctx.db
    .select({ orderId: refunds.orderId, state: refunds.state, attempts: refunds.attempts })
    .from(refunds)
    .where(inArray(refunds.orderId, [sql.placeholder('id')]))
    .orderBy(desc(refunds.id))
    .prepare('board_refunds_of_order'),
}));

/** The staff's part of the cards of these orders: the multi-shop group and the refund under way. */
async function extrasOf(ctx: ServerContext, ids: number[]): Promise<{ groups: Map<number, string>; refundStates: Map<number, string> }> {
  const groups = new Map<number, string>();
  const refundStates = new Map<number, string>();
  if (ids.length === 0) return { groups, refundStates };
  let res: unknown;
  let rs: Array<{ orderId: number | null; state: string; attempts: number }>;
  if (ids.length === 1) {
    // one card (every order change the feed publishes): the same two statements, prepared once per server
    const q = oneOrderExtras(ctx);
    res = await q.groups.execute({ id: ids[0] });
    rs = await q.refunds.execute({ id: ids[0] });
  } else {
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    res = await ctx.db.execute(groupsSql(list));
    rs = await ctx.db
      .select({ orderId: refunds.orderId, state: refunds.state, attempts: refunds.attempts })
      .from(refunds)
      .where(inArray(refunds.orderId, ids))
      .orderBy(desc(refunds.id));
  }
  for (const r of rowsOf<{ group_id: number; order_id: number }>(res)) groups.set(Number(r.order_id), `M${r.group_id}`);
  for (const r of rs) if (r.orderId !== null && !refundStates.has(r.orderId)) refundStates.set(r.orderId, refundStateOf(r));
  return { groups, refundStates };
}

/** Orders as board cards (the shop's name in `lang`). */
export async function toBoardOrders(ctx: ServerContext, rows: OrderRow[], lang: Lang): Promise<BoardOrder[]> {
  const { groups, refundStates } = await extrasOf(ctx, rows.map((r) => r.id));
  const names = new Map<number, string>();
  const out: BoardOrder[] = [];
  for (const o of rows) {
    let name = names.get(o.shopId);
    if (name === undefined) {
      name = shopSettingsFor(await getShop(ctx, o.shopId), lang).name;
      names.set(o.shopId, name);
    }
    out.push({
      ...toOrderDetail(o, name),
      updatedAt: o.updatedAt,
      column: columnOf(o.status),
      actions: actionsOf(o),
      multiGroupNo: groups.get(o.id) ?? null,
      refundState: refundStates.get(o.id) ?? null,
      refuseReason: o.status === S.refused && o.merchantNote !== '' ? o.merchantNote.slice(0, 140) : null,
    });
  }
  return out;
}

export const toBoardOrder = async (ctx: ServerContext, row: OrderRow, lang: Lang): Promise<BoardOrder> =>
  (await toBoardOrders(ctx, [row], lang))[0];

/** `board`: open orders and those finished on the shop's day, newest first, at most BOARD_LIMIT. */
export async function board(
  ctx: ServerContext,
  shopId: number,
  lang: Lang,
): Promise<{ orders: BoardOrder[]; settings: ConsoleSettings; serverTime: number }> {
  const now = ctx.clock.now();
  const shop = await getShop(ctx, shopId);
  const dayStart = shopClock(now, shopZone(shop.settings)).dayStart;
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shopId), REACHED_SHOP, or(inArray(orders.status, [...OPEN_STATUSES]), gte(orders.updatedAt, dayStart))))
    .orderBy(desc(orders.id))
    .limit(BOARD_LIMIT);
  return { orders: await toBoardOrders(ctx, rows, lang), settings: await settingsOf(ctx, shopId), serverTime: now };
}

/** An order of the shop that reached it, else `orderNotFound` (another shop's order is answered alike). */
export async function shopOrder(ctx: ServerContext, shopId: number, id: number): Promise<OrderRow> {
  const o = await orderById(ctx.db, id);
  if (!o || o.shopId !== shopId || !reachedShop(o)) throw fail('orderNotFound');
  return o;
}

/** `order`: one card and its audit, oldest first. */
export async function boardOrder(ctx: ServerContext, shopId: number, id: number, lang: Lang): Promise<{ order: BoardOrder; audit: AuditEntry[] }> {
  const o = await shopOrder(ctx, shopId, id);
  const audit = await ctx.db.select().from(orderAudit).where(eq(orderAudit.orderId, o.id)).orderBy(orderAudit.id).limit(200);
  return {
    order: await toBoardOrder(ctx, o, lang),
    audit: audit.map((a) => ({
      at: a.at,
      by: a.by.slice(0, 64),
      action: a.action.slice(0, 40),
      fromStatus: a.fromStatus,
      toStatus: a.toStatus,
      note: a.note === null ? null : a.note.slice(0, 140),
    })),
  };
}
