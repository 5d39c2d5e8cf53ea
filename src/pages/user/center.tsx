import { RouteScreen } from '@/components/RouteScreen';

/** user/center (C§2): Log in to see your member card, balance, points, coupons and addresses. */
export default function UserCenterPage() {
  return <RouteScreen route="user/center" action="login" tab />;
}
