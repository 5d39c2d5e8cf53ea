/**
 * The browser's viewport, read from the DOM: Taro's getSystemInfoSync parses the user agent with a
 * 40 KB library on H5, which the menu's first render does not need (MENU-8).
 */

/** The window's height in px. */
export function windowHeight(): number {
  return typeof window !== 'undefined' && window.innerHeight > 0 ? window.innerHeight : 700;
}
