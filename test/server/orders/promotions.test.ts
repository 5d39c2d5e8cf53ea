/**
 * What a paid order earns (P§3 overSendCoupon, couponSend, timesRedBag; P§4): coupons handed over
 * once in the settlement's transaction, the times red bag counted once per paid order, a cash order
 * at creation, and coupons checked against the shop they are meant for.
 */
import { and, eq } from 'drizzle-orm';
import { activityCalls } from '../../../src/api/contract/activity';
import { orderCalls } from '../../../src/api/contract/order';
import { memberCoupons, payments } from '../../../server/src/db/schema';
import {
  ACTIVITY,
  COUPON_TEMPLATE,
  MEMBER_COUPON,
  RESTAURANT_PRODUCT as P,
  SHOP,
} from '../../../server/src/demo/ids';
import { merchantAct } from '../../../server/src/services/orders/merchant';
import { paidNotification, postNotification } from '../../support/sandbox-provider';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { newMember } from '../members/support';
import { failure, place, quote, startPay, takeaway } from './helpers';

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

/**
 * Five braised pork: 5 × 48 = 240 of goods; the shop's reductions leave well over the ¥150
 * over-send threshold (four, 192, end at 148 after them: below it).
 */
const bigOrder = (payType: 'cash' | 'weixin') =>
  takeaway({ payType, products: [{ id: P.braisedPork, quantity: 5, flag: 'a' }] });

/** Coupons of `template` the member holds. */
async function heldOf(memberId: number, template: number) {
  return server.db
    .select()
    .from(memberCoupons)
    .where(and(eq(memberCoupons.memberId, memberId), eq(memberCoupons.templateId, template)));
}

/** Pays an order with the chat-app wallet and posts its signed paid callback `times` times. */
async function payByWallet(token: string, order: { id: number; orderNo: string }, times: number) {
  const start = await startPay(server, token, order.id, 'weixin');
  const tradeNo = start.kind === 'wallet' ? start.tradeNo : '';
  const [pay] = await server.db.select().from(payments).where(eq(payments.tradeNo, tradeNo));
  const body = paidNotification(pay, server.clock.now());
  const results = await Promise.all(Array.from({ length: times }, () => postNotification(server.app, 'sandbox', body)));
  if (!results.every((r) => r.status === 200)) throw new Error('a notification was refused');
  void order.orderNo;
}

async function timesRedBagCount(token: string): Promise<number | undefined> {
  const res = await server.call(activityCalls.getTimesRedBag, {}, { token });
  return res.ok ? res.info?.info.cumulativeQuantity : undefined;
}

describe('coupons earned by a paid order', () => {
  test('an order over the ¥150 threshold paid with its callback posted 3 times gives exactly one ¥5 coupon', async () => {
    const m = await newMember(server, SHOP.restaurant);
    const o = await place(server, m.token, bigOrder('weixin'));
    await payByWallet(m.token, o, 3);
    expect(await heldOf(m.memberId, COUPON_TEMPLATE.expand)).toHaveLength(1);
  });

  test('checkOverSendCoupon shows the over-send coupon the paid order earned', async () => {
    const m = await newMember(server, SHOP.restaurant);
    const o = await place(server, m.token, bigOrder('weixin'));
    await payByWallet(m.token, o, 3);
    const res = await server.call(activityCalls.checkOverSendCoupon, { id: o.id }, { token: m.token });
    const names = res.ok ? res.info.list.map((c) => c.name) : [];
    // overSendCoupon (¥5 from ¥150) once; couponSend (every order) adds its ¥10 coupon once
    expect(names.filter((n) => n === '无门槛5元券')).toHaveLength(1);
  });

  test('an unpaid order earns no coupon yet', async () => {
    const m = await newMember(server, SHOP.restaurant);
    const o = await place(server, m.token, bigOrder('weixin'));
    const res = await server.call(activityCalls.checkOverSendCoupon, { id: o.id }, { token: m.token });
    expect(res.ok && res.info.list).toEqual([]);
  });

  test('an order below the ¥150 threshold earns no over-send coupon', async () => {
    const m = await newMember(server, SHOP.restaurant);
    // one braised pork: 48 of goods < 150
    const o = await place(server, m.token, takeaway({ payType: 'weixin' }));
    await payByWallet(m.token, o, 1);
    expect(await heldOf(m.memberId, COUPON_TEMPLATE.expand)).toHaveLength(0);
  });

  test('a cash order earns its coupons when it is created, and the counter payment adds none', async () => {
    const m = await newMember(server, SHOP.restaurant);
    const o = await place(server, m.token, bigOrder('cash'));
    const atCreation = (await heldOf(m.memberId, COUPON_TEMPLATE.expand)).length;
    await merchantAct(server.ctx, { id: o.id, action: 'cashPaid' });
    expect(atCreation).toEqual(1);
    expect((await heldOf(m.memberId, COUPON_TEMPLATE.expand)).length).toEqual(1);
  });

  test('a refund closes the earned coupons still unused', async () => {
    const m = await newMember(server, SHOP.restaurant);
    const o = await place(server, m.token, bigOrder('cash'));
    await merchantAct(server.ctx, { id: o.id, action: 'cashPaid' });
    await merchantAct(server.ctx, { id: o.id, action: 'refund' });
    const held = await heldOf(m.memberId, COUPON_TEMPLATE.expand);
    // P§3 coupon state −1: closed
    expect(held.map((c) => c.status)).toEqual([-1]);
  });

  test('a refund leaves an earned coupon that another order already uses', async () => {
    const m = await newMember(server, SHOP.restaurant);
    const first = await place(server, m.token, bigOrder('cash'));
    const [earned] = await heldOf(m.memberId, COUPON_TEMPLATE.expand);
    // the ¥5 coupon (no minimum) is taken by a second order
    await place(server, m.token, takeaway({ couponId: earned.id }));
    await merchantAct(server.ctx, { id: first.id, action: 'cashPaid' });
    await merchantAct(server.ctx, { id: first.id, action: 'refund' });
    const [after] = await heldOf(m.memberId, COUPON_TEMPLATE.expand);
    expect(after.status).toEqual(2);
    expect(after.usedOrderId === null).toEqual(false);
  });
});

describe('times red bag', () => {
  test('each paid order adds one to the cumulative quantity, however many callbacks arrive', async () => {
    const m = await newMember(server, SHOP.restaurant);
    // one braised pork: 48 + packaging 1 + dishware 1 + delivery 5 = 55 ≥ the activity minimum 30
    for (let i = 0; i < 2; i += 1) {
      const o = await place(server, m.token, takeaway({ payType: 'weixin' }));
      await payByWallet(m.token, o, 3);
    }
    expect(await timesRedBagCount(m.token)).toBe(2);
  });

  test('an order waiting for its payment is not counted', async () => {
    const m = await newMember(server, SHOP.restaurant);
    await place(server, m.token, takeaway({ payType: 'weixin' }));
    expect(await timesRedBagCount(m.token)).toBe(0);
  });

  test('a cash order is counted when it is created, and once only', async () => {
    const m = await newMember(server, SHOP.restaurant);
    const o = await place(server, m.token, takeaway());
    await merchantAct(server.ctx, { id: o.id, action: 'cashPaid' });
    expect(await timesRedBagCount(m.token)).toBe(1);
  });

  test('the activity is the one the count belongs to', async () => {
    const m = await newMember(server, SHOP.restaurant);
    await place(server, m.token, takeaway());
    const res = await server.call(activityCalls.getTimesRedBag, {}, { token: m.token });
    expect(res.ok && res.info?.info.id).toBe(ACTIVITY.timesRedBag);
  });
});

describe('coupons and the shop they are for', () => {
  /** A copy of the demo ¥10-off-50 coupon held by the member, meant for `shopIds`. */
  async function couponFor(m: { memberId: number; userId: number }, shopIds: number[]) {
    const [template] = await server.db
      .select()
      .from(memberCoupons)
      .where(eq(memberCoupons.id, MEMBER_COUPON.amount));
    const [row] = await server.db
      .insert(memberCoupons)
      .values({
        templateId: template.templateId,
        userId: m.userId,
        memberId: m.memberId,
        shopId: shopIds[0],
        status: 1,
        startDate: template.startDate,
        endDate: template.endDate,
        source: 'test',
        data: { ...template.data, shopIds, memberId: m.memberId },
      })
      .returning();
    return row.id;
  }

  test("another shop's coupon is refused as invalid", async () => {
    const m = await newMember(server, SHOP.restaurant);
    const id = await couponFor(m, [SHOP.retail]);
    const r = await server.call(
      orderCalls.confirm,
      { ...takeaway({ couponId: id }), expectedTotal: 45 },
      { token: m.token },
    );
    expect(failure(r).code).toBe('invalidCoupon');
  });

  test("the same coupon meant for the restaurant takes ¥10 off the restaurant's order", async () => {
    const m = await newMember(server, SHOP.restaurant);
    const id = await couponFor(m, [SHOP.restaurant]);
    const two = [{ id: P.braisedPork, quantity: 2, flag: 'a' }];
    const without = await quote(server, m.token, takeaway({ products: two }));
    const withCoupon = await quote(server, m.token, takeaway({ products: two, couponId: id }));
    // 2 × 48 = 96 of goods reach the coupon's ¥50 minimum: 10 off
    expect(without - withCoupon).toBe(10);
  });
});
