import { RouteScreen } from '@/components/RouteScreen';

/** order/stripe-pay (C§2): Pay for an order by card here. */
export default function OrderStripePayPage() {
  return <RouteScreen route="order/stripe-pay" action="goOrders" />;
}
