/**
 * The whole life of an order through the API (SERVER-3, ORDER-1/2/3/7/9): each order type, each pay
 * type, the server's own prices (PRICE-10), idempotent submits and who may see an order.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { orderCalls } from '../../../src/api/contract/order';
import { balanceTransactions, orders, payments } from '../../../server/src/db/schema';
import {
  BEAUTY_PRODUCT,
  BEAUTY_USER,
  DEMO_MEMBER,
  DEMO_USER,
  RESTAURANT_PRODUCT as P,
  RETAIL_PRODUCT,
  SHOP,
} from '../../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../../support/build-server';
import {
  completeTrade,
  dine,
  failure,
  memberRow,
  orderRow,
  place,
  quote,
  selfPickup,
  startPay,
  success,
  takeaway,
} from './helpers';

let server: TestServer;
const MERCHANT_KEY = 'test-merchant-key';

beforeAll(async () => {
  server = await buildTestServer({ config: { merchantKey: MERCHANT_KEY } });
}, 60000);
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.reset();
});

async function merchant(id: number, action: string, extra: Record<string, unknown> = {}) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/merchant/order/act',
    headers: { 'content-type': 'application/json', 'x-merchant-key': MERCHANT_KEY },
    payload: JSON.stringify({ id, action, ...extra }),
  });
  const body = JSON.parse(res.body) as { result: boolean; info: { status: string } };
  if (!body.result) throw new Error(`merchant ${action} failed: ${res.body}`);
  return body.info;
}

describe('prices', () => {
  test('a dine-in order is priced by the server from its own menu', async () => {
    const token = await server.login(SHOP.restaurant);
    // 2 × 22 tomato eggs = 44 (no activity reached); dishware 2 × ¥1 = 2; service charge 10 % × 44 = 4.40
    // total = 44 + 2 + 4.40 = 50.40
    expect(await quote(server, token, dine())).toBe(50.4);
  });

  test('a takeaway order adds packaging, dishware and the first delivery tier', async () => {
    const token = await server.login(SHOP.restaurant);
    // braised pork 48 (visitor: no member price) + packaging 1 + dishware 1 + delivery ≤3 km 5 = 55
    expect(await quote(server, token, takeaway())).toBe(55);
  });

  test('a submit whose expected total differs is refused with the fresh breakdown and no order', async () => {
    const token = await server.login(SHOP.restaurant);
    const f = failure(await server.call(orderCalls.confirm, { ...takeaway(), expectedTotal: 1 }, { token }));
    expect(f.code).toBe('amountError');
    const data = (
      f.body as { data: { total: number; expectedTotal: number; breakdown: { deliveryFee: number } } }
    ).data;
    expect(data).toMatchObject({ expectedTotal: 1, total: 55, breakdown: { deliveryFee: 5 } });
    expect(await server.db.select().from(orders)).toHaveLength(0);
  });

  test('a price sent by the client is refused, never charged', async () => {
    const token = await server.login(SHOP.restaurant);
    const body = {
      ...takeaway(),
      products: [{ id: P.braisedPork, quantity: 1, flag: 'a', price: 0.01 }],
      expectedTotal: 0.01,
    };
    const f = failure(await server.call(orderCalls.confirm, body, { token }));
    expect(f.code).toBe('badRequest');
    expect(await server.db.select().from(orders)).toHaveLength(0);
  });

  test('the order records the total the server computed', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, takeaway());
    expect(o.total).toBe(55);
    expect(Number((await orderRow(server, o.id)).total)).toBe(55);
  });
});

describe('cash', () => {
  test('a cash takeaway order goes to the shop at once, without a countdown', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, takeaway());
    expect(o).toMatchObject({ status: 'pending', payStatus: 0, needPay: false, payDeadline: null });
  });

  test('a cash takeaway order is accepted, delivered and confirmed received', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, takeaway());
    expect((await merchant(o.id, 'accept')).status).toBe('confirmed');
    expect((await merchant(o.id, 'deliver')).status).toBe('delivered');
    await merchant(o.id, 'cashPaid');
    const done = success(await server.call(orderCalls.confirmDelivered, { id: o.id }, { token }));
    expect(done).toEqual({ id: o.id, status: 'successed', payStatus: 1 });
  });

  test('a cash pickup order is accepted and completed by the shop', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, selfPickup());
    await merchant(o.id, 'accept');
    await merchant(o.id, 'cook');
    await merchant(o.id, 'cashPaid');
    expect((await merchant(o.id, 'complete')).status).toBe('successed');
  });

  test('a cash dine-in order asks for the bill and is paid at the counter', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, dine());
    await merchant(o.id, 'accept');
    expect((await merchant(o.id, 'requestPay')).status).toBe('need_pay');
    const paid = await merchant(o.id, 'cashPaid');
    expect(paid).toMatchObject({ status: 'successed', payStatus: 1, paidAmount: 50.4 });
  });
});

describe('member card', () => {
  test('a pickup order paid by member card debits the balance in the order transaction', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    // member price 42 + packaging 1 + dishware 1 = 44; below the ¥50 gift-amount rule: all from the balance
    const o = await place(
      server,
      token,
      selfPickup({ payType: 'vip', payPassword: DEMO_MEMBER.payPassword }),
    );
    expect(o).toMatchObject({ status: 'pending', payStatus: 1, total: 44, needPay: false });
    const m = await memberRow(server, DEMO_MEMBER.id);
    expect(Number(m.balance)).toBe(456); // 500 − 44
    const records = await server.db
      .select()
      .from(balanceTransactions)
      .where(eq(balanceTransactions.orderId, o.id));
    expect(records.map((r) => [r.type, Number(r.amount), Number(r.balanceAfter)])).toEqual([
      ['consume', -44, 456],
    ]);
  });

  test('an order of ¥50 or more takes the gift amount by the shop rule before the balance', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    // 2 × member price 42 = 84, full reduction ≥50 −5 → 79; packaging 2, dishware 2 → 83;
    // gift rule "spend 50 use 5": 5 from the gift amount; 78 from the balance
    const body = selfPickup({
      payType: 'vip',
      payPassword: DEMO_MEMBER.payPassword,
      products: [{ id: P.braisedPork, quantity: 2, flag: 'a' }],
    });
    const o = await place(server, token, body);
    const m = await memberRow(server, DEMO_MEMBER.id);
    expect(Number(m.giftAmount)).toBe(50 - 5);
    expect(Number(m.balance)).toBe(500 - o.total);
  });

  test('a member-card order without its password waits and is paid by order/pay', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'vip' }));
    expect(o.status).toBe('nopay');
    const start = success(
      await server.call(
        orderCalls.pay,
        { id: o.id, payType: 'vip', payPassword: DEMO_MEMBER.payPassword },
        { token },
      ),
    );
    expect(start).toEqual({ kind: 'paid', payStatus: 1, paidAmount: o.total });
    expect(success(await server.call(orderCalls.detail, { id: o.id }, { token })).status).toBe('pending');
  });
});

describe('online providers (sandbox)', () => {
  test('a dine-in order paid with the chat-app wallet settles through the signed callback', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'weixin' }));
    expect(o).toMatchObject({ status: 'nopay', needPay: true });
    const start = await startPay(server, token, o.id, 'weixin');
    expect(start).toMatchObject({ kind: 'wallet', provider: 'weixin', amount: 50.4 });
    expect(await completeTrade(server, start)).toEqual({ outcome: 'settled' });
    const d = success(await server.call(orderCalls.detail, { id: o.id }, { token }));
    expect(d).toMatchObject({ status: 'pending', payStatus: 1, paidAmount: 50.4, payDeadline: null });
  });

  test('a takeaway order paid with the payment-app wallet goes through to delivered and received', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, takeaway({ payType: 'alipay' }));
    await completeTrade(server, await startPay(server, token, o.id, 'alipay'));
    await merchant(o.id, 'accept');
    await merchant(o.id, 'callRider');
    await merchant(o.id, 'riderConfirm', { rider: { name: 'Li', phone: '13700000000' } });
    await merchant(o.id, 'riderPickUp');
    await merchant(o.id, 'deliver');
    const info = success(await server.call(orderCalls.deliveryInfo, { orderNo: o.orderNo }, { token }));
    expect(info).toMatchObject({ status: 'delivered', riderName: 'Li', riderPhone: '13700000000' });
    expect(success(await server.call(orderCalls.confirmDelivered, { id: o.id }, { token })).status).toBe(
      'successed',
    );
  });

  test('a pickup order paid on the all-in-one provider page settles', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, selfPickup({ payType: 'allinpay' }));
    const start = await startPay(server, token, o.id, 'allinpay');
    expect(start.kind === 'redirect' && start.url).toContain(`/sandbox-pay/checkout/${start.kind === 'redirect' ? start.tradeNo : ''}`);
    await completeTrade(server, start);
    expect((await orderRow(server, o.id)).status).toBe('pending');
  });

  test('an order of the overseas shop paid on the card provider page settles', async () => {
    const token = await server.login(SHOP.retail);
    const body = selfPickup({
      payType: 'stripe',
      products: [{ id: RETAIL_PRODUCT.mineralWater, quantity: 2, flag: 'w' }],
    });
    const o = await place(server, token, body);
    const start = await startPay(server, token, o.id, 'stripe');
    expect(start.kind === 'redirect' && start.url).toContain(`/sandbox-pay/checkout/${start.kind === 'redirect' ? start.tradeNo : ''}`);
    await completeTrade(server, start);
    expect(success(await server.call(orderCalls.detail, { id: o.id }, { token }))).toMatchObject({
      status: 'pending',
      payStatus: 1,
      payType: 'stripe',
    });
  });

  test('the sandbox cashier page shows the trade from the server, not from its address', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'allinpay' }));
    const start = await startPay(server, token, o.id, 'allinpay');
    const url = new URL(start.kind === 'redirect' ? start.url : '');
    const res = await server.app.inject({ method: 'GET', url: `${url.pathname}?amount=0.01&lang=en` });
    expect(res.statusCode).toBe(200);
    // 50.4 is the order's own total (dine-in at the restaurant: see the dine() body), not the 0.01 in the address
    expect(res.body).toContain('Amount 50.40');
    expect(res.body).not.toContain('0.01');
  });

  test('the sandbox cashier cannot be made to run a script through its address', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/sandbox-pay/checkout/${encodeURIComponent('</script><script>alert(1)</script>')}`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<script>alert(1)');
  });

  test('a paid trade whose callback never came is settled by order/payQuery', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'weixin' }));
    const start = await startPay(server, token, o.id, 'weixin');
    expect(await completeTrade(server, start, 'success', false)).toEqual({ outcome: 'recorded' });
    expect((await orderRow(server, o.id)).status).toBe('nopay');
    const q = success(await server.call(orderCalls.payQuery, { id: o.id }, { token }));
    expect(q).toEqual({ id: o.id, status: 'pending', payStatus: 1, paidAmount: 50.4 });
  });

  test('a failed wallet payment leaves the order payable, and a retry pays it', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'weixin' }));
    const err = success(
      await server.call(
        orderCalls.payErrorCallback,
        { id: o.id, payType: 'weixin', payStatus: 2, reason: 'user cancelled' },
        { token },
      ),
    );
    expect(err).toEqual({ id: o.id, status: 'nopay', payStatus: 2 });
    await completeTrade(server, await startPay(server, token, o.id, 'alipay'));
    expect(await orderRow(server, o.id)).toMatchObject({
      status: 'pending',
      payStatus: 1,
      payType: 'alipay',
    });
  });

  test('a cancelled trade on the provider page sets pay status 3 and the order stays unpaid', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'allinpay' }));
    await completeTrade(server, await startPay(server, token, o.id, 'allinpay'), 'cancel');
    expect(await orderRow(server, o.id)).toMatchObject({ status: 'nopay', payStatus: 3 });
  });

  test('a pay type the shop does not offer is refused', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'weixin' }));
    expect(failure(await server.call(orderCalls.pay, { id: o.id, payType: 'stripe' }, { token })).code).toBe(
      'noValidPayType',
    );
  });
});

describe('idempotent submit', () => {
  test('the same submit twice with one Idempotency-Key gives one order', async () => {
    const token = await server.login(SHOP.restaurant);
    const key = randomUUID();
    const first = await place(server, token, takeaway(), key);
    const second = await place(server, token, takeaway(), key);
    expect(second.id).toBe(first.id);
    expect(await server.db.select().from(orders)).toHaveLength(1);
  });

  test('two simultaneous submits with one key give one order', async () => {
    const token = await server.login(SHOP.restaurant);
    const key = randomUUID();
    const body = { ...takeaway(), expectedTotal: 55 };
    const [a, b] = await Promise.all(
      [0, 1].map(() => server.call(orderCalls.confirm, body, { token, headers: { 'idempotency-key': key } })),
    );
    expect(success(a).id).toBe(success(b).id);
    expect(await server.db.select().from(orders)).toHaveLength(1);
  });

  test('a repeat after the first submit took the last stock still answers the first order', async () => {
    const token = await server.login(SHOP.restaurant);
    const key = randomUUID();
    const body = dine({ products: [{ id: P.peking, quantity: 5, flag: 'p' }] });
    const first = await place(server, token, body, key);
    const again = await place(server, token, { ...body, expectedTotal: first.total }, key);
    expect(again.id).toBe(first.id);
  });

  test('two submits with different keys give two orders', async () => {
    const token = await server.login(SHOP.restaurant);
    const a = await place(server, token, takeaway());
    const b = await place(server, token, takeaway());
    expect(a.id).not.toBe(b.id);
  });
});

describe('queries', () => {
  test('the list shows the user orders by tab, newest first', async () => {
    const token = await server.login(SHOP.restaurant);
    const cash = await place(server, token, takeaway());
    const unpaid = await place(server, token, dine({ payType: 'weixin' }));
    const all = success(await server.call(orderCalls.list, {}, { token }));
    expect(all.list.map((o) => o.id)).toEqual([unpaid.id, cash.id]);
    const tab = success(await server.call(orderCalls.list, { tab: 'unpaid' }, { token }));
    expect(tab.list.map((o) => o.id)).toEqual([unpaid.id]);
    expect(tab.list[0].payDeadline).toBe(unpaid.payDeadline);
  });

  test('last answers the latest order and daySeq numbers the day', async () => {
    const token = await server.login(SHOP.restaurant);
    await place(server, token, takeaway());
    const second = await place(server, token, takeaway());
    expect(success(await server.call(orderCalls.last, {}, { token }))?.id).toBe(second.id);
    expect(success(await server.call(orderCalls.daySeq, { id: second.id }, { token }))).toEqual({
      daySeq: 2,
    });
  });

  test('the detail carries lines, contact and figures of the order', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, takeaway({ note: 'no chili' }));
    const d = success(await server.call(orderCalls.detail, { id: o.id }, { token }));
    expect(d).toMatchObject({
      type: 'takeaway',
      note: 'no chili',
      goodsAmount: 48,
      packFee: 1,
      dishwareAmount: 1,
      deliveryFee: 5,
      total: 55,
      contact: { contact_name: 'Wang', contact_phone: '13812345678' },
      lines: [{ productId: P.braisedPork, quantity: 1, price: 48, amount: 48 }],
    });
  });

  test('a member cannot read another member order', async () => {
    const owner = await server.login(SHOP.restaurant);
    const other = await server.login(SHOP.restaurant);
    const o = await place(server, owner, takeaway());
    expect(failure(await server.call(orderCalls.detail, { id: o.id }, { token: other })).code).toBe(
      'orderNotFound',
    );
    expect(
      failure(await server.call(orderCalls.deliveryInfo, { orderNo: o.orderNo }, { token: other })).code,
    ).toBe('orderNotFound');
    expect(success(await server.call(orderCalls.list, {}, { token: other })).total).toBe(0);
  });

  test('a member cannot cancel or pay another member order', async () => {
    const owner = await server.login(SHOP.restaurant);
    const other = await server.login(SHOP.restaurant);
    const o = await place(server, owner, dine({ payType: 'weixin' }));
    expect(failure(await server.call(orderCalls.close, { id: o.id }, { token: other })).code).toBe(
      'orderNotFound',
    );
    expect(
      failure(await server.call(orderCalls.pay, { id: o.id, payType: 'weixin' }, { token: other })).code,
    ).toBe('orderNotFound');
    expect((await orderRow(server, o.id)).status).toBe('nopay');
    expect(await server.db.select().from(payments)).toHaveLength(0);
  });

  test('order calls without a token answer 401', async () => {
    const r = await server.call(orderCalls.list, {}, {});
    expect(r.status).toBe(401);
  });
});

describe('appointment', () => {
  test('a beauty appointment with a service user is booked with its service', async () => {
    const token = await server.login(SHOP.beauty);
    const at = server.clock.now() + 24 * 3600 * 1000;
    // the beauty set allows no cash; a nail artist performs the 75-minute manicure
    const body = {
      type: 'appointment' as const,
      payType: 'weixin' as const,
      products: [{ id: BEAUTY_PRODUCT.manicure, quantity: 1, flag: 'm' }],
      appointment: at,
      serviceUser: { id: BEAUTY_USER.zhao },
      contact_name: 'Li',
      contact_phone: '13812345678',
    };
    const o = await place(server, token, body);
    const d = success(await server.call(orderCalls.detail, { id: o.id }, { token }));
    expect(d).toMatchObject({
      type: 'appointment',
      appointmentTime: at,
      service: { serviceUserId: BEAUTY_USER.zhao, startTime: at, duration: 75 },
    });
  });
});
