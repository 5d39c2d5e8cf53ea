import { RouteScreen } from '@/components/RouteScreen';

/** order/multi-success (C§2): After ordering from several shops, each order is listed here. */
export default function OrderMultiSuccessPage() {
  return <RouteScreen route="order/multi-success" action="goOrders" />;
}
