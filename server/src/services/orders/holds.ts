/**
 * What a live order holds: stock (C§5, never oversold), its coupon (one live order per coupon, P§5)
 * and the points it uses. Taken in the order's transaction with conditional updates whose row count
 * is checked; given back when an unpaid order is cancelled or expires, or the order is refunded.
 */
import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { VipTransactionType } from '../../../../src/domain/enums';
import type { Db, Tx } from '../../db/client';
import { memberCoupons, members, orders, pointTransactions, products, type StockHold } from '../../db/schema';
import { fail } from '../../http/errors';

export type OrderRow = typeof orders.$inferSelect;

export const valuesList = (holds: readonly StockHold[]) =>
  sql.join(
    holds.map((h) => sql`(${h.productId}::int, ${h.quantity}::int)`),
    sql`, `,
  );

/**
 * Takes `holds` off the products' stock in one statement: `stock = stock - n WHERE stock >= n`
 * (untracked products, stock null, always pass), and the order's coupon in the same round trip
 * (`status = 1 AND used_order_id IS NULL`, P§5). Throws `productSoldOut` / `insufficientInventory`
 * naming the first product the stock does not cover, or `couponInUse`; the caller's transaction then
 * rolls back.
 */
export async function reserveStock(
  tx: Db,
  shopId: number,
  holds: readonly StockHold[],
  coupon: { memberCouponId: number; orderId: number } | null = null,
): Promise<void> {
  if (holds.length === 0) {
    if (coupon) await takeCoupon(tx, coupon.memberCouponId, coupon.orderId);
    return;
  }
  const couponCte = coupon
    ? sql`, c AS (
        UPDATE ${memberCoupons} SET status = 2, used_order_id = ${coupon.orderId}
         WHERE id = ${coupon.memberCouponId} AND status = 1 AND used_order_id IS NULL
        RETURNING id)`
    : sql``;
  const result = await tx.execute<{ ids: number[] | null; coupons: number }>(sql`
    WITH s AS (${stockUpdateSql(shopId, holds)})${couponCte}
    SELECT (SELECT array_agg(id) FROM s) AS ids, ${coupon ? sql`(SELECT count(*) FROM c)::int` : sql`1`} AS coupons`);
  const row = rowsOf<{ ids: number[] | null; coupons: number }>(result)[0];
  await checkReserved(tx, holds, row?.ids ?? null, coupon ? Number(row?.coupons ?? 0) : 1);
}

/** The stock update of `holds` (all lines in one statement), to be run as a CTE `RETURNING p.id`. */
export function stockUpdateSql(
  shopId: number | Placeholder,
  holds: readonly StockHold[],
  onlyIf: SQL = sql`true`,
): SQL {
  return sql`UPDATE ${products} AS p
         SET stock = p.stock - v.n, order_quantity = p.order_quantity + v.n
        FROM (VALUES ${valuesList(holds)}) AS v(id, n)
       WHERE p.id = v.id AND p.shop_id = ${shopId} AND (p.stock IS NULL OR p.stock >= v.n) AND ${onlyIf}
      RETURNING p.id`;
}

/**
 * Compares what a reservation statement took with what it should: fewer product rows than holds →
 * `productSoldOut` / `insufficientInventory` naming the first product short (read only then), no
 * coupon row → `couponInUse`. The caller's transaction then rolls back.
 */
export async function checkReserved(
  tx: Db,
  holds: readonly StockHold[],
  reservedIds: readonly number[] | null,
  couponsTaken: number,
): Promise<void> {
  const done = new Set((reservedIds ?? []).map(Number));
  const missing = holds.find((h) => !done.has(h.productId));
  if (missing) {
    const rows = await tx
      .select({ name: products.name, stock: products.stock })
      .from(products)
      .where(eq(products.id, missing.productId))
      .limit(1);
    const name = rows[0]?.name ?? `#${missing.productId}`;
    throw (rows[0]?.stock ?? 0) <= 0
      ? fail('productSoldOut', { product: name })
      : fail('insufficientInventory', { product: name });
  }
  if (couponsTaken === 0) throw fail('couponInUse');
}

/** Gives held stock back. */
export async function releaseStock(tx: Db, holds: readonly StockHold[]): Promise<void> {
  if (holds.length === 0) return;
  await tx.execute(sql`
    UPDATE ${products} AS p
       SET stock = p.stock + v.n, order_quantity = GREATEST(p.order_quantity - v.n, 0)
      FROM (VALUES ${valuesList(holds)}) AS v(id, n)
     WHERE p.id = v.id`);
}

/** Rows of a raw query on either driver (node-postgres answers `{rows}`, PGlite too). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: T[] }).rows;
  return rows ?? [];
}

/** P§5: a coupon is held by at most one live order; the conditional update decides between two orders. */
export async function takeCoupon(tx: Db, memberCouponId: number, orderId: number): Promise<void> {
  const rows = await tx
    .update(memberCoupons)
    .set({ status: 2, usedOrderId: orderId })
    .where(
      and(
        eq(memberCoupons.id, memberCouponId),
        eq(memberCoupons.status, 1),
        isNull(memberCoupons.usedOrderId),
      ),
    )
    .returning({ id: memberCoupons.id });
  if (rows.length === 0) throw fail('couponInUse');
}

/** Frees the coupon an order held. */
export async function releaseCoupon(tx: Db, memberCouponId: number, orderId: number): Promise<void> {
  await tx
    .update(memberCoupons)
    .set({ status: 1, usedOrderId: null })
    .where(and(eq(memberCoupons.id, memberCouponId), eq(memberCoupons.usedOrderId, orderId)));
}

/** Takes points off the member (P§9 points deduction); a point record is written. */
export async function takePoints(
  tx: Db,
  memberId: number,
  shopId: number,
  points: number,
  orderId: number,
): Promise<void> {
  if (points <= 0) return;
  const rows = await tx
    .update(members)
    .set({ points: sql`${members.points} - ${points}` })
    .where(and(eq(members.id, memberId), sql`${members.points} >= ${points}`))
    .returning({ points: members.points });
  if (rows.length === 0) throw fail('pointsInsufficient');
  await tx.insert(pointTransactions).values({
    memberId,
    shopId,
    type: VipTransactionType.consume,
    points: String(-points),
    pointsAfter: rows[0].points,
    orderId,
    note: 'order points deduction',
  });
}

/** Gives points back. */
export async function releasePoints(
  tx: Db,
  memberId: number,
  shopId: number,
  points: number,
  orderId: number,
): Promise<void> {
  if (points <= 0) return;
  const rows = await tx
    .update(members)
    .set({ points: sql`${members.points} + ${points}` })
    .where(eq(members.id, memberId))
    .returning({ points: members.points });
  await tx.insert(pointTransactions).values({
    memberId,
    shopId,
    type: VipTransactionType.add,
    points: String(points),
    pointsAfter: rows[0]?.points ?? '0',
    orderId,
    note: 'order points returned',
  });
}

/** Takes everything an order holds (creation, or reinstating a cancelled order that was paid late). */
export async function takeHolds(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'shopId' | 'stockHolds' | 'memberCouponId' | 'memberId' | 'pointsUsed'>,
): Promise<void> {
  const coupon =
    order.memberCouponId === null ? null : { memberCouponId: order.memberCouponId, orderId: order.id };
  await reserveStock(tx, order.shopId, order.stockHolds, coupon);
  if (order.memberId !== null) await takePoints(tx, order.memberId, order.shopId, order.pointsUsed, order.id);
}

/** Gives back what an order holds, once (the `holding` flag is cleared in the same update). */
export async function releaseHolds(tx: Tx, order: OrderRow): Promise<boolean> {
  const claimed = await tx
    .update(orders)
    .set({ holding: false })
    .where(and(eq(orders.id, order.id), eq(orders.holding, true)))
    .returning({ id: orders.id });
  if (claimed.length === 0) return false;
  await releaseStock(tx, order.stockHolds);
  if (order.memberCouponId !== null) await releaseCoupon(tx, order.memberCouponId, order.id);
  if (order.memberId !== null)
    await releasePoints(tx, order.memberId, order.shopId, order.pointsUsed, order.id);
  return true;
}
