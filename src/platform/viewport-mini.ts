/** The mini programs' viewport (weapp and alipay builds): the window's height from the host's window info. */

/** What the viewport reads of a host; viewport.weapp.ts / viewport.alipay.ts pass Taro typed by that host's declarations. */
export interface WindowInfoHost {
  canIUse?: (schema: string) => boolean;
  getWindowInfo: () => { windowHeight: number };
  getSystemInfoSync: () => { windowHeight: number };
}

/** The window's height in px (the visible part of a scrolling list is computed from it). */
export function windowHeightOf(host: WindowInfoHost): number {
  try {
    // getWindowInfo replaces getSystemInfoSync (the chat app's declarations name it in its place);
    // base libraries older than it answer false to canIUse and still have getSystemInfoSync
    const info = typeof host.canIUse === 'function' && host.canIUse('getWindowInfo') ? host.getWindowInfo() : host.getSystemInfoSync();
    return info.windowHeight || 700;
  } catch {
    return 700;
  }
}
