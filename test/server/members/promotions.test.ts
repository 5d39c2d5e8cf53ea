import { eq } from 'drizzle-orm';
import { activityCalls } from '../../../src/api/contract/activity';
import { memberCoupons, redBags } from '../../../server/src/db/schema';
import {
  ACTIVITY,
  CHAIN_ID,
  COUPON_TEMPLATE,
  DEMO_MEMBER,
  DEMO_MEMBER_EMPTY,
  DEMO_USER,
  MEMBER_COUPON,
  SHOP,
} from '../../../server/src/demo/ids';
import { inTransaction, memberScope } from '../../../server/src/services/members/common';
import {
  couponsForOrder,
  grantOrderCoupons,
  ownedCoupon,
} from '../../../server/src/services/members/coupons';
import { recordTimesRedBagOrder } from '../../../server/src/services/members/promotions';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { cardOf, newMember } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

const zhangToken = () => server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
const liToken = () => server.tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
const heldBy = async (memberId: number) =>
  server.db.select().from(memberCoupons).where(eq(memberCoupons.memberId, memberId));

describe('activities (PROMO-4, PROMO-5)', () => {
  test('activity/list answers the running activities without the promotion-code one', async () => {
    const res = await server.call(activityCalls.list, {}, { token: await server.login(SHOP.restaurant) });
    const ids = res.ok ? res.info.list.map((a) => a.id) : [];
    expect(ids).toContain(ACTIVITY.expandCoupon);
    expect(ids).not.toContain(ACTIVITY.productDiscountWithCode);
    expect(JSON.stringify(res.body)).not.toContain('SAVE10');
  });

  test('a visitor sees member-only activities with their member user type (PROMO-5)', async () => {
    const res = await server.call(activityCalls.list, {}, { token: await server.login(SHOP.restaurant) });
    const gift = res.ok ? res.info.list.find((a) => a.id === ACTIVITY.firstMemberPayGift) : undefined;
    expect(gift?.userType).toBe(2);
  });

  test('activity names follow the language header', async () => {
    const res = await server.call(
      activityCalls.list,
      {},
      { token: await server.login(SHOP.restaurant), headers: { language: 'en' } },
    );
    const a = res.ok ? res.info.list.find((x) => x.id === ACTIVITY.expandCoupon) : undefined;
    expect(a?.name).toBe('Share a red bag with friends');
  });

  test('activity/detail of an unknown activity answers "Coupon activity not exist"', async () => {
    const res = await server.call(
      activityCalls.detail,
      { id: 999999 },
      { token: await zhangToken(), headers: { language: 'en' } },
    );
    expect(res).toMatchObject({
      ok: false,
      code: 'couponActivityNotExist',
      info: 'Coupon activity not exist',
    });
  });

  test("activity/detail of another shop's activity needs chainActivity and the same chain", async () => {
    const token = await zhangToken();
    const own = await server.call(activityCalls.detail, { id: ACTIVITY.retailSecondDiscount }, { token });
    const chain = await server.call(
      activityCalls.detail,
      { id: ACTIVITY.retailSecondDiscount, chainActivity: true },
      { token },
    );
    const beauty = await server.call(
      activityCalls.detail,
      { id: ACTIVITY.beautyAllDiscount, chainActivity: true },
      { token },
    );
    expect(own.ok).toEqual(false);
    expect(chain.ok).toEqual(true);
    expect(beauty.ok).toEqual(false);
  });

  test('getActivityByCode finds the code activity, whatever the letter case', async () => {
    const res = await server.call(
      activityCalls.getActivityByCode,
      { code: 'save10' },
      { token: await server.login(SHOP.restaurant) },
    );
    expect(res.ok && [res.info.activity?.id, res.info.activity?.code]).toEqual([
      ACTIVITY.productDiscountWithCode,
      'SAVE10',
    ]);
  });

  test("an unknown code, or another shop's code, answers null", async () => {
    const token = await server.login(SHOP.restaurant);
    const unknown = await server.call(activityCalls.getActivityByCode, { code: 'NOPE' }, { token });
    const other = await server.call(activityCalls.getActivityByCode, { code: 'LUNCH5' }, { token });
    expect(unknown.ok && unknown.info.activity).toEqual(null);
    expect(other.ok && other.info.activity).toEqual(null);
  });

  test('an empty code is a clear bad request', async () => {
    const res = await server.call(
      activityCalls.getActivityByCode,
      { code: '' },
      { token: await server.login(SHOP.restaurant) },
    );
    expect(res.ok ? null : res.code).toBe('badRequest');
  });
});

describe('coupon lists and ownership (PROMO-1, PRICE-6)', () => {
  test('couponList all answers every held coupon, the expired one as status 0', async () => {
    const res = await server.call(activityCalls.couponList, { isAll: 0 }, { token: await zhangToken() });
    const byId = new Map((res.ok ? res.info.list : []).map((c) => [c.id, c.status]));
    expect(byId.size).toBe(6);
    expect(byId.get(MEMBER_COUPON.expired)).toBe(0);
    expect(byId.get(MEMBER_COUPON.amount)).toBe(1);
  });

  test('couponList now answers the coupons usable now in this shop', async () => {
    const res = await server.call(activityCalls.couponList, { isAll: 1 }, { token: await zhangToken() });
    expect(res.ok && res.info.list.map((c) => c.id).sort()).toEqual([
      MEMBER_COUPON.amount,
      MEMBER_COUPON.discount,
      MEMBER_COUPON.product,
      MEMBER_COUPON.minAmount,
    ]);
  });

  test('couponList chainShops answers the chain-wide coupon and the other shop’s coupon', async () => {
    const res = await server.call(activityCalls.couponList, { isAll: 2 }, { token: await zhangToken() });
    expect(res.ok && res.info.list.map((c) => c.id).sort()).toEqual([
      MEMBER_COUPON.amount,
      MEMBER_COUPON.retailAmount,
    ]);
  });

  test('a coupon taken by an order leaves the list and cannot be used again', async () => {
    await server.db
      .update(memberCoupons)
      .set({ status: 2, usedOrderId: 777 })
      .where(eq(memberCoupons.id, MEMBER_COUPON.amount));
    const res = await server.call(activityCalls.couponList, { isAll: 0 }, { token: await zhangToken() });
    const scope = await memberScope(server.ctx, { userId: DEMO_USER.member.id, shopId: SHOP.restaurant });
    expect(res.ok && res.info.list.map((c) => c.id)).not.toContain(MEMBER_COUPON.amount);
    await expect(
      ownedCoupon(
        server.db,
        MEMBER_COUPON.amount,
        scope.member,
        scope.shop,
        server.clock.now(),
        scope.zone,
      ),
    ).rejects.toMatchObject({ code: 'invalidCoupon' });
  });

  test("another member never sees the demo member's coupons", async () => {
    const res = await server.call(activityCalls.couponList, { isAll: 0 }, { token: await liToken() });
    expect(res.ok && res.info.list).toEqual([]);
  });

  test('a visitor asking for coupons is told "Please register first"', async () => {
    const res = await server.call(
      activityCalls.couponList,
      { isAll: 0 },
      { token: await server.login(SHOP.restaurant), headers: { language: 'en' } },
    );
    expect(res).toMatchObject({ ok: false, code: 'pleaseRegisterFirst', info: 'Please register first' });
  });

  test('a scope outside 0–2 is a bad request', async () => {
    const res = await server.call(activityCalls.couponList, { isAll: 3 }, { token: await zhangToken() });
    expect(res.ok ? null : res.code).toBe('badRequest');
  });

  test("using another member's coupon is refused as an invalid coupon", async () => {
    const scope = await memberScope(server.ctx, {
      userId: DEMO_USER.memberEmpty.id,
      shopId: SHOP.restaurant,
    });
    await expect(
      ownedCoupon(
        server.db,
        MEMBER_COUPON.amount,
        scope.member,
        scope.shop,
        server.clock.now(),
        scope.zone,
      ),
    ).rejects.toMatchObject({ code: 'invalidCoupon' });
  });

  test('an expired coupon of the owner is refused as an invalid coupon', async () => {
    const scope = await memberScope(server.ctx, { userId: DEMO_USER.member.id, shopId: SHOP.restaurant });
    await expect(
      ownedCoupon(
        server.db,
        MEMBER_COUPON.expired,
        scope.member,
        scope.shop,
        server.clock.now(),
        scope.zone,
      ),
    ).rejects.toMatchObject({ code: 'invalidCoupon' });
  });

  test("the owner's valid coupon comes back with its owner and conditions", async () => {
    const scope = await memberScope(server.ctx, { userId: DEMO_USER.member.id, shopId: SHOP.restaurant });
    const c = await ownedCoupon(
      server.db,
      MEMBER_COUPON.amount,
      scope.member,
      scope.shop,
      server.clock.now(),
      scope.zone,
    );
    expect(c.memberId).toEqual(DEMO_MEMBER.id);
    expect(c.reductionAmount).toEqual(10);
    expect(c.minAmount).toEqual(50);
    expect(c.status).toEqual(1);
  });

  test('the coupons an order in the restaurant may use are the held, valid ones meant for it', async () => {
    const scope = await memberScope(server.ctx, { userId: DEMO_USER.member.id, shopId: SHOP.restaurant });
    const list = await couponsForOrder(
      server.db,
      scope.member!,
      scope.shop,
      server.clock.now(),
      scope.zone,
    );
    expect(list.map((c) => c.id).sort()).toEqual([
      MEMBER_COUPON.amount,
      MEMBER_COUPON.discount,
      MEMBER_COUPON.product,
      MEMBER_COUPON.minAmount,
    ]);
  });

  test('a coupon of the overseas shop is refused in the restaurant', async () => {
    const scope = await memberScope(server.ctx, { userId: DEMO_USER.member.id, shopId: SHOP.restaurant });
    await expect(
      ownedCoupon(
        server.db,
        MEMBER_COUPON.retailAmount,
        scope.member,
        scope.shop,
        server.clock.now(),
        scope.zone,
      ),
    ).rejects.toMatchObject({ code: 'invalidCoupon' });
  });
});

describe('coupons by link and on entry (PROMO-1)', () => {
  test('getCouponByLink hands the activity coupon to the member once', async () => {
    const token = await liToken();
    const first = await server.call(
      activityCalls.getCouponByLink,
      { id: ACTIVITY.discountCoupon },
      { token },
    );
    const again = await server.call(
      activityCalls.getCouponByLink,
      { id: ACTIVITY.discountCoupon },
      { token },
    );
    expect(first.ok && again.ok && first.info.coupon.id === again.info.coupon.id).toBe(true);
    expect((await heldBy(DEMO_MEMBER_EMPTY.id)).map((c) => c.templateId)).toEqual([COUPON_TEMPLATE.discount]);
  });

  test('getCouponByLink of a non-coupon activity answers "Coupon activity not exist"', async () => {
    const res = await server.call(
      activityCalls.getCouponByLink,
      { id: ACTIVITY.fullReduction },
      { token: await liToken() },
    );
    expect(res.ok ? null : res.code).toBe('couponActivityNotExist');
  });

  test('a visitor opening a coupon link is told "Please register first"', async () => {
    const res = await server.call(
      activityCalls.getCouponByLink,
      { id: ACTIVITY.discountCoupon },
      { token: await server.login(SHOP.restaurant) },
    );
    expect(res.ok ? null : res.code).toBe('pleaseRegisterFirst');
  });

  test('getCouponByEntry hands the welcome coupon once; the next entry gets nothing', async () => {
    const token = await liToken();
    const first = await server.call(activityCalls.getCouponByEntry, {}, { token });
    const again = await server.call(activityCalls.getCouponByEntry, {}, { token });
    expect(first.ok && first.info.list.map((c) => c.name)).toEqual(['满50减10元券']);
    expect(again.ok && again.info.list).toEqual([]);
  });

  test('a visitor entering the shop receives no coupon', async () => {
    const res = await server.call(
      activityCalls.getCouponByEntry,
      {},
      { token: await server.login(SHOP.restaurant) },
    );
    expect(res.ok && res.info.list).toEqual([]);
  });
});

describe('shared (expand) red bag (PROMO-3)', () => {
  async function shareBag(): Promise<number> {
    const own = await server.call(
      activityCalls.receiveExpandCoupon,
      { id: ACTIVITY.expandCoupon },
      { token: await zhangToken() },
    );
    if (!own.ok) throw new Error(own.info);
    return own.info.coupon.id;
  }

  test('the sharer receives the expand coupon once', async () => {
    const a = await shareBag();
    const b = await shareBag();
    expect(a).toBe(b);
  });

  test('a friend opening the bag receives one coupon and shows among the receivers', async () => {
    const bag = await shareBag();
    const token = await liToken();
    const got = await server.call(
      activityCalls.receiveExpandCoupon,
      { id: ACTIVITY.expandCoupon, fromRedBagID: bag },
      { token },
    );
    const detail = await server.call(
      activityCalls.detail,
      { id: ACTIVITY.expandCoupon, fromRedBagID: bag },
      { token },
    );
    expect(got.ok && got.info.coupon.memberId).toBe(DEMO_MEMBER_EMPTY.id);
    expect(
      detail.ok && detail.info.redBag && [detail.info.redBag.remaining, detail.info.redBag.receivers.length],
    ).toEqual([4, 1]);
  });

  test('opening the same bag twice gives the same coupon, not a second one', async () => {
    const bag = await shareBag();
    const token = await liToken();
    const a = await server.call(
      activityCalls.receiveExpandCoupon,
      { id: ACTIVITY.expandCoupon, fromRedBagID: bag },
      { token },
    );
    const b = await server.call(
      activityCalls.receiveExpandCoupon,
      { id: ACTIVITY.expandCoupon, fromRedBagID: bag },
      { token },
    );
    expect(a.ok && b.ok && a.info.coupon.id === b.info.coupon.id).toBe(true);
    expect(await heldBy(DEMO_MEMBER_EMPTY.id)).toHaveLength(1);
  });

  test('10 members opening a bag of 5 at once receive exactly 5 coupons', async () => {
    const bag = await shareBag();
    const friends = [];
    for (let i = 0; i < 10; i += 1)
      friends.push(await newMember(server, SHOP.restaurant, { chainId: CHAIN_ID }));
    const results = await Promise.all(
      friends.map((f) =>
        server.call(
          activityCalls.receiveExpandCoupon,
          { id: ACTIVITY.expandCoupon, fromRedBagID: bag },
          { token: f.token },
        ),
      ),
    );
    const received = await server.db.select().from(memberCoupons).where(eq(memberCoupons.fromCouponId, bag));
    const [state] = await server.db.select().from(redBags).where(eq(redBags.fromCouponId, bag));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? null : r.code))).toEqual(
      Array(5).fill('exchangeSoldOut'),
    );
    expect(received).toHaveLength(5);
    expect(state.remaining).toBe(0);
  });

  test('a bag opened from a coupon of another activity is an invalid coupon', async () => {
    const res = await server.call(
      activityCalls.receiveExpandCoupon,
      { id: ACTIVITY.expandCoupon, fromRedBagID: MEMBER_COUPON.amount },
      { token: await liToken(), headers: { language: 'en' } },
    );
    expect(res).toMatchObject({ ok: false, code: 'invalidCoupon', info: 'Invalid Coupon' });
  });

  test('receiveExpandCoupon on an activity that is not a red bag answers "Coupon activity not exist"', async () => {
    const res = await server.call(
      activityCalls.receiveExpandCoupon,
      { id: ACTIVITY.couponSend },
      { token: await liToken() },
    );
    expect(res.ok ? null : res.code).toBe('couponActivityNotExist');
  });

  test('a visitor opening a red bag is told "Please register first" and nothing is taken', async () => {
    const bag = await shareBag();
    const res = await server.call(
      activityCalls.receiveExpandCoupon,
      { id: ACTIVITY.expandCoupon, fromRedBagID: bag },
      { token: await server.login(SHOP.restaurant) },
    );
    expect(res.ok ? null : res.code).toBe('pleaseRegisterFirst');
    expect(await server.db.select().from(redBags)).toHaveLength(0);
  });
});

describe('times red bag (PROMO-3)', () => {
  const count = async (orderAmount: number) => {
    const scope = await memberScope(server.ctx, {
      userId: DEMO_USER.memberEmpty.id,
      shopId: SHOP.restaurant,
    });
    await inTransaction(server.db, (tx) =>
      recordTimesRedBagOrder(tx, { now: server.clock.now() }, {
        member: scope.member!,
        shop: scope.shop,
        orderAmount,
        zone: scope.zone,
      }),
    );
  };

  test('getTimesRedBag answers the activity and the member progress 0 of 3', async () => {
    const res = await server.call(activityCalls.getTimesRedBag, {}, { token: await liToken() });
    expect(res.ok && res.info?.info).toEqual({
      id: ACTIVITY.timesRedBag,
      status: 1,
      cumulativeQuantity: 0,
      limitQuantity: 3,
    });
  });

  test('orders below the activity minimum of 30 do not count', async () => {
    await count(29.99);
    const res = await server.call(activityCalls.getTimesRedBag, {}, { token: await liToken() });
    expect(res.ok && res.info?.info.cumulativeQuantity).toBe(0);
  });

  test('after 3 counted orders checkTimesRedBag hands the coupon and starts again', async () => {
    for (let i = 0; i < 3; i += 1) await count(50);
    const token = await liToken();
    const first = await server.call(activityCalls.checkTimesRedBag, { id: ACTIVITY.timesRedBag }, { token });
    const again = await server.call(activityCalls.checkTimesRedBag, { id: ACTIVITY.timesRedBag }, { token });
    expect(first.ok && [first.info.coupons.map((c) => c.name), first.info.info.cumulativeQuantity]).toEqual([
      ['满50减10元券'],
      0,
    ]);
    expect(again.ok && again.info.coupons).toEqual([]);
  });

  test('two counted orders are not enough for the coupon', async () => {
    for (let i = 0; i < 2; i += 1) await count(50);
    const res = await server.call(
      activityCalls.checkTimesRedBag,
      { id: ACTIVITY.timesRedBag },
      { token: await liToken() },
    );
    expect(res.ok && [res.info.coupons.length, res.info.info.cumulativeQuantity]).toEqual([0, 2]);
  });
});

describe('coupons earned by an order (checkOverSendCoupon)', () => {
  async function grant(orderId: number) {
    const scope = await memberScope(server.ctx, { userId: DEMO_USER.member.id, shopId: SHOP.restaurant });
    await inTransaction(server.db, (tx) =>
      grantOrderCoupons(tx, orderId, [{ id: COUPON_TEMPLATE.expand, quantity: 1 }], {
        member: scope.member!,
        shopId: SHOP.restaurant,
        now: server.clock.now(),
        zone: scope.zone,
      }),
    );
  }

  test("the order's owner reads the coupons it earned, valid 30 days from receipt", async () => {
    await grant(4242);
    const res = await server.call(
      activityCalls.checkOverSendCoupon,
      { id: 4242 },
      { token: await zhangToken() },
    );
    const c = res.ok ? res.info.list[0] : undefined;
    expect(c?.name).toBe('无门槛5元券');
    // validDays 30: the end is the receipt time + 30 × 86 400 000 ms
    expect(c && Number(c.endDate) - Number(c.receiveTime)).toBe(30 * 86_400_000);
  });

  test("another member reading the order's coupons gets none", async () => {
    await grant(4243);
    const res = await server.call(
      activityCalls.checkOverSendCoupon,
      { id: 4243 },
      { token: await liToken() },
    );
    expect(res.ok && res.info.list).toEqual([]);
  });
});

test('the demo member card keeps its points through the promotion calls', async () => {
  await server.call(activityCalls.getCouponByEntry, {}, { token: await zhangToken() });
  expect((await cardOf(server, DEMO_MEMBER.id)).points).toBe('2000.0000');
});
