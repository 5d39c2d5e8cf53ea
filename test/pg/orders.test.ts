/**
 * Orders on PostgreSQL (SERVER-3): 50 simultaneous orders for a product with stock 5 through a real
 * connection pool, one coupon in two simultaneous orders, repeated callbacks. Needs
 * DATABASE_URL=postgres://…; without it the suite is skipped with a message saying so.
 */
import { and, eq } from 'drizzle-orm';
import { memberCoupons, orders } from '../../server/src/db/schema';
import {
  COUPON_TEMPLATE,
  DEMO_MEMBER,
  DEMO_USER,
  MEMBER_COUPON,
  RESTAURANT_PRODUCT as P,
  SHOP,
} from '../../server/src/demo/ids';
import { paidNotification, postNotification } from '../support/sandbox-provider';
import {
  confirmAtOnce,
  dine,
  failure,
  orderRow,
  place,
  startPay,
  stockOf,
  takeaway,
  walletPayment,
} from '../server/orders/helpers';
import { describeOnPostgres } from '../support/postgres';

describeOnPostgres('test/pg/orders', 'orders on PostgreSQL', (server) => {

  test('50 simultaneous orders for a product with stock 5: exactly 5 succeed, stock 0, never negative', async () => {
    const tokens = await Promise.all(Array.from({ length: 50 }, () => server.login(SHOP.restaurant)));
    const body = dine({ products: [{ id: P.peking, quantity: 1, flag: 'p' }] });
    const results = await confirmAtOnce(server, tokens, body);
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await stockOf(server, P.peking)).toBe(0);
    expect(await server.db.select().from(orders)).toHaveLength(5);
  }, 60_000);

  test('one coupon in two simultaneous orders: one succeeds', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const body = takeaway({
      couponId: MEMBER_COUPON.amount,
      products: [{ id: P.braisedPork, quantity: 2, flag: 'a' }],
    });
    const results = await confirmAtOnce(server, [token, token], body);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(failure(results.find((r) => !r.ok)!).code).toBe('couponInUse');
  });

  test('a callback posted 3 times at once settles the order once', async () => {
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'weixin' }));
    const start = await startPay(server, token, o.id, 'weixin');
    const pay = await walletPayment(server, start);
    // three deliveries with their own ids: the trade's row lock, not the seen-id store, keeps it to one
    await Promise.all([0, 1, 2].map(() => postNotification(server.app, 'sandbox', paidNotification(pay, server.clock.now()))));
    const row = await orderRow(server, o.id);
    expect(row.events.filter((e) => e.text.startsWith('paid by'))).toHaveLength(1);
    expect(row).toMatchObject({ status: 'pending', payStatus: 1 });
  });

  test("a member's order paid by a callback posted 3 times at once earns one over-send coupon", async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const held = async () =>
      (
        await server.db
          .select()
          .from(memberCoupons)
          .where(
            and(
              eq(memberCoupons.memberId, DEMO_MEMBER.id),
              eq(memberCoupons.templateId, COUPON_TEMPLATE.expand),
            ),
          )
      ).length;
    const before = await held();
    // 5 × 48 = 240 of goods: over the ¥150 threshold after the reductions
    const o = await place(
      server,
      token,
      takeaway({ payType: 'weixin', products: [{ id: P.braisedPork, quantity: 5, flag: 'a' }] }),
    );
    const start = await startPay(server, token, o.id, 'weixin');
    const pay = await walletPayment(server, start);
    await Promise.all([0, 1, 2].map(() => postNotification(server.app, 'sandbox', paidNotification(pay, server.clock.now()))));
    expect((await held()) - before).toBe(1);
  });
});
