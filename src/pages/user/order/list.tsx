import { RouteScreen } from '@/components/RouteScreen';

/** user/order/list (C§2): Orders you place and their status will appear here. */
export default function UserOrderListPage() {
  return <RouteScreen route="user/order/list" action="goMenu" tab />;
}
