import { RouteScreen } from '@/components/RouteScreen';

/** user/coupon/list (C§2): Coupons you receive are listed here and can be used at checkout. */
export default function UserCouponListPage() {
  return <RouteScreen route="user/coupon/list" action="goMenu" />;
}
