/**
 * The shop this device was last in (C§2 entry without a shop id): kept in storage so the next bare
 * launch goes straight to it. Written once a shop has loaded at the entry page, whether it came from
 * a link or from the shop list, so it is always the shop of the stored token.
 */
import { readRememberedShop, type RememberedShop } from '../../domain/entry-launch';
import type { KeyValueStorage } from '../../platform/types';

export const REMEMBERED_SHOP_KEY = 'lastShop';

/** The remembered shop, or null (nothing stored, or something unreadable). */
export function rememberedShop(storage: KeyValueStorage): RememberedShop | null {
  return readRememberedShop(storage.get<unknown>(REMEMBERED_SHOP_KEY));
}

/** Remembers the shop the customer is in now. */
export function rememberShop(storage: KeyValueStorage, shop: { id: number; chainId?: number | null }): void {
  const value: RememberedShop = { id: shop.id, chainId: shop.chainId ?? null };
  storage.set(REMEMBERED_SHOP_KEY, value);
}
