import { boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops } from './shops';

/** A consumer identity: one per open id (chat app, payment app, or browser visitor device id). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    platform: text('platform').notNull(),
    openid: text('openid').notNull(),
    phone: text('phone'),
    nickName: text('nick_name').notNull(),
    avatarUrl: text('avatar_url').notNull(),
    /** False for visitors who got a random nickname and avatar (C§3 User). */
    authorised: boolean('authorised').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_openid_idx').on(t.openid), index('users_phone_idx').on(t.phone)],
);

/** Tokens: a token names one user and one shop and lives 24 hours (C§9). Only its hash is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Delivery addresses (C§3 Address). */
export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    county: text('county').notNull().default(''),
    address: text('address').notNull(),
    /** "lat,lng" as the app sends it. */
    addressGps: text('address_gps').notNull(),
    lat: numeric('lat', { precision: 10, scale: 7 }).notNull(),
    lng: numeric('lng', { precision: 10, scale: 7 }).notNull(),
    houseNumber: text('house_number').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    gender: integer('gender').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

/** SMS verification codes; only a hash of the code is kept. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: text('phone').notNull(),
    shopId: integer('shop_id').references(() => shops.id),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone)],
);

/** Client logs sent through user/putLogs (bounded size). */
export const clientLogs = pgTable('client_logs', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  userId: integer('user_id'),
  shopId: integer('shop_id'),
  log: text('log').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
