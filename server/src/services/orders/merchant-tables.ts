/** The tables of the shops, for their printed QR codes (`npm run merchant -- table-codes`). */
import { asc, eq } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { shops, tables } from '../../db/schema';
import { AppError } from '../../http/errors';

export interface MerchantTable {
  shopId: number;
  id: number;
  /** The table number printed on its code (sName; `table_no` of the scan-order link). */
  name: string;
  /** The table's current code (`tableCode` of the scan-order link, TABLE-7). */
  code: string;
}

/** Every table of a shop (of every shop without `shopId`), by shop and id; an unknown shop is `notFound`. */
export async function merchantTables(ctx: ServerContext, shopId?: number): Promise<MerchantTable[]> {
  if (shopId !== undefined) {
    const found = await ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).limit(1);
    if (!found[0]) throw new AppError('notFound', undefined, undefined, `no shop ${shopId}`);
  }
  return ctx.db
    .select({ shopId: tables.shopId, id: tables.id, name: tables.name, code: tables.code })
    .from(tables)
    .where(shopId === undefined ? undefined : eq(tables.shopId, shopId))
    .orderBy(asc(tables.shopId), asc(tables.id));
}
