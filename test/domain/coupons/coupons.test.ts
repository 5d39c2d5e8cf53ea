import { priceOrder } from '../../../src/domain/pricing';
import { activity, coupon, input, line, member } from '../../support/pricing-factories';

const cart = () => [line({ id: 1, price: 20, quantity: 2, typeid: 1 }), line({ id: 2, price: 10, typeid: 2 })]; // 50, 3 units

describe('coupon usability (P§5, PRICE-6)', () => {
  const reasonOf = (c: ReturnType<typeof coupon>, over: Parameters<typeof input>[0] = { cart: cart() }) =>
    priceOrder(input({ ...over, coupons: [c], couponId: c.id })).coupons[0];

  it('a usable coupon reports its reduction', () => {
    expect(reasonOf(coupon({ reductionAmount: 5, minAmount: 50 }))).toMatchObject({ usable: true, reason: null, reduction: 5 });
  });

  it.each([
    ['couponAmountBelowMin', coupon({ reductionAmount: 5, minAmount: 50.01 })],
    ['couponQuantityNotEnough', coupon({ reductionAmount: 5, minQuantity: 3 })], // 3 units is not above 3
    ['couponWrongOrderType', coupon({ reductionAmount: 5, orderType: 1 })], // takeaway only; dine code 101
    ['couponCardPayOnly', coupon({ reductionAmount: 5, isOnlyCardPay: true })],
    ['couponWrongUserType', coupon({ reductionAmount: 5, userType: 2 })], // members only; visitor
    ['invalidCoupon', coupon({ reductionAmount: 5, status: 0 })],
    ['invalidCoupon', coupon({ reductionAmount: 5, startDate: '2026-01-01', endDate: '2026-11-22' })],
    ['invalidCoupon', coupon({ reductionAmount: 5, memberId: 99 })],
  ])('is unusable with %s', (reason, c) => {
    const r = reasonOf(c, { cart: cart(), member: c.memberId ? member() : null, payType: 'cash' });
    expect(r).toMatchObject({ usable: false, reason, reduction: 0 });
  });

  it('is invalid when its activity is out of date, unless a chain discount coupon', () => {
    const a = activity({ type: 4, validType: 2, startDate: '2020-01-01', endDate: '2020-12-31' });
    const c = coupon({ reductionAmount: 5, activityID: a.id });
    expect(reasonOf(c, { cart: cart(), activities: [a] }).reason).toBe('invalidCoupon');
    expect(reasonOf({ ...c, isChain: true }, { cart: cart(), activities: [a] }).reason).toBe(null);
  });

  it.each([
    [1, 1, true], // takeaway code 1 in 1–50
    [50, 1, true],
    [51, 2, true], // pickup 51–100
    [101, 4, true], // dine 101–200
    [301, 8, true], // appointment 301–400
    [101, 1, false],
  ])('user agent %p against order-type bits %p: usable %p', (userAgent, orderType, usable) => {
    expect(reasonOf(coupon({ reductionAmount: 5, orderType }), { cart: cart(), userAgent }).usable).toBe(usable);
  });

  it('type 8 needs a qualifying product besides the minimum amount', () => {
    const c = coupon({ type: 8, reductionAmount: 5, minAmount: 10, productList: [{ id: 3 }] });
    expect(reasonOf(c).reason).toBe('couponAmountBelowMin');
    expect(reasonOf({ ...c, productList: [{ id: 2 }] }).reason).toBe(null);
  });

  it('a coupon larger than the order leaves 0 to pay', () => {
    const b = priceOrder(input({ cart: [line({ price: 3 })], coupons: [coupon({ reductionAmount: 10 })], couponId: 'auto' }));
    expect(b.amountToPay).toBe(0);
    expect(b.discountAmount).toBe(3);
  });

  it('a rate coupon takes its percent: 50 × (100 − 80)% = 10', () => {
    const b = priceOrder(input({ cart: cart(), coupons: [coupon({ reductionAmount: 0, discountType: 1, discount: 80 })], couponId: 'auto' }));
    expect(b.discountAmount).toBe(10);
  });
});

describe('coupon selection (P§9)', () => {
  it('auto-selects the largest reduction, ties to the lower id, never a product coupon', () => {
    const a = coupon({ id: 30, reductionAmount: 8 });
    const b = coupon({ id: 20, reductionAmount: 8 });
    const c = coupon({ id: 10, reductionAmount: 5 });
    const p = coupon({ id: 5, type: 17, reductionAmount: 0, productList: [{ id: 1 }] }); // would take 20
    const r = priceOrder(input({ cart: cart(), coupons: [a, b, c, p], couponId: 'auto' }));
    expect(r.selectedCouponId).toBe(20);
    expect(r.discountAmount).toBe(8);
  });

  it('applies one coupon only, and none with no selection', () => {
    const r = priceOrder(input({ cart: cart(), coupons: [coupon({ reductionAmount: 5 }), coupon({ reductionAmount: 6 })], couponId: null }));
    expect(r.selectedCouponId).toBe(null);
    expect(r.discountAmount).toBe(0);
  });

  it('reports an unusable selected coupon and applies nothing', () => {
    const c = coupon({ reductionAmount: 5, minAmount: 100 });
    const r = priceOrder(input({ cart: cart(), coupons: [c], couponId: c.id }));
    expect(r.selectedCouponId).toBe(null);
    expect(r.notApplied).toEqual([{ kind: 'coupon', sourceId: c.id, type: 4, reason: 'couponAmountBelowMin' }]);
  });

  it('a product coupon takes one unit of its own line', () => {
    const c = coupon({ type: 17, reductionAmount: 0 });
    const r = priceOrder(input({ cart: [line({ id: 4, price: 12, quantity: 2, couponInfo: { couponId: c.id } }), line({ price: 5 })], coupons: [c], couponId: c.id }));
    expect(r.lines[0].orderDiscount).toBe(12);
    expect(r.adjustments).toContainEqual(expect.objectContaining({ kind: 'productCoupon', sourceId: c.id, amount: -12 }));
    const capped = priceOrder(input({ cart: [line({ id: 4, price: 12, couponInfo: { couponId: c.id } })], coupons: [{ ...c, reductionAmount: 5 }], couponId: c.id }));
    expect(capped.discountAmount).toBe(5);
  });

  it('a product coupon without its product is unusable', () => {
    const c = coupon({ type: 17, reductionAmount: 0, productList: [{ id: 999 }] });
    expect(priceOrder(input({ cart: cart(), coupons: [c], couponId: c.id })).coupons[0].reason).toBe('couponProductNotExist');
  });
});
