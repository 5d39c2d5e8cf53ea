import { createContext, useContext } from 'react';
import type { RootStore } from './stores/root';

export const StoreContext = createContext<RootStore | null>(null);

export function useStore(): RootStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('StoreContext missing');
  return store;
}
