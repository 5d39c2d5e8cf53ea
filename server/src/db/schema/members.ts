import { index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { JsonObject } from './json';
import { chains, shops } from './shops';
import { users } from './users';

/**
 * Members (P§3 Member info). A member belongs to a shop, or to a chain when `chainId` is set
 * (chain members use their card in every shop of the chain).
 */
export const members = pgTable(
  'members',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    chainId: integer('chain_id').references(() => chains.id),
    userId: integer('user_id').references(() => users.id),
    phone: text('phone').notNull(),
    name: text('name').notNull().default(''),
    birthday: text('birthday'),
    level: integer('level').notNull().default(0),
    levelName: text('level_name').notNull().default(''),
    cardNo: text('card_no').notNull(),
    discount: integer('discount').notNull().default(100),
    balance: numeric('balance', { precision: 14, scale: 4 }).notNull().default('0'),
    giftAmount: numeric('gift_amount', { precision: 14, scale: 4 }).notNull().default('0'),
    points: numeric('points', { precision: 14, scale: 4 }).notNull().default('0'),
    /** argon2id hash of the 6-digit pay password (C§5). */
    payPasswordHash: text('pay_password_hash'),
    payPasswordFailedTries: integer('pay_password_failed_tries').notNull().default(0),
    payPasswordLockedUntil: timestamp('pay_password_locked_until', { withTimezone: true }),
    isCharged: integer('is_charged').notNull().default(0),
    isBindOfficialAccount: integer('is_bind_official_account').notNull().default(0),
    officialAccountOpenid: text('official_account_openid'),
    data: jsonb('data').$type<JsonObject>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('members_shop_idx').on(t.shopId),
    index('members_chain_idx').on(t.chainId),
    index('members_user_idx').on(t.userId),
    index('members_phone_idx').on(t.phone),
  ],
);

/** Balance and gift-amount movements (C§4 vip transaction types). */
export const balanceTransactions = pgTable(
  'balance_transactions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    shopId: integer('shop_id').references(() => shops.id),
    type: text('type').notNull(),
    amount: numeric('amount', { precision: 14, scale: 4 }).notNull(),
    giftAmount: numeric('gift_amount', { precision: 14, scale: 4 }).notNull().default('0'),
    balanceAfter: numeric('balance_after', { precision: 14, scale: 4 }).notNull(),
    giftAmountAfter: numeric('gift_amount_after', { precision: 14, scale: 4 }).notNull().default('0'),
    orderId: integer('order_id'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('balance_transactions_member_idx').on(t.memberId)],
);

/** Point movements (C§4 vip point transaction types). */
export const pointTransactions = pgTable(
  'point_transactions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    shopId: integer('shop_id').references(() => shops.id),
    type: text('type').notNull(),
    points: numeric('points', { precision: 14, scale: 4 }).notNull(),
    pointsAfter: numeric('points_after', { precision: 14, scale: 4 }).notNull(),
    orderId: integer('order_id'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('point_transactions_member_idx').on(t.memberId)],
);

/** Limit cards: prepaid counts of a product or service (store/limitCardList, P§7). */
export const limitCards = pgTable(
  'limit_cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    productId: integer('product_id'),
    name: text('name').notNull(),
    totalTimes: integer('total_times').notNull(),
    usedTimes: integer('used_times').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    data: jsonb('data').$type<JsonObject>(),
  },
  (t) => [index('limit_cards_member_idx').on(t.memberId)],
);

/** Each use of a limit card (store/limitCardUseList). */
export const limitCardUses = pgTable(
  'limit_card_uses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    limitCardId: integer('limit_card_id')
      .notNull()
      .references(() => limitCards.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    productId: integer('product_id'),
    times: integer('times').notNull().default(1),
    orderId: integer('order_id'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('limit_card_uses_card_idx').on(t.limitCardId)],
);
