/** The mini programs' viewport (weapp and alipay builds): the window's height from Taro's system info. */
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
