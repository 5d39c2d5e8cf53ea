/**
 * The live feed of order changes (CONSOLE-2; docs/architecture.md §5, §6): after an order changed and
 * its transaction committed (services/orders/changes.ts), its card goes to the shop's board room and
 * its status to the customer's room, on the server's bus (`roomBus`, the one the table rooms use).
 * The sequence number is the order's `updatedAt`; the board and the customer fetch what they show
 * again after a resync, so a lost message costs nothing but a moment.
 */
import { eq } from 'drizzle-orm';
import type { ConsoleWsMessage, CustomerOrderWsMessage } from '../../../../src/api/contract/console';
import { OrderType } from '../../../../src/domain/enums';
import type { ServerContext } from '../../context';
import { tableOrders } from '../../db/schema';
import type { OrderRow } from '../orders/holds';
import { onOrderChanged } from '../orders/changes';
import { roomBus } from '../tables/bus';
import { defaultLang } from './act';
import { reachedShop, toBoardOrder } from './board';

/** The bus room of a shop's board. */
export const consoleRoom = (shopId: number): string => `console_shop_${shopId}`;
/** The bus room of a customer's orders. */
export const customerRoom = (userId: number): string => `orders_user_${userId}`;

/** Publishes one order's change to its shop's board (once it reached the shop) and to its customer. */
export async function publishOrder(ctx: ServerContext, o: OrderRow): Promise<void> {
  const bus = roomBus(ctx);
  const customer: CustomerOrderWsMessage = {
    type: 'order',
    id: o.id,
    shopId: o.shopId,
    status: o.status as Extract<CustomerOrderWsMessage, { type: 'order' }>['status'],
    payStatus: o.payStatus as Extract<CustomerOrderWsMessage, { type: 'order' }>['payStatus'],
    updatedAt: o.updatedAt,
  };
  await bus.publish({ room: customerRoom(o.userId), seq: o.updatedAt, data: customer });
  if (!reachedShop(o)) return;
  const card: ConsoleWsMessage = { type: 'order', order: await toBoardOrder(ctx, o, defaultLang(ctx)) };
  await bus.publish({ room: consoleRoom(o.shopId), seq: o.updatedAt, data: card });
}

/**
 * Tells the shop's board room that a table of its floor changed (CONSOLE-4: opened, a round sent, the
 * bill asked for or given back, paid, cleared), after the change committed. The floor and the tickets
 * read the table again; a frame lost costs nothing (they read everything after every hello). A failure
 * is logged and never fails the call that changed the table.
 */
export async function publishTable(ctx: ServerContext, shopId: number, tableId: number): Promise<void> {
  const frame: ConsoleWsMessage = { type: 'table', tableId };
  try {
    await roomBus(ctx).publish({ room: consoleRoom(shopId), seq: ctx.clock.now(), data: frame });
  } catch (err) {
    ctx.log.warn({ err, shopId, tableId }, 'table change not published');
  }
}

/** The tables whose bill this order collects (a table settlement), told to the floor. */
async function publishSettledTables(ctx: ServerContext, o: OrderRow): Promise<void> {
  if (o.type !== OrderType.openTable) return;
  const rows = await ctx.db.select({ tableId: tableOrders.tableId }).from(tableOrders).where(eq(tableOrders.settleOrderId, o.id));
  for (const r of rows) await publishTable(ctx, o.shopId, r.tableId);
}

/** Installs the feed on this server's order changes (called once by the app). */
export function installOrderFeed(ctx: ServerContext): void {
  onOrderChanged(ctx, async (o) => {
    await publishOrder(ctx, o);
    await publishSettledTables(ctx, o);
  });
}
