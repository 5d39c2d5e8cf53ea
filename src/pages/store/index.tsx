import { RouteScreen } from '@/components/RouteScreen';

/** store/index (C§2): The shop's address, phone and opening hours are shown here. */
export default function StoreIndexPage() {
  return <RouteScreen route="store/index" action="goMenu" />;
}
