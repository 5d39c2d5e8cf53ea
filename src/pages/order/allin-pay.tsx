import { RouteScreen } from '@/components/RouteScreen';

/** order/allin-pay (C§2): Pay for an order with the third-party payment provider here. */
export default function OrderAllinPayPage() {
  return <RouteScreen route="order/allin-pay" action="goOrders" />;
}
