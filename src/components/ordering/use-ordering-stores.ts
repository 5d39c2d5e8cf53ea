/**
 * The stores of a page that reads the menu, the cart or the order as it renders. This module holds the
 * ordering stores' code (on H5 the page's chunk loads together with it), so they are built from it
 * before the page's first render; elsewhere they exist from the start and nothing is built here.
 * The pages that wait for them instead (OrderingGate) need not hold that code.
 */
import { useStores } from '@/stores';
import { buildOrderingStores } from '@/stores/ordering';
import type { RootStore } from '@/stores/root';

/** The page's RootStore, with its menu, cart, order and table stores built. */
export function useOrderingStores(): RootStore {
  const root = useStores();
  if (!root.orderingReady) root.adopt(buildOrderingStores);
  return root;
}
