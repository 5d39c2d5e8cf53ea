/**
 * H5: the ordering stores and the pricing engine are a chunk of their own ("ordering"), so the
 * start-up script holds only what the entry and the home page need (APP-4).
 */
import type { OrderingBuilder } from '../stores/ordering';

/** Nothing to build with at construction: `RootStore.ready()` loads the chunk. */
export const orderingNow: OrderingBuilder | null = null;

/** Loads the ordering chunk. */
export function importOrdering(): Promise<{ buildOrderingStores: OrderingBuilder }> {
  return import(/* webpackChunkName: "ordering" */ '../stores/ordering');
}
