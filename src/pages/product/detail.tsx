import { RouteScreen } from '@/components/RouteScreen';

/** product/detail (C§2): A product's pictures, options and price are shown here. */
export default function ProductDetailPage() {
  return <RouteScreen route="product/detail" action="goMenu" />;
}
