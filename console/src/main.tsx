/** The console's page: the stores on the browser's fetch, WebSocket, timers, storage and audio. */
// first: the schemas of the calls are built when their modules load, after this
import './zod-config';
import { autorun } from 'mobx';
import { createRoot } from 'react-dom/client';
import { App } from './components/App';
import { StoreContext } from './context';
import { LANGUAGE_STORAGE_KEY, pickLanguage } from './i18n';
import { boardSocketUrl, type SocketLike } from './stores/live';
import { RootStore } from './stores/root';
import type { AudioLike } from './stores/sound';
import './console.css';

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const storage = safeStorage();
const query = new URLSearchParams(window.location.search).get('lang');
const language = pickLanguage({ query, stored: storage?.getItem(LANGUAGE_STORAGE_KEY), browser: navigator.languages ?? [navigator.language] });
if (query === language) storage?.setItem(LANGUAGE_STORAGE_KEY, language);

type AudioCtor = new () => AudioLike;
const AudioContextCtor: AudioCtor | undefined =
  (window as unknown as { AudioContext?: AudioCtor }).AudioContext ?? (window as unknown as { webkitAudioContext?: AudioCtor }).webkitAudioContext;

const store = new RootStore({
  fetch: (url, init) => window.fetch(url, init),
  socket: (url) => new WebSocket(url) as unknown as SocketLike,
  socketUrl: (shopId) => boardSocketUrl(window.location, shopId),
  timers: {
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (h) => window.clearTimeout(h as number),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (h) => window.clearInterval(h as number),
  },
  random: Math.random,
  now: () => Date.now(),
  language,
  storage,
  hash: { get: () => window.location.hash, set: (h) => (window.location.hash = h) },
  audio: AudioContextCtor ? () => new AudioContextCtor() : null,
});

window.addEventListener('hashchange', () => store.router.sync());
// a tab left in the background may have missed frames: catch up when it shows again
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && store.session.me) {
    store.tick();
    void store.board.load();
  }
});
autorun(() => {
  document.documentElement.lang = store.i18n.lang;
  document.title = store.board.title(store.i18n.t('app.title'));
});

createRoot(document.getElementById('root')!).render(
  <StoreContext.Provider value={store}>
    <App />
  </StoreContext.Provider>,
);
void store.start();
