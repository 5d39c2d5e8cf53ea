/**
 * The route walk on the mini-program host model (APP-3), weapp and alipay: every page of
 * src/app.config.ts opened with its query (test/support/route-walk.ts) by the demo member at the demo
 * restaurant, after an order, an address and a dish in the cart. A page fails on an exception (or an
 * error logged to the console), a message key shown instead of its text, or an empty state with
 * nothing else on the page where the spec gives the page content.
 */
import { randomUUID } from 'node:crypto';
import { addressCalls } from '../../src/api/contract/address';
import { orderCalls } from '../../src/api/contract/order';
import { lineFlag } from '../../src/domain/pricing';
import { DEMO_USER, RESTAURANT_CATEGORY, RESTAURANT_PRODUCT as R, SHOP } from '../../server/src/demo/ids';
import type { MiniHost } from './host/host';
import { ancestorsOf, pageText, tapText, waitRoute, waitText } from './host/drive';
import { describePlatforms, harnessForFile } from './host/suite';
import { rootOf, walk, type TaroNode } from './host/tree';
import { appConfigRoutes, messageKeyShown, reportWalk, WALK, walkFailures, walkUrl, type WalkFixture, type WalkResult } from '../support/route-walk';

jest.setTimeout(600_000);
const h = harnessForFile();

/** The page is nothing but an empty state: an `empty-state` element and no text, picture or field outside it. */
function onlyEmptyState(host: MiniHost): boolean {
  const root = rootOf(host.currentPage.data);
  let empty = false;
  let other = false;
  const visit = (n: TaroNode, inside: boolean) => {
    const isEmpty = typeof n.cl === 'string' && n.cl.split(/\s+/).includes('empty-state');
    if (isEmpty) empty = true;
    const within = inside || isEmpty;
    if (!within) {
      if (typeof n.v === 'string' && n.v.trim() !== '') other = true;
      const tag = host.templates.get(String(n.nn))?.tag;
      if (tag === 'image' || tag === 'input' || tag === 'textarea' || tag === 'web-view' || tag === 'canvas') other = true;
    }
    for (const c of Array.isArray(n.cn) ? n.cn : []) if (c) visit(c, within);
  };
  visit(root, false);
  return empty && !other;
}

/** The element with node id `id` on the page. */
function byId(host: MiniHost, id: string): TaroNode | null {
  let found: TaroNode | null = null;
  walk(rootOf(host.currentPage.data), (n) => {
    if (!found && (n.uid === id || n.sid === id || n.id === id)) found = n;
  });
  return found;
}

describePlatforms('route walk', (platform) => {
  test('the table names every page of the app config, and only those', () => {
    expect(WALK.map((w) => w.route).sort()).toEqual(appConfigRoutes().sort());
  });

  test('every page opens with its query: no exception, real content', async () => {
    await h.srv().server.reset();
    const srv = h.srv().server;
    // the demo member's order and address, made through the API with a token of the same user
    const token = await srv.login(SHOP.restaurant, DEMO_USER.member.openid);
    const body = { type: 'dine', payType: 'cash', table: 'A1', people: 1, products: [{ id: R.xiaolongbao, quantity: 1, flag: lineFlag(R.xiaolongbao, undefined, [], []) }] };
    const probe = await srv.call(orderCalls.confirm, { ...body, expectedTotal: 0.01 }, { token, headers: { 'Idempotency-Key': randomUUID() } });
    const total = (probe.body as { data?: { total: number } }).data?.total;
    expect(total).toBeGreaterThan(0);
    const placed = await srv.call(orderCalls.confirm, { ...body, expectedTotal: total }, { token, headers: { 'Idempotency-Key': randomUUID() } });
    if (!placed.ok) throw new Error(`order/confirm: ${placed.info}`);
    const address = await srv.call(addressCalls.add, { name: '张三', phone: '13800000000', address: '南京东路 100 号', addressGps: '31.2350,121.4800', gender: 1, isDefault: true }, { token });
    if (!address.ok) throw new Error(`address/add: ${address.info}`);
    const fixture: WalkFixture = { orderId: placed.info.id, addressId: address.info.id, webPage: 'https://example.com/' };

    const host = h.host(platform, { loginCode: () => DEMO_USER.member.openid });
    await host.launch({ query: { id: String(SHOP.restaurant) } });
    await host.settle();
    // a dish in the cart, from the ordering tab
    await waitRoute(host, 'pages/user/index-tab');
    const takeaway = await host.until(() => byId(host, 'home-takeaway'), 'the takeaway entry');
    host.dispatch(takeaway, 'tap', {}, ancestorsOf(host, takeaway));
    await waitRoute(host, 'pages/user/index-tab-1');
    const category = await host.until(() => byId(host, `category-${RESTAURANT_CATEGORY.noodles}`), 'the noodles category');
    host.dispatch(category, 'tap', {}, ancestorsOf(host, category));
    await host.settle();
    const add = await host.until(() => byId(host, `add-${R.xiaolongbao}`), 'the add button');
    host.dispatch(add, 'tap', {}, ancestorsOf(host, add));
    await host.settle();

    const results: WalkResult[] = [];
    for (const entry of WALK) {
      const e0 = host.errors.length;
      await host.open(walkUrl(entry, fixture));
      await host.settle();
      const problems = host.errors.slice(e0).map((e) => `${e.where}: ${e.message.split('\n')[0]}`);
      if (!entry.emptyOk && onlyEmptyState(host)) problems.push('shows only an empty state');
      const key = messageKeyShown(pageText(host));
      if (key) problems.push(key);
      results.push({ route: entry.route, problems });
    }
    reportWalk(platform, results);
    expect(walkFailures(results)).toEqual([]);
  });

  test('the general pages in another language: their texts arrive with the language from the server', async () => {
    await h.srv().server.reset();
    const host = h.host(platform, { actionSheet: (items) => items.indexOf('Français') });
    await host.launch({ query: { id: String(SHOP.restaurant) } });
    await waitRoute(host, 'pages/user/index-tab');
    await host.tapTab('pages/user/center');
    await waitText(host, '联系商家');
    await tapText(host, '语言');
    await waitText(host, 'Contacter la boutique');
    await host.open('/pages/user/protocol');
    await waitText(host, "Conditions d'utilisation");
    expect(messageKeyShown(pageText(host))).toBeNull();
    await host.open('/pages/user/contact-shop');
    await waitText(host, "Copier l'adresse");
    expect(host.errors).toEqual([]);
  });
});
