/**
 * The carts this device keeps at the shops of the chain (ORDER-10): what the cart's "check out all
 * shops" entry needs, without the multi-shop order store and its pages (they load with their subpackage).
 */
import type { Api } from '../api';
import { settle } from '../api/request';
import type { CartLine } from '../domain/types';
import type { KeyValueStorage } from '../platform/types';
import { cartStorageKey } from './cart-source';

/** The lines a shop's cart keeps on this device (CART-2), units only. */
export function storedCartLines(storage: KeyValueStorage, shopId: number): CartLine[] {
  const stored = storage.get<{ lines?: CartLine[] }>(cartStorageKey(shopId));
  const lines = stored && Array.isArray(stored.lines) ? stored.lines : [];
  return lines.filter((l) => typeof l?.flag === 'string' && l.quantity > 0);
}

/** How many shops of the chain hold a cart on this device (0 when the chain has one shop or the list fails). */
export async function chainCartShops(api: Pick<Api, 'store'>, storage: KeyValueStorage): Promise<number> {
  const res = await settle(api.store.list({}));
  if (!res.ok || res.data.list.length < 2) return 0;
  return res.data.list.filter((s) => storedCartLines(storage, s.id).length > 0).length;
}
