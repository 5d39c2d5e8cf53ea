import { RouteScreen } from '@/components/RouteScreen';

/** product/expand-red-bag (C§2): Share this bonus with friends so everyone gets a coupon. */
export default function ProductExpandRedBagPage() {
  return <RouteScreen route="product/expand-red-bag" action="goHome" />;
}
