import { createElement, useEffect, useState, type PropsWithChildren } from 'react';
import Taro, { useLaunch, usePageNotFound } from '@tarojs/taro';
import { StoresProvider, rootStore } from '@/stores';
import { installAsyncLoadGuard } from '@/components/async-load';
import { getLanguage, isLanguageLoaded, languageReady } from '@/i18n';
import { pageNotFoundUrl } from '@/domain/entry-launch';
import { launchHash } from '@/platform/browser';
import './app.scss';

// APP-4: H5 pages are async chunks; watch their loading (200 ms delay, reload message on failure).
// Mini programs load subpackages natively, so the guard is only for the browser build (a no-op there).
installAsyncLoadGuard();
// MENU-8: in a browser the launch page's boot starts now, while the page's chunks still download
const hash = launchHash();
if (hash !== null) void rootStore.boot.forLaunchRoute(hash);

/**
 * The app shell: reads the launch query into the session, then renders every page in the stores
 * provider. On H5 a stored language other than zh-CN arrives as its own chunk: the pages render
 * once it is there, so the first screen is never drawn in the wrong language.
 */
function App({ children }: PropsWithChildren) {
  const [ready, setReady] = useState(() => isLanguageLoaded(getLanguage()) && isLanguageLoaded(rootStore.session.language));
  useEffect(() => {
    if (ready) return;
    let alive = true;
    void languageReady().then(() => {
      if (alive) setReady(true);
    });
    return () => {
      alive = false;
    };
  }, [ready]);
  useLaunch((options) => {
    // C§2 start-up parameters arrive as the launch query
    rootStore.start(options.query ?? {});
  });
  // C§2: a launch onto a page that does not exist starts again at the entry page, with its query
  usePageNotFound((res) => void Taro.reLaunch({ url: pageNotFoundUrl(res.query) }));
  return ready ? createElement(StoresProvider, { value: rootStore }, children) : null;
}

export default App;
