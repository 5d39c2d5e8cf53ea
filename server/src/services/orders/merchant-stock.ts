/** Stock adjustment by the merchant (SERVER-4). */
import { eq, sql } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { products } from '../../db/schema';
import { fail } from '../../http/errors';

/** Sets (or stops tracking, with null) the stock of a product; `delta` adds to it instead. */
export async function adjustStock(
  ctx: ServerContext,
  productId: number,
  change: { stock?: number | null; delta?: number },
): Promise<{ productId: number; stock: number | null }> {
  const set =
    change.delta !== undefined
      ? { stock: sql`GREATEST(COALESCE(${products.stock}, 0) + ${change.delta}, 0)` }
      : { stock: change.stock === undefined ? null : change.stock };
  const rows = await ctx.db
    .update(products)
    .set(set)
    .where(eq(products.id, productId))
    .returning({ id: products.id, stock: products.stock });
  if (!rows[0]) throw fail('notFound');
  return { productId: rows[0].id, stock: rows[0].stock };
}

