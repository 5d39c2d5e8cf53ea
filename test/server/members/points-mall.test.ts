import { eq } from 'drizzle-orm';
import { activityCalls } from '../../../src/api/contract/activity';
import { vipCalls } from '../../../src/api/contract/vip';
import { ActivityType, UserLimit, ValidType } from '../../../src/domain/enums';
import { activities, activityStock, memberCoupons, pointTransactions } from '../../../server/src/db/schema';
import {
  ACTIVITY,
  CHAIN_ID,
  COUPON_TEMPLATE,
  DEMO_MEMBER,
  DEMO_MEMBER_EMPTY,
  DEMO_USER,
  SHOP,
} from '../../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { cardOf, newMember, setMemberSetting } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

const zhangToken = () => server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
const openid = DEMO_USER.member.openid;

/** A points-mall coupon item of the restaurant: 100 points for the ¥5 coupon; `quantity` = stock. */
async function addCouponItem(
  id: number,
  opts: { quantity?: number; productLimit?: number } = {},
): Promise<void> {
  await server.db.insert(activities).values({
    id,
    shopId: SHOP.restaurant,
    type: ActivityType.pointRedeem,
    status: 1,
    data: {
      id,
      name: '100积分换5元券',
      type: ActivityType.pointRedeem,
      status: 1,
      validType: ValidType.fixed,
      startDate: '2025-01-01 00:00:00',
      endDate: '2030-12-31 23:59:59',
      userType: UserLimit.member,
      points: 100,
      coupons: [{ id: COUPON_TEMPLATE.expand, name: '无门槛5元券', reductionAmount: 5, quantity: 1 }],
      ...(opts.quantity === undefined ? {} : { quantity: opts.quantity }),
      ...(opts.productLimit === undefined ? {} : { productLimit: opts.productLimit }),
    },
  });
}

describe('points mall items (MEMBER-7)', () => {
  test('the mall lists the demo product item for 500 points with unlimited stock', async () => {
    const res = await server.call(
      activityCalls.getPointExchangeStoreProducts,
      {},
      { token: await zhangToken() },
    );
    expect(res.ok && res.info.list).toEqual([
      expect.objectContaining({
        activityId: ACTIVITY.pointRedeem,
        kind: 'product',
        points: 500,
        stock: 99999,
        couponActivityId: null,
      }),
    ]);
  });

  test('a coupon item shows its stock and the caller’s points in its detail', async () => {
    await addCouponItem(7901, { quantity: 7 });
    const res = await server.call(
      activityCalls.pointStoreCouponDetail,
      { couponActivityId: 7901, openid },
      { token: await zhangToken() },
    );
    expect(res.ok && [res.info.item.kind, res.info.item.stock, res.info.memberPoints]).toEqual([
      'coupon',
      7,
      2000,
    ]);
  });

  test('the detail of an unknown item answers "Coupon activity not exist"', async () => {
    const res = await server.call(
      activityCalls.pointStoreCouponDetail,
      { couponActivityId: 424242, openid },
      { token: await zhangToken() },
    );
    expect(res.ok ? null : res.code).toBe('couponActivityNotExist');
  });

  test('the mall answers "Function Closed" when points are off', async () => {
    await setMemberSetting(server, SHOP.restaurant, { isPointOpen: false });
    const res = await server.call(
      activityCalls.getPointExchangeStoreProducts,
      {},
      { token: await zhangToken() },
    );
    expect(res.ok ? null : res.code).toBe('functionClosed');
  });
});

describe('exchanges (MEMBER-7)', () => {
  const exchange = (token: string, activityId: number, memberId: number = DEMO_MEMBER.id) =>
    server.call(activityCalls.pointExchangeProduct, { openid, activityId, memberId }, { token });

  test('exchanging the mango pudding takes 500 of 2000 points', async () => {
    const res = await exchange(await zhangToken(), ACTIVITY.pointRedeem);
    // 2000 − 500 = 1500
    expect(res.ok && [res.info.points, res.info.productId, res.info.coupon]).toEqual([1500, 10802, null]);
    expect((await cardOf(server, DEMO_MEMBER.id)).points).toBe('1500.0000');
  });

  test('the exchange shows in the point doc as an exchange of −500', async () => {
    const token = await zhangToken();
    await exchange(token, ACTIVITY.pointRedeem);
    const doc = await server.call(vipCalls.pointDoc, { id: DEMO_MEMBER.id }, { token });
    expect(doc.ok && doc.info.list[0]).toMatchObject({
      type: 'exchange',
      points: -500,
      pointsAfter: 1500,
      balance: null,
    });
  });

  test('the item limit of one per member refuses a second exchange and keeps the points', async () => {
    const token = await zhangToken();
    await exchange(token, ACTIVITY.pointRedeem);
    const again = await exchange(token, ACTIVITY.pointRedeem);
    expect(again.ok ? null : again.code).toBe('exchangeSoldOut');
    expect((await cardOf(server, DEMO_MEMBER.id)).points).toBe('1500.0000');
  });

  test('a card without enough points is refused and nothing is recorded', async () => {
    const token = await server.tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    const res = await exchange(token, ACTIVITY.pointRedeem, DEMO_MEMBER_EMPTY.id);
    expect(res.ok ? null : res.code).toBe('pointsInsufficient');
    // only the demo cards' opening entries
    expect((await server.db.select().from(pointTransactions)).map((t) => t.type)).toEqual(['initAmount', 'initAmount']);
  });

  test("naming another member's card is refused and their points stay", async () => {
    const token = await server.tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    const res = await exchange(token, ACTIVITY.pointRedeem, DEMO_MEMBER.id);
    expect(res.ok ? null : res.code).toBe('notFound');
    expect((await cardOf(server, DEMO_MEMBER.id)).points).toBe('2000.0000');
  });

  test('a visitor exchanging is told "Please register first"', async () => {
    const res = await exchange(await server.login(SHOP.restaurant), ACTIVITY.pointRedeem);
    expect(res.ok ? null : res.code).toBe('pleaseRegisterFirst');
  });

  test('a coupon item hands its coupon to the member', async () => {
    await addCouponItem(7902);
    const res = await exchange(await zhangToken(), 7902);
    expect(res.ok && [res.info.points, res.info.coupon?.name]).toEqual([1900, '无门槛5元券']);
  });

  test('20 exchanges at once by a member with points for 3 → exactly 3 succeed, points never negative', async () => {
    await addCouponItem(7903);
    const m = await newMember(server, SHOP.restaurant, { chainId: CHAIN_ID, points: 300 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.call(
          activityCalls.pointExchangeProduct,
          { openid: 'x', activityId: 7903, memberId: m.memberId },
          { token: m.token },
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === 'pointsInsufficient')).toBe(true);
    // 300 − 3 × 100 = 0
    expect((await cardOf(server, m.memberId)).points).toBe('0.0000');
    expect(
      await server.db.select().from(memberCoupons).where(eq(memberCoupons.memberId, m.memberId)),
    ).toHaveLength(3);
  });

  test('20 exchanges at once of an item with stock 2 → exactly 2 succeed, stock 0', async () => {
    await addCouponItem(7904, { quantity: 2 });
    const m = await newMember(server, SHOP.restaurant, { chainId: CHAIN_ID, points: 5000 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.call(
          activityCalls.pointExchangeProduct,
          { openid: 'x', activityId: 7904, memberId: m.memberId },
          { token: m.token },
        ),
      ),
    );
    const [stock] = await server.db.select().from(activityStock).where(eq(activityStock.activityId, 7904));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(stock.remaining).toBe(0);
    // only the two exchanges paid: 5000 − 2 × 100 = 4800
    expect((await cardOf(server, m.memberId)).points).toBe('4800.0000');
  });
});
