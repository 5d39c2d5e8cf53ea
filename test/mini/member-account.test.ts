/**
 * The member account screens of the built weapp and alipay apps on the host model against the real
 * server (MEMBER-1, MEMBER-2, MEMBER-3): fast register with the platform's phone authorisation, the
 * pay password set on the keypad, the member center with its codes, and — mini programs only (C§5:
 * browsers cannot pay by member card) — an order paid from the balance with the new pay password.
 */
import { SHOP } from '../../server/src/demo/ids';
import type { MiniHost } from './host/host';
import { ancestorsOf, findInputs, pageText, tapLast, tapText, typeInto, waitRoute, waitText } from './host/drive';
import { describePlatforms, harnessForFile } from './host/suite';
import { findClass, rootOf } from './host/tree';

jest.setTimeout(90_000);
const h = harnessForFile();
const SHOP_ID = String(SHOP.restaurant);

function noFaults(host: MiniHost): void {
  expect(host.errors).toEqual([]);
  expect(host.requests.filter((r) => r.failed || r.status >= 500)).toEqual([]);
}

/** Types six digits on the keypad drawn over the page. */
async function keypad(host: MiniHost, digits: string): Promise<void> {
  for (const d of digits) await tapLast(host, d);
}

async function waitToast(host: MiniHost, text: string): Promise<void> {
  await host.until(() => host.toasts.includes(text), `toast ${text} (toasts: ${host.toasts.join(' | ')})`);
}

/**
 * The user taps the phone-number button and agrees: the chat app hands the button a code in the
 * getphonenumber event; the payment app fires getAuthorize and answers my.getPhoneNumber (the
 * development provider of the server reads `dev-phone:<phone>` as that phone).
 */
async function sharePhone(host: MiniHost, phone: string): Promise<void> {
  const button = await host.until(() => findClass(rootOf(host.currentPage.data), 'member-register__phone-button')[0], 'the phone button');
  if (host.platform === 'weapp') {
    host.dispatch(button, 'getphonenumber', { code: `dev-phone:${phone}`, errMsg: 'getPhoneNumber:ok' }, ancestorsOf(host, button));
  } else {
    host.evaluate(`my.getPhoneNumber = function (o) { setTimeout(function () { o.success({ response: 'dev-phone:${phone}' }); }, 0); };`);
    host.dispatch(button, 'getAuthorize', {}, ancestorsOf(host, button));
  }
  await host.settle();
}

describePlatforms('member account', (platform) => {
  test('fast register with the phone authorisation, set the pay password on the keypad, the member center shows the card and its codes', async () => {
    await h.srv().server.reset();
    const phone = platform === 'weapp' ? '13700000951' : '13700000952';
    const host = h.host(platform, { loginCode: () => `mini-member-${platform}` });
    await host.launch({ query: { id: SHOP_ID } });
    await waitRoute(host, 'pages/user/index-tab');
    await host.tapTab('pages/user/center');
    await tapText(host, '注册 / 绑定');
    await waitRoute(host, 'pages/member/register');
    await waitText(host, '手机号快捷注册');
    await sharePhone(host, phone);
    await waitRoute(host, 'pages/member/index');
    await waitToast(host, '注册成功');
    await waitText(host, '¥0.00');
    const registered = host.requests.find((r) => /vip\/register$/.test(r.url));
    expect((registered?.data as { result: boolean }).result).toBe(true);

    // the pay password: 123456 refused, a mismatch refused, then set
    await tapText(host, '支付密码');
    await waitRoute(host, 'pages/member/edit-paypassword');
    await waitText(host, '请设置 6 位数字支付密码');
    await keypad(host, '123456');
    await waitToast(host, '支付密码不能为123456');
    await keypad(host, '246813');
    await waitText(host, '请再次输入支付密码');
    await keypad(host, '246814');
    await waitToast(host, '两次输入的密码不一致');
    await keypad(host, '246813');
    await keypad(host, '246813');
    await waitToast(host, '支付密码设置成功');
    await waitRoute(host, 'pages/member/index');
    await waitText(host, '已设置');

    // the member center: figures, the barcode bars and the QR rows drawn as views
    const text = pageText(host);
    for (const label of ['余额', '赠送金', '积分', '优惠券', '会员码', '交易记录']) expect(text).toContain(label);
    const root = rootOf(host.currentPage.data);
    expect(findClass(root, 'member-barcode__bar').length).toBeGreaterThan(30);
    expect(findClass(root, 'member-qr__run').length).toBeGreaterThan(20);
    // the password never travels back from the server
    expect(JSON.stringify(host.requests.map((r) => r.data))).not.toContain('246813');
    noFaults(host);
  });

  test('the demo member changes the pay password and pays an order from the balance with it', async () => {
    await h.srv().server.reset();
    const host = h.host(platform, { loginCode: () => 'demo-openid-zhangsan' });
    await host.launch({ query: { id: SHOP_ID } });
    await waitRoute(host, 'pages/user/index-tab');
    await host.tapTab('pages/user/center');
    await waitText(host, '¥500.00');
    await tapText(host, /^会员中心$/);
    await waitRoute(host, 'pages/member/index');
    await waitText(host, '已设置');
    await tapText(host, '支付密码');
    await waitRoute(host, 'pages/member/edit-paypassword');
    await waitText(host, '请输入原支付密码');
    await keypad(host, '135790');
    await waitText(host, '请设置 6 位数字支付密码');
    await keypad(host, '975312');
    await keypad(host, '975312');
    await waitToast(host, '支付密码设置成功');
    await waitRoute(host, 'pages/member/index');

    // an order paid by member card with the new password (C§5: allowed in mini programs)
    await host.tapTab('pages/user/index-tab');
    await tapText(host, '外卖配送');
    await waitRoute(host, 'pages/user/index-tab-1');
    await tapText(host, '选规格');
    await waitText(host, '加入购物车');
    await tapText(host, /^微辣$/);
    await tapText(host, /加入购物车/);
    await tapText(host, '去结算');
    await waitRoute(host, 'pages/order/confirm');
    await tapText(host, /^自取$/);
    await tapText(host, /^会员卡支付$/);
    for (const [hint, value] of [
      ['请填写姓名', '张三'],
      ['请填写手机号', '13800000000'],
    ]) {
      if (findInputs(host, hint).length > 0) await typeInto(host, hint, value);
    }
    await tapText(host, /^提交订单$/);
    await waitText(host, '请输入支付密码');
    await keypad(host, '975312');
    await waitRoute(host, 'pages/order/success');
    await waitText(host, '下单成功');
    const placed = host.requests.find((r) => /order\/confirm$/.test(r.url));
    const sent = (typeof placed?.sent === 'string' ? JSON.parse(placed.sent) : placed?.sent) as Record<string, unknown>;
    expect(sent.payType).toBe('vip');
    expect((placed?.data as { result: boolean }).result).toBe(true);
    noFaults(host);
    await h.srv().server.reset();
  });
});
