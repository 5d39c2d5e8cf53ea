import { RouteScreen } from '@/components/RouteScreen';

/** product/table (C§2): When ordering at a table, the shared cart and ordered dishes are shown here. */
export default function ProductTablePage() {
  return <RouteScreen route="product/table" action="goMenu" />;
}
