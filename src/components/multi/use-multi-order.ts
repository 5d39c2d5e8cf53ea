/** The multi-shop order store of the multi pages and the cart's entry, built on first use (RootStore.area). */
import { createMultiOrderApi } from '@/api/multi-order';
import { newIdempotencyKey } from '@/api/request';
import { isAbroadEnv } from '@/platform/env';
import { useStores } from '@/stores';
import { MultiOrderStore } from '@/stores/areas/multi-order';

export const MULTI_ORDER_AREA = 'multi-order';

/** The success page of a group (its id travels as `groupId`). */
export const multiSuccessPage = (groupId: number): string => `/pages/order/multi-success?groupId=${groupId}`;

/** A v4-like random key; the request layer's own when the platform has no crypto. */
const uuid = (): string => {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return c?.randomUUID ? c.randomUUID() : newIdempotencyKey();
};

export function useMultiOrder(): MultiOrderStore {
  return useStores().area(
    MULTI_ORDER_AREA,
    (root) =>
      new MultiOrderStore({
        api: root.api,
        multi: createMultiOrderApi(root.api.client),
        storage: root.storage,
        platform: root.platform,
        session: root.session,
        address: root.address,
        abroad: isAbroadEnv(),
        now: root.now,
        uuid,
        onOrdered: (shopIds) => {
          // the cart on screen is one of the ordered shops': it empties as its stored copy did
          if (root.orderingReady && root.cart.shopId !== null && shopIds.includes(root.cart.shopId)) root.cart.clearAfterOrder();
        },
      }),
  );
}
