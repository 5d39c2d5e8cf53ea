import { RouteScreen } from '@/components/RouteScreen';

/** member/index (C§2): Once you join, your member card, balance, points and coupons are shown here. */
export default function MemberIndexPage() {
  return <RouteScreen route="member/index" action="register" />;
}
