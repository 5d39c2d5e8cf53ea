/** The mini programs' viewport (weapp and alipay builds): Taro's system info and the host's scroll-view node. */
import Taro from '@tarojs/taro';

/** The window's height in px (the visible part of a scrolling list is computed from it). */
export function windowHeight(): number {
  try {
    // getWindowInfo replaces the deprecated getSystemInfoSync; the oldest base libraries lack it
    const host = Taro as unknown as { getWindowInfo?: () => { windowHeight?: number } };
    const info = typeof host.getWindowInfo === 'function' ? host.getWindowInfo() : Taro.getSystemInfoSync();
    return info.windowHeight || 700;
  } catch {
    return 700;
  }
}

/**
 * Scrolls the scroll view `selector` (an id selector) to `top` px through the host's node. The
 * `document` a mini program sees is Taro's stand-in: setting scrollTop on its elements moves nothing
 * on screen (docs/architecture.md §13 Platform by build), so the DOM is never consulted here.
 */
export function scrollElementTo(selector: string, top: number): void {
  Taro.createSelectorQuery()
    .select(selector)
    .node((res: { node?: { scrollTo?: (o: { top: number }) => void } } | null) => res?.node?.scrollTo?.({ top }))
    .exec();
}
