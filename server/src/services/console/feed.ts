/**
 * The live feed of order changes (CONSOLE-2; docs/architecture.md §5, §6): after an order changed and
 * its transaction committed (services/orders/changes.ts), its card goes to the shop's board room and
 * its status to the customer's room, on the server's bus (`roomBus`, the one the table rooms use).
 * The sequence number is the order's `updatedAt`; the board and the customer fetch what they show
 * again after a resync, so a lost message costs nothing but a moment.
 */
import type { ConsoleWsMessage, CustomerOrderWsMessage } from '../../../../src/api/contract/console';
import type { ServerContext } from '../../context';
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

/** Installs the feed on this server's order changes (called once by the app). */
export function installOrderFeed(ctx: ServerContext): void {
  onOrderChanged(ctx, (o) => publishOrder(ctx, o));
}
