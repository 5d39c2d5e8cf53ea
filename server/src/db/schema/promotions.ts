import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { StoredActivity, StoredCoupon } from './json';
import { chains, shops } from './shops';
import { members } from './members';
import { users } from './users';

/** Activities (P§3 Activity). The domain Activity object is kept whole in `data`. */
export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id').references(() => shops.id),
    chainId: integer('chain_id').references(() => chains.id),
    type: integer('type').notNull(),
    status: integer('status').notNull().default(1),
    code: text('code'),
    data: jsonb('data').$type<StoredActivity>().notNull(),
  },
  (t) => [index('activities_shop_idx').on(t.shopId)],
);

/** Coupon templates (P§3 Coupon before it is handed to someone). */
export const couponTemplates = pgTable(
  'coupon_templates',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id').references(() => shops.id),
    chainId: integer('chain_id').references(() => chains.id),
    activityId: integer('activity_id'),
    /** Copies left to hand out; null = unlimited. */
    remaining: integer('remaining'),
    data: jsonb('data').$type<StoredCoupon>().notNull(),
  },
  (t) => [index('coupon_templates_shop_idx').on(t.shopId)],
);

/** Coupons held by a user (and their member card when they have one). */
export const memberCoupons = pgTable(
  'member_coupons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    templateId: integer('template_id').references(() => couponTemplates.id),
    userId: integer('user_id').references(() => users.id),
    memberId: integer('member_id').references(() => members.id),
    shopId: integer('shop_id').references(() => shops.id),
    /** P§3 coupon state: -1 closed, 0 expired, 1 normal; 2 used. */
    status: integer('status').notNull().default(1),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    usedOrderId: integer('used_order_id'),
    /** Where the coupon came from (register, expand red bag, point exchange, …). */
    source: text('source').notNull().default(''),
    fromCouponId: integer('from_coupon_id'),
    /** The coupon's conditions as handed out (a copy of the template, P§3 Coupon). */
    data: jsonb('data').$type<StoredCoupon>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_coupons_user_idx').on(t.userId), index('member_coupons_member_idx').on(t.memberId)],
);
