import { RouteScreen } from '@/components/RouteScreen';

/** order/fail (C§2): Why an order or payment did not go through is explained here, with a way to retry. */
export default function OrderFailPage() {
  return <RouteScreen route="order/fail" action="goOrders" />;
}
