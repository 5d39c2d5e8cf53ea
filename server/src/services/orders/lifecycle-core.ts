/** Conditional status changes of an order through the transition table, and its history. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { orders, type OrderEvent } from '../../db/schema';
import { NOTICE_STATUSES } from '../notices/content';
import { queueNotices } from '../notices/queue';
import type { OrderRow } from './holds';
import { fromStatuses, TRANSITIONS, type OrderAction } from './transitions';

export type OrderPatch = Partial<Omit<typeof orders.$inferInsert, 'id' | 'events'>>;

/**
 * Moves an order by `action` when its current status allows it (one conditional UPDATE: two
 * concurrent actions cannot both win). Returns the updated row, or null when the status did not allow it.
 * A status that tells the customer (accepted, out for delivery / ready, refunded, refused) queues its
 * notices in the same transaction (NOTICE-1, services/notices/queue.ts): the caller's, or one opened
 * here when the caller passed the pool.
 */
export async function transition(
  db: Db,
  orderId: number,
  action: OrderAction,
  now: number,
  patch: OrderPatch = {},
  extra?: ReturnType<typeof and>,
  text: string = action,
): Promise<OrderRow | null> {
  if (!NOTICE_STATUSES.has(TRANSITIONS[action].to)) return move(db, orderId, action, now, patch, extra, text);
  const moveAndQueue = async (tx: Tx) => {
    const row = await move(tx, orderId, action, now, patch, extra, text);
    if (row) await queueNotices(tx, row, now);
    return row;
  };
  return db instanceof PgTransaction ? moveAndQueue(db as Tx) : db.transaction(moveAndQueue);
}

/** The conditional UPDATE of a transition. */
async function move(
  db: Db,
  orderId: number,
  action: OrderAction,
  now: number,
  patch: OrderPatch,
  extra: ReturnType<typeof and> | undefined,
  text: string,
): Promise<OrderRow | null> {
  const to = TRANSITIONS[action].to;
  const event: OrderEvent = { time: now, status: to, text };
  const rows = await db
    .update(orders)
    .set({
      ...patch,
      status: to,
      updatedAt: now,
      events: sql`${orders.events} || ${JSON.stringify([event])}::jsonb`,
    })
    .where(and(eq(orders.id, orderId), inArray(orders.status, fromStatuses(action)), extra))
    .returning();
  return rows[0] ?? null;
}

/** Appends an event without changing the status. */
export async function addEvent(
  db: Db,
  orderId: number,
  now: number,
  status: string,
  text: string,
  patch: OrderPatch = {},
): Promise<void> {
  const event: OrderEvent = { time: now, status, text };
  await db
    .update(orders)
    .set({ ...patch, updatedAt: now, events: sql`${orders.events} || ${JSON.stringify([event])}::jsonb` })
    .where(eq(orders.id, orderId));
}

/** Reads one order. */
export async function orderById(db: Db, id: number): Promise<OrderRow | null> {
  const rows = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return rows[0] ?? null;
}

