import { RouteScreen } from '@/components/RouteScreen';

/** index/empty (C§2): What you were looking for does not exist or is no longer available. */
export default function IndexEmptyPage() {
  return <RouteScreen route="index/empty" action="goHome" />;
}
