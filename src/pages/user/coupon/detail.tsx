import { RouteScreen } from '@/components/RouteScreen';

/** user/coupon/detail (C§2): A coupon's value, conditions and validity are shown here. */
export default function UserCouponDetailPage() {
  return <RouteScreen route="user/coupon/detail" action="back" />;
}
