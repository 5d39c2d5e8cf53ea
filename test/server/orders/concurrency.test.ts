/**
 * Races the server must win (SERVER-3): stock never oversold, a coupon held by one live order,
 * callbacks settling once, and the pay-password lock.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { orderCalls } from '../../../src/api/contract/order';
import { memberCoupons, orders, payments, products } from '../../../server/src/db/schema';
import {
  DEMO_MEMBER,
  DEMO_USER,
  MEMBER_COUPON,
  RESTAURANT_PRODUCT as P,
  SHOP,
} from '../../../server/src/demo/ids';
import { paidNotification, postNotification } from '../../support/sandbox-provider';
import { buildTestServer, type TestServer } from '../../support/build-server';
import {
  dine,
  failure,
  memberRow,
  orderRow,
  place,
  quote,
  startPay,
  stockOf,
  success,
  takeaway,
  confirmAtOnce,
  walletPayment,
} from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer();
}, 60000);
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.reset();
});

describe('stock', () => {
  test('50 simultaneous orders for a product with stock 5: exactly 5 succeed and the stock ends at 0', async () => {
    const tokens = await Promise.all(Array.from({ length: 50 }, () => server.login(SHOP.restaurant)));
    const body = dine({ products: [{ id: P.peking, quantity: 1, flag: 'p' }] });
    const results = await confirmAtOnce(server, tokens, body);
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(5);
    expect(new Set(results.filter((r) => !r.ok).map((r) => failure(r).code))).toEqual(
      new Set(['productSoldOut']),
    );
    expect(await stockOf(server, P.peking)).toBe(0);
    expect(await server.db.select().from(orders)).toHaveLength(5);
  });

  test('an order for more than the stock left names the product', async () => {
    const token = await server.login(SHOP.restaurant);
    const body = dine({ products: [{ id: P.peking, quantity: 6, flag: 'p' }] });
    const f = failure(await server.call(orderCalls.confirm, { ...body, expectedTotal: 1 }, { token }));
    // the amount check comes after every rule but stock, which is taken with the order
    expect(f.code).toBe('amountError');
    const total = (f.body as { data: { total: number } }).data.total;
    const g = failure(await server.call(orderCalls.confirm, { ...body, expectedTotal: total }, { token }));
    expect(g.code).toBe('insufficientInventory');
    expect(g.info).toContain('北京烤鸭');
    expect(await stockOf(server, P.peking)).toBe(5);
  });
});

describe('coupon', () => {
  test('one coupon in two simultaneous orders: one succeeds, the other is told the coupon is in use', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    // member price 42 × 2 = 84 reaches the ¥50 minimum of the ¥10 coupon
    const body = takeaway({
      couponId: MEMBER_COUPON.amount,
      products: [{ id: P.braisedPork, quantity: 2, flag: 'a' }],
    });
    const results = await confirmAtOnce(server, [token, token], body);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(failure(results.find((r) => !r.ok)!).code).toBe('couponInUse');
    const winner = success(results.find((r) => r.ok)!) as { id: number };
    const coupon = (
      await server.db.select().from(memberCoupons).where(eq(memberCoupons.id, MEMBER_COUPON.amount))
    )[0];
    expect(coupon.usedOrderId).toBe(winner.id);
  });

  test('one coupon in two simultaneous wallet orders (written in one statement each): the loser leaves no order', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    // an order awaiting its wallet payment without points has nothing to write but its one statement
    const body = takeaway({
      payType: 'weixin',
      couponId: MEMBER_COUPON.amount,
      products: [{ id: P.braisedPork, quantity: 2, flag: 'a' }],
    });
    const total = await quote(server, token, body);
    await server.db.update(products).set({ stock: 10 }).where(eq(products.id, P.braisedPork));
    const results = await Promise.all(
      [0, 1].map(() =>
        server.call(
          orderCalls.confirm,
          { ...body, expectedTotal: total },
          { token, headers: { 'idempotency-key': randomUUID() } },
        ),
      ),
    );
    const loser = failure(results.find((r) => !r.ok)!);
    // stock 10 − the winner's 2 = 8: the loser's statement took nothing
    expect(loser.code).toEqual('couponInUse');
    expect((await server.db.select().from(orders)).length).toEqual(1);
    expect(await stockOf(server, P.braisedPork)).toEqual(8);
  });

  test('the coupon takes its reduction off the order total', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const without = await quote(
      server,
      token,
      takeaway({ products: [{ id: P.braisedPork, quantity: 2, flag: 'a' }] }),
    );
    const withCoupon = await quote(
      server,
      token,
      takeaway({ couponId: MEMBER_COUPON.amount, products: [{ id: P.braisedPork, quantity: 2, flag: 'a' }] }),
    );
    // ¥10 off from ¥50
    expect(without - withCoupon).toBe(10);
  });
});

describe('callbacks', () => {
  test('the same paid callback posted 3 times settles the order once', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'weixin' }));
    const start = await startPay(server, token, o.id, 'weixin');
    const pay = await walletPayment(server, start);
    const body = paidNotification(pay, server.clock.now());
    const results = await Promise.all([0, 1, 2].map(() => postNotification(server.app, 'sandbox', body)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const row = await orderRow(server, o.id);
    expect(row).toMatchObject({ status: 'pending', payStatus: 1 });
    expect(Number(row.paidAmount)).toBe(o.total);
    expect(row.events.filter((e) => e.text.startsWith('paid by')).length).toBe(1);
  });

  test('a callback with a wrong signature is refused and settles nothing', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'weixin' }));
    const start = await startPay(server, token, o.id, 'weixin');
    const pay = await walletPayment(server, start);
    const genuine = paidNotification(pay, server.clock.now());
    const body = { ...genuine, headers: { ...genuine.headers, 'x-sandbox-signature': 'f'.repeat(64) } };
    expect((await postNotification(server.app, 'sandbox', body)).status).toBe(400);
    expect((await orderRow(server, o.id)).status).toBe('nopay');
  });

  test('a signed callback for another amount is refused', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'weixin' }));
    const start = await startPay(server, token, o.id, 'weixin');
    const pay = await walletPayment(server, start);
    const body = paidNotification(pay, server.clock.now(), '0.01');
    expect((await postNotification(server.app, 'sandbox', body)).status).toBe(400);
    expect((await orderRow(server, o.id)).payStatus).toBe(0);
  });

  test('a second paid trade of a paid order is refunded, not settled again', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'weixin' }));
    const a = await startPay(server, token, o.id, 'weixin');
    const b = await startPay(server, token, o.id, 'weixin');
    const rows = await server.db.select().from(payments).where(eq(payments.orderId, o.id));
    const byTrade = (t: string) => rows.find((r) => r.tradeNo === t)!;
    await postNotification(server.app, 'sandbox', paidNotification(byTrade(a.kind === 'wallet' ? a.tradeNo : ''), server.clock.now()));
    await postNotification(server.app, 'sandbox', paidNotification(byTrade(b.kind === 'wallet' ? b.tradeNo : ''), server.clock.now()));
    const after = await server.db.select().from(payments).where(eq(payments.orderId, o.id));
    expect(after.map((p) => p.state).sort()).toEqual(['paid', 'refunded']);
    expect(Number((await orderRow(server, o.id)).paidAmount)).toBe(o.total);
  });
});

describe('pay password', () => {
  test('five wrong pay passwords lock the card, even against the right one', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'vip' }));
    const codes: Array<string | undefined> = [];
    for (let i = 0; i < 5; i += 1)
      codes.push(
        failure(
          await server.call(orderCalls.pay, { id: o.id, payType: 'vip', payPassword: '000000' }, { token }),
        ).code,
      );
    expect(codes).toEqual([
      'payPasswordWrong',
      'payPasswordWrong',
      'payPasswordWrong',
      'payPasswordWrong',
      'payPasswordLocked',
    ]);
    const right = await server.call(
      orderCalls.pay,
      { id: o.id, payType: 'vip', payPassword: DEMO_MEMBER.payPassword },
      { token },
    );
    expect(failure(right).code).toBe('payPasswordLocked');
    expect(Number((await memberRow(server, DEMO_MEMBER.id)).balance)).toBe(500);
  });

  test('the lock ends after 15 minutes', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'vip' }));
    for (let i = 0; i < 5; i += 1)
      await server.call(orderCalls.pay, { id: o.id, payType: 'vip', payPassword: '000000' }, { token });
    const start = server.clock.now();
    try {
      // the unpaid countdown of the order (15 min) ends too: pay a fresh order
      server.clock.advance(15 * 60 * 1000 + 1000);
      const fresh = await place(server, token, dine({ payType: 'vip' }));
      const paid = success(
        await server.call(
          orderCalls.pay,
          { id: fresh.id, payType: 'vip', payPassword: DEMO_MEMBER.payPassword },
          { token },
        ),
      );
      expect(paid.kind).toBe('paid');
    } finally {
      server.clock.set(start);
    }
  });

  test('a wrong password in the submit creates no order', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const body = dine({ payType: 'vip', payPassword: '000000' });
    const total = await quote(server, token, body);
    expect(
      failure(await server.call(orderCalls.confirm, { ...body, expectedTotal: total }, { token })).code,
    ).toBe('payPasswordWrong');
    expect(await server.db.select().from(orders)).toHaveLength(0);
  });
});

describe('product coupon', () => {
  const kungPao = (couponId: number, quantity = 1) => ({
    id: P.kungPaoChicken,
    quantity,
    flag: 'k',
    tastes: [{ id: 12, quantity: 1 }],
    couponId,
  });

  test('a product coupon line holds its coupon like an order coupon', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const o = await place(
      server,
      token,
      dine({ products: [kungPao(MEMBER_COUPON.product), { id: 10303, quantity: 1, flag: 'e' }] }),
    );
    expect((await orderRow(server, o.id)).memberCouponId).toBe(MEMBER_COUPON.product);
    const again = dine({ products: [kungPao(MEMBER_COUPON.product)] });
    expect(
      failure(await server.call(orderCalls.confirm, { ...again, expectedTotal: 1 }, { token })).code,
    ).toBe('couponInUse');
  });

  test('a product coupon covers one unit only', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const body = dine({ products: [kungPao(MEMBER_COUPON.product, 2)] });
    expect(
      failure(await server.call(orderCalls.confirm, { ...body, expectedTotal: 1 }, { token })).code,
    ).toBe('couponOneProductOnly');
  });

  test('a product coupon and another order coupon together are refused', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const body = dine({ couponId: MEMBER_COUPON.amount, products: [kungPao(MEMBER_COUPON.product)] });
    expect(
      failure(await server.call(orderCalls.confirm, { ...body, expectedTotal: 1 }, { token })).code,
    ).toBe('couponAlreadySelected');
  });
});
