/**
 * The member wallet on the built weapp and alipay apps (host model) against the real server with the
 * sandbox provider: the demo member tops up through the host wallet (weapp `requestPayment`, alipay
 * `my.tradePay`), charge success shows the new balance, the transaction is listed, and a wallet
 * cancelled leaves the card as it was.
 */
import { DEMO_MEMBER, DEMO_USER, SHOP } from '../../server/src/demo/ids';
import { storeCalls } from '../../src/api/contract/store';
import type { MiniHost } from './host/host';
import { pageText, tapText, waitRoute, waitText } from './host/drive';
import { describePlatforms, harnessForFile } from './host/suite';

jest.setTimeout(90_000);
const h = harnessForFile();
const SHOP_ID = String(SHOP.restaurant);
const WALLET = { weapp: /^微信支付$/, alipay: /^支付宝$/ } as const;

function noFaults(host: MiniHost): void {
  expect(host.errors).toEqual([]);
  expect(host.requests.filter((r) => r.failed)).toEqual([]);
}

/** The demo member's app on the recharge page with the 100 rule and the host wallet chosen. */
async function toRecharge(host: MiniHost, platform: 'weapp' | 'alipay'): Promise<void> {
  await host.launch({ query: { id: SHOP_ID } });
  await waitRoute(host, 'pages/user/index-tab');
  await host.open('/pages/member/recharge');
  await waitText(host, '选择充值金额');
  // a charged card: the regular rules only — 100 → 10 and 500 → 80, not the first-charge 200
  const text = pageText(host);
  expect(text).toContain('送 ¥10.00');
  expect(text).toContain('送 ¥80.00');
  expect(text).not.toContain('¥200.00');
  await tapText(host, '送 ¥10.00');
  await tapText(host, WALLET[platform]);
}

describePlatforms('member wallet', (platform) => {
  test('a top-up of 100 through the host wallet: charge success with balance 600 and gift 60, then the transaction', async () => {
    await h.srv().server.reset();
    const host = h.host(platform, { loginCode: () => DEMO_USER.member.openid });
    await toRecharge(host, platform);
    await tapText(host, '立即充值');
    await waitRoute(host, 'pages/member/charge-success');
    await waitText(host, '充值成功');
    // balance 500 + 100 = 600; gift 50 + 10 = 60
    const done = pageText(host);
    expect(done).toContain('当前余额¥600.00');
    expect(done).toContain('赠送金额余额¥60.00');
    expect(host.payments.map((p) => p.api)).toEqual([platform === 'weapp' ? 'requestPayment' : 'tradePay']);
    const sent = host.requests.find((r) => /vip\/recharge$/.test(r.url));
    const body = (typeof sent?.sent === 'string' ? JSON.parse(sent.sent) : sent?.sent) as Record<string, unknown>;
    expect(body).toEqual({ ruleId: 1, payType: platform === 'weapp' ? 'weixin' : 'alipay' });

    await tapText(host, '查看交易明细');
    await waitRoute(host, 'pages/member/doc');
    await waitText(host, '+¥100.00');
    const doc = pageText(host);
    expect(doc).toContain('充值');
    expect(doc).toContain('余额¥600.00');
    noFaults(host);
    // the card as the server holds it
    const card = await h.srv().server.call(storeCalls.vipInfo, {}, { token: await h.srv().server.tokenFor(DEMO_USER.member.id, SHOP.restaurant) });
    expect(card.ok && card.info.vipInfo).toMatchObject({ id: DEMO_MEMBER.id, amount: 600, giftAmount: 60 });
  });

  test('a wallet cancelled leaves the card as it was and the recharge page open', async () => {
    await h.srv().server.reset();
    const host = h.host(platform, { loginCode: () => DEMO_USER.member.openid, wallet: 'cancel' });
    await toRecharge(host, platform);
    await tapText(host, '立即充值');
    await host.until(() => host.payments.length === 1, 'the wallet');
    await host.settle();
    expect(host.currentRoute).toBe('pages/member/recharge');
    // "Pay cancelled", and the card keeps its balance of 500
    expect(host.toasts).toContain('支付已取消');
    expect(pageText(host)).toContain('余额¥500.00');
    const card = await h.srv().server.call(storeCalls.vipInfo, {}, { token: await h.srv().server.tokenFor(DEMO_USER.member.id, SHOP.restaurant) });
    expect(card.ok && card.info.vipInfo?.amount).toBe(500);
    noFaults(host);
  });
});
