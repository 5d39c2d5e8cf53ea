/**
 * The order write (SERVER-3): the shop's number of the day, the order row, its stock and coupon
 * holds in one statement — prepared once per shape when it runs alone, built per order inside a
 * transaction (`createOrder` owns the transaction).
 */
import { getTableColumns, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { perServer, type ServerContext } from '../../context';
import { prepareSql } from '../../db/fast';
import type { Db } from '../../db/client';
import { memberCoupons, orders, products, shopDaySeq, type StockHold } from '../../db/schema';
import { fail } from '../../http/errors';
import { checkReserved, rowsOf, stockUpdateSql } from './holds';

/**
 * One round trip for the order's writes (SERVER-3): the shop's number of the day (upsert), the order
 * row, every line's stock (`stock >= n`) and the coupon (`status = 1 AND used_order_id IS NULL`).
 * The holds run after the insert (they name the order) and are compared with what was asked:
 * anything short throws and the caller's transaction rolls the order back.
 */
export async function placeOrder(
  tx: Db,
  shopId: number,
  day: string,
  values: PgInsertValue<typeof orders>,
  holds: readonly StockHold[],
  memberCouponId: number | null,
  alone: ServerContext | null,
): Promise<{ id: number; orderNo: string; daySeq: number }> {
  let result: unknown;
  try {
    result = alone
      ? await placeAlone(alone, shopId, day, values, holds, memberCouponId)
      : await tx.execute(placeSql(tx, shopId, day, values, holds, memberCouponId, false));
  } catch (e) {
    if (alone && holdsShort(e)) await explainShortHolds(tx, holds, memberCouponId);
    throw e;
  }
  const row = rowsOf<{
    id: number;
    order_no: string;
    day_seq: number;
    ids: number[] | null;
    coupons: number;
  }>(result)[0];
  await checkReserved(tx, holds, row.ids, Number(row.coupons));
  return { id: Number(row.id), orderNo: row.order_no, daySeq: Number(row.day_seq) };
}

/** The statement of `placeOrder`; `alone` adds the guard that fails it as a whole on a short hold. */
function placeSql(
  db: Db,
  shopId: number | Placeholder,
  day: string | Placeholder,
  values: PgInsertValue<typeof orders>,
  holds: readonly StockHold[],
  memberCouponId: number | Placeholder | null,
  alone: boolean,
): SQL {
  const insert = db
    .insert(orders)
    .values(values)
    .returning({ id: orders.id, orderNo: orders.orderNo, daySeq: orders.daySeq });
  const stockCte =
    holds.length > 0 ? sql`, s AS (${stockUpdateSql(shopId, holds, sql`EXISTS (SELECT 1 FROM o)`)})` : sql``;
  const couponCte =
    memberCouponId !== null
      ? sql`, c AS (
        UPDATE ${memberCoupons} SET status = 2, used_order_id = (SELECT id FROM o)
         WHERE id = ${memberCouponId} AND status = 1 AND used_order_id IS NULL
        RETURNING id)`
      : sql``;
  const stockTaken = holds.length > 0 ? sql`(SELECT count(*) FROM s)` : sql`0`;
  const couponTaken = memberCouponId !== null ? sql`(SELECT count(*) FROM c)` : sql`1`;
  // Outside a transaction the statement must fail as a whole when a hold is short: the text → int
  // cast of a non-constant message raises (only then) and nothing of the statement remains.
  const guard = alone
    ? sql`, (CASE WHEN ${stockTaken} = ${holds.length} AND ${couponTaken} = 1 THEN '0'
        ELSE ${HOLDS_SHORT} || o.id END)::int AS guard`
    : sql``;
  return sql`
    WITH d AS (
      INSERT INTO ${shopDaySeq} (shop_id, day, seq) VALUES (${shopId}, ${day}, 1)
      ON CONFLICT (shop_id, day) DO UPDATE SET seq = ${shopDaySeq}.seq + 1
      RETURNING seq),
    o AS (${insert.getSQL()})${stockCte}${couponCte}
    SELECT o.id, o.order_no, o.day_seq,
      ${holds.length > 0 ? sql`(SELECT array_agg(id) FROM s)` : sql`NULL::int[]`} AS ids,
      ${memberCouponId !== null ? sql`(SELECT count(*) FROM c)::int` : sql`1`} AS coupons${guard}
    FROM o`;
}

/** The order number of the day: the shop-day prefix and the number, five digits at least (CTE d). */
export const orderNoSql = (prefix: string | Placeholder): SQL<string> =>
  sql<string>`(SELECT ${prefix} || lpad(seq::text, greatest(5, length(seq::text)), '0') FROM d)`;
export const DAY_SEQ_SQL = sql<number>`(SELECT seq FROM d)`;
export const orderNoPrefix = (day: string, shopId: number): string => `${day.replace(/-/g, '')}${shopId}`;

/** jsonb columns of the order row: sent as JSON text by the prepared statement. */
const JSON_COLUMNS: ReadonlySet<string> = new Set(
  Object.entries(getTableColumns(orders))
    .filter(([, c]) => c.getSQLType() === 'jsonb')
    .map(([k]) => k),
);

/**
 * The standalone `placeOrder` statement prepared once per server for each shape (number of stock
 * holds, coupon or not, the row's columns): building the CTE with drizzle cost ~0.5 ms per order;
 * now only the values are bound. Every column is a bound value (the database reads its type from
 * the column), the number of the day and the order number come from CTE d as before.
 */
async function placeAlone(
  ctx: ServerContext,
  shopId: number,
  day: string,
  values: PgInsertValue<typeof orders>,
  holds: readonly StockHold[],
  memberCouponId: number | null,
): Promise<unknown> {
  const columns = Object.keys(values).filter((k) => k !== 'orderNo' && k !== 'daySeq');
  const key = `${holds.length}:${memberCouponId === null ? 0 : 1}:${columns.join(',')}`;
  const statements = placeStatements(ctx);
  let statement = statements.get(key);
  if (!statement) {
    const row: Record<string, unknown> = {
      orderNo: orderNoSql(sql.placeholder('prefix')),
      daySeq: DAY_SEQ_SQL,
    };
    for (const k of columns) row[k] = sql`${sql.placeholder(`v_${k}`)}`;
    const holdSlots = holds.map((_, i) => ({
      productId: sql.placeholder(`h${i}`),
      quantity: sql.placeholder(`n${i}`),
    }));
    const text = placeSql(
      ctx.db,
      sql.placeholder('shopId'),
      sql.placeholder('day'),
      row as PgInsertValue<typeof orders>,
      holdSlots as unknown as StockHold[],
      memberCouponId === null ? null : sql.placeholder('coupon'),
      true,
    );
    statement = prepareSql(ctx.db, text, `orders_place_${statements.size + 1}`) as PreparedPlace;
    statements.set(key, statement);
  }
  const params: Record<string, unknown> = {
    shopId,
    day,
    prefix: orderNoPrefix(day, shopId),
    coupon: memberCouponId,
  };
  const v = values as Record<string, unknown>;
  for (const k of columns) {
    const x = v[k];
    params[`v_${k}`] = JSON_COLUMNS.has(k) && x !== null && x !== undefined ? JSON.stringify(x) : x;
  }
  holds.forEach((h, i) => {
    params[`h${i}`] = h.productId;
    params[`n${i}`] = h.quantity;
  });
  return statement.execute(params);
}

type PreparedPlace = { execute(placeholders: Record<string, unknown>): Promise<unknown> };
/** The one-statement placements prepared so far, per shape of order. */
const placeStatements = perServer(() => new Map<string, PreparedPlace>());

const HOLDS_SHORT = 'order holds short: order ';

/** Whether a statement failed on the guard of `placeOrder` (invalid_text_representation of its message). */
function holdsShort(e: unknown): boolean {
  const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const inner = err?.cause ?? err;
  return inner?.code === '22P02' && (inner.message ?? '').includes(HOLDS_SHORT);
}

/**
 * After a one-statement order failed on a short hold (nothing was written): names the product whose
 * stock does not cover the line (`productSoldOut` / `insufficientInventory`), else `couponInUse`.
 */
async function explainShortHolds(
  db: Db,
  holds: readonly StockHold[],
  memberCouponId: number | null,
): Promise<never> {
  const stock =
    holds.length === 0
      ? []
      : await db
          .select({ id: products.id, name: products.name, stock: products.stock })
          .from(products)
          .where(
            inArray(
              products.id,
              holds.map((h) => h.productId),
            ),
          );
  const byId = new Map(stock.map((r) => [r.id, r]));
  const short = holds.find((h) => {
    const r = byId.get(h.productId);
    return !r || (r.stock !== null && r.stock < h.quantity);
  });
  if (short || memberCouponId === null) {
    const h = short ?? holds[0];
    const r = h ? byId.get(h.productId) : undefined;
    const name = r?.name ?? `#${h?.productId ?? 0}`;
    throw (r?.stock ?? 0) <= 0
      ? fail('productSoldOut', { product: name })
      : fail('insufficientInventory', { product: name });
  }
  throw fail('couponInUse');
}
