import { WebView } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { RouteScreen } from '@/components/RouteScreen';

/** The `url` query of the page: an http(s) address, decoded once if the host left it encoded. */
function pageUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  const url = /^https?%3A/i.test(raw) ? decodeURIComponent(raw) : raw;
  return /^https?:\/\//i.test(url) ? url : null;
}

/**
 * index/web-view (C§2): This screen shows web pages linked by the shop, and the card / all-in-one
 * providers' payment pages in the mini programs (ORDER-8, `openProviderPage`).
 */
export default function IndexWebViewPage() {
  const url = pageUrl((useRouter().params as Record<string, string | undefined>).url);
  return url ? <WebView src={url} /> : <RouteScreen route="index/web-view" action="back" />;
}
