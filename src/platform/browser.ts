/**
 * What only the browser build does to the page around the app: its chunk loader, the document's
 * language, the focusable page boxes and the titles of embedded frames. Each is a no-op in the mini
 * programs (chosen by the build's TARO_ENV, so the code drops out of their bundles).
 */

/** Loads one of the build's async chunks (webpack's `__webpack_require__.e`). */
export type ChunkLoader = (chunkId: string | number) => Promise<unknown>;

/** Whether this is the browser build. */
export const isBrowserBuild = (): boolean => process.env.TARO_ENV === 'h5';

/**
 * Replaces the browser build's chunk loader by `wrap(loader)`; nothing elsewhere. `wrap` runs only
 * in the browser build (it may touch the document).
 */
export function wrapChunkLoader(wrap: (load: ChunkLoader) => ChunkLoader): void {
  if (process.env.TARO_ENV !== 'h5' || typeof __webpack_require__ === 'undefined') return;
  const runtime = __webpack_require__;
  if (typeof runtime.e !== 'function') return;
  runtime.e = wrap(runtime.e.bind(runtime));
}

/** The H5 location hash of the launch (e.g. `#/pages/user/index-tab-1?id=3`); null in the mini programs. */
export function launchHash(): string | null {
  if (process.env.TARO_ENV !== 'h5') return null;
  return window.location.hash;
}

/** The document's language follows the customer's (screen readers, translation offers); browser build only. */
export function setDocumentLanguage(language: string): void {
  if (process.env.TARO_ENV === 'h5') document.documentElement.lang = language;
}

/** Each page scrolls in its own box (the router's .taro_page): keyboard users reach it to scroll it; browser build only. */
export function focusablePageBoxes(): void {
  if (process.env.TARO_ENV !== 'h5') return;
  for (const el of Array.from(document.querySelectorAll('.taro_page:not([tabindex])'))) el.setAttribute('tabindex', '0');
}

/**
 * Gives each embedded frame without a title the title `title` (screen readers announce a frame by its
 * title), now and as frames are drawn; returns the stop. Browser build only (a no-op elsewhere).
 */
export function titleWebViewFrames(title: string): () => void {
  if (process.env.TARO_ENV !== 'h5') return () => undefined;
  const name = () => {
    for (const frame of Array.from(document.querySelectorAll('iframe.taro-webview'))) {
      if (!frame.getAttribute('title')) frame.setAttribute('title', title);
    }
  };
  name();
  // the frame is drawn by the WebView element after it is attached
  const watch = new MutationObserver(name);
  watch.observe(document.body, { childList: true, subtree: true });
  return () => watch.disconnect();
}
