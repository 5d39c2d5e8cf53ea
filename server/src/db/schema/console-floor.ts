import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { shops } from './shops';

/**
 * An order type a shop paused for a while (CONSOLE-5, "busy": takeaway paused until `until`, with the
 * reason the customer reads). One row per shop and type; a row whose `until` has passed is no pause.
 */
export const orderTypePauses = pgTable(
  'order_type_pauses',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    /** An OrderType of src/domain/enums.ts. */
    orderType: text('order_type').notNull(),
    until: bigint('until', { mode: 'number' }).notNull(),
    reason: text('reason').notNull().default(''),
    /** The staff username who paused it. */
    by: text('by').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'order_type_pauses_pk', columns: [t.shopId, t.orderType] })],
);

/** Every print of a kitchen ticket (CONSOLE-3): an order's, or a table round's (`kind` order | round). */
export const ticketPrints = pgTable(
  'ticket_prints',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id').notNull(),
    kind: text('kind').notNull(),
    /** The order id, or the table round's (table_order_batches) id. */
    refId: integer('ref_id').notNull(),
    /** Receipt width in mm: 58 or 80. */
    width: integer('width').notNull(),
    by: text('by').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('ticket_prints_ref_idx').on(t.kind, t.refId), index('ticket_prints_shop_idx').on(t.shopId, t.at)],
);

/**
 * The counter's part of a table order (CONSOLE-4): who opened it at the counter, who settled it there
 * and how (cash, or a card on the counter's terminal), who cleared the table. One row per table order
 * the counter touched; a diner's own table order has none until staff settle or clear it.
 */
export const tableCounterActs = pgTable('table_counter_acts', {
  /** The table order (table_orders.id). */
  tableOrderId: integer('table_order_id').primaryKey(),
  shopId: integer('shop_id').notNull(),
  /** The staff username who opened the table at the counter (null: a diner's scan opened it). */
  openedBy: text('opened_by'),
  /** 'cash' | 'card' when settled at the counter. */
  settleMethod: text('settle_method'),
  settledBy: text('settled_by'),
  settledAt: bigint('settled_at', { mode: 'number' }),
  clearedBy: text('cleared_by'),
  clearedAt: bigint('cleared_at', { mode: 'number' }),
});
