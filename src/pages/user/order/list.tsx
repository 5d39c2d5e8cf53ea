import { OrderListScreen } from '@/components/ordering/OrderList';

/** Orders tab (C§2, ORDER-9): the customer's orders of the shop, by status. */
export default function UserOrderListPage() {
  return <OrderListScreen route="user/order/list" tab />;
}
