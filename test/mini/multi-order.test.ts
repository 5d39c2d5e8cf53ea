/**
 * Multi-shop orders on the built weapp and alipay apps (host model) against the real server with the
 * sandbox wallet (ORDER-10; C§2 multi-confirm, multi-success): carts kept on the device at two shops
 * of the demo chain (the restaurant 1001 and its Jing'an branch 1004), "check out all shops" on the
 * cart, each shop's own figures, one payment in the host wallet (weapp `requestPayment`, alipay
 * `my.tradePay`), both orders paid and listed on multi-success.
 */
import { inArray } from 'drizzle-orm';
import { orders } from '../../server/src/db/schema';
import { SHOP } from '../../server/src/demo/ids';
import { PayStatus } from '../../src/domain/enums';
import { lineFlag } from '../../src/domain/pricing';
import type { MiniHost } from './host/host';
import { pageText, tapClass, tapText, typeInto, waitRoute, waitText } from './host/drive';
import { describePlatforms, harnessForFile } from './host/suite';

jest.setTimeout(120_000);
const h = harnessForFile();
const WALLET = { weapp: /^微信支付$/, alipay: /^支付宝$/ } as const;

function noFaults(host: MiniHost): void {
  expect(host.errors).toEqual([]);
  expect(host.requests.filter((r) => r.failed || r.status >= 500)).toEqual([]);
}

/** A cart line as the cart store keeps it on the device (CART-2). */
const line = (id: number, name: string, price: number, typeid: number, quantity: number) => ({
  id,
  name,
  price,
  typeid,
  quantity,
  flag: lineFlag(id, undefined, [], []),
});

/** The carts this device kept from earlier visits: the restaurant and the branch (cart_<shopId>). */
function seedCarts(storage: Map<string, string>): void {
  storage.set(
    `cart_${SHOP.restaurant}`,
    JSON.stringify({ lines: [line(10303, '番茄炒蛋', 22, 1103, 2), line(10704, '酸梅汤', 10, 1107, 1)] }),
  );
  storage.set(
    `cart_${SHOP.branch}`,
    JSON.stringify({ lines: [line(40303, '番茄炒蛋', 22, 4103, 1), line(40401, '葱油拌面', 16, 4104, 1), line(40704, '酸梅汤', 10, 4107, 1)] }),
  );
}

describePlatforms('multi-shop order', (platform) => {
  test('carts at two chain shops: check out all, each shop priced by its rules, one wallet payment pays both', async () => {
    await h.srv().server.reset();
    const storage = new Map<string, string>();
    seedCarts(storage);
    const host = h.host(platform, { storage });
    await host.launch({ query: { id: String(SHOP.branch) } });
    await waitRoute(host, 'pages/user/index-tab');
    await tapText(host, '到店自取');
    await waitRoute(host, 'pages/user/index-tab-1');
    await waitText(host, '去结算');
    await tapClass(host, 'cart-bar__icon');
    await waitText(host, '多店一起结算');
    await tapText(host, /^一起结算$/);
    await waitRoute(host, 'pages/order/multi-confirm');
    await waitText(host, '沪味小馆（南京东路店）');
    const text = pageText(host);
    /**
     * Restaurant: 2 × 22 + 10 = 54, ¥5 off from ¥50, packaging 1 × 3, dishware 1 × 2 → 54.
     * Branch: 22 + 16 + 10 = 48, ¥6 off from ¥40, packaging 2 × 3 → 48. Together 102.
     */
    expect(text).toContain('沪味小馆（静安寺店）');
    expect(text).toContain('满40减6');
    expect(text).toContain('¥102.00');
    await typeInto(host, '请输入姓名', '王小明');
    await typeInto(host, '请输入手机号', '13912345678');
    await tapText(host, WALLET[platform]);
    await tapText(host, /^一次支付$/);
    await waitRoute(host, 'pages/order/multi-success');
    await waitText(host, '支付成功');
    expect(host.payments.map((p) => p.api)).toEqual([platform === 'weapp' ? 'requestPayment' : 'tradePay']);
    expect(pageText(host)).toContain('共 2 个订单');

    const placed = host.requests.find((r) => /order\/multiConfirm$/.test(r.url));
    const info = (placed?.data as { info: { multiOrderIds: number[]; total: number } }).info;
    expect(info.total).toBe(102);
    const rows = await h.srv().server.db.select().from(orders).where(inArray(orders.id, info.multiOrderIds));
    expect(rows.map((o) => [o.shopId, Number(o.total), o.payStatus]).sort()).toEqual([
      [SHOP.restaurant, 54, PayStatus.success],
      [SHOP.branch, 48, PayStatus.success],
    ]);
    // both carts emptied on the device
    expect(JSON.parse(host.storage.get(`cart_${SHOP.restaurant}`) ?? 'null')).toEqual({ lines: [] });
    expect(JSON.parse(host.storage.get(`cart_${SHOP.branch}`) ?? 'null')).toEqual({ lines: [] });
    noFaults(host);
  });
});
