import { RouteScreen } from '@/components/RouteScreen';

/** member/point-store/point-store (C§2): Exchange your points for coupons and gifts here. */
export default function MemberPointStorePointStorePage() {
  return <RouteScreen route="member/point-store/point-store" action="goMember" />;
}
