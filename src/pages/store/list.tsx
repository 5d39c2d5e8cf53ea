import { RouteScreen } from '@/components/RouteScreen';

/** store/list (C§2): Shops you can order from and their distance are listed here. Pick one to start ordering. */
export default function StoreListPage() {
  return <RouteScreen route="store/list" action="goHome" />;
}
