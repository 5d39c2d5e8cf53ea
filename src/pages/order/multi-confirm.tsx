import { RouteScreen } from '@/components/RouteScreen';

/** order/multi-confirm (C§2): When you order from several shops at once, confirm them together here. */
export default function OrderMultiConfirmPage() {
  return <RouteScreen route="order/multi-confirm" action="goMenu" />;
}
