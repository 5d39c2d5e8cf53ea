import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  OrderBreakdown,
  OrderContact,
  OrderLine,
  OrderService,
} from '../../../../src/api/contract/order';
import type { WhenTime } from '../../../../src/api/contract/shared-shapes';
import type { z } from 'zod';
import type { JsonObject } from './json';
import { members } from './members';
import { shops } from './shops';
import { users } from './users';

/** Units of a product held by an order (C§5 stock, released when an unpaid order ends). */
export interface StockHold {
  productId: number;
  quantity: number;
}

/** One step of an order's history (merchant actions, rider progress, payments). */
export interface OrderEvent {
  time: number;
  status: string;
  text: string;
}

/** The rider of a takeaway order (order/deliveryInfo). */
export interface RiderInfo {
  name: string | null;
  phone: string | null;
  gps: string | null;
  estimatedArrival: number | null;
}

/**
 * Orders (C§3 Order, C§4 statuses). Figures are the server's own pricing (PRICE-10): the breakdown
 * and the priced lines are kept whole in jsonb; the columns are what queries filter or update on.
 * Times are epoch ms so the server clock (and the tests' clock) is the only source of time.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderNo: text('order_no').notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    memberId: integer('member_id').references(() => members.id),
    type: text('type').notNull(),
    status: text('status').notNull(),
    /** C§3 pay status: 0 processing, 1 success, 2 fail, 3 cancel. */
    payStatus: integer('pay_status').notNull().default(0),
    payType: text('pay_type').notNull(),
    total: numeric('total', { precision: 14, scale: 4 }).notNull(),
    paidAmount: numeric('paid_amount', { precision: 14, scale: 4 }).notNull().default('0'),
    /** Member-card payments: what came off the balance and off the gift amount (restored on refund). */
    balancePaid: numeric('balance_paid', { precision: 14, scale: 4 }).notNull().default('0'),
    giftPaid: numeric('gift_paid', { precision: 14, scale: 4 }).notNull().default('0'),
    /** Points taken at creation (restored when the order is cancelled, expires or is refunded). */
    pointsUsed: integer('points_used').notNull().default(0),
    /** The member coupon this order holds (member_coupons.used_order_id points back). */
    memberCouponId: integer('member_coupon_id'),
    couponName: text('coupon_name'),
    /** Stock this order holds; emptied when it is given back. */
    stockHolds: jsonb('stock_holds').$type<StockHold[]>().notNull(),
    /** True while the order holds its stock, coupon and points (false once given back). */
    holding: boolean('holding').notNull().default(true),
    breakdown: jsonb('breakdown').$type<OrderBreakdown>().notNull(),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    contact: jsonb('contact').$type<z.infer<typeof OrderContact>>(),
    service: jsonb('service').$type<z.infer<typeof OrderService>>(),
    tableNo: text('table_no'),
    people: integer('people'),
    appointmentTime: bigint('appointment_time', { mode: 'number' }),
    pickupTime: jsonb('pickup_time').$type<WhenTime>(),
    deliveryTime: jsonb('delivery_time').$type<WhenTime>(),
    note: text('note').notNull().default(''),
    merchantNote: text('merchant_note').notNull().default(''),
    isPickerPack: boolean('is_picker_pack').notNull().default(false),
    daySeq: integer('day_seq').notNull(),
    /** Unpaid orders: the instant the order is cancelled if still unpaid (ORDER-8). */
    payDeadline: bigint('pay_deadline', { mode: 'number' }),
    idempotencyKey: text('idempotency_key'),
    /** The wallet's own transaction number (order/updateTradeNo). */
    tradeNo: text('trade_no'),
    /** C§3 order source (weixin, weixin_eat_in, koubei…), from the client and type of the order. */
    source: text('source'),
    rider: jsonb('rider').$type<RiderInfo>(),
    events: jsonb('events').$type<OrderEvent[]>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    paidAt: bigint('paid_at', { mode: 'number' }),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('orders_order_no_idx').on(t.orderNo),
    uniqueIndex('orders_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.shopId, t.id),
    index('orders_shop_idx').on(t.shopId, t.id),
    index('orders_deadline_idx').on(t.status, t.payDeadline),
  ],
);

/**
 * Payments with a provider (ORDER-7, MEMBER-4): one row per attempt, named by its `tradeNo` (the
 * provider's out_trade_no). `purpose` says what it pays: an order (`orderId`) or a member top-up
 * (`rechargeId`). `state` is ours (settled or not); `providerState` is what the provider last said.
 * `providerName` is the adapter that started it (sandbox, wechatpay, alipay); `providerTradeId` the
 * provider's own number (transaction_id / trade_no).
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    purpose: text('purpose').notNull().default('order'),
    orderId: integer('order_id').references(() => orders.id),
    rechargeId: integer('recharge_id'),
    tradeNo: text('trade_no').notNull(),
    /** The pay type (weixin, alipay, stripe, allinpay). */
    provider: text('provider').notNull(),
    providerName: text('provider_name').notNull().default('sandbox'),
    providerTradeId: text('provider_trade_id'),
    amount: numeric('amount', { precision: 14, scale: 4 }).notNull(),
    /** created | paid | failed | cancelled | refunded */
    state: text('state').notNull(),
    /** open | paid | failed | cancelled | refunded (the provider's side). */
    providerState: text('provider_state').notNull().default('open'),
    data: jsonb('data').$type<JsonObject>(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    settledAt: bigint('settled_at', { mode: 'number' }),
    /** Until when the provider is asked about an open trade that got no notification (the sweeper). */
    queryUntil: bigint('query_until', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('payments_trade_no_idx').on(t.tradeNo),
    index('payments_order_idx').on(t.orderId),
    index('payments_recharge_idx').on(t.rechargeId),
    index('payments_open_idx').on(t.state, t.queryUntil),
  ],
);

/** The shop's number of the day (order/daySeq): one counter per shop and shop-local day. */
export const shopDaySeq = pgTable(
  'shop_day_seq',
  {
    shopId: integer('shop_id').notNull(),
    day: text('day').notNull(),
    seq: integer('seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day] })],
);
