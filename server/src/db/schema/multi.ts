import { bigint, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Multi-shop orders (ORDER-10, C§3 multiOrderIds): one row per group of orders a customer placed at
 * several shops of a chain at once and pays with one payment. The orders keep their own rows (one per
 * shop, each priced by its shop); the group holds their ids, the combined total and the key of the
 * submission. Its trade is a `payments` row with purpose `multi` and `data.multiOrderId`.
 */
export const multiOrders = pgTable(
  'multi_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    chainId: integer('chain_id').notNull(),
    orderIds: jsonb('order_ids').$type<number[]>().notNull(),
    total: numeric('total', { precision: 14, scale: 4 }).notNull(),
    payType: text('pay_type').notNull(),
    idempotencyKey: text('idempotency_key'),
    payDeadline: bigint('pay_deadline', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    paidAt: bigint('paid_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('multi_orders_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('multi_orders_user_idx').on(t.userId, t.id),
  ],
);

export type MultiOrderRow = typeof multiOrders.$inferSelect;
