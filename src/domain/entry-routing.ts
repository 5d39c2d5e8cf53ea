/**
 * Entry routing (C§2 "Entry routing order"; APP-6): where the app goes once the entry page has the
 * session, first matching rule wins.
 */
import { Industry, OrderType } from './enums';

type Id = number | string;

/** How the page is opened (Taro's redirectTo, navigateTo, switchTab, reLaunch). */
export type NavigationMethod = 'redirect' | 'navigate' | 'switchTab' | 'reLaunch';

export interface EntryRoute {
  url: string;
  method: NavigationMethod;
}

/** Routes the entry rules lead to (C§2). */
export const EntryPages = {
  home: '/pages/user/index-tab',
  /** The ordering tab; relabelled "appointment" in a beauty shop (C§2 tab bar). */
  orderingTab: '/pages/user/index-tab-1',
  expandRedBag: '/pages/product/expand-red-bag',
  memberCenter: '/pages/member/index',
  product: '/pages/product/index',
  table: '/pages/product/table',
} as const;

/** The session facts the entry rules read. */
export interface EntryState {
  /** A shared-coupon (expand red bag) activity waiting to be opened. */
  expandActivityId?: Id | null;
  /** The coupon the share came from (`from` of expand-red-bag). */
  expandCouponId?: Id | null;
  /** The customer has already seen that activity. */
  expandViewed?: boolean;
  /** The launch asked for the member center. */
  isToVipCenter?: boolean;
  /** The member center hides its back button: open it with a redirect. */
  hideVipBackButton?: boolean;
  /** A product to add to the cart on arrival. */
  autoAddProductId?: Id | null;
  /** A product someone shared. */
  shareProductId?: Id | null;
  orderType?: OrderType | null;
  /** The launch came in to eat in (isDine). */
  isDine?: boolean;
  industry?: Industry | null;
  /** The shop's home setting asks for the alternate home, the ordering tab. */
  useAlternateHome?: boolean;
}

/** C§2: a launch onto a page that does not exist restarts at the entry page, which routes again. */
export const PAGE_NOT_FOUND_ROUTE: EntryRoute = { url: '/pages/index/index', method: 'reLaunch' };

const withQuery = (path: string, query: Record<string, Id | null | undefined>): string => {
  const parts = Object.entries(query)
    .filter((e): e is [string, Id] => e[1] !== null && e[1] !== undefined && e[1] !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length > 0 ? `${path}?${parts.join('&')}` : path;
};

const present = (id: Id | null | undefined): id is Id => id !== null && id !== undefined && id !== '';

/**
 * C§2 entry routing: 1 shared-coupon activity (unless viewed) → expand-red-bag; 2 vip-center target →
 * member center (redirect when its back button is hidden, else navigate); 3 direct product entry
 * (auto-add product, shared product, dine) → product page; 4 beauty industry → appointment tab;
 * 5 open table → table page; 6 home, or the alternate home when the shop sets it.
 * Pages that are not tabs replace the entry page (redirect) so Back does not land on it.
 */
export function routeEntry(state: EntryState): EntryRoute {
  if (present(state.expandActivityId) && !state.expandViewed) {
    return {
      url: withQuery(EntryPages.expandRedBag, { id: state.expandActivityId, from: state.expandCouponId }),
      method: 'redirect',
    };
  }
  if (state.isToVipCenter) {
    return { url: EntryPages.memberCenter, method: state.hideVipBackButton ? 'redirect' : 'navigate' };
  }
  if (present(state.autoAddProductId) || present(state.shareProductId) || state.isDine || state.orderType === OrderType.dine) {
    return {
      url: withQuery(EntryPages.product, { autoAddProductId: state.autoAddProductId, productId: state.shareProductId }),
      method: 'redirect',
    };
  }
  if (state.industry === Industry.beauty) return { url: EntryPages.orderingTab, method: 'switchTab' };
  if (state.orderType === OrderType.openTable) return { url: EntryPages.table, method: 'redirect' };
  return { url: state.useAlternateHome ? EntryPages.orderingTab : EntryPages.home, method: 'switchTab' };
}
