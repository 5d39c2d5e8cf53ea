/**
 * "An order changed" (docs/architecture.md §5, §6): every service exit that changes an order calls
 * `noteOrderChanged` once its transaction has committed — never inside one (§19: on the embedded
 * database a read through the pool while a transaction is open would wait forever). Listeners are
 * installed per server by the app (the console's live feed and auto-accept,
 * server/src/services/console/feed.ts); the order services know nothing of them. A listener that fails
 * is logged and never fails the call that changed the order.
 */
import { eq, sql } from 'drizzle-orm';
import { perServer, type ServerContext } from '../../context';
import { orders } from '../../db/schema';
import type { OrderRow } from './holds';

export type OrderChangeListener = (order: OrderRow) => Promise<void>;

const listenersOf = perServer((): OrderChangeListener[] => []);

/** Adds a listener of this server's order changes (in the order added). */
export function onOrderChanged(ctx: ServerContext, listener: OrderChangeListener): void {
  listenersOf(ctx).push(listener);
}

/** `orderById` on the server's pool, prepared once per server (read after every order change). */
const changedOrderQuery = perServer((ctx) =>
  ctx.db.select().from(orders).where(eq(orders.id, sql.placeholder('id'))).limit(1).prepare('orders_changed_by_id'),
);

/** Tells the listeners that these orders changed (read once each, after commit). */
export async function noteOrderChanged(ctx: ServerContext, ...orderIds: Array<number | null | undefined>): Promise<void> {
  const listeners = listenersOf(ctx);
  if (listeners.length === 0) return;
  for (const id of new Set(orderIds)) {
    if (typeof id !== 'number') continue;
    try {
      const [row] = await changedOrderQuery(ctx).execute({ id });
      if (!row) continue;
      for (const listener of listeners) {
        try {
          await listener(row);
        } catch (err) {
          ctx.log.warn({ err, orderId: id }, 'order change listener failed');
        }
      }
    } catch (err) {
      ctx.log.warn({ err, orderId: id }, 'order change not published');
    }
  }
}
