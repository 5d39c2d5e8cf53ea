import { useEffect, useState } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/prompts/download-prompt.scss';

/** Remembers that the customer closed the prompt: it does not come back on this device. */
export const DOWNLOAD_PROMPT_DISMISSED_KEY = 'downloadAppDismissed';

/** C§2 "download app (Android only)": a browser on an Android phone, by its user agent. */
export function isAndroidBrowser(platformName: string, userAgent: string): boolean {
  return platformName === 'h5' && /\bAndroid\b/i.test(userAgent);
}

/**
 * The download-app prompt (C§2 "Also prompts", USER-4), browser build: a bar at the bottom of the home
 * tab, shown only on Android when the shop offers an app (`appDownloadUrl`), until the customer closes it
 * (remembered on the device). Its texts load with it (the general area, an async chunk), so the first
 * screen of the other browsers does not carry them.
 */
export const DownloadAppPrompt = observer(function DownloadAppPrompt() {
  const { platform, storage, shop, session } = useStores();
  void session.language;
  const url = shop.shop?.appDownloadUrl?.trim() ?? '';
  const wanted = /^https?:\/\//i.test(url) && isAndroidBrowser(platform.name, platform.client.userAgent) && !storage.get(DOWNLOAD_PROMPT_DISMISSED_KEY);
  const [closed, setClosed] = useState(false);
  const [texts, setTexts] = useState(false);
  useEffect(() => {
    if (!wanted || texts) return;
    let alive = true;
    void import('@/i18n/areas/general').then(() => alive && setTexts(true));
    return () => {
      alive = false;
    };
  }, [wanted, texts]);
  if (!wanted || closed || !texts) return null;
  const close = () => {
    storage.set(DOWNLOAD_PROMPT_DISMISSED_KEY, true);
    setClosed(true);
  };
  return (
    <View className="download-prompt" id="download-prompt">
      <View className="download-prompt__texts">
        <Text className="download-prompt__title">{t('general.download.title')}</Text>
        <Text className="download-prompt__text">{t('general.download.text')}</Text>
      </View>
      <Text className="download-prompt__action" id="download-prompt-open" onClick={() => window.open(url, '_blank', 'noopener')}>
        {t('general.download.action')}
      </Text>
      <Text className="download-prompt__close" id="download-prompt-close" aria-label={t('general.download.close')} onClick={close}>
        ×
      </Text>
    </View>
  );
});
