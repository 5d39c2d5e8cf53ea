import { RouteScreen } from '@/components/RouteScreen';

/** order/allin-pay-callback (C§2): After paying with the third-party provider, the result is shown here. */
export default function OrderAllinPayCallbackPage() {
  return <RouteScreen route="order/allin-pay-callback" action="goOrders" />;
}
