/**
 * Ordering where app, server and screens meet (ORDER-3, P§4) on the built weapp and alipay apps:
 * an isAutoNumber dine-in link orders without a table, and a member places two orders in one
 * session — the second auto-picks another coupon than the first used, and is placed.
 */
import { SHOP } from '../../server/src/demo/ids';
import type { MiniHost } from './host/host';
import { pageText, tapText, waitRoute, waitText } from './host/drive';
import { describePlatforms, harnessForFile } from './host/suite';

jest.setTimeout(90_000);
const h = harnessForFile();
const SHOP_ID = String(SHOP.restaurant);

/** What the app sent with its last order/confirm, and whether the server placed it. */
function lastConfirm(host: MiniHost): { sent: Record<string, unknown>; placed: boolean } {
  const calls = host.requests.filter((r) => /order\/confirm$/.test(r.url));
  const last = calls[calls.length - 1];
  const sent = (typeof last?.sent === 'string' ? JSON.parse(last.sent) : last?.sent) as Record<string, unknown>;
  return { sent, placed: (last?.data as { result?: boolean } | undefined)?.result === true };
}

/** Kung Pao chicken (mild) into the cart `times` times, then the confirm page. */
async function kungPaoToConfirm(host: MiniHost, times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    await tapText(host, '选规格');
    await waitText(host, '加入购物车');
    await tapText(host, /^微辣$/);
    await tapText(host, /加入购物车/);
  }
  await tapText(host, '去结算');
  await waitRoute(host, 'pages/order/confirm');
  await waitText(host, '提交订单');
}

describePlatforms('orders in one session', (platform) => {
  test('an isAutoNumber dine-in link asks for no table and the cash order is placed', async () => {
    const host = h.host(platform);
    await host.launch({ query: { id: SHOP_ID, isDine: '1', isAutoNumber: '1' } });
    await waitRoute(host, 'pages/product/index');
    await kungPaoToConfirm(host);
    // C§2/C§5: the shop numbers the order itself, no table field
    expect(pageText(host)).not.toContain('桌号');
    await tapText(host, /^现金支付$/);
    await tapText(host, /^提交订单$/);
    await waitRoute(host, 'pages/order/success');
    const { sent, placed } = lastConfirm(host);
    expect(sent.type).toEqual('dine');
    expect(sent.isAutoNumber).toEqual(true);
    expect(sent.table).toEqual(undefined);
    expect(placed).toEqual(true);
    expect(host.errors).toEqual([]);
  });

  test('the demo member’s second order auto-picks another coupon and is placed', async () => {
    await h.srv().server.reset();
    const host = h.host(platform, { loginCode: () => 'demo-openid-zhangsan' });
    await host.launch({ query: { id: SHOP_ID, isDine: '1', table: 'A1' } });
    const coupons: unknown[] = [];
    for (let round = 0; round < 2; round += 1) {
      if (round === 0) await waitRoute(host, 'pages/product/index');
      else {
        await host.tapTab('pages/user/index-tab-1');
        await waitRoute(host, 'pages/user/index-tab-1');
      }
      // 2 × ¥38 = ¥76 reaches the member's ¥10-off-from-¥50 coupon
      await kungPaoToConfirm(host, 2);
      await tapText(host, /^现金支付$/);
      await tapText(host, /^提交订单$/);
      await waitRoute(host, 'pages/order/success');
      const { sent, placed } = lastConfirm(host);
      expect(placed).toBe(true);
      coupons.push(sent.couponId ?? null);
    }
    // the first order used the coupon; the second did not pick it again (another one, or none left)
    expect(coupons[0]).not.toBeNull();
    expect(coupons[1]).not.toEqual(coupons[0]);
    expect(host.errors).toEqual([]);
    await h.srv().server.reset();
  });
});
