/**
 * The unpaid countdown (ORDER-8): orders awaiting payment cancel after UNPAID_TIMEOUT_S, give back
 * their stock, coupon and points; a payment that arrives afterwards is reinstated or refunded.
 */
import { eq } from 'drizzle-orm';
import { orderCalls } from '../../../src/api/contract/order';
import { memberCoupons, payments } from '../../../server/src/db/schema';
import {
  DEMO_MEMBER,
  DEMO_USER,
  MEMBER_COUPON,
  RESTAURANT_PRODUCT as P,
  SHOP,
} from '../../../server/src/demo/ids';
import { sweepExpired } from '../../../server/src/services/orders/lifecycle';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { until } from '../../support/until';
import {
  completeTrade,
  dine,
  failure,
  memberRow,
  orderRow,
  place,
  startPay,
  stockOf,
  success,
  takeaway,
} from './helpers';

const TIMEOUT_S = 60;
let server: TestServer;
let start: number;

beforeAll(async () => {
  server = await buildTestServer({ config: { unpaidTimeoutS: TIMEOUT_S } });
  start = server.clock.now();
}, 60000);
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  server.clock.set(start);
  await server.reset();
});

const peking = (over = {}) =>
  dine({ payType: 'weixin', products: [{ id: P.peking, quantity: 2, flag: 'p' }], ...over });

test('an unpaid order carries its deadline: creation time plus UNPAID_TIMEOUT_S', async () => {
  const token = await server.login(SHOP.restaurant);
  const o = await place(server, token, peking());
  expect(o.payDeadline).toBe(start + TIMEOUT_S * 1000);
  expect(success(await server.call(orderCalls.detail, { id: o.id }, { token })).payDeadline).toBe(
    start + TIMEOUT_S * 1000,
  );
});

test('the sweeper cancels an order left unpaid past its deadline and gives its stock back', async () => {
  const token = await server.login(SHOP.restaurant);
  const o = await place(server, token, peking());
  expect(await stockOf(server, P.peking)).toBe(3);
  server.clock.advance(TIMEOUT_S * 1000 + 1);
  expect(await sweepExpired(server.ctx)).toBe(1);
  expect(await orderRow(server, o.id)).toMatchObject({
    status: 'nopay_cancel',
    payStatus: 3,
    holding: false,
  });
  expect(await stockOf(server, P.peking)).toBe(5);
});

test('the sweeper runs by itself on the server timer', async () => {
  const token = await server.login(SHOP.restaurant);
  const o = await place(server, token, peking());
  server.clock.advance(TIMEOUT_S * 1000 + 1);
  // no call sweeps here: the server's own timer (every 5 s for a 60 s countdown) must, within its period
  await until(async () => (await orderRow(server, o.id)).status === 'nopay_cancel', 'the timer-driven sweep', 10_000);
  expect(await stockOf(server, P.peking)).toBe(5);
}, 15000);

test('an order is not cancelled before its deadline', async () => {
  const token = await server.login(SHOP.restaurant);
  const o = await place(server, token, peking());
  server.clock.advance(TIMEOUT_S * 1000 - 1);
  expect(await sweepExpired(server.ctx)).toBe(0);
  expect((await orderRow(server, o.id)).status).toBe('nopay');
});

test('reading an order past its deadline cancels it', async () => {
  const token = await server.login(SHOP.restaurant);
  const o = await place(server, token, peking());
  server.clock.advance(TIMEOUT_S * 1000 + 1);
  const d = success(await server.call(orderCalls.detail, { id: o.id }, { token }));
  expect(d).toMatchObject({ status: 'nopay_cancel', payDeadline: null });
  expect(await stockOf(server, P.peking)).toBe(5);
});

test('expiry gives the coupon and the points back', async () => {
  const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
  const body = takeaway({
    payType: 'weixin',
    couponId: MEMBER_COUPON.amount,
    usePoints: true,
    products: [{ id: P.braisedPork, quantity: 2, flag: 'a' }],
  });
  const o = await place(server, token, body);
  const held = await orderRow(server, o.id);
  expect(held.pointsUsed).toBeGreaterThan(0);
  expect(Number((await memberRow(server, DEMO_MEMBER.id)).points)).toBe(2000 - held.pointsUsed);
  server.clock.advance(TIMEOUT_S * 1000 + 1);
  await sweepExpired(server.ctx);
  const coupon = (
    await server.db.select().from(memberCoupons).where(eq(memberCoupons.id, MEMBER_COUPON.amount))
  )[0];
  expect(coupon).toMatchObject({ status: 1, usedOrderId: null });
  expect(Number((await memberRow(server, DEMO_MEMBER.id)).points)).toBe(2000);
});

test('a cancelled order cannot be paid any more', async () => {
  const token = await server.login(SHOP.restaurant);
  const o = await place(server, token, peking());
  server.clock.advance(TIMEOUT_S * 1000 + 1);
  expect(failure(await server.call(orderCalls.pay, { id: o.id, payType: 'weixin' }, { token })).code).toBe(
    'notPayOrderInvalid',
  );
});

test('the customer closes an unpaid order and its stock comes back', async () => {
  const token = await server.login(SHOP.restaurant);
  const o = await place(server, token, peking());
  expect(success(await server.call(orderCalls.close, { id: o.id }, { token }))).toEqual({
    id: o.id,
    status: 'closed',
    payStatus: 3,
  });
  expect(await stockOf(server, P.peking)).toBe(5);
  expect(failure(await server.call(orderCalls.close, { id: o.id }, { token })).code).toBe(
    'orderStatusInvalid',
  );
});

test('a payment confirmed after the order expired reinstates it when the stock is still there', async () => {
  const token = await server.login(SHOP.restaurant);
  const o = await place(server, token, peking());
  const trade = await startPay(server, token, o.id, 'weixin');
  server.clock.advance(TIMEOUT_S * 1000 + 1);
  await sweepExpired(server.ctx);
  expect(await completeTrade(server, trade)).toEqual({ outcome: 'reinstated' });
  expect(await orderRow(server, o.id)).toMatchObject({ status: 'pending', payStatus: 1, holding: true });
  expect(await stockOf(server, P.peking)).toBe(3);
});

test('a payment confirmed after the order expired and its stock was sold is refunded', async () => {
  const token = await server.login(SHOP.restaurant);
  const o = await place(server, token, peking());
  const trade = await startPay(server, token, o.id, 'weixin');
  server.clock.advance(TIMEOUT_S * 1000 + 1);
  await sweepExpired(server.ctx);
  // someone else buys the whole stock in the meantime
  const other = await server.login(SHOP.restaurant);
  await place(server, other, dine({ products: [{ id: P.peking, quantity: 5, flag: 'p' }] }));
  expect(await completeTrade(server, trade)).toEqual({ outcome: 'refunded' });
  expect((await orderRow(server, o.id)).status).toBe('nopay_cancel');
  const pay = (await server.db.select().from(payments).where(eq(payments.orderId, o.id)))[0];
  expect(pay).toMatchObject({ state: 'refunded', providerState: 'refunded' });
  expect(await stockOf(server, P.peking)).toBe(0);
});

test('cash orders are not subject to the countdown', async () => {
  const token = await server.login(SHOP.restaurant);
  const o = await place(server, token, peking({ payType: 'cash' }));
  server.clock.advance(TIMEOUT_S * 1000 * 10);
  await sweepExpired(server.ctx);
  expect((await orderRow(server, o.id)).status).toBe('pending');
});
