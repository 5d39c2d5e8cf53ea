import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  JsonObject,
  StoredBeauty,
  StoredGiftRule,
  StoredMemberLevel,
  StoredMemberSetting,
  StoredPayRule,
  StoredPaySetting,
  StoredShopSettings,
} from './json';

/** A chain groups shops that share members and coupons (C§6 chain member). */
export const chains = pgTable('chains', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  data: jsonb('data').$type<JsonObject>(),
});

/**
 * A shop. The spec's long list of shop settings (C§3 Shop info) lives in `settings` as the domain's
 * ShopSettings object; the columns are what queries filter or update on.
 */
export const shops = pgTable(
  'shops',
  {
    id: integer('id').primaryKey(),
    chainId: integer('chain_id').references(() => chains.id),
    name: text('name').notNull(),
    industry: integer('industry').notNull().default(0),
    /** C§4 shop real status source: 1 normal, 0 expired, -1 stopped. */
    shopStatus: integer('shop_status').notNull().default(1),
    settings: jsonb('settings').$type<StoredShopSettings>().notNull(),
    memberSetting: jsonb('member_setting').$type<StoredMemberSetting>(),
    /** Pay types offered by the shop (store/paySetting) and for member recharge (vipChargePaySetting). */
    paySetting: jsonb('pay_setting').$type<StoredPaySetting>(),
    vipChargePaySetting: jsonb('vip_charge_pay_setting').$type<StoredPaySetting>(),
    /** Recharge rules (vip/payRules) and gift-amount use rules (vip/giftAmountRules, P§9). */
    payRules: jsonb('pay_rules').$type<StoredPayRule[]>(),
    giftRules: jsonb('gift_rules').$type<StoredGiftRule[]>(),
    /** Beauty settings, staff and tags (C§3 Beauty). */
    beauty: jsonb('beauty').$type<StoredBeauty>(),
    /** Minutes before an unpaid order is cancelled (UNPAID_TIMEOUT_S overrides). */
    unpaidMinutes: integer('unpaid_minutes').notNull().default(15),
    /** Menu version (MENU-5): bumped whenever the menu changes so clients refresh their cache. */
    menuVersion: integer('menu_version').notNull().default(1),
    /** SMS codes left for this shop (P§5 "fails when the shop SMS quota is zero"). */
    smsQuota: integer('sms_quota').notNull().default(100),
    appId: text('app_id'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shops_chain_idx').on(t.chainId)],
);

/** Member levels of a shop or chain (store/levels). */
export const memberLevels = pgTable(
  'member_levels',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id').references(() => shops.id),
    chainId: integer('chain_id').references(() => chains.id),
    level: integer('level').notNull(),
    name: text('name').notNull(),
    /** Member discount percent of this level (P§3 discount, default 100). */
    discount: integer('discount').notNull().default(100),
    data: jsonb('data').$type<StoredMemberLevel>(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('member_levels_shop_idx').on(t.shopId)],
);
