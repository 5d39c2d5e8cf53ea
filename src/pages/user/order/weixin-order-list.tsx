import { RouteScreen } from '@/components/RouteScreen';

/** user/order/weixin-order-list (C§2): Orders paid with the app wallet are listed here. */
export default function UserOrderWeixinOrderListPage() {
  return <RouteScreen route="user/order/weixin-order-list" action="goOrders" />;
}
