import { RouteScreen } from '@/components/RouteScreen';

/** user/order/detail (C§2): An order's status, progress, items and price breakdown are shown here. */
export default function UserOrderDetailPage() {
  return <RouteScreen route="user/order/detail" action="goOrders" />;
}
