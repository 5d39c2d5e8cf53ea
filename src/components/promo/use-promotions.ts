/** The promotion screens' store of this root, and the member state they wait for (PROMO-1…4). */
import { useEffect } from 'react';
import { bootShop, type BootResult } from '@/components/ordering/boot';
import { useStores } from '@/stores';
import type { RootStore } from '@/stores/root';
import { PromotionsAreaStore } from '@/stores/areas/promotions';

/** Builds the area store from the root's I/O and session-level stores (first use only). */
export function promotionsArea(root: RootStore): PromotionsAreaStore {
  return root.area(
    'promotions',
    (r) =>
      new PromotionsAreaStore({
        api: r.api,
        storage: r.storage,
        now: r.now,
        member: r.member,
        promotion: r.promotion,
        shop: {
          get shopId() {
            return r.shop.shopId;
          },
          get utcOffsetMinutes() {
            return r.shop.shop?.utcOffsetMinutes ?? 480;
          },
        },
        // the ordering level opens the shop's cart, so a coupon chosen here stays chosen
        cart: async () => {
          const res = await bootShop(r);
          if (!res.ok) throw new Error(String(res.code));
          return r.cart;
        },
      }),
  );
}

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
