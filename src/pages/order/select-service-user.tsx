import { RouteScreen } from '@/components/RouteScreen';

/** order/select-service-user (C§2): When booking, choose who will serve you here. */
export default function OrderSelectServiceUserPage() {
  return <RouteScreen route="order/select-service-user" action="back" />;
}
