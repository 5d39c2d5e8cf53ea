import { RouteScreen } from '@/components/RouteScreen';

/** product/index (C§2): Items you add to the cart are shown here. */
export default function ProductIndexPage() {
  return <RouteScreen route="product/index" action="goMenu" />;
}
