import { RouteScreen } from '@/components/RouteScreen';

/** order/search-activity-by-code (C§2): Enter a code from the shop to find the promotion it unlocks. */
export default function OrderSearchActivityByCodePage() {
  return <RouteScreen route="order/search-activity-by-code" action="goMenu" />;
}
