import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { JsonObject } from './json';
import { members } from './members';
import { memberCoupons } from './promotions';
import { shops } from './shops';
import { users } from './users';

/**
 * Member top-ups (MEMBER-4). The amounts are fixed by the server from the shop's pay rules when the
 * top-up is created; settling it (status 0 → 1, once) credits balance and gift amount.
 */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The pay rule chosen (null = an amount typed by the member). */
    ruleId: integer('rule_id'),
    isFirst: integer('is_first').notNull().default(0),
    chargeAmount: numeric('charge_amount', { precision: 14, scale: 4 }).notNull(),
    presentAmount: numeric('present_amount', { precision: 14, scale: 4 }).notNull().default('0'),
    presentPoints: integer('present_points').notNull().default(0),
    payType: text('pay_type').notNull(),
    tradeNo: text('trade_no').notNull(),
    /** C§3 pay status: 0 processing, 1 success, 2 fail, 3 cancel. */
    payStatus: integer('pay_status').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recharge_orders_member_idx').on(t.memberId),
    uniqueIndex('recharge_orders_trade_no_idx').on(t.tradeNo),
  ],
);

/**
 * How many units of an activity's item are left (points-mall items, P§7 pointExchangeProduct). A row
 * exists only for items with a limited stock; taking one is `remaining = remaining - 1 WHERE remaining > 0`.
 */
export const activityStock = pgTable('activity_stock', {
  activityId: integer('activity_id').primaryKey(),
  remaining: integer('remaining').notNull(),
});

/**
 * What a member took once from an activity: newcomer coupons, a link or entry coupon, points-mall
 * exchanges (the count is capped by the activity's productLimit).
 */
export const activityClaims = pgTable(
  'activity_claims',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    activityId: integer('activity_id').notNull(),
    /** 'link', 'entry', 'register', 'pointExchange', 'timesRedBag'… */
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.activityId, t.kind] })],
);

/** Points-mall exchanges (MEMBER-7 exchange success). */
export const pointExchanges = pgTable(
  'point_exchanges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    activityId: integer('activity_id').notNull(),
    points: integer('points').notNull(),
    productId: integer('product_id'),
    couponId: integer('coupon_id').references(() => memberCoupons.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('point_exchanges_member_idx').on(t.memberId)],
);

/**
 * A shared (expand) red bag (P§3 type 8, PROMO-3): opened from the coupon `fromCouponId` its owner
 * shares; it holds the activity's `quantity` coupons, one per member.
 */
export const redBags = pgTable('red_bags', {
  fromCouponId: integer('from_coupon_id')
    .primaryKey()
    .references(() => memberCoupons.id),
  activityId: integer('activity_id').notNull(),
  ownerMemberId: integer('owner_member_id').references(() => members.id),
  total: integer('total').notNull(),
  remaining: integer('remaining').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who opened a shared red bag; one row per member and bag. */
export const redBagReceipts = pgTable(
  'red_bag_receipts',
  {
    fromCouponId: integer('from_coupon_id')
      .notNull()
      .references(() => redBags.fromCouponId),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => memberCoupons.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fromCouponId, t.memberId] })],
);

/** Times red bag progress (P§3 type 13): orders counted towards the activity's limitQuantity. */
export const timesRedBagProgress = pgTable(
  'times_red_bag_progress',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    activityId: integer('activity_id').notNull(),
    cumulativeQuantity: integer('cumulative_quantity').notNull().default(0),
    /** Rounds already rewarded. */
    rewarded: integer('rewarded').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.activityId] })],
);

/** Coupons an order earned (overSendCoupon, couponSend after the order; activity/checkOverSendCoupon). */
export const orderCouponGrants = pgTable(
  'order_coupon_grants',
  {
    orderId: integer('order_id').notNull(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => memberCoupons.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    data: jsonb('data').$type<JsonObject>(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.couponId] }),
    index('order_coupon_grants_member_idx').on(t.memberId),
  ],
);
