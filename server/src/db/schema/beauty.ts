import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import type { BeautySet } from '../../../../src/api/contract/beauty';
import { orders } from './orders';
import { shops } from './shops';
import { users } from './users';

/** The beauty set of a shop (C§3 Beauty set): service-user requirement, pay types, deposit, slot length. */
export const beautySets = pgTable('beauty_sets', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id),
  data: jsonb('data').$type<BeautySet>().notNull(),
});

/** A service tag (C§3 Beauty tags): the kind of work a service user does; a service names its tag. */
export const serviceTags = pgTable(
  'service_tags',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('service_tags_shop_idx').on(t.shopId)],
);

/** A service user (C§3 serviceUser): shop staff an appointment can book. */
export const serviceUsers = pgTable(
  'service_users',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    tagId: integer('tag_id').references(() => serviceTags.id),
    jobNo: text('job_no').notNull(),
    userName: text('user_name').notNull(),
    userNameEn: text('user_name_en'),
    desc: text('desc').notNull().default(''),
    descEn: text('desc_en'),
    userPhone: text('user_phone').notNull().default(''),
    headImage: text('head_image').notNull().default(''),
    /** Takes appointments at all (C§3 canReverse). */
    canReverse: boolean('can_reverse').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('service_users_shop_idx').on(t.shopId)],
);

/** The appointment of an order (ORDER-5): who, when, how long, and the deposit it asks. */
export const appointments = pgTable(
  'appointments',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    serviceUserId: integer('service_user_id').references(() => serviceUsers.id),
    startTime: bigint('start_time', { mode: 'number' }).notNull(),
    endTime: bigint('end_time', { mode: 'number' }).notNull(),
    duration: integer('duration').notNull(),
    beautyUserName: text('beauty_user_name').notNull().default(''),
    beautyUserPhone: text('beauty_user_phone').notNull().default(''),
    /** The deposit paid when booking; null = the whole order is paid as usual. */
    deposit: numeric('deposit', { precision: 14, scale: 4 }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('appointments_user_idx').on(t.userId, t.shopId), index('appointments_shop_day_idx').on(t.shopId, t.startTime)],
);

/**
 * One row per slot a live appointment holds. The unique (service user, slot start) pair is what makes a
 * double booking impossible: two orders for overlapping times share a slot and the second insert fails.
 * An order that is cancelled, closed, refused or refunded loses its rows (trigger of 0005_beauty.sql).
 */
export const appointmentSlots = pgTable(
  'appointment_slots',
  {
    serviceUserId: integer('service_user_id')
      .notNull()
      .references(() => serviceUsers.id),
    slotStart: bigint('slot_start', { mode: 'number' }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
  },
  (t) => [
    unique('appointment_slots_user_slot_key').on(t.serviceUserId, t.slotStart),
    index('appointment_slots_order_idx').on(t.orderId),
  ],
);
