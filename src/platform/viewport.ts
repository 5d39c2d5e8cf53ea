import Taro from '@tarojs/taro';

/** The window's height in px (the visible part of a scrolling list is computed from it). */
export function windowHeight(): number {
  try {
    return Taro.getSystemInfoSync().windowHeight || 700;
  } catch {
    return 700;
  }
}

/** Scrolls the scroll view `selector` (an id selector) to `top` px: the element where a DOM holds it, else the host's node. */
export function scrollElementTo(selector: string, top: number): void {
  if (typeof document !== 'undefined' && typeof document.querySelector === 'function') {
    const el = document.querySelector(selector) as HTMLElement | null;
    if (el) el.scrollTop = top;
    return;
  }
  Taro.createSelectorQuery()
    .select(selector)
    .node((res: { node?: { scrollTo?: (o: { top: number }) => void } } | null) => res?.node?.scrollTo?.({ top }))
    .exec();
}
