import { RouteScreen } from '@/components/RouteScreen';

/** member/point-store/coupon-detail (C§2): Details of an exchangeable coupon and the points it needs are shown here. */
export default function MemberPointStoreCouponDetailPage() {
  return <RouteScreen route="member/point-store/coupon-detail" action="back" />;
}
