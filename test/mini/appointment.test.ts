/**
 * Appointments on the built weapp and alipay apps (host model) against the real server with the
 * sandbox wallet (ORDER-5, C§2, C§3 Beauty, C§5): the beauty salon opens its appointment tab with the
 * services' durations; on the confirm page the service user is refused before the time, then the time,
 * the service user (its own page), the name and the phone are chosen, and the 30 % deposit is paid
 * through the host wallet (weapp `requestPayment`, alipay `my.tradePay`).
 */
import { BEAUTY_USER, SHOP } from '../../server/src/demo/ids';
import { eq } from 'drizzle-orm';
import { orders } from '../../server/src/db/schema';
import type { MiniHost } from './host/host';
import { pageText, tapClass, tapText, typeInto, waitRoute, waitText } from './host/drive';
import { describePlatforms, harnessForFile } from './host/suite';

jest.setTimeout(90_000);
const h = harnessForFile();
const WALLET = { weapp: /^微信支付$/, alipay: /^支付宝$/ } as const;

function noFaults(host: MiniHost): void {
  expect(host.errors).toEqual([]);
  expect(host.requests.filter((r) => r.failed)).toEqual([]);
}

describePlatforms('appointment', (platform) => {
  test('books a facial with its beautician tomorrow at 14:00 and pays the ¥89.40 deposit in the host wallet', async () => {
    await h.srv().server.reset();
    const host = h.host(platform);
    await host.launch({ query: { id: String(SHOP.beauty) } });
    // C§2: the beauty shop opens the appointment tab
    await waitRoute(host, 'pages/user/index-tab-1');
    await waitText(host, '水光补水护理');
    expect(pageText(host)).toContain('90 分钟');
    // the first service of the first category: the hydrating facial
    await tapClass(host, 'stepper__btn--plus');
    await tapText(host, /^去结算$/);
    await waitRoute(host, 'pages/order/confirm');
    await waitText(host, '预约信息');

    // C§5: the time before the service user
    await tapText(host, /^请选择服务人员$/);
    expect(host.toasts).toContain('请先选择预约时间');
    await tapText(host, /^请选择预约时间$/);
    await tapText(host, /^明天$/);
    await tapText(host, /^14:00$/);
    await waitText(host, '2026-03-05 14:00');

    await tapText(host, /^请选择服务人员$/);
    await waitRoute(host, 'pages/order/select-service-user');
    await waitText(host, '林悦');
    expect(pageText(host)).toContain('工号 B001');
    await tapText(host, /^林悦/);
    await waitRoute(host, 'pages/order/confirm');
    await waitText(host, '林悦 · 资深美容师');

    await typeInto(host, '到店人姓名', '李女士');
    await typeInto(host, '用于接收预约提醒', '13812345678');
    await tapText(host, WALLET[platform]);
    // 298 × 30 % = 89.40 now; 298 − 89.40 = 208.60 in the shop
    await waitText(host, '现付定金 ¥89.40，到店再付 ¥208.60');
    await tapText(host, /^提交订单$/);
    await waitRoute(host, 'pages/order/success');
    // the deposit paid and the rest due in the shop
    await waitText(host, '已付定金 ¥89.40，到店再付 ¥208.60');
    expect(pageText(host)).toContain('2026-03-05 14:00 · 林悦');
    expect(host.payments.map((p) => p.api)).toEqual([platform === 'weapp' ? 'requestPayment' : 'tradePay']);

    const placed = host.requests.find((r) => /order\/confirm$/.test(r.url));
    const sent = (typeof placed?.sent === 'string' ? JSON.parse(placed.sent) : placed?.sent) as Record<string, unknown>;
    expect(sent).toMatchObject({
      type: 'appointment',
      payType: platform === 'weapp' ? 'weixin' : 'alipay',
      serviceUser: { id: BEAUTY_USER.lin },
      contact_name: '李女士',
      contact_phone: '13812345678',
    });
    const id = (placed?.data as { info: { id: number } }).info.id;
    // the order as the server holds it: the whole price, the deposit paid
    const [row] = await h.srv().server.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ total: '298.0000', paidAmount: '89.4000', payStatus: 1, status: 'pending' });
    noFaults(host);
  });
});
