import Taro from '@tarojs/taro';

/**
 * Where the action button of a screen leads. Tab pages can only be reached by tab switching
 * (C§2), so a tab target uses switchTab and any other page navigateTo.
 */
export const ACTION_TARGETS = {
  goMenu: { kind: 'tab', url: '/pages/user/index-tab-1' },
  goHome: { kind: 'tab', url: '/pages/user/index-tab' },
  goOrders: { kind: 'tab', url: '/pages/user/order/list' },
  goMine: { kind: 'tab', url: '/pages/user/center' },
  goMember: { kind: 'page', url: '/pages/member/index' },
  login: { kind: 'page', url: '/pages/user/login' },
  register: { kind: 'page', url: '/pages/member/register' },
  addAddress: { kind: 'page', url: '/pages/user/address/add' },
  chooseShop: { kind: 'page', url: '/pages/store/list' },
  back: { kind: 'back', url: '/pages/user/index-tab' },
} as const satisfies Record<string, { kind: 'tab' | 'page' | 'back'; url: string }>;

export type ScreenAction = keyof typeof ACTION_TARGETS;

/** The tab routes of C§2, in tab-bar order. */
export const TAB_ROUTES = ['pages/user/index-tab', 'pages/user/index-tab-1', 'pages/user/order/list', 'pages/user/center'] as const;

/** A route as the page stack names it: no leading slash, no query. */
export function routePath(url: string | undefined): string {
  return (url ?? '').replace(/^\//, '').split('?')[0];
}

/** Opens `url` with `open`, or switches tab when the route is a tab page (C§2: tabs only by switching). */
function toRoute(url: string, open: (opts: { url: string }) => Promise<unknown>): Promise<unknown> {
  const path = routePath(url);
  if ((TAB_ROUTES as readonly string[]).includes(path)) return Taro.switchTab({ url: `/${path}` });
  return open({ url: url.startsWith('/') ? url : `/${url}` });
}

/** Opens a route by its path, switching tab when the route is a tab page (C§2). */
export function openRoute(url: string): Promise<unknown> {
  return toRoute(url, (o) => Taro.navigateTo(o));
}

/**
 * Goes back `delta` pages, or, when fewer pages lie below (the page was opened by a link, a shared
 * card or a browser reload), replaces this page with `fallback`: on H5 a navigateBack past the
 * bottom of the stack reloads the same page, and on the mini programs it does nothing.
 */
export function backOr(fallback: string, delta = 1): Promise<unknown> {
  if (Taro.getCurrentPages().length > delta) return Taro.navigateBack({ delta });
  return toRoute(fallback, (o) => Taro.redirectTo(o));
}

/** Performs a screen action; "back" falls back to home when there is no page to go back to. */
export function runAction(action: ScreenAction): Promise<unknown> {
  const target = ACTION_TARGETS[action];
  if (target.kind === 'back') {
    if (Taro.getCurrentPages().length > 1) return Taro.navigateBack();
    return Taro.switchTab({ url: target.url });
  }
  return openRoute(target.url);
}
