/**
 * The stores of a page that reads orders only (the order list): the order store is built from this
 * module's builder before the page's first render, without the menu, cart and pricing of the ordering
 * stores (use-ordering-stores.ts), which such a page neither loads nor waits for (MENU-8).
 */
import { useStores } from '@/stores';
import { buildOrderStore } from '@/stores/order-build';
import type { RootStore } from '@/stores/root';

/** The page's RootStore, with its order store built. */
export function useOrderStore(): RootStore {
  const root = useStores();
  if (!root.orderReady) root.adoptOrder(buildOrderStore);
  return root;
}
