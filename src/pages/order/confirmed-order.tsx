import { RouteScreen } from '@/components/RouteScreen';

/** order/confirmed-order (C§2): Dishes your table has already ordered are shown here. */
export default function OrderConfirmedOrderPage() {
  return <RouteScreen route="order/confirmed-order" action="goOrders" />;
}
