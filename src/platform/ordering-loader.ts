/**
 * How the ordering stores reach a RootStore on this platform. The mini programs and the tests take
 * this file: the stores are bundled with the app and built with the root (`orderingNow`). The H5
 * build takes `ordering-loader.h5.ts`, which loads them as a chunk of their own.
 */
import { buildOrderingStores } from '../stores/ordering';
import type { OrderingBuilder } from '../stores/ordering';

/** The builder when the ordering stores are already in the bundle (null: load them first). */
export const orderingNow: OrderingBuilder | null = buildOrderingStores;

/** Loads the ordering module. */
export function importOrdering(): Promise<{ buildOrderingStores: OrderingBuilder }> {
  return Promise.resolve({ buildOrderingStores });
}
