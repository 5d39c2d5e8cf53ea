import { RouteScreen } from '@/components/RouteScreen';

/** index/error (C§2): This page could not be opened. Go back home and try again. */
export default function IndexErrorPage() {
  return <RouteScreen route="index/error" action="goHome" />;
}
