/**
 * The appointment area's store (ORDER-5) for the confirm page's appointment card and the service-user
 * page: built once per identity by `RootStore.area` from the root's API, cart and shop.
 */
import { useStores } from '@/stores';
import { BeautyStore } from '@/stores/areas/beauty';

export function useBeauty(): BeautyStore {
  return useStores().area(
    'beauty',
    (root) =>
      new BeautyStore({
        api: root.api,
        // the cart exists once the ordering stores are built (a page may build this store before)
        get cart() {
          return root.cart;
        },
        shop: root.shop,
        now: root.now,
      }),
  );
}
