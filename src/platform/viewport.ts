import Taro from '@tarojs/taro';

/** The window's height in px (the visible part of a scrolling list is computed from it). */
export function windowHeight(): number {
  try {
    return Taro.getSystemInfoSync().windowHeight || 700;
  } catch {
    return 700;
  }
}

/** Scrolls the scroll view `selector` (an id selector) to `top` px. */
export function scrollElementTo(selector: string, top: number): void {
  Taro.createSelectorQuery()
    .select(selector)
    .node((res: { node?: { scrollTo?: (o: { top: number }) => void } } | null) => res?.node?.scrollTo?.({ top }))
    .exec();
}
