import { bigint, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { OrderLine } from '../../../../src/api/contract/order';
import type { ProductChoice } from '../../../../src/api/contract/shared-shapes';
import type { CartLine } from '../../../../src/domain/types';
import { tables } from './menu';
import { orders } from './orders';
import { shops } from './shops';
import { users } from './users';

/** Someone at a table (C§7 table calls: openId, nickName, avatarUrl). */
export interface StoredDiner {
  userId: number;
  openId: string;
  nickname: string;
  avatar: string;
}

/** A line of a room's cart with the diner who last changed it. */
export type StoredRoomLine = CartLine & { by?: Omit<StoredDiner, 'userId'> };

/**
 * Open-table orders (C§3 "Table and table order", ORDER-4): one per meal at a table, opened by the
 * first diner; products are added in rounds (batches) during the meal and settled once at the end.
 * `status`: 0 open, 1 paying (an order is placed for it and awaits payment), 2 paid, 3 closed.
 */
export const tableOrders = pgTable(
  'table_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderNo: text('order_no').notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    tableId: integer('table_id')
      .notNull()
      .references(() => tables.id),
    status: integer('status').notNull().default(0),
    person: integer('person').notNull(),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => users.id),
    note: text('note').notNull().default(''),
    /** fEachFee / nFeeType of the table when the order was opened (PRICE-9). */
    eachFee: numeric('each_fee', { precision: 14, scale: 4 }).notNull().default('0'),
    feeType: integer('fee_type').notNull().default(0),
    isOpenTiming: integer('is_open_timing').notNull().default(0),
    startTimerTime: bigint('start_timer_time', { mode: 'number' }).notNull(),
    exceptEndTime: bigint('except_end_time', { mode: 'number' }).notNull().default(0),
    /** The diner settling the table now (table/canPay), until `payingUntil`. */
    payingUserId: integer('paying_user_id'),
    payingUntil: bigint('paying_until', { mode: 'number' }),
    /** The order placed by table/confirm to collect the payment. */
    settleOrderId: integer('settle_order_id').references(() => orders.id),
    /**
     * TABLE-7: when staff approved the session's first round (shops that hold it,
     * `table_session_settings.hold_first_round`); null while nothing was approved.
     */
    approvedAt: bigint('approved_at', { mode: 'number' }),
    approvedBy: text('approved_by'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('table_orders_table_idx').on(t.tableId, t.status), index('table_orders_shop_idx').on(t.shopId)],
);

/** One round of products a diner sent to the table order (table/userAddProducts). */
export const tableOrderBatches = pgTable(
  'table_order_batches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tableOrderId: integer('table_order_id')
      .notNull()
      .references(() => tableOrders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    openId: text('open_id').notNull(),
    nickName: text('nick_name').notNull(),
    avatarUrl: text('avatar_url').notNull(),
    note: text('note').notNull().default(''),
    /** What was chosen (re-priced from the menu when the table is settled). */
    choices: jsonb('choices').$type<ProductChoice[]>().notNull(),
    /** The lines as priced when they were sent (for display). */
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    addedAt: bigint('added_at', { mode: 'number' }).notNull(),
    /** TABLE-7: 1 while the round waits for the staff's approval (the session's first round). */
    held: integer('held').notNull().default(0),
  },
  (t) => [index('table_order_batches_order_idx').on(t.tableOrderId)],
);

/**
 * The shared cart of a table order (C§4 "Cart sync", TABLE-*): one row per room, changed only under
 * its row lock. `version` rises by one with every accepted operation (joins included) and is the
 * sequence number every message of the room carries.
 */
export const rooms = pgTable('rooms', {
  id: text('id').primaryKey(),
  shopId: integer('shop_id')
    .notNull()
    .references(() => shops.id),
  tableOrderId: integer('table_order_id')
    .notNull()
    .references(() => tableOrders.id),
  version: integer('version').notNull().default(0),
  lines: jsonb('lines').$type<StoredRoomLine[]>().notNull(),
  diners: jsonb('diners').$type<StoredDiner[]>().notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/**
 * The diners of a table session (TABLE-7): a table order is the session of one party, and a customer
 * takes part in it only once seated — by opening or joining it with the table's current code. A seat
 * outlives a rotation of the code; it admits to the session's calls and room while the session runs
 * and to reading its own past order after it ended.
 */
export const tableSessionDiners = pgTable(
  'table_session_diners',
  {
    tableOrderId: integer('table_order_id')
      .notNull()
      .references(() => tableOrders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    seatedAt: bigint('seated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableOrderId, t.userId], name: 'table_session_diners_pk' })],
);

/**
 * How a shop runs its table sessions (TABLE-7); a shop without a row: the first diner's scan opens
 * the table and no round waits for staff. `openBy`: 'diner' | 'staff'.
 */
export const tableSessionSettings = pgTable('table_session_settings', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id),
  openBy: text('open_by').notNull().default('diner'),
  holdFirstRound: boolean('hold_first_round').notNull().default(false),
});
