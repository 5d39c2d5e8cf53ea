/**
 * The shop's clock on the console's settings page (TIME-1): the owner reads and sets the shop's IANA
 * time zone; a zone the server does not know is refused by name and changes nothing. A new zone raises
 * the menu version, so apps holding the shop load its new offset changes.
 */
import { eq, sql } from 'drizzle-orm';
import type { ShopClockSettings } from '../../../../src/api/contract/console';
import type { ServerContext } from '../../context';
import { shops } from '../../db/schema';
import { AppError } from '../../http/errors';
import { getShop } from '../shops';
import { canonicalTimeZone } from '../../time-zone';
import { offsetAt, shopZone } from '../../../../src/domain/shop-time';

export async function shopClockOf(ctx: ServerContext, shopId: number): Promise<ShopClockSettings> {
  const { settings } = await getShop(ctx, shopId);
  return { timeZone: settings.timeZone ?? null, utcOffsetMinutes: offsetAt(shopZone(settings), ctx.clock.now()) };
}

export async function saveShopClock(ctx: ServerContext, shopId: number, timeZone: string): Promise<ShopClockSettings> {
  const name = canonicalTimeZone(timeZone.trim());
  if (name === null) throw new AppError('badRequest', undefined, undefined, `unknown time zone "${timeZone}"`);
  await ctx.db
    .update(shops)
    .set({ settings: sql`jsonb_set(${shops.settings} - 'timeZoneOffsets', '{timeZone}', to_jsonb(${name}::text))` })
    .where(eq(shops.id, shopId));
  await ctx.shopCache.bump(shopId);
  return shopClockOf(ctx, shopId);
}
