/**
 * The promotion screens' store and the prompts on entry (PROMO-1, 3, 4, MEMBER-8, APP-6): coupon list
 * scopes, receiving a coupon from a link or on entry (the order's coupons refresh), the shared red bag
 * between two members, the times red bag, the promotion-code search applied to the order, the
 * once-only prompt flags and their reset at launch, and the entry routing of a shared red-bag link.
 * Rules are checked on fakes; receiving and the red bag also against the real server (demo data).
 */
import { ACTIVITY, DEMO_USER, MEMBER_COUPON, SHOP } from '../../server/src/demo/ids';
import { CouponListScope } from '../../src/domain/enums';
import { ErrorCode, type RuleError } from '../../src/domain/errors';
import { routeEntry } from '../../src/domain/entry-routing';
import { chargePresentShownKey } from '../../src/domain/promotions/entry-prompts';
import type { Coupon } from '../../src/domain/types';
import { EntryPromptsStore } from '../../src/stores/areas/entry-prompts';
import { expandViewed, markExpandViewed } from '../../src/stores/areas/expand-viewed';
import { PromotionsAreaStore, type CouponChooser } from '../../src/stores/areas/promotions';
import { SessionStore } from '../../src/stores/session';
import { buildTestServer, type TestServer } from '../support/build-server';
import { fakePlatform, FakeTransport, fail, MemoryStorage, ok } from '../support/fakes';
import { InjectTransport } from '../support/inject-transport';
import { buildStores, memberInfo, NOON, type StoreFixture } from '../support/store-factories';

const coupon = (over: Partial<Coupon> & { id: number }): Coupon => ({
  activityID: 7014,
  name: `coupon ${over.id}`,
  type: 14,
  status: 1,
  reductionAmount: 10,
  startDate: '2025-01-01',
  endDate: '2030-12-31',
  ...over,
});

/** A checkout that records what the store chose (CheckoutStore.chooseCoupon's P§5 rule included). */
class FakeCheckout implements CouponChooser {
  couponChoice: number | null | 'auto' = 'auto';
  chooseCoupon(id: number | null): RuleError | null {
    if (id !== null && typeof this.couponChoice === 'number' && this.couponChoice !== id) return { code: ErrorCode.couponAlreadySelected };
    this.couponChoice = id;
    return null;
  }
}

/** The area store on a fixture (fake transport, or the real server through `via`). */
function areaOf(f: StoreFixture, checkout: CouponChooser = new FakeCheckout(), now: () => number = () => NOON) {
  return new PromotionsAreaStore({
    api: f.api,
    storage: f.storage,
    now,
    member: f.member,
    promotion: f.promotion,
    shop: {
      get shopId() {
        return f.shop.shopId ?? 1001;
      },
      zone: 480,
    },
    checkout: async () => checkout,
  });
}

/** A member's fixture on fakes: store/vipInfo answers a card. */
async function fakeMember(f: StoreFixture, vip: Record<string, unknown> | null = memberInfo()): Promise<void> {
  f.transport.on('store/vipInfo', ok({ version: 1, unchanged: false, vipInfo: vip, memberSetting: {}, levels: [] }));
  await f.member.load();
}

const sentBodies = (f: StoreFixture, path: string) =>
  f.transport.requests.filter((r) => r.url.endsWith(`/${path}`)).map((r) => r.data as Record<string, unknown>);

describe('coupon list scopes (PROMO-1, P§3 all 0, now 1, chainShops 2)', () => {
  test('each tab asks activity/couponList with its isAll value and keeps its own list', async () => {
    const f = buildStores();
    await fakeMember(f);
    f.transport.on('activity/couponList', ok({ list: [coupon({ id: 1 })] }), ok({ list: [coupon({ id: 1 }), coupon({ id: 2 })] }), ok({ list: [coupon({ id: 3 })] }));
    const area = areaOf(f);
    await area.loadCoupons(CouponListScope.now);
    await area.loadCoupons(CouponListScope.all);
    await area.loadCoupons(CouponListScope.chainShops);
    expect(sentBodies(f, 'activity/couponList')).toEqual([{ isAll: 1 }, { isAll: 0 }, { isAll: 2 }]);
    expect(area.lists[1]?.map((c) => c.id)).toEqual([1]);
    expect(area.lists[0]?.map((c) => c.id)).toEqual([1, 2]);
    expect(area.lists[2]?.map((c) => c.id)).toEqual([3]);
  });

  test('the tab shows usable coupons first, then by the end of their validity', async () => {
    const f = buildStores();
    await fakeMember(f);
    const expired = coupon({ id: 1, status: 0, endDate: Date.UTC(2026, 0, 1) });
    const later = coupon({ id: 2, endDate: Date.UTC(2027, 0, 1) });
    const sooner = coupon({ id: 3, endDate: Date.UTC(2026, 11, 1) });
    f.transport.on('activity/couponList', ok({ list: [expired, later, sooner] }));
    const area = areaOf(f);
    area.setScope(CouponListScope.all);
    await area.loadCoupons();
    expect(area.coupons?.map((c) => c.id)).toEqual([3, 2, 1]);
  });

  test('coupons of the chain-shops tab, and those of "all" missing from the usable-here list, are for elsewhere', async () => {
    const f = buildStores();
    await fakeMember(f);
    f.transport.on('activity/couponList', ok({ list: [coupon({ id: 1 })] }), ok({ list: [coupon({ id: 1 }), coupon({ id: 2 })] }));
    const area = areaOf(f);
    await area.loadCoupons(CouponListScope.now);
    area.setScope(CouponListScope.all);
    await area.loadCoupons();
    expect(area.isElsewhere(coupon({ id: 1 }))).toEqual(false);
    expect(area.isElsewhere(coupon({ id: 2 }))).toEqual(true);
    area.setScope(CouponListScope.chainShops);
    expect(area.isElsewhere(coupon({ id: 1 }))).toBe(true);
  });

  test('a visitor is not asked for coupons: the list answers "please register first"', async () => {
    const f = buildStores();
    await fakeMember(f, null);
    const area = areaOf(f);
    await area.loadCoupons();
    expect(sentBodies(f, 'activity/couponList')).toEqual([]);
    expect(area.listError).toEqual(ErrorCode.pleaseRegisterFirst);
    expect(area.coupons).toEqual([]);
  });
});

describe('using a coupon (P§5 one at a time)', () => {
  test('"use" puts the coupon on the order, replacing one chosen before', async () => {
    const f = buildStores();
    const checkout = new FakeCheckout();
    const area = areaOf(f, checkout);
    expect(await area.useCoupon(8501)).toBeNull();
    expect(checkout.couponChoice).toBe(8501);
    expect(await area.useCoupon(8502)).toBeNull();
    expect(checkout.couponChoice).toBe(8502);
  });
});

describe('the times red bag (PROMO-3)', () => {
  const info = (n: number) => ({ id: 7013, status: 1, cumulativeQuantity: n, limitQuantity: 3 });
  const activity = { id: 7013, name: '集点红包', type: 13, quantity: 3, minAmount: 30, coupons: [{ id: 8001, name: '满50减10元券', reductionAmount: 10 }] };

  test('shows 2 of 3 orders, 1 missing, not yet due', async () => {
    const f = buildStores();
    f.transport.on('activity/getTimesRedBag', ok({ info: info(2), activity }));
    const area = areaOf(f);
    await area.loadTimesRedBag();
    expect(area.timesProgress).toEqual({ done: 2, limit: 3, missing: 1, due: false });
  });

  test('a complete round checks in, hands the coupon over and refreshes the order coupons', async () => {
    const f = buildStores();
    await fakeMember(f);
    f.transport.on('activity/getTimesRedBag', ok({ info: info(3), activity }));
    const reward = coupon({ id: 9001, type: 13 });
    f.transport.on('activity/checkTimesRedBag', ok({ info: info(0), coupons: [reward] }));
    f.transport.on('activity/list', ok({ list: [] }));
    f.transport.on('activity/couponList', ok({ list: [reward] }));
    const area = areaOf(f);
    await area.loadTimesRedBag();
    expect(area.timesProgress?.due).toBe(true);
    expect((await area.checkTimesRedBag())?.map((c) => c.id)).toEqual([9001]);
    expect(sentBodies(f, 'activity/checkTimesRedBag')).toEqual([{ id: 7013 }]);
    // the count starts again from what is left over: 3 − 3 = 0 of 3
    expect(area.timesProgress).toEqual({ done: 0, limit: 3, missing: 3, due: false });
    expect(f.promotion.coupons.map((c) => c.id)).toEqual([9001]);
  });

  test('no running times red bag: nothing to show or check', async () => {
    const f = buildStores();
    f.transport.on('activity/getTimesRedBag', ok(null));
    const area = areaOf(f);
    await area.loadTimesRedBag();
    expect(area.timesLoaded).toEqual(true);
    expect(area.timesProgress).toEqual(null);
    expect(await area.checkTimesRedBag()).toEqual(null);
  });
});

describe('the promotion code (PROMO-4)', () => {
  const codeActivity = { id: 7019, name: '优惠码 SAVE10：招牌菜9折', type: 19, code: 'SAVE10', discount: 90 };

  test('an unknown code answers "Coupon activity not exist" and leaves the order alone', async () => {
    const f = buildStores();
    f.transport.on('activity/getActivityByCode', ok({ activity: null }));
    const area = areaOf(f);
    expect(await area.searchCode(' nope ')).toEqual({ code: ErrorCode.couponActivityNotExist });
    expect(sentBodies(f, 'activity/getActivityByCode')).toEqual([{ code: 'nope' }]);
    expect(area.codeActivity).toEqual(null);
    expect(f.promotion.promotionCode).toEqual(null);
    expect(await area.applyCode()).toEqual({ code: ErrorCode.couponActivityNotExist });
  });

  test('an empty code is not sent', async () => {
    const f = buildStores();
    const area = areaOf(f);
    expect(await area.searchCode('   ')).toEqual({ code: ErrorCode.couponActivityNotExist });
    expect(f.transport.requests).toEqual([]);
  });

  test('a found code shows its activity; applying it hands code and activity to the order pricing', async () => {
    const f = buildStores();
    f.transport.on('activity/getActivityByCode', ok({ activity: codeActivity }));
    const area = areaOf(f);
    expect(await area.searchCode('save10')).toBeNull();
    expect(area.codeActivity?.id).toBe(7019);
    // not on the order until the customer applies it
    expect(f.promotion.promotionCode).toBeNull();
    expect(await area.applyCode()).toBeNull();
    expect(f.promotion.promotionCode).toEqual('save10');
    expect(f.promotion.promotionCodeActivity?.id).toEqual(7019);
    area.removeCode();
    expect(f.promotion.promotionCode).toEqual(null);
    expect(f.promotion.promotionCodeActivity).toEqual(null);
  });
});

describe('receiving coupons and the shared red bag against the server (PROMO-1, PROMO-3)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer();
  }, 60_000);
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  /** A member's stores in the restaurant with their token, the card and the order's coupons loaded. */
  async function memberStores(userId: number): Promise<StoreFixture> {
    const f = buildStores({ via: new InjectTransport(server), now: server.clock.now() });
    f.api.client.setToken(await server.tokenFor(userId, SHOP.restaurant));
    f.session.refreshToken();
    f.session.start({ id: String(SHOP.restaurant) });
    expect(await f.shop.load(SHOP.restaurant)).toBe(true);
    await Promise.all([f.member.load(), f.promotion.load()]);
    return f;
  }

  test('a coupon link hands the coupon over once and the order can use it at once', async () => {
    const f = await memberStores(DEMO_USER.memberEmpty.id);
    const area = areaOf(f, new FakeCheckout(), () => server.clock.now());
    expect(f.promotion.coupons.some((c) => c.activityID === ACTIVITY.discountCoupon)).toBe(false);
    const got = (await area.receiveByLink(ACTIVITY.discountCoupon)) as Coupon;
    expect(got.activityID).toEqual(ACTIVITY.discountCoupon);
    expect(got.name).toEqual('8.8折券');
    expect(area.linkCoupon?.id).toBe(got.id);
    // the order's coupons were read again: the new coupon is among them
    expect(f.promotion.coupons.map((c) => c.id)).toContain(got.id);
    // a second link opening answers the same coupon, not a new one
    const again = (await area.receiveByLink(ACTIVITY.discountCoupon)) as Coupon;
    expect(again.id).toBe(got.id);
  });

  test('a link of an activity that gives no coupon answers "Coupon activity not exist"', async () => {
    const f = await memberStores(DEMO_USER.memberEmpty.id);
    const area = areaOf(f);
    expect(await area.receiveByLink(ACTIVITY.fullReduction)).toEqual({ code: ErrorCode.couponActivityNotExist });
  });

  test('entering the shop hands the welcome coupon to a member once', async () => {
    const f = await memberStores(DEMO_USER.memberEmpty.id);
    const area = areaOf(f);
    const first = await area.receiveByEntry();
    expect(first.map((c) => c.activityID)).toEqual([ACTIVITY.couponSend]);
    expect(f.promotion.coupons.map((c) => c.id)).toContain(first[0].id);
    expect(await area.receiveByEntry()).toEqual([]);
  });

  test('the coupon list of the demo member: usable here, all (with the expired one), chain shops', async () => {
    const f = await memberStores(DEMO_USER.member.id);
    const area = areaOf(f, new FakeCheckout(), () => server.clock.now());
    await area.loadCoupons(CouponListScope.now);
    await area.loadCoupons(CouponListScope.all);
    expect(area.lists[1]?.map((c) => c.id)).toContain(MEMBER_COUPON.amount);
    expect(area.lists[1]?.map((c) => c.id)).not.toContain(MEMBER_COUPON.expired);
    expect(area.lists[0]?.find((c) => c.id === MEMBER_COUPON.expired)?.status).toBe(0);
  });

  test('the shared red bag: the sharer collects their bag, a friend opens it, both see 1 of 5 taken', async () => {
    const sharer = await memberStores(DEMO_USER.memberEmpty.id);
    const mine = areaOf(sharer);
    await mine.openExpand(ACTIVITY.expandCoupon, null);
    expect(mine.expand?.coupon).toBeNull();
    const own = await mine.receiveExpand();
    expect(own?.activityID).toBe(ACTIVITY.expandCoupon);
    // the page now follows the bag the own coupon opens
    expect(mine.expand?.fromCouponId).toBe(own?.id);
    expect(mine.expandIsMine).toBe(true);
    expect(mine.expandProgress).toEqual({ size: 5, taken: 0, remaining: 5, receivers: 0, expired: false });
    const path = mine.expandSharePath();
    expect(path).toBe(`/pages/index/index?id=${SHOP.restaurant}&expandActivityId=${ACTIVITY.expandCoupon}&expandCouponId=${own?.id}`);

    const friend = await memberStores(DEMO_USER.member.id);
    const theirs = areaOf(friend);
    await theirs.openExpand(ACTIVITY.expandCoupon, own!.id);
    expect(theirs.expandIsMine).toBe(false);
    const got = await theirs.receiveExpand();
    expect(got?.name).toBe('招牌菜满100减20');
    expect(got?.id).not.toBe(own?.id);
    // the bag of 5 holds 4 more; the friend is its one receiver
    expect(theirs.expandProgress).toEqual({ size: 5, taken: 1, remaining: 4, receivers: 1, expired: false });
    expect(friend.promotion.coupons.map((c) => c.id)).toContain(got?.id);
    // opening it again gives the same coupon back, and takes nothing more from the bag
    expect((await theirs.receiveExpand())?.id).toBe(got?.id);
    expect(theirs.expandProgress?.remaining).toBe(4);

    // the sharer's page shows the friend among the receivers
    await mine.openExpand(ACTIVITY.expandCoupon, own!.id);
    expect(mine.expandProgress).toEqual({ size: 5, taken: 1, remaining: 4, receivers: 1, expired: false });
  });

  test("a member already holding a coupon of the activity finds it as their bag on the activity's page", async () => {
    const f = await memberStores(DEMO_USER.member.id);
    const area = areaOf(f);
    await area.openExpand(ACTIVITY.expandCoupon, null);
    // the demo member holds the type-8 coupon 8504 of the expand activity
    expect(area.expand?.coupon?.id).toEqual(MEMBER_COUPON.minAmount);
    expect(area.expand?.fromCouponId).toEqual(MEMBER_COUPON.minAmount);
    expect(area.expandIsMine).toEqual(true);
  });

  test('a bag opened from a coupon of another activity shows "invalid coupon" and gives nothing', async () => {
    const friend = await memberStores(DEMO_USER.memberEmpty.id);
    const area = areaOf(friend);
    await area.openExpand(ACTIVITY.expandCoupon, MEMBER_COUPON.amount);
    expect(area.expand?.error).toBe(ErrorCode.invalidCoupon);
    expect(await area.receiveExpand()).toBeNull();
    expect(area.expand?.error).toBe(ErrorCode.invalidCoupon);
  });
});

describe('the prompts on entry and their once-only flags (P§2, P§9, MEMBER-8)', () => {
  const register = [coupon({ id: 8001, name: '满50减10元券' })];

  function prompts(opts: { vip?: { isCharged?: boolean } | null; slogan?: string; coupons?: Coupon[]; storage?: MemoryStorage; transport?: FakeTransport; shopId?: number }) {
    const storage = opts.storage ?? new MemoryStorage();
    const transport = opts.transport ?? new FakeTransport();
    const f = buildStores({ storage, transport });
    const store = new EntryPromptsStore({
      api: f.api,
      storage,
      member: { vipInfo: opts.vip === undefined ? null : opts.vip, memberSetting: { chargeSlogan: opts.slogan } },
      promotion: { coupons: opts.coupons ?? [] },
      shopId: () => opts.shopId ?? 1001,
    });
    return { store, storage, transport };
  }

  /** What the next launch does to the flags: SessionStore.start clears those of P§9. */
  function launch(storage: MemoryStorage): void {
    new SessionStore({ storage, platform: fakePlatform({ storage }), abroad: false }).start({ id: '1001' });
  }

  test('first charge: a member who has not charged, with a slogan, sees it once per launch', async () => {
    const { store, storage } = prompts({ vip: { isCharged: false }, slogan: '充100送10' });
    const p = await store.next();
    expect(p).toEqual({ kind: 'firstCharge', slogan: '充100送10' });
    store.markShown(p!);
    expect(await store.next()).toBeNull();
    // P§9: firstChargeShowed is cleared at launch
    launch(storage);
    expect((await store.next())?.kind).toBe('firstCharge');
  });

  test('no first-charge prompt for a member who charged, without a slogan, or for a visitor', async () => {
    expect(await prompts({ vip: { isCharged: true }, slogan: '充100送10' }).store.next()).toBeNull();
    expect(await prompts({ vip: { isCharged: false }, slogan: '  ' }).store.next()).toBeNull();
    const visitor = prompts({ vip: null, slogan: '充100送10' });
    visitor.transport.on('vip/registerCoupons', ok({ list: [] }));
    expect(await visitor.store.next()).toBeNull();
  });

  test('newcomer coupons: a visitor sees them when the shop has register coupons, once per launch', async () => {
    const { store, storage, transport } = prompts({ vip: null });
    transport.on('vip/registerCoupons', ok({ list: register }));
    const p = await store.next();
    expect(p).toEqual({ kind: 'newcomer', coupons: register });
    store.markShown(p!);
    expect(await store.next()).toBeNull();
    // P§9: firstRegisterShowed is cleared at launch
    launch(storage);
    expect((await store.next())?.kind).toBe('newcomer');
    // the shop's register coupons were asked once while the app ran
    expect(transport.requests.filter((r) => r.url.endsWith('/vip/registerCoupons'))).toHaveLength(1);
  });

  test('no newcomer prompt without register coupons, for a member, or when the call fails', async () => {
    const none = prompts({ vip: null });
    none.transport.on('vip/registerCoupons', ok({ list: [] }));
    expect(await none.store.next()).toBeNull();
    const member = prompts({ vip: { isCharged: true } });
    expect(await member.store.next()).toBeNull();
    expect(member.transport.requests).toEqual([]);
    const failing = prompts({ vip: null });
    failing.transport.on('vip/registerCoupons', fail('功能已关闭', 'functionClosed'));
    expect(await failing.store.next()).toBeNull();
  });

  test('charge-present coupons: shown to a member holding them, once per shop, kept across launches', async () => {
    const present = [coupon({ id: 8506, type: 20, name: '充值礼满60减15' })];
    const { store, storage } = prompts({ vip: { isCharged: true }, coupons: [...present, coupon({ id: 1 })] });
    const p = await store.next();
    expect(p).toEqual({ kind: 'chargePresent', coupons: present });
    store.markShown(p!);
    expect(storage.get(chargePresentShownKey(1001))).toBe(true);
    launch(storage);
    expect(await store.next()).toBeNull();
    // another shop has its own flag
    const other = prompts({ vip: { isCharged: true }, coupons: present, storage, shopId: 1002 });
    expect((await other.store.next())?.kind).toBe('chargePresent');
  });

  test('at most one prompt per entry: first charge before the charge-present coupons', async () => {
    const { store } = prompts({ vip: { isCharged: false }, slogan: '充100送10', coupons: [coupon({ id: 2, type: 20 })] });
    const first = await store.next();
    expect(first?.kind).toBe('firstCharge');
    store.markShown(first!);
    expect((await store.next())?.kind).toBe('chargePresent');
  });

  test('every flag of P§9 is cleared at launch, the per-shop charge-present flag is not', () => {
    const storage = new MemoryStorage({
      limitShowed: true,
      takeawaySearchValue: 'noodles',
      firstChargeShowed: true,
      firstRegisterShowed: true,
      [chargePresentShownKey(1001)]: true,
    });
    launch(storage);
    expect([...storage.data.keys()].filter((k) => k !== 'openid')).toEqual([chargePresentShownKey(1001)]);
  });
});

describe('a shared red-bag link at launch (C§2, APP-6)', () => {
  /** The entry route of a launch with `query` on a device with `storage`. */
  function routeOf(query: Record<string, string>, storage = new MemoryStorage()) {
    const session = new SessionStore({ storage, platform: fakePlatform({ storage }), abroad: false });
    session.start(query);
    return routeEntry({
      expandActivityId: session.expandActivityId,
      expandCouponId: session.expandCouponId,
      expandViewed: expandViewed(storage, session.expandActivityId, session.expandCouponId),
      isToVipCenter: session.isToVipCenter,
      hideVipBackButton: session.hideVipBackButton,
    });
  }

  test('opens the expand red bag page first with the activity and the coupon it came from', () => {
    expect(routeOf({ id: '1001', expandActivityId: '7008', expandCouponId: '42', isToVipCenter: '1' })).toEqual({
      url: '/pages/product/expand-red-bag?id=7008&from=42',
      method: 'redirect',
    });
  });

  test('a bag already viewed on this device goes on to the vip-center target', () => {
    const storage = new MemoryStorage();
    markExpandViewed(storage, 7008, 42);
    expect(routeOf({ id: '1001', expandActivityId: '7008', expandCouponId: '42', isToVipCenter: '1' }, storage)).toEqual({
      url: '/pages/member/index',
      method: 'navigate',
    });
    // another bag of the same activity is not viewed yet
    expect(routeOf({ id: '1001', expandActivityId: '7008', expandCouponId: '43' }, storage).url).toBe('/pages/product/expand-red-bag?id=7008&from=43');
  });

  test('the member center opens by redirect when the link hides its back button', () => {
    expect(routeOf({ id: '1001', isToVipCenter: 'true', hideVipBackButton: '1' })).toEqual({ url: '/pages/member/index', method: 'redirect' });
  });

  test('opening the bag page marks it viewed', async () => {
    const f = buildStores();
    f.transport.on('activity/detail', fail('优惠券活动不存在', 'couponActivityNotExist'));
    const area = areaOf(f);
    await area.openExpand(7008, 42);
    expect(expandViewed(f.storage, '7008', '42')).toBe(true);
    expect(area.expand?.error).toBe(ErrorCode.couponActivityNotExist);
  });
});
