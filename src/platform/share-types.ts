/** Sharing a page with friends (PROMO-3: the shared red bag). */
import type { PlatformResult } from './types';

export interface ShareContent {
  title: string;
  /** The app path a friend opens, e.g. `/pages/index/index?id=1001&…`. */
  path: string;
}

export interface ShareAdapter {
  /**
   * Mini programs share through the host: a button with this open type makes the host ask the page
   * (`onShareAppMessage`) for the title and path and show its friend picker. Null in a browser.
   */
  readonly buttonOpenType: 'share' | null;
  /** Browsers: the system share sheet when there is one, else the link is copied (`copied`). */
  share(content: ShareContent): Promise<PlatformResult<{ copied: boolean }>>;
}
