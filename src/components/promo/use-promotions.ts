/** The promotion screens' store of this root, and the member state they wait for (PROMO-1…4). */
import { useEffect } from 'react';
import { useStores } from '@/stores';
import type { BootResult } from '@/stores/boot';
import { promotionsArea, type PromotionsAreaStore } from '@/stores/areas/promotions';

export function usePromotionsArea(): PromotionsAreaStore {
  return promotionsArea(useStores());
}

/**
 * Whether the member card is known once the shop has booted (the boot asks for it in the background):
 * the coupon screens answer a visitor differently from a member.
 */
export function useMemberKnown(boot: BootResult | null): boolean {
  const { member } = useStores();
  useEffect(() => {
    if (boot?.ok && !member.loaded && !member.loading) void member.load().catch(() => undefined);
  }, [boot, member, member.loaded, member.loading]);
  return !!boot?.ok && member.loaded;
}
