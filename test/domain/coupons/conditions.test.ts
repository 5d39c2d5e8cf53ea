/**
 * A coupon's conditions as its holder sees them (P§3 "Conditions shown to users"), its face and its
 * state on a list (P§4). Dates are the shop's (UTC+8 here).
 */
import { couponConditions, couponFace, couponListState, orderTypesOfMask } from '../../../src/domain/coupons/conditions';
import type { Coupon } from '../../../src/domain/types';

const CHINA = 480;
const coupon = (over: Partial<Coupon> = {}): Coupon => ({ id: 1, activityID: 2, name: 'c', type: 14, status: 1, reductionAmount: 10, ...over });

describe('couponConditions (P§3)', () => {
  it('lists every condition in the spec order: amount, quantity, order type, pay type, user type, validity, shops', () => {
    const c = coupon({
      minAmount: 50,
      minQuantity: 2,
      orderType: 1 | 2, // takeaway and pickup
      isOnlyCardPay: true,
      userType: 2,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      shopIds: [1001, 1002],
    });
    expect(couponConditions(c, CHINA)).toEqual([
      { key: 'minAmount', amount: 50 },
      { key: 'minQuantity', count: 2 },
      { key: 'orderType', orderTypes: ['takeaway', 'selfPickup'] },
      { key: 'cardPayOnly' },
      { key: 'userType', user: 'member' },
      { key: 'validDates', start: '2026-01-01', end: '2026-12-31' },
      { key: 'shops', shopIds: [1001, 1002] },
    ]);
  });

  it('says "no threshold" without a minimum and leaves out what does not limit the coupon', () => {
    // every order type (1 + 2 + 4 + 8) and both user types (1 + 2) limit nothing
    expect(couponConditions(coupon({ orderType: 15, userType: 3 }), CHINA)).toEqual([
      { key: 'noThreshold' },
      { key: 'validDates', start: null, end: null },
    ]);
  });

  it('a chain-wide coupon says so; a coupon for customers who are not members says that', () => {
    const keys = couponConditions(coupon({ chainId: 1, isChain: true, userType: 1 }), CHINA);
    expect(keys).toContainEqual({ key: 'chain' });
    expect(keys).toContainEqual({ key: 'userType', user: 'normal' });
  });

  it('a coupon not yet received is valid N days after receipt', () => {
    expect(couponConditions(coupon({ validDays: 30 }), CHINA)).toContainEqual({ key: 'validDays', days: 30 });
  });

  it('a received N-day coupon shows its dates: received 2026-11-23 10:00 +08:00, 30 days → through 2026-12-23', () => {
    // 2026-11-23 10:00 +08:00 = 02:00 UTC; + 30 × 24 h = 2026-12-23 10:00 +08:00 (exclusive): usable that morning
    const c = coupon({ validDays: 30, receiveTime: Date.UTC(2026, 10, 23, 2, 0, 0) });
    expect(couponConditions(c, CHINA)).toContainEqual({ key: 'validDates', start: '2026-11-23', end: '2026-12-23' });
  });

  it('epoch-ms dates are read in the shop time zone, the exclusive end counting to the day before', () => {
    // start 2025-01-01 00:00 +08:00 = 2024-12-31 16:00 UTC; end 2031-01-01 00:00 +08:00 exclusive → 2030-12-31
    const c = coupon({ startDate: Date.UTC(2024, 11, 31, 16, 0, 0), endDate: Date.UTC(2030, 11, 31, 16, 0, 0) });
    expect(couponConditions(c, CHINA)).toContainEqual({ key: 'validDates', start: '2025-01-01', end: '2030-12-31' });
  });

  it('a product coupon names its products and has no amount requirement', () => {
    const c = coupon({ type: 17, reductionAmount: 38, productList: [{ id: 10201, name: '宫保鸡丁' }] });
    const conditions = couponConditions(c, CHINA);
    expect(conditions).toContainEqual({ key: 'products', names: ['宫保鸡丁'] });
    expect(conditions.map((x) => x.key)).not.toContain('noThreshold');
  });
});

describe('orderTypesOfMask', () => {
  it.each([
    [0, []],
    [4, ['dine']],
    [8 | 1, ['takeaway', 'appointment']],
    [15, []],
  ])('mask %d → %j', (mask, types) => {
    expect(orderTypesOfMask(mask)).toEqual(types);
  });
});

describe('couponFace', () => {
  it('an amount coupon takes off its reduction amount', () => {
    expect(couponFace(coupon({ reductionAmount: 10, discountType: 2 }))).toEqual({ kind: 'amount', amount: 10 });
  });
  it('a rate coupon shows the percent payable: 88 → "8.8折", 12 % off', () => {
    // 88 / 10 = 8.8; 100 − 88 = 12
    expect(couponFace(coupon({ reductionAmount: 0, discountType: 1, discount: 88 }))).toEqual({ kind: 'rate', discount: 88, rate: 8.8, off: 12 });
  });
  it('a product coupon is worth its product', () => {
    expect(couponFace(coupon({ type: 17, reductionAmount: 38 }))).toEqual({ kind: 'product', amount: 38 });
  });
});

describe('couponListState (P§4)', () => {
  const noon = Date.UTC(2026, 10, 23, 4, 0, 0); // 2026-11-23 12:00 +08:00
  it('is usable at status 1 inside its dates', () => {
    expect(couponListState(coupon({ startDate: '2026-01-01', endDate: '2026-12-31' }), noon, CHINA)).toBe('usable');
  });
  it('has not started before its start', () => {
    expect(couponListState(coupon({ startDate: '2026-12-01', endDate: '2026-12-31' }), noon, CHINA)).toBe('notStarted');
  });
  it('is expired after its end, or when the server says so', () => {
    expect(couponListState(coupon({ startDate: '2026-01-01', endDate: '2026-11-22' }), noon, CHINA)).toBe('expired');
    expect(couponListState(coupon({ status: 0 }), noon, CHINA)).toBe('expired');
  });
  it('is closed at status -1', () => {
    expect(couponListState(coupon({ status: -1 }), noon, CHINA)).toBe('closed');
  });
});
