import { RouteScreen } from '@/components/RouteScreen';

/** index/web-view (C§2): This screen shows web pages linked by the shop. */
export default function IndexWebViewPage() {
  return <RouteScreen route="index/web-view" action="back" />;
}
