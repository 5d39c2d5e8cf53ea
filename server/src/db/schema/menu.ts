import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import type { StoredArea, StoredCategory, StoredProduct, StoredTable } from './json';
import { shops } from './shops';

/** Product categories (C§3 Product store: categories with saleDateRange and type). */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    /** The domain's category object (saleDateRange, type, …). */
    data: jsonb('data').$type<StoredCategory>().notNull(),
  },
  (t) => [index('categories_shop_idx').on(t.shopId)],
);

/**
 * Products. Specs, tastes and meal sets stay inside `data` (the domain Product); the columns hold
 * what the server filters, searches or updates: status, price, and the tracked `stock`
 * (null = not tracked; orders decrement it with `stock = stock - n WHERE stock >= n`).
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    categoryId: integer('category_id').references(() => categories.id),
    name: text('name').notNull(),
    price: numeric('price', { precision: 14, scale: 4 }).notNull(),
    memberPrice: numeric('member_price', { precision: 14, scale: 4 }),
    /** C§3 product status: 0 normal, 1 sold out, 2 offline, 3 deleted. */
    status: integer('status').notNull().default(0),
    stock: integer('stock'),
    /** Units sold and not yet settled, reported by stockQuery as order_quantity. */
    orderQuantity: integer('order_quantity').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    isSpecProduct: boolean('is_spec_product').notNull().default(false),
    data: jsonb('data').$type<StoredProduct>().notNull(),
  },
  (t) => [index('products_shop_idx').on(t.shopId), index('products_category_idx').on(t.categoryId)],
);

/** Dining areas and tables (C§3 Table). */
export const areas = pgTable(
  'areas',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    data: jsonb('data').$type<StoredArea>(),
  },
  (t) => [index('areas_shop_idx').on(t.shopId)],
);

export const tables = pgTable(
  'tables',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    areaId: integer('area_id').references(() => areas.id),
    /** sName: the table number printed on the code (e.g. A1). */
    name: text('name').notNull(),
    maxPerson: integer('max_person').notNull().default(4),
    /** nTableStatus of the merchant side (1 usable). */
    tableStatus: integer('table_status').notNull().default(1),
    eachFee: numeric('each_fee', { precision: 14, scale: 4 }).notNull().default('0'),
    /** nFeeType: 1 half hours, otherwise whole hours (C§9 timed table fee). */
    feeType: integer('fee_type').notNull().default(0),
    data: jsonb('data').$type<StoredTable>(),
    /**
     * The table's code (TABLE-7): the unguessable part of its scan-order link (`tableCode`). Made by
     * the database for every new table (122 random bits of gen_random_uuid, as 32 hex digits); staff
     * rotate it from the console (docs/decisions.md "Table codes and sessions").
     */
    code: text('code')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** When staff last rotated the code (null: the code the table was made with). */
    codeSetAt: bigint('code_set_at', { mode: 'number' }),
  },
  (t) => [index('tables_shop_idx').on(t.shopId)],
);
