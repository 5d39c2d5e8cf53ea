import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { shops } from './shops';

/**
 * Staff accounts of the staff console (CONSOLE-1): one shop each, a role (`owner` | `staff`), the
 * password as an argon2id hash (never plain), and the sign-in lock of five wrong tries as the pay
 * password has it (server/src/services/console/accounts.ts).
 */
export const staff = pgTable(
  'staff',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** owner | staff */
    role: text('role').notNull(),
    failedTries: integer('failed_tries').notNull().default(0),
    lockedUntil: bigint('locked_until', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('staff_shop_idx').on(t.shopId)],
);

/** Console sessions: the sha256 of the cookie's random token, for one shift. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Who did what to an order, when (staff username, `system` or `customer`). */
export const orderAudit = pgTable(
  'order_audit',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id').notNull(),
    shopId: integer('shop_id').notNull(),
    by: text('by').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_audit_order_idx').on(t.orderId)],
);

/** A shop's board settings (CONSOLE-7); a shop without a row has the defaults (all off). */
export const consoleSettings = pgTable('console_settings', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id),
  autoAccept: boolean('auto_accept').notNull().default(false),
  answerMinutes: integer('answer_minutes'),
  autoRefuse: boolean('auto_refuse').notNull().default(false),
});

export type StaffRow = typeof staff.$inferSelect;
export type OrderAuditRow = typeof orderAudit.$inferSelect;
