/**
 * The app's stores: `RootStore`, the app instance `rootStore`, its React provider and the typed
 * `useStores()` hook (docs/architecture.md §11 Stores: no string injection).
 */
import { createContext, useContext } from 'react';
import { createApi } from '../api';
import { RequestClient } from '../api/request';
import { errorMessage, requestLanguage } from '../i18n';
import { apiHost, isAbroadEnv, platform, taroTransport } from '../platform';
import { RootStore } from './root';

export { RootStore } from './root';
export { AuthStore } from './auth';
export type { RootStoreDeps } from './root';
export { SessionStore, LIVE_CLOSE_ON_HIDE, LANGUAGE_STORAGE_KEY } from './session';
export type { LiveChannel, OrderTypeChange, SessionEntryFields, TabOrderingLabelKey } from './session';

/** Builds the app's RootStore on the running platform, the Taro transport and the i18n messages. */
export function createAppRootStore(): RootStore {
  const abroad = isAbroadEnv();
  // the client reads the session lazily: it exists only once the root store is built
  let root: RootStore | null = null;
  const client = new RequestClient({
    transport: taroTransport,
    storage: platform.storage,
    toast: (message) => platform.ui.toast(message),
    reLaunch: (url) => platform.ui.reLaunch(url),
    message: errorMessage,
    context: () => ({ abroad, language: requestLanguage(), userAgentType: root?.session.userAgent ?? null }),
    host: apiHost(),
    onUnauthorized: () => root?.forgetIdentity(),
  });
  root = new RootStore({ api: createApi(client), storage: platform.storage, platform, abroad });
  // APP-5: the launch query is read as the app module loads (the launch itself)
  root.start();
  return root;
}

/** The app's instance. */
export const rootStore: RootStore = createAppRootStore();

const StoresContext = createContext<RootStore>(rootStore);

/** Provides a RootStore to the pages (the app passes `rootStore`; tests may pass their own). */
export const StoresProvider = StoresContext.Provider;

/** The RootStore of the nearest provider (the app's instance without one). */
export function useStores(): RootStore {
  return useContext(StoresContext);
}
