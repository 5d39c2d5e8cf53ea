import { RouteScreen } from '@/components/RouteScreen';

/** user/coupon/times-red-bag (C§2): Remaining uses of a multi-use coupon and its history are shown here. */
export default function UserCouponTimesRedBagPage() {
  return <RouteScreen route="user/coupon/times-red-bag" action="back" />;
}
