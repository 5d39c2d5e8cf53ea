import { t } from '@/i18n';
import { wrapChunkLoader, type ChunkLoader } from '@/platform/browser';

/** C§2: a lazy page shows "loading" only when it takes longer than this. */
export const ASYNC_LOAD_DELAY_MS = 200;
/** C§2: a lazy page load gives up after this long (also webpack's chunkLoadTimeout in config). */
export const ASYNC_LOAD_TIMEOUT_MS = 60_000;


interface Overlay {
  showLoading(): void;
  showFailure(): void;
  hide(): void;
}

function domOverlay(doc: Document): Overlay {
  let node: HTMLElement | null = null;
  const ensure = (): HTMLElement => {
    if (!node) {
      node = doc.createElement('div');
      node.className = 'async-load-message';
      node.setAttribute('role', 'status');
      doc.body.appendChild(node);
    }
    return node;
  };
  return {
    showLoading() {
      const el = ensure();
      el.textContent = t('common.loading');
      el.onclick = null;
      el.dataset.state = 'loading';
    },
    showFailure() {
      const el = ensure();
      // APP-4: a clickable message that reloads the page.
      el.textContent = t('errors.asyncLoadFailed');
      el.dataset.state = 'failed';
      el.setAttribute('role', 'button');
      el.onclick = () => doc.defaultView?.location.reload();
    },
    hide() {
      node?.remove();
      node = null;
    },
  };
}

/**
 * Wraps a chunk loader so that a slow load shows a message after 200 ms and a failed or timed-out
 * load shows the clickable reload message (APP-4, C§2).
 */
export function guardChunkLoader(load: ChunkLoader, overlay: Overlay, delayMs = ASYNC_LOAD_DELAY_MS): ChunkLoader {
  let pending = 0;
  return (chunkId) => {
    pending += 1;
    const timer = setTimeout(() => overlay.showLoading(), delayMs);
    return load(chunkId).then(
      (value) => {
        clearTimeout(timer);
        pending -= 1;
        if (pending === 0) overlay.hide();
        return value;
      },
      (error: unknown) => {
        clearTimeout(timer);
        pending -= 1;
        overlay.showFailure();
        throw error;
      },
    );
  };
}

/** Installs the guard on webpack's chunk loader in a browser build; a no-op elsewhere (chosen by build, not by globals). */
export function installAsyncLoadGuard(): void {
  wrapChunkLoader((load) => guardChunkLoader(load, domOverlay(document)));
}
