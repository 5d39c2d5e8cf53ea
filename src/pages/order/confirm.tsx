import { RouteScreen } from '@/components/RouteScreen';

/** order/confirm (C§2): After choosing items, confirm the order type, time and discounts here, then pay. */
export default function OrderConfirmPage() {
  return <RouteScreen route="order/confirm" action="goMenu" />;
}
