import { RouteScreen } from '@/components/RouteScreen';

/** product/search (C§2): Type a name to find products in this shop. */
export default function ProductSearchPage() {
  return <RouteScreen route="product/search" action="goMenu" />;
}
