import { RouteScreen } from '@/components/RouteScreen';

/** order/success (C§2): After you order, the order number and what happens next are shown here. */
export default function OrderSuccessPage() {
  return <RouteScreen route="order/success" action="goOrders" />;
}
