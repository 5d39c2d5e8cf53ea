import { RouteScreen } from '@/components/RouteScreen';

/** user/login (C§2): Log in to place orders, see your orders and use member benefits. */
export default function UserLoginPage() {
  return <RouteScreen route="user/login" action="goHome" />;
}
