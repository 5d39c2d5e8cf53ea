/**
 * Which shops a token may act in (docs/decisions.md "Token scope across shops"): its own shop, and
 * for chain-wide actions the shops of the same chain.
 */
import { asc, eq } from 'drizzle-orm';
import type { ServerContext } from '../context';
import { shops } from '../db/schema';
import { fail } from '../http/errors';
import { getShop } from './shops';

/** How far a shop id in a request may reach from the token's shop. */
export type ShopReach = 'shop' | 'chain';

/** True when `targetId` is the token's shop or (reach `chain`) a shop of the same chain. */
export async function withinReach(ctx: ServerContext, ownShopId: number, targetId: number, reach: ShopReach): Promise<boolean> {
  if (targetId === ownShopId) return true;
  if (reach === 'shop') return false;
  const own = await getShop(ctx, ownShopId);
  if (own.chainId === null) return false;
  let target;
  try {
    target = await getShop(ctx, targetId);
  } catch {
    return false;
  }
  return target.chainId === own.chainId;
}

/** Refuses (getShopDataFailed, as an unknown shop) a shop id outside the token's reach. */
export async function assertWithinReach(ctx: ServerContext, ownShopId: number, targetId: number, reach: ShopReach): Promise<void> {
  if (!(await withinReach(ctx, ownShopId, targetId, reach))) throw fail('getShopDataFailed');
}

/** The ids of the shops of the token's shop's chain (the shop alone outside a chain). */
export async function chainShopIds(ctx: ServerContext, shopId: number): Promise<number[]> {
  const own = await getShop(ctx, shopId);
  if (own.chainId === null) return [own.id];
  const rows = await ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.chainId, own.chainId)).orderBy(asc(shops.id));
  return rows.map((r) => r.id);
}
