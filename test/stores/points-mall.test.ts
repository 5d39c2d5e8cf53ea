/**
 * The points mall store (MEMBER-7) on fakes: the list with the member's points, the domain's check
 * before an exchange (points short → a clear reason, no call, nothing changes), the exchange and the
 * refresh of the card and the coupons after it, and one call for a double tap.
 */
import { ErrorCode } from '../../src/domain/errors';
import { PointsMallStore } from '../../src/stores/areas/points-mall';
import type { PointStoreItem } from '../../src/api/contract/activity';
import { ok, fail } from '../support/fakes';
import { buildStores, memberInfo, type StoreFixture } from '../support/store-factories';

const couponItem = (over: Partial<PointStoreItem> = {}): PointStoreItem => ({
  activityId: 7301,
  kind: 'coupon',
  name: '300积分兑满50减10券',
  image: '',
  points: 300,
  stock: 99999,
  productId: null,
  couponActivityId: 7301,
  description: '',
  ...over,
});

const coupon = { id: 9001, activityID: 7301, name: '满50减10元券', type: 1, status: 1 as const, reductionAmount: 10, minAmount: 50 };

const vipInfo = (points: number) =>
  ok({ version: 3, unchanged: false, vipInfo: memberInfo({ id: 60001, points }), memberSetting: { isPointOpen: true }, levels: [] });

function mallOf(f: StoreFixture): PointsMallStore {
  let n = 0;
  return new PointsMallStore({
    api: f.api,
    member: f.member,
    promotion: f.promotion,
    openid: () => 'demo-openid',
    newKey: () => `key-${(n += 1)}`,
  });
}

const calls = (f: StoreFixture, path: string) => f.transport.requests.filter((r) => r.url.endsWith(`/${path}`));

async function memberWith(points: number, items: PointStoreItem[] = [couponItem()]): Promise<{ f: StoreFixture; mall: PointsMallStore }> {
  const f = buildStores();
  f.transport.on('store/vipInfo', vipInfo(points));
  f.transport.on('activity/getPointExchangeStoreProducts', ok({ list: items }));
  const mall = mallOf(f);
  await mall.load();
  return { f, mall };
}

describe('points mall store (MEMBER-7)', () => {
  it('loads the items with the member card: the points shown on top come from the card', async () => {
    const { mall } = await memberWith(2000);
    expect(mall.items.map((i) => i.activityId)).toEqual([7301]);
    expect(mall.points).toBe(2000);
    expect(mall.blockOf(mall.items[0])).toBeNull();
  });

  it('exchanges points for a coupon, then shows the server’s points and refreshes the card and the coupons', async () => {
    const { f, mall } = await memberWith(2000);
    f.transport.on('activity/pointExchangeProduct', ok({ points: 1700, coupon, productId: null }));
    // the card after the exchange: 2000 − 300 = 1700 points
    f.transport.on('store/vipInfo', vipInfo(1700));
    f.transport.on('activity/couponList', ok({ list: [coupon] }));

    await expect(mall.exchange(7301)).resolves.toBeNull();

    const [req] = calls(f, 'activity/pointExchangeProduct');
    expect(req.data).toEqual({ openid: 'demo-openid', activityId: 7301, memberId: 60001 });
    expect(req.headers['Idempotency-Key']).toBe('key-1');
    expect(mall.lastExchange).toEqual({ item: couponItem(), result: { points: 1700, coupon, productId: null } });
    expect(f.member.vipInfo?.points).toBe(1700);
    expect(mall.points).toBe(1700);
    expect(f.promotion.coupons).toEqual([coupon]);
    expect(calls(f, 'store/vipInfo')).toHaveLength(2);
    expect(mall.exchanging).toBeNull();
  });

  it('refuses an exchange when points are short: the reason names the missing points, no call, nothing changes', async () => {
    // 120 points for a 300-point item: 300 − 120 = 180 missing
    const { f, mall } = await memberWith(120);
    f.promotion.setCoupons([]);

    await expect(mall.exchange(7301)).resolves.toEqual({ code: ErrorCode.pointsInsufficient, params: { count: 180 } });

    expect(calls(f, 'activity/pointExchangeProduct')).toHaveLength(0);
    expect(mall.points).toBe(120);
    expect(mall.lastExchange).toBeNull();
    expect(f.promotion.coupons).toEqual([]);
    expect(mall.shortOf(mall.items[0])).toBe(180);
  });

  it('makes one call for a double tap', async () => {
    const { f, mall } = await memberWith(2000);
    f.transport.on('activity/pointExchangeProduct', ok({ points: 1700, coupon, productId: null }));
    f.transport.on('store/vipInfo', vipInfo(1700));
    f.transport.on('activity/couponList', ok({ list: [coupon] }));

    const [first, second] = await Promise.all([mall.exchange(7301), mall.exchange(7301)]);

    expect(first).toBeNull();
    expect(second).toEqual({ code: ErrorCode.requestInProgress });
    expect(calls(f, 'activity/pointExchangeProduct')).toHaveLength(1);
    // one exchange: 2000 − 300 = 1700, not 1400
    expect(mall.points).toBe(1700);
  });

  it('reports the server’s refusal and reloads the card, leaving the last exchange as it was', async () => {
    const { f, mall } = await memberWith(2000);
    f.transport.on('activity/pointExchangeProduct', fail('已兑完', ErrorCode.exchangeSoldOut));
    f.transport.on('store/vipInfo', vipInfo(2000));

    await expect(mall.exchange(7301)).resolves.toEqual({ code: ErrorCode.exchangeSoldOut });
    expect(mall.lastExchange).toBeNull();
    expect(mall.points).toBe(2000);
    expect(mall.exchanging).toBeNull();
  });

  it('tells a visitor to register first and a sold-out item that it is sold out', async () => {
    const f = buildStores();
    f.transport.on('store/vipInfo', ok({ version: 3, unchanged: false, vipInfo: null, memberSetting: {}, levels: [] }));
    f.transport.on('activity/getPointExchangeStoreProducts', ok({ list: [couponItem(), couponItem({ activityId: 7302, stock: 0 })] }));
    const mall = mallOf(f);
    await mall.load();
    expect(mall.blockOf(mall.items[0])).toEqual({ code: ErrorCode.pleaseRegisterFirst });
    await expect(mall.exchange(7301)).resolves.toEqual({ code: ErrorCode.pleaseRegisterFirst });

    const { mall: memberMall } = await memberWith(2000, [couponItem({ stock: 0 })]);
    expect(memberMall.blockOf(memberMall.items[0])).toEqual({ code: ErrorCode.exchangeSoldOut });
  });

  it('loads an item’s detail with its activity and the points the server counted', async () => {
    const { f, mall } = await memberWith(2000);
    const activity = { id: 7301, name: '300积分兑满50减10券', type: 18, points: 300, coupons: [{ id: 8001, name: '满50减10元券', reductionAmount: 10, minAmount: 50 }] };
    f.transport.on('activity/pointStoreCouponDetail', ok({ item: couponItem(), activity, memberPoints: 2000 }));
    await expect(mall.loadDetail(7301)).resolves.toBeNull();
    expect(calls(f, 'activity/pointStoreCouponDetail')[0].data).toEqual({ couponActivityId: 7301, openid: 'demo-openid' });
    expect(mall.detail?.activity.coupons?.[0].minAmount).toBe(50);
  });
});
