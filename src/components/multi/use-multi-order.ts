/** The multi-shop order store of the multi pages and the cart's entry (built by the stores: `multiOrderArea`). */
import { useStores } from '@/stores';
import { multiOrderArea, type MultiOrderStore } from '@/stores/areas/multi-order';

/** The success page of a group (its id travels as `groupId`). */
export const multiSuccessPage = (groupId: number): string => `/pages/order/multi-success?groupId=${groupId}`;

export function useMultiOrder(): MultiOrderStore {
  return multiOrderArea(useStores());
}
