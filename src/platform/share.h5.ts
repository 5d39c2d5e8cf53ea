import Taro from '@tarojs/taro';
import { ErrorCode } from '../domain/errors';
import { pageOrigin } from './page-origin';
import type { ShareAdapter } from './share-types';

export type { ShareAdapter, ShareContent } from './share-types';

/** The app link of a path on this page's origin (H5 hash routes). */
export const shareUrl = (path: string): string => `${pageOrigin()}/#${path.startsWith('/') ? path : `/${path}`}`;

/**
 * A browser shares the link: the Web Share sheet where the browser has one (phones), otherwise the
 * link goes to the clipboard for the customer to paste into a chat.
 */
export const share: ShareAdapter = {
  buttonOpenType: null,
  async share(content) {
    const url = shareUrl(content.path);
    const nav = (typeof navigator !== 'undefined' ? navigator : undefined) as (Navigator & { share?: (d: ShareData) => Promise<void> }) | undefined;
    if (nav && typeof nav.share === 'function') {
      try {
        await nav.share({ title: content.title, url });
        return { ok: true, value: { copied: false } };
      } catch (e) {
        // the customer closed the sheet: nothing to report
        if (e instanceof Error && e.name === 'AbortError') return { ok: false, code: ErrorCode.requestAborted, cancelled: true };
      }
    }
    try {
      await Taro.setClipboardData({ data: url });
      return { ok: true, value: { copied: true } };
    } catch (e) {
      return { ok: false, code: ErrorCode.platformUnsupported, detail: e instanceof Error ? e.message : String(e) };
    }
  },
};
