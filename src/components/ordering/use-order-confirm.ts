/**
 * The confirm screen's order store (ORDER-1…3, ORDER-6): built once per identity by `RootStore.area`
 * from the root's API and the ordering stores, so its module travels in the order package.
 */
import { useStores } from '@/stores';
import { OrderConfirmStore } from '@/stores/areas/order-confirm';

export const ORDER_CONFIRM_AREA = 'order-confirm';

export function useOrderConfirm(): OrderConfirmStore {
  return useStores().area(
    ORDER_CONFIRM_AREA,
    (root) =>
      new OrderConfirmStore({
        api: root.api,
        platform: root.platform,
        session: root.session,
        // the ordering stores exist once the page's code holds them (a page may build this store before)
        get cart() {
          return root.cart;
        },
        get checkout() {
          return root.checkout;
        },
        get order() {
          return root.order;
        },
        shop: root.shop,
        member: root.member,
        promotion: root.promotion,
        address: root.address,
      }),
  );
}
