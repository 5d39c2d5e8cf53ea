/**
 * The boot of a page: a thin hook over its RootStore's boot (`root.boot`, src/stores/boot.ts). A page
 * reading the menu, cart or order as it renders takes its stores from `useOrderingStores()`
 * (use-ordering-stores.ts) as well.
 */
import { useEffect, useState } from 'react';
import { useStores } from '@/stores';
import type { BootOptions, BootResult } from '@/stores/boot';

/**
 * The boot state of a page: null while loading, then its result. The ordering level unless
 * `{ ordering: false }`: a page reading the menu, cart or order renders them only once it is ok.
 */
export function useShopBoot(options: BootOptions = {}): BootResult | null {
  const root = useStores();
  const ordering = options.ordering !== false;
  const member = options.member === true;
  const [state, setState] = useState<BootResult | null>(null);
  useEffect(() => {
    let alive = true;
    void root.boot.load({ ordering, member }).then((res) => {
      if (alive) setState(res);
    });
    return () => {
      alive = false;
    };
  }, [root, ordering, member]);
  return state;
}
