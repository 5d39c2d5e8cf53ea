/**
 * The route walk's table (APP-3): every page of src/app.config.ts with the query it is opened with
 * for the demo shops, read by the Chromium walk (test/e2e/route-walk.test.ts) and the mini-program
 * host-model walk (test/mini/route-walk.test.ts).
 *
 * A page fails the walk when it logs a console error, throws, shows a message key instead of its text,
 * or shows nothing but an empty state (the EmptyState component with no other content) where the spec
 * gives the page content. `emptyOk`
 * names the few pages whose empty state is their content for the walk's customer (why, in words).
 * `IN_PROGRESS` pages are opened and reported, never failed.
 */
import * as path from 'node:path';
import { ACTIVITY, MEMBER_COUPON, RESTAURANT_PRODUCT, SHOP, TABLE, TABLE_CODE } from '../../server/src/demo/ids';

/** What the walk prepared before opening the pages (the demo member's own data). */
export interface WalkFixture {
  /** An order the demo member placed at the restaurant. */
  orderId: number;
  /** An address the demo member saved. */
  addressId: number;
  /** A page address the web-view page may show (http(s)). */
  webPage: string;
}

export interface WalkRoute {
  /** The route as app.config lists it, e.g. `pages/user/order/detail`. */
  route: string;
  /** The query the page needs (without `?`). */
  query?: (f: WalkFixture) => string;
  /** Why an empty state is this page's content for the walk's customer. */
  emptyOk?: string;
}

/** Pages being built elsewhere right now: the walk opens and reports them without failing. */
export const IN_PROGRESS = new Set<string>([]);

const enc = encodeURIComponent;

/** Every route of C§2 / P§2 with its query for the demo restaurant and the demo member. */
export const WALK: WalkRoute[] = [
  { route: 'pages/index/index', query: () => `id=${SHOP.restaurant}` },
  { route: 'pages/user/index-tab' },
  { route: 'pages/user/index-tab-1' },
  { route: 'pages/user/order/list' },
  { route: 'pages/user/center' },
  { route: 'pages/index/error', query: () => `from=${enc('/pages/user/order/list')}&code=getShopDataFailed` },
  { route: 'pages/index/web-view', query: (f) => `url=${enc(f.webPage)}` },
  { route: 'pages/index/empty' },
  { route: 'pages/user/login' },
  { route: 'pages/user/info' },
  { route: 'pages/user/order/detail', query: (f) => `id=${f.orderId}` },
  { route: 'pages/user/order/weixin-order-list' },
  { route: 'pages/user/wechat-group' },
  { route: 'pages/user/protocol' },
  { route: 'pages/user/contact-shop' },
  { route: 'pages/store/list' },
  { route: 'pages/store/index' },
  { route: 'pages/user/coupon/list' },
  { route: 'pages/user/coupon/detail', query: () => `id=${MEMBER_COUPON.amount}` },
  { route: 'pages/user/coupon/times-red-bag', query: () => `id=${ACTIVITY.timesRedBag}` },
  { route: 'pages/user/address/list' },
  { route: 'pages/user/address/add' },
  { route: 'pages/user/address/update', query: (f) => `addressId=${f.addressId}` },
  { route: 'pages/user/address/poi' },
  { route: 'pages/member/index' },
  { route: 'pages/member/edit' },
  { route: 'pages/member/edit-paypassword' },
  { route: 'pages/member/forgot-paypassword' },
  { route: 'pages/member/doc' },
  { route: 'pages/member/recharge' },
  { route: 'pages/member/store-list' },
  { route: 'pages/member/register' },
  { route: 'pages/member/limit-card', emptyOk: 'the demo member holds no limit card in the demo data (member-wallet.test.ts loads some)' },
  { route: 'pages/member/limit-card-history', query: () => 'id=1', emptyOk: 'the demo member holds no limit card, so card 1 has no history' },
  { route: 'pages/member/charge-success', query: () => 'rechargeId=1', emptyOk: 'no top-up was made: the page says it found none and leads back' },
  { route: 'pages/member/point-store/point-store' },
  { route: 'pages/member/point-store/coupon-detail', query: () => `id=${ACTIVITY.pointRedeem}` },
  { route: 'pages/member/point-store/exchange-success', emptyOk: 'it shows the exchange just made in this session; opened directly there is none' },
  { route: 'pages/member/point-consume-list' },
  { route: 'pages/member/bind-qrcode' },
  { route: 'pages/order/confirm' },
  { route: 'pages/order/success', query: (f) => `orderId=${f.orderId}` },
  { route: 'pages/order/fail', query: (f) => `orderId=${f.orderId}&code=paymentWrong` },
  { route: 'pages/order/multi-confirm', emptyOk: 'the walk keeps a cart at one shop only; with carts at two chain shops it lists both (test/e2e/multi-order.test.ts)' },
  { route: 'pages/order/multi-success', emptyOk: 'no group was placed: the page says so and leads back (test/e2e/multi-order.test.ts places one)' },
  { route: 'pages/order/order', emptyOk: 'the open-table order page of a customer not seated at a table says to scan the table code (test/e2e/table.test.ts seats one)' },
  { route: 'pages/order/confirmed-order', emptyOk: 'a customer not seated at a table has no table order to list (test/e2e/table.test.ts places one)' },
  { route: 'pages/order/select-service-user', emptyOk: 'the restaurant takes no appointments and no time is chosen: it asks for the time first (test/e2e/appointment.test.ts books one)' },
  { route: 'pages/order/stripe-pay', query: (f) => `orderId=${f.orderId}` },
  { route: 'pages/order/allin-pay', query: (f) => `orderId=${f.orderId}` },
  { route: 'pages/order/allin-pay-callback', query: (f) => `orderId=${f.orderId}` },
  { route: 'pages/order/search-activity-by-code' },
  { route: 'pages/product/index' },
  { route: 'pages/product/detail', query: () => `productId=${RESTAURANT_PRODUCT.boiledFish}` },
  { route: 'pages/product/search' },
  { route: 'pages/product/table', query: () => `tableId=${TABLE.A2}&tableCode=${TABLE_CODE.A2}` },
  { route: 'pages/product/expand-red-bag', query: () => `id=${ACTIVITY.expandCoupon}` },
];

/** The url of a walk entry (`/pages/…?query`). */
export function walkUrl(entry: WalkRoute, f: WalkFixture): string {
  const q = entry.query?.(f);
  return `/${entry.route}${q ? `?${q}` : ''}`;
}

/** Every page of src/app.config.ts: the main package, then each subpackage's pages under its root. */
export function appConfigRoutes(): string[] {
  const g = globalThis as { defineAppConfig?: (c: unknown) => unknown };
  g.defineAppConfig ??= (c: unknown) => c;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(path.join(__dirname, '../../src/app.config.ts')) as { default: { pages: string[]; subPackages?: Array<{ root: string; pages: string[] }> } };
  const config = mod.default;
  return [...config.pages, ...(config.subPackages ?? []).flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))];
}

/** A message key on screen instead of its text (a locale the page did not load): `general.error.title`. */
const MESSAGE_KEY = /\b(?:general|pages|member|wallet|promo|mall|entry|beauty|multi|errors|routes)\.[A-Za-z][\w/-]*\.[A-Za-z]/;

/** The problem of a page whose text shows a message key, or null. */
export function messageKeyShown(text: string): string | null {
  const m = MESSAGE_KEY.exec(text);
  return m ? `shows a message key: ${text.slice(m.index, m.index + 60)}` : null;
}

/** One page's outcome. */
export interface WalkResult {
  route: string;
  problems: string[];
}

/** The failures the walk reports: pages with problems, except the ones in progress. */
export function walkFailures(results: WalkResult[]): string[] {
  return results.filter((r) => r.problems.length > 0 && !IN_PROGRESS.has(r.route)).map((r) => `${r.route}: ${r.problems.join(' | ')}`);
}

/** Prints the walk: every page, its problems, and the pages in progress with theirs. */
export function reportWalk(where: string, results: WalkResult[]): void {
  const lines = results.map((r) => `${IN_PROGRESS.has(r.route) ? '(in progress) ' : ''}${r.route}: ${r.problems.length ? r.problems.join(' | ') : 'ok'}`);
  console.info(`route walk [${where}]\n${lines.join('\n')}`);
}
