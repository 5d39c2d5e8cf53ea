/**
 * The built weapp and alipay apps on the host model against the real server: launches, the menu,
 * the spec sheet, cart, confirm and payment flows, each on both platforms.
 */
import { SHOP, TABLE_CODE } from '../../server/src/demo/ids';
import type { MiniHost } from './host/host';
import { findInputs, pageText, tapLast, tapText, typeInto, waitRoute, waitText } from './host/drive';
import { reportSetData } from './host/report';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MINI_NOW } from './host/server';
import { BUILD_ORIGIN, ROOT, describePlatforms, harnessForFile } from './host/suite';
import { imageSources, rootOf } from './host/tree';

jest.setTimeout(60_000);
const h = harnessForFile();
const SHOP_ID = String(SHOP.restaurant);

function noFaults(host: MiniHost): void {
  expect(host.errors).toEqual([]);
  expect(host.requests.filter((r) => r.failed)).toEqual([]);
}

/** Home → takeaway menu → Kung Pao chicken (spec: mild) in the cart → confirm. */
async function toConfirm(host: MiniHost): Promise<void> {
  await host.launch({ query: { id: SHOP_ID } });
  await waitRoute(host, 'pages/user/index-tab');
  await tapText(host, '外卖配送');
  await waitRoute(host, 'pages/user/index-tab-1');
  await tapText(host, '选规格');
  await waitText(host, '加入购物车');
  await tapText(host, /^微辣$/);
  await tapText(host, /加入购物车/);
  await tapText(host, '去结算');
  await waitRoute(host, 'pages/order/confirm');
  await waitText(host, '提交订单');
}

describePlatforms('launch', (platform) => {
  test('from a shop link: the home tab shows the shop', async () => {
    const host = h.host(platform);
    await host.launch({ query: { id: SHOP_ID } });
    await waitRoute(host, 'pages/user/index-tab');
    await waitText(host, '沪味小馆（南京东路店）');
    expect(host.requests[0].url).toMatch(platform === 'weapp' ? /user\/login$/ : /user\/aliLogin$/);
    noFaults(host);
    reportSetData('launch shop link', host);
  });

  test('plain (no query): no exception, an entry page answers', async () => {
    const host = h.host(platform);
    await host.launch();
    await host.settle();
    expect(host.currentRoute).not.toBe('');
    expect(host.errors).toEqual([]);
    reportSetData('launch plain', host);
  });

  test('from a dine-in link: the menu opens for eating in', async () => {
    const host = h.host(platform);
    await host.launch({ query: { id: SHOP_ID, isDine: '1', table: 'A1' } });
    await waitRoute(host, 'pages/product/index');
    await waitText(host, '宫保鸡丁');
    noFaults(host);
    reportSetData('launch dine-in link', host);
  });

  test('from a scan-order link (source_type 6): the table page opens', async () => {
    const host = h.host(platform);
    await host.launch({ query: { source_type: '6', shop_id: SHOP_ID, table_no: 'A1', tableCode: TABLE_CODE.A1 } });
    await waitRoute(host, 'pages/product/table');
    await host.settle();
    noFaults(host);
    reportSetData('launch scan-order link', host);
  });
});

describePlatforms('menu', (platform) => {
  test("shows the server's products and their pictures resolve to fetchable URLs", async () => {
    const host = h.host(platform);
    await host.launch({ query: { id: SHOP_ID } });
    await tapText(host, '外卖配送');
    await waitRoute(host, 'pages/user/index-tab-1');
    await waitText(host, '宫保鸡丁');
    // the restaurant's small menu comes whole with its category list (store/productTypes, MENU-8):
    // no separate store/products call
    const types = host.requests.find((r) => /store\/productTypes$/.test(r.url));
    expect(types?.status).toEqual(200);
    expect(host.requests.some((r) => /store\/products$/.test(r.url))).toEqual(false);
    const text = pageText(host);
    for (const name of ['现磨豆浆', '宫保鸡丁', '水煮鱼', '麻婆豆腐']) expect(text).toContain(name);
    // pictures: every non-inline image source is an absolute URL the server answers with an image
    const sources = imageSources(rootOf(host.currentPage.data)).filter((s) => !s.startsWith('data:'));
    expect(sources.length).toBeGreaterThan(0);
    for (const src of [...new Set(sources)].slice(0, 8)) {
      expect(src).toMatch(/^https?:\/\//);
      expect(src.startsWith(`${BUILD_ORIGIN}/`)).toBe(true);
      const res = await host.httpRequest({ url: src });
      if (res.status === 200) {
        expect(res.headers['content-type']).toMatch(/^image\//);
      } else {
        // the test configuration does not mount the demo pictures (@fastify/static is ESM-only under
        // jest): the path must be one `npm start` serves from server/src/demo/images
        const m = /\/demo-images\/(.+)$/.exec(new URL(src).pathname);
        expect(m && fs.existsSync(path.join(ROOT, 'server', 'src', 'demo', 'images', m[1]))).toBe(true);
      }
    }
    noFaults(host);
    reportSetData('menu', host);
  });
});

describePlatforms('order', (platform) => {
  test('spec sheet, cart, confirm, pay cash (pickup): the order is placed', async () => {
    const host = h.host(platform);
    await toConfirm(host);
    // Kung Pao chicken ¥38.00 + pack ¥1.00 + tableware ¥1.00 + delivery ¥5.00 = ¥45.00 for takeaway
    expect(pageText(host)).toContain('¥45.00');
    await tapText(host, /^自取$/);
    await tapText(host, /^现金支付$/);
    await typeInto(host, '请填写姓名', '张三');
    await typeInto(host, '请填写手机号', '13800138000');
    await tapText(host, /^提交订单$/);
    await waitRoute(host, 'pages/order/success');
    // pickup: ¥38.00 + pack ¥1.00 + tableware ¥1.00, no delivery fee = ¥40.00
    await waitText(host, '下单成功');
    expect(pageText(host)).toContain('¥40.00');
    const placed = host.requests.find((r) => /order\/confirm$/.test(r.url));
    expect(placed?.status).toBe(200);
    // the payment app's adapter sends the body as JSON text (my.request would form-encode an object)
    const sent: unknown = typeof placed?.sent === 'string' ? JSON.parse(placed.sent) : placed?.sent;
    expect(sent).toMatchObject({ type: 'selfPickup', payType: 'cash' });
    expect((placed?.data as { result: boolean }).result).toBe(true);
    noFaults(host);
    reportSetData('cash order', host);
  });
});

/** Confirm for pickup with the contact filled, paying by `method`, then submit. */
async function submitPickup(host: MiniHost, method: RegExp): Promise<void> {
  await tapText(host, /^自取$/);
  await tapText(host, method);
  for (const [hint, value] of [
    ['请填写姓名', '张三'],
    ['请填写手机号', '13800000000'],
  ]) {
    if (findInputs(host, hint).length > 0) await typeInto(host, hint, value);
  }
  await tapText(host, /^提交订单$/);
}

describePlatforms('payments', (platform) => {
  test('member balance with the pay password (allowed in mini programs, C§5)', async () => {
    // the demo data as loaded: the other platform's run of this test has used the member's coupon
    await h.srv().server.reset();
    const host = h.host(platform, { loginCode: () => 'demo-openid-zhangsan' });
    await toConfirm(host);
    // member price ¥35.00 + pack ¥1.00 + tableware ¥1.00 = ¥37.00; coupon 8.8折 on ¥35.00 = −¥4.20 → ¥32.80
    await tapText(host, /^自取$/);
    await waitText(host, '¥32.80');
    await submitPickup(host, /^会员卡支付$/);
    await waitText(host, '请输入支付密码');
    for (const digit of '135790') await tapLast(host, digit);
    await waitRoute(host, 'pages/order/success');
    await waitText(host, '下单成功');
    const placed = host.requests.find((r) => /order\/confirm$/.test(r.url));
    const sent = (typeof placed?.sent === 'string' ? JSON.parse(placed.sent) : placed?.sent) as Record<string, unknown>;
    expect(sent.payType).toBe('vip');
    expect(JSON.stringify(host.requests.map((r) => r.data))).not.toContain('135790');
    noFaults(host);
    reportSetData('balance + pay password', host);
  });

  test("wallet payment call receives the server's parameters", async () => {
    const host = h.host(platform);
    await toConfirm(host);
    await submitPickup(host, platform === 'weapp' ? /^微信支付$/ : /^支付宝$/);
    await host.settle();
    await waitRoute(host, 'pages/order/success');
    await waitText(host, '下单成功');
    expect(host.payments).toHaveLength(1);
    const p = host.payments[0];
    const answered = JSON.stringify(host.requests.map((r) => r.data));
    if (platform === 'weapp') {
      expect(p.api).toBe('requestPayment');
      for (const k of ['timeStamp', 'nonceStr', 'package', 'signType', 'paySign']) {
        expect(answered).toContain(String(p.params[k]));
      }
    } else {
      expect(p.api).toBe('tradePay');
      expect(answered).toContain(String(p.params.tradeNO));
    }
    noFaults(host);
    reportSetData('wallet payment', host);
  });

  test('provider payment page shows its countdown and opens the web-view', async () => {
    const host = h.host(platform);
    await toConfirm(host);
    await submitPickup(host, /^在线支付$/);
    await waitRoute(host, 'pages/order/allin-pay');
    await waitText(host, /请在 \d+:\d\d 内完成支付/);
    await tapText(host, /^去支付$/);
    await waitRoute(host, 'pages/index/web-view');
    const url = decodeURIComponent(String(host.currentPage.options.url ?? ''));
    expect(url).toMatch(/\/sandbox-pay\/checkout\/T\w+/);
    noFaults(host);
    reportSetData('provider payment page', host);
  });
});

describePlatforms('session', (platform) => {
  test('a 401 logs in again and the flow continues', async () => {
    const host = h.host(platform);
    const { server } = h.srv();
    await host.launch({ query: { id: SHOP_ID } });
    await waitRoute(host, 'pages/user/index-tab');
    const logins = () => host.requests.filter((r) => /user\/(login|aliLogin)$/.test(r.url)).length;
    expect(logins()).toBe(1);
    // the session expires on the server (tokens live 24 h): the next call answers 401
    server.clock.advance(25 * 3600_000);
    server.ctx.sessions.clearCache();
    try {
      await host.tapTab('pages/user/order/list');
      await host.until(() => host.requests.some((r) => r.status === 401), 'a 401 answer');
      await host.until(() => logins() === 2, 'a second login');
      await waitRoute(host, 'pages/user/index-tab');
      await tapText(host, '外卖配送');
      await waitRoute(host, 'pages/user/index-tab-1');
      await waitText(host, '宫保鸡丁');
    } finally {
      server.clock.set(MINI_NOW);
    }
    expect(host.errors).toEqual([]);
    reportSetData('401 and login again', host);
  });
});

describePlatforms('menu navigation', (platform) => {
  test("a category jump shows that category's rows in the visible window", async () => {
    const host = h.host(platform);
    await host.launch({ query: { id: SHOP_ID } });
    await tapText(host, '外卖配送');
    await waitRoute(host, 'pages/user/index-tab-1');
    await waitText(host, '宫保鸡丁');
    // 饮品 (drinks) is far down the list: the jump must render its rows, not blank the list
    const scrolls = host.scrolls.length;
    await tapText(host, /^饮品$/);
    await host.settle();
    // the list moves through the scroll-view's scroll-top property, which both hosts document (the
    // payment app's NodesRef.node() is for a canvas only: its model has none), and no node is asked
    const top = Number(host.attributeOf('product-list', 'scroll-top'));
    expect(top).toBeGreaterThan(1000);
    expect(host.scrolls.slice(scrolls)).toEqual([]);
    const text = pageText(host);
    for (const drink of ['冻柠檬茶', '可乐', '酸梅汤', '鲜榨橙汁']) expect(text).toContain(drink);
    // back to the first category and to 饮品 again: each jump moves the list, even to the same place
    await tapText(host, /^早餐$/);
    await host.settle();
    expect(Number(host.attributeOf('product-list', 'scroll-top'))).toBeLessThan(2);
    await tapText(host, /^饮品$/);
    await host.settle();
    expect(Math.abs(Number(host.attributeOf('product-list', 'scroll-top')) - top)).toBeLessThanOrEqual(1);
    noFaults(host);
    reportSetData('category jump', host);
  });
});

describePlatforms('more orders', (platform) => {
  test('takeaway: a new delivery address from confirm, pay cash', async () => {
    const host = h.host(platform);
    await toConfirm(host);
    await tapText(host, '请选择收货地址');
    await waitRoute(host, 'pages/user/address/list');
    await tapText(host, '新增地址');
    await waitRoute(host, 'pages/user/address/add');
    await typeInto(host, '请填写姓名', '张三');
    await typeInto(host, '请填写手机号', '13800000000');
    await typeInto(host, '小区、写字楼、街道', '南京东路 100 号');
    await typeInto(host, '楼栋、单元、门牌号', '3 楼');
    await typeInto(host, '纬度,经度', '31.2350,121.4800');
    await tapText(host, /^保存$/);
    await waitRoute(host, 'pages/order/confirm');
    await waitText(host, '南京东路 100 号');
    // ¥38.00 + pack ¥1.00 + tableware ¥1.00 + delivery ¥5.00 = ¥45.00
    expect(pageText(host)).toContain('应付¥45.00');
    await tapText(host, /^现金支付$/);
    await tapText(host, /^提交订单$/);
    await waitRoute(host, 'pages/order/success');
    await waitText(host, '下单成功');
    const placed = host.requests.find((r) => /order\/confirm$/.test(r.url));
    const sent = (typeof placed?.sent === 'string' ? JSON.parse(placed.sent) : placed?.sent) as Record<string, unknown>;
    expect(sent.type).toBe('takeaway');
    noFaults(host);
    reportSetData('takeaway order', host);
  });

  test('dine-in link: spec sheet, cart, confirm, pay cash', async () => {
    const host = h.host(platform);
    await host.launch({ query: { id: SHOP_ID, isDine: '1', table: 'A1' } });
    await waitRoute(host, 'pages/product/index');
    await tapText(host, '选规格');
    await waitText(host, '加入购物车');
    await tapText(host, /^微辣$/);
    await tapText(host, /加入购物车/);
    await tapText(host, '去结算');
    await waitRoute(host, 'pages/order/confirm');
    await waitText(host, '提交订单');
    await tapText(host, /^现金支付$/);
    // ¥38.00 + tableware ¥1.00 + service charge 10 % of ¥38.00 = ¥3.80 → ¥42.80 (no pack fee eating in)
    expect(pageText(host)).toContain('应付¥42.80');
    await tapText(host, /^提交订单$/);
    await waitRoute(host, 'pages/order/success');
    const placed = host.requests.find((r) => /order\/confirm$/.test(r.url));
    const sent = (typeof placed?.sent === 'string' ? JSON.parse(placed.sent) : placed?.sent) as Record<string, unknown>;
    expect(sent.type).toBe('dine');
    await waitText(host, '下单成功');
    noFaults(host);
    reportSetData('dine-in order', host);
  });

  test('order detail of an unpaid order shows its payment countdown', async () => {
    const host = h.host(platform);
    await toConfirm(host);
    await submitPickup(host, /^在线支付$/);
    await waitRoute(host, 'pages/order/allin-pay');
    await tapText(host, /^查看订单$/);
    await waitRoute(host, 'pages/user/order/detail');
    // 15 minutes to pay from the order's creation at the fixed instant, counting down
    await waitText(host, /请在 14:\d\d 内完成支付/);
    expect(pageText(host)).toContain('订单合计¥40.00');
    noFaults(host);
    reportSetData('order detail', host);
  });
});
