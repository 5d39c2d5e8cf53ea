/**
 * The points mall (MEMBER-7) and member prices on the menu (P§5, PROMO-5) on the built weapp and
 * alipay apps in the host model against the real server. The mall's coupon items are the server-side
 * fixture of the browser suite (test/e2e/mall-fixture.ts), loaded after each reset of the demo data.
 */
import { DEMO_USER, RESTAURANT_CATEGORY, RESTAURANT_PRODUCT, SHOP } from '../../server/src/demo/ids';
import { loadShopConfig } from '../../server/src/services/orders/shop-config';
import { MALL_COUPON, MALL_DEAR, mallFixture } from '../e2e/mall-fixture';
import type { MiniHost } from './host/host';
import { ancestorsOf, pageText, tapText, waitRoute, waitText } from './host/drive';
import { describePlatforms, harnessForFile } from './host/suite';
import { rootOf, textOf, walk, type TaroNode } from './host/tree';

jest.setTimeout(90_000);
const h = harnessForFile();
const SHOP_ID = String(SHOP.restaurant);

beforeEach(async () => {
  // each platform's run starts from the demo data (2000 points) plus the mall fixture
  await h.srv().server.reset();
  await loadShopConfig(h.srv().server.ctx, mallFixture);
});

function noFaults(host: MiniHost): void {
  expect(host.errors).toEqual([]);
  expect(host.requests.filter((r) => r.failed)).toEqual([]);
}

/** The element with this id on the current page, once rendered. */
async function byId(host: MiniHost, id: string): Promise<TaroNode> {
  return host.until(() => {
    const found: TaroNode[] = [];
    walk(rootOf(host.currentPage.data), (n) => {
      if (n.id === id || n.uid === id) found.push(n);
    });
    return found[0] ?? null;
  }, `#${id}`);
}

async function tapId(host: MiniHost, id: string): Promise<void> {
  const node = await byId(host, id);
  host.dispatch(node, 'tap', {}, ancestorsOf(host, node));
  await host.settle();
}

const exchangeCalls = (host: MiniHost) => host.requests.filter((r) => /activity\/pointExchangeProduct$/.test(r.url));

describePlatforms('points mall', (platform) => {
  test('the demo member exchanges 300 points for a coupon: success screen with 1700 points left, one exchange call', async () => {
    const host = h.host(platform, { loginCode: () => DEMO_USER.member.openid });
    await host.launch({ path: 'pages/member/point-store/point-store', query: { id: SHOP_ID } });
    await waitText(host, MALL_COUPON.name);
    await waitText(host, '2000积分');
    // 5000 − 2000 = 3000 points short: the reason beside the greyed button
    expect(pageText(host)).toContain('还差3000积分');
    expect(String((await byId(host, `mall-exchange-${MALL_DEAR.id}`)).cl)).toContain('mall-button--off');

    await tapText(host, MALL_COUPON.name);
    await waitRoute(host, 'pages/member/point-store/coupon-detail');
    await waitText(host, '使用条件');
    expect(pageText(host)).toContain('订单满¥50.00可用');
    // the host answers the confirmation dialog with "confirm"
    await tapId(host, 'mall-detail-exchange');
    await waitRoute(host, 'pages/member/point-store/exchange-success');
    await waitText(host, '剩余积分');
    expect(host.modals.some((m) => m.includes('确定用300积分兑换'))).toBe(true);
    // 2000 − 300 = 1700
    expect(pageText(host)).toContain('1700');
    expect(pageText(host)).toContain(MALL_COUPON.couponName);
    expect(exchangeCalls(host)).toHaveLength(1);

    await tapText(host, '返回积分商城');
    await waitRoute(host, 'pages/member/point-store/point-store');
    await waitText(host, '1700积分');
    expect(pageText(host)).toContain('还差3300积分');
    noFaults(host);
  });

  test('points short: the exchange is refused with the missing points and no call is made', async () => {
    const host = h.host(platform, { loginCode: () => DEMO_USER.member.openid });
    await host.launch({ path: 'pages/member/point-store/point-store', query: { id: SHOP_ID } });
    await waitText(host, MALL_DEAR.name);
    await tapId(host, `mall-exchange-${MALL_DEAR.id}`);
    expect(host.toasts).toContain('积分不足，还差3000积分');
    expect(exchangeCalls(host)).toHaveLength(0);
    noFaults(host);
  });
});

describePlatforms('member price on the menu', (platform) => {
  async function porkOnMenu(host: MiniHost): Promise<void> {
    await host.launch({ query: { id: SHOP_ID } });
    await waitRoute(host, 'pages/user/index-tab');
    await tapText(host, '到店自取');
    await waitRoute(host, 'pages/user/index-tab-1');
    await tapId(host, `category-${RESTAURANT_CATEGORY.stirFry}`);
    await byId(host, `product-${RESTAURANT_PRODUCT.braisedPork}`);
  }

  test('a visitor sees the member price tag and the member-only offer labelled', async () => {
    const host = h.host(platform);
    await porkOnMenu(host);
    await waitText(host, '会员专享 · 会员价');
    const row = textOf(await byId(host, `product-${RESTAURANT_PRODUCT.braisedPork}`));
    expect(row).toContain('会员价 ¥42.00');
    expect(row).toContain('会员专享');
    noFaults(host);
  });

  test('the demo member pays the member price in the cart', async () => {
    const host = h.host(platform, { loginCode: () => DEMO_USER.member.openid });
    await porkOnMenu(host);
    await tapId(host, `choose-${RESTAURANT_PRODUCT.braisedPork}`);
    await tapId(host, 'spec-add');
    // member price 42.00; the member's 88 %-off coupon (the largest reduction, P§9): 42.00 × 12 % = 5.04
    // → 36.96; + packaging 1.00 + dishware 1.00 (self pickup, one unit) = 38.96
    await waitText(host, '38.96');
    // a member sees no member-only label, neither on the row nor in the header: the offer is theirs
    expect(textOf(await byId(host, `product-${RESTAURANT_PRODUCT.braisedPork}`))).not.toContain('会员专享');
    expect(pageText(host)).not.toContain('会员专享 · 会员价');
    noFaults(host);
  });
});
