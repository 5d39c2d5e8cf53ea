import '@/i18n/areas/general';
import { useEffect } from 'react';
import { WebView, View, Text } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { runAction } from '@/components/navigation';
import { queryValue } from '@/components/general/query';
import { routeTitle, t } from '@/i18n';
import { titleWebViewFrames } from '@/platform/browser';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/general/general.scss';

/** The `url` query as given: decoded once when the host left the whole address encoded (`https%3A…`). */
function rawUrl(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  return /^https?%3A/i.test(value) ? queryValue(value) : value;
}

/** The `url` query of the page when it is an http(s) address. */
export function pageUrl(raw: string | undefined): string | null {
  const url = rawUrl(raw);
  return /^https?:\/\/\S+$/i.test(url) ? url : null;
}

/** Why there is no web page: no address, or one that is not http(s) (shown, shortened). */
const Refused = observer(function Refused({ raw }: { raw: string }) {
  void useStores().session.language;
  const shown = raw.length > 120 ? `${raw.slice(0, 120)}…` : raw;
  return (
    <PageShell route="index/web-view" className="general-page">
      <View className="general-result" id="web-view-refused">
        <View className="general-result__mark">!</View>
        <Text className="general-result__title">{t(raw ? 'general.webView.refused' : 'general.webView.missing')}</Text>
        {raw ? <Text className="general-result__text">{t('general.webView.refusedText')}</Text> : null}
        {raw ? (
          <Text className="general-result__text" id="web-view-address">
            {t('general.webView.address', { url: shown })}
          </Text>
        ) : null}
      </View>
      <View className="primary-button" id="web-view-back" onClick={() => void runAction('back')}>
        <Text>{t('general.webView.back')}</Text>
      </View>
    </PageShell>
  );
});

/** H5: the page's frame is named by the page title (screen readers announce a frame by its title). */
function useFrameTitle(shown: boolean): void {
  useEffect(() => {
    if (!shown) return undefined;
    return titleWebViewFrames(routeTitle('index/web-view'));
  }, [shown]);
}

/**
 * index/web-view (C§2): shows the web page of its `url` query — pages linked by the shop, and the card /
 * all-in-one providers' payment pages in the mini programs (ORDER-8, `openProviderPage`). Only http(s)
 * addresses open; anything else gets a clear message and a way back.
 */
export default function IndexWebViewPage() {
  const raw = (useRouter().params as Record<string, string | undefined>).url;
  const url = pageUrl(raw);
  useFrameTitle(url !== null);
  return url ? <WebView src={url} /> : <Refused raw={queryValue(rawUrl(raw))} />;
}
