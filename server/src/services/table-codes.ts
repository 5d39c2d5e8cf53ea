import { and, eq } from 'drizzle-orm';
import type { ServerContext } from '../context';
import { tables } from '../db/schema';

/** The table of a shop named `name` (the number printed on its QR code), or null. */
export async function tableByName(ctx: ServerContext, shopId: number, name: string): Promise<{ id: number; name: string } | null> {
  const rows = await ctx.db
    .select({ id: tables.id, name: tables.name })
    .from(tables)
    .where(and(eq(tables.shopId, shopId), eq(tables.name, name)))
    .limit(1);
  return rows[0] ?? null;
}
