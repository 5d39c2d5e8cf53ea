import { RouteScreen } from '@/components/RouteScreen';

/** order/order (C§2): For table service, confirm your table's dishes and place the order here. */
export default function OrderOrderPage() {
  return <RouteScreen route="order/order" action="goMenu" />;
}
