/**
 * The merchant side (SERVER-4): the admin API behind MERCHANT_KEY, every order status of C§4
 * reachable, full refunds that restore the member's balance, gift amount and points, stock
 * adjustment and a shop's configuration exported and loaded as JSON.
 */
import { orderCalls } from '../../../src/api/contract/order';
import { OrderStatus } from '../../../src/domain/enums';
import { orders } from '../../../server/src/db/schema';
import { DEMO_MEMBER, DEMO_USER, RESTAURANT_PRODUCT as P, SHOP } from '../../../server/src/demo/ids';
import { sweepExpired } from '../../../server/src/services/orders/lifecycle';
import type { MerchantOrder, ShopConfig } from '../../../server/src/services/orders/merchant';
import { buildTestServer, type TestServer } from '../../support/build-server';
import {
  completeTrade,
  dine,
  memberRow,
  place,
  quote,
  selfPickup,
  startPay,
  stockOf,
  success,
  takeaway,
} from './helpers';

const KEY = 'merchant-secret';
let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer({ config: { merchantKey: KEY, unpaidTimeoutS: 60 } });
}, 60000);
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.reset();
});

async function admin<T = unknown>(op: string, body: unknown, key: string = KEY) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/merchant/${op}`,
    headers: { 'content-type': 'application/json', 'x-merchant-key': key },
    payload: JSON.stringify(body),
  });
  return {
    status: res.statusCode,
    body: JSON.parse(res.body) as { result: boolean; info: T; code?: string },
  };
}
const act = async (id: number, action: string, extra: Record<string, unknown> = {}) =>
  (await admin<MerchantOrder>('order/act', { id, action, ...extra })).body;
const statusOf = async (id: number, action: string, extra: Record<string, unknown> = {}) => {
  const r = await act(id, action, extra);
  if (!r.result) throw new Error(`${action}: ${r.code}`);
  return r.info.status as string;
};

test('the admin API refuses a wrong key', async () => {
  const r = await admin('orders', {}, 'wrong');
  expect(r.status).toBe(401);
});

test('the admin API lists incoming orders', async () => {
  const token = await server.login(SHOP.restaurant);
  const o = await place(server, token, takeaway());
  const r = await admin<MerchantOrder[]>('orders', { shopId: SHOP.restaurant });
  expect(r.body.info.map((x) => x.id)).toEqual([o.id]);
  expect(r.body.info[0]).toMatchObject({
    status: 'pending',
    total: 55,
    lines: [{ quantity: 1, amount: 48 }],
  });
});

test('an action the status does not allow is refused', async () => {
  const token = await server.login(SHOP.restaurant);
  const o = await place(server, token, takeaway());
  expect(await act(o.id, 'deliver')).toMatchObject({ result: false, code: 'orderStatusInvalid' });
});

test('every order status of C§4 can be reached', async () => {
  const token = await server.login(SHOP.restaurant);
  const seen = new Set<string>();
  const see = (s: string) => seen.add(s);
  // nopay → nopay_cancel
  const a = await place(server, token, dine({ payType: 'weixin' }));
  see(a.status);
  server.clock.advance(61_000);
  await sweepExpired(server.ctx);
  see((await server.db.select().from(orders)).find((o) => o.id === a.id)!.status);
  // nopay → closed by the customer
  const b = await place(server, token, dine({ payType: 'weixin' }));
  see(success(await server.call(orderCalls.close, { id: b.id }, { token })).status);
  // pending → refused
  const c = await place(server, token, takeaway());
  see(c.status);
  see(await statusOf(c.id, 'refuse'));
  // takeaway through the rider statuses
  const d = await place(server, token, takeaway({ payType: 'alipay' }));
  await completeTrade(server, await startPay(server, token, d.id, 'alipay'));
  for (const action of [
    'accept',
    'cook',
    'callRider',
    'riderConfirm',
    'riderException',
    'riderConfirm',
    'riderPickUp',
    'deliver',
  ])
    see(await statusOf(d.id, action));
  see(success(await server.call(orderCalls.confirmDelivered, { id: d.id }, { token })).status);
  // refunding → refund_fail → refunding → refund
  see(await statusOf(d.id, 'refund', { hold: true }));
  see(await statusOf(d.id, 'refundResult', { ok: false }));
  see(await statusOf(d.id, 'refund'));
  // dine-in bill: need_pay; a counter order closed by the shop
  const e = await place(server, token, dine());
  await statusOf(e.id, 'accept');
  see(await statusOf(e.id, 'requestPay'));
  see(await statusOf(e.id, 'close'));
  expect([...seen].sort()).toEqual(Object.values(OrderStatus).sort());
});

test('a refund of a member-card order restores balance, gift amount and points', async () => {
  const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
  const body = selfPickup({
    payType: 'vip',
    payPassword: DEMO_MEMBER.payPassword,
    usePoints: true,
    products: [{ id: P.braisedPork, quantity: 2, flag: 'a' }],
  });
  const o = await place(server, token, body);
  const paid = await memberRow(server, DEMO_MEMBER.id);
  expect(Number(paid.points)).toBeLessThan(2000);
  expect(Number(paid.balance)).toBeLessThan(500);
  expect(await statusOf(o.id, 'refund')).toBe('refund');
  const after = await memberRow(server, DEMO_MEMBER.id);
  expect(Number(after.balance)).toEqual(500);
  expect(Number(after.giftAmount)).toEqual(50);
  expect(Number(after.points)).toEqual(2000);
});

test('a refused paid order gives the money and the stock back', async () => {
  const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
  const o = await place(
    server,
    token,
    dine({
      payType: 'vip',
      payPassword: DEMO_MEMBER.payPassword,
      products: [{ id: P.peking, quantity: 1, flag: 'p' }],
    }),
  );
  expect(await stockOf(server, P.peking)).toBe(4);
  expect(await statusOf(o.id, 'refuse')).toBe('refused');
  expect(await stockOf(server, P.peking)).toBe(5);
  expect(Number((await memberRow(server, DEMO_MEMBER.id)).balance)).toBe(500);
});

test('an unpaid order cannot be refunded', async () => {
  const token = await server.login(SHOP.restaurant);
  const o = await place(server, token, takeaway());
  expect(await act(o.id, 'refund')).toMatchObject({ result: false, code: 'orderStatusInvalid' });
});

test('the stock of a product is set and adjusted', async () => {
  expect(
    (
      await admin<{ productId: number; stock: number | null }>('stock', {
        productId: P.mangoPudding,
        stock: 9,
      })
    ).body.info,
  ).toEqual({
    productId: P.mangoPudding,
    stock: 9,
  });
  expect(
    (
      await admin<{ productId: number; stock: number | null }>('stock', {
        productId: P.mangoPudding,
        delta: -4,
      })
    ).body.info,
  ).toEqual({
    productId: P.mangoPudding,
    stock: 5,
  });
  expect(await stockOf(server, P.mangoPudding)).toBe(5);
});

test('a shop configuration exported and loaded back with a new price prices new orders', async () => {
  const exported = (await admin<ShopConfig>('shop/export', { shopId: SHOP.restaurant })).body.info;
  expect(exported.products!.length).toBeGreaterThan(40);
  expect(exported.activities!.length).toBeGreaterThan(10);
  const products = exported.products!.map((p) => (p.id === P.braisedPork ? { ...p, price: 50 } : p));
  const loaded = await admin<{ counts: Record<string, number> }>('shop/load', { ...exported, products });
  expect(loaded.body.info.counts.products).toBe(products.length);
  const token = await server.login(SHOP.restaurant);
  // braised pork 50 ≥ ¥50: full reduction −5 → 45; packaging 1, dishware 1, delivery 5 → 52
  expect(await quote(server, token, takeaway())).toBe(52);
});
