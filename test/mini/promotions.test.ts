/**
 * The promotion screens on the built weapp and alipay apps (host model) against the real server: a
 * coupon link received into the list and used on an order the server records (PROMO-1), and the
 * shared red bag shared by one member through the host's share and opened by a second member
 * (PROMO-3, C§2 entry routing).
 */
import { ACTIVITY, SHOP } from '../../server/src/demo/ids';
import type { MiniHost } from './host/host';
import { pageText, tapText, typeInto, waitRoute, waitText } from './host/drive';
import { parseQueryString } from '../../src/platform/launch-query';
import { describePlatforms, harnessForFile } from './host/suite';

jest.setTimeout(90_000);
const h = harnessForFile();
const SHOP_ID = String(SHOP.restaurant);
// each test (and platform) starts from the demo data: a coupon link or a red bag is received once
beforeEach(() => h.srv().server.reset());

function noFaults(host: MiniHost): void {
  expect(host.errors).toEqual([]);
  expect(host.requests.filter((r) => r.failed)).toEqual([]);
}

/** The JSON body the app sent with its last call to `path`. */
function lastSent(host: MiniHost, path: RegExp): Record<string, unknown> {
  const r = [...host.requests].reverse().find((x) => path.test(x.url));
  return (typeof r?.sent === 'string' ? JSON.parse(r.sent) : r?.sent) as Record<string, unknown>;
}

/** The JSON answer `info` of the app's last call to `path`. */
function lastInfo(host: MiniHost, path: RegExp): Record<string, unknown> {
  const r = [...host.requests].reverse().find((x) => path.test(x.url));
  const body = (typeof r?.data === 'string' ? JSON.parse(r.data) : r?.data) as { info: Record<string, unknown> };
  return body.info;
}

describePlatforms('coupon link', (platform) => {
  test('the link gives the coupon, the list shows it, "use" puts it on a pickup order the server records', async () => {
    // 张三: a member who has charged (no first-charge prompt over the pages)
    const host = h.host(platform, { loginCode: () => 'demo-openid-zhangsan' });
    await host.launch({ path: 'pages/user/coupon/list', query: { id: SHOP_ID, activityId: String(ACTIVITY.discountCoupon) } });
    await waitText(host, '已领取：8.8折券');
    const got = lastInfo(host, /activity\/getCouponByLink$/) as { coupon: { id: number; name: string } };
    expect(got.coupon.name).toBe('8.8折券');
    expect(lastSent(host, /activity\/getCouponByLink$/)).toEqual({ id: ACTIVITY.discountCoupon });
    await waitText(host, '满¥30.00可用');
    // the other tabs ask the server with their scope
    await tapText(host, /^全部$/);
    await host.settle();
    expect(lastSent(host, /activity\/couponList$/)).toEqual({ isAll: 0 });
    await tapText(host, /^可使用$/);
    await host.settle();

    // "use" on the received coupon's card: its id is the card's
    const cards = pageText(host);
    expect(cards).toContain('8.8折券');
    const useIndex = await indexOfCardUse(host, got.coupon.id);
    await tapText(host, /^去使用$/, useIndex);
    await waitRoute(host, 'pages/user/index-tab-1');
    await tapText(host, '选规格');
    await waitText(host, '加入购物车');
    await tapText(host, /^微辣$/);
    await tapText(host, /加入购物车/);
    await tapText(host, '去结算');
    await waitRoute(host, 'pages/order/confirm');
    await tapText(host, /^自取$/);
    await waitText(host, '8.8折券 -¥');
    await tapText(host, /^现金支付$/);
    await typeInto(host, '请填写姓名', '张三');
    await typeInto(host, '请填写手机号', '13800000000');
    await tapText(host, /^提交订单$/);
    await waitRoute(host, 'pages/order/success');
    expect(lastSent(host, /order\/confirm$/).couponId).toBe(got.coupon.id);
    // the server's order carries the coupon: its own record, read with the app's token
    const order = lastInfo(host, /order\/confirm$/) as { id: number };
    const token = (JSON.parse(host.storage.get('token') ?? 'null') as { value?: string } | string | null) ?? '';
    const res = await host.httpRequest({
      url: `${h.srv().origin}/new/consumer/order/detail`,
      method: 'POST',
      headers: { 'content-type': 'application/json', token: typeof token === 'string' ? token : (token.value ?? '') },
      body: JSON.stringify({ id: order.id }),
    });
    expect((JSON.parse(res.text) as { info: { couponId: number } }).info.couponId).toBe(got.coupon.id);
    noFaults(host);
  });
});

/** Which "去使用" button (in page order) belongs to the card of `couponId`. */
async function indexOfCardUse(host: MiniHost, couponId: number): Promise<number> {
  await waitText(host, '去使用');
  const data = JSON.stringify(host.currentPage.data);
  // the use buttons carry their coupon id (coupon-use-<id>); their order in the data is the page order
  const ids = [...data.matchAll(/coupon-use-(\d+)/g)].map((m) => Number(m[1]));
  const at = [...new Set(ids)].indexOf(couponId);
  if (at < 0) throw new Error(`no use button of coupon ${couponId} among ${ids.join(',')}`);
  return at;
}

describePlatforms('shared red bag', (platform) => {
  test('the sharer shares the bag through the host, a second member opens the link and receives a coupon', async () => {
    // 张三 holds a coupon of the red-bag activity: it is the bag he shares
    const sharer = h.host(platform, { loginCode: () => 'demo-openid-zhangsan' });
    await sharer.launch({ query: { id: SHOP_ID, expandActivityId: String(ACTIVITY.expandCoupon) } });
    await waitRoute(sharer, 'pages/product/expand-red-bag');
    await waitText(sharer, '分享给好友');
    await waitText(sharer, '还剩 5 个');
    // the host asks the page what to share when the share button is tapped
    const onShare = sharer.currentPage.onShareAppMessage as ((o: unknown) => { title: string; path: string }) | undefined;
    expect(typeof onShare).toBe('function');
    const shared = onShare!.call(sharer.currentPage, { from: 'button' });
    expect(shared.title).toContain('分享红包，好友一起领');
    expect(shared.path).toMatch(new RegExp(`^/pages/index/index\\?id=${SHOP_ID}&expandActivityId=${ACTIVITY.expandCoupon}&expandCouponId=\\d+$`));
    noFaults(sharer);

    // 李四 opens the shared card: the entry opens the red bag first (C§2)
    const friend = h.host(platform, { loginCode: () => 'demo-openid-lisi' });
    const [pathPart, query] = shared.path.split('?');
    await friend.launch({ path: pathPart.replace(/^\//, ''), query: parseQueryString(query) });
    await waitRoute(friend, 'pages/product/expand-red-bag');
    expect(friend.currentPage.options.from).toBe(query.match(/expandCouponId=(\d+)/)?.[1]);
    await tapText(friend, /^拆红包$/);
    await waitText(friend, '你已领到 招牌菜满100减20');
    await waitText(friend, '还剩 4 个');
    await waitText(friend, '已有 1 位好友领取');
    const received = lastInfo(friend, /activity\/receiveExpandCoupon$/) as { coupon: { id: number; activityID: number } };
    expect(received.coupon.activityID).toBe(ACTIVITY.expandCoupon);
    noFaults(friend);
  });
});
