import { priceOrder } from '../../../src/domain/pricing';
import { PROMOTION_KINDS } from '../../../src/domain/promotions/registry';
import { ActivityType } from '../../../src/domain/enums';
import { activity, input, line, member } from '../../support/pricing-factories';

describe('registry', () => {
  it('lists every activity kind of P§3 once', () => {
    const types = PROMOTION_KINDS.map((k) => k.type).sort((a, b) => a - b);
    expect(types).toEqual(Object.values(ActivityType).sort((a, b) => a - b));
  });
});

describe('price rules', () => {
  it('productSpecPrice: special price for up to quantity − purchasedQuantity units', () => {
    const a = activity({ type: 3, productList: [{ id: 1, discountPrice: 6, quantity: 3, purchasedQuantity: 1 }] });
    const b = priceOrder(input({ activities: [a], cart: [line({ id: 1, price: 10, quantity: 4 })] }));
    // limit 3 − bought 1 = 2 units at 6, 2 at 10 → 32
    expect(b.goodsAmount).toBe(32);
    expect(b.lines[0].adjustments[0]).toMatchObject({ kind: 'productSpecPrice', sourceId: a.id, amount: -8 });
  });

  it('productSpecPrice tells the customer of its limit when the cart holds more units (C§5)', () => {
    const a = activity({ type: 3, productList: [{ id: 1, discountPrice: 6, quantity: 3, purchasedQuantity: 1 }] });
    const over = priceOrder(input({ activities: [a], cart: [line({ id: 1, name: 'Noodles', price: 10, quantity: 3 })] }));
    // 1 bought before + 3 now = 4 > the limit 3: told, and the order is not stopped
    expect(over.notices).toEqual([{ code: 'specialPriceLimit', params: { product: 'Noodles', count: 3 } }]);
    expect(over.errors).toEqual([]);
    // 1 + 2 = 3 ≤ 3: nothing to say
    const within = priceOrder(input({ activities: [a], cart: [line({ id: 1, name: 'Noodles', price: 10, quantity: 2 })] }));
    expect(within.notices).toEqual([]);
  });

  it('productSpecPrice keeps taste surcharges on top of the special price', () => {
    const a = activity({ type: 3, productList: [{ id: 1, discountPrice: 6 }] });
    const b = priceOrder(input({ activities: [a], cart: [line({ id: 1, price: 10, tastes: [{ id: 1, name: 'egg', quantity: 1, price: 2, typeId: 1 }] })] }));
    // unit 10 + 2 = 12 → 6 + 2 = 8
    expect(b.goodsAmount).toBe(8);
  });

  it('secondDiscount: half the units (rounded down), the cheapest, at the percent', () => {
    const a = activity({ type: 11, discount: 50 });
    const b = priceOrder(
      input({
        activities: [a],
        cart: [
          line({ id: 1, price: 10, quantity: 2, tastes: [{ id: 9, name: 'big', quantity: 1, price: 4, typeId: 1 }] }),
          line({ id: 1, price: 10, quantity: 1 }),
        ],
      }),
    );
    // units 14, 14, 10 → floor(3/2) = 1 cheapest unit (10) at 50% → 5 off; 38 − 5 = 33
    expect(b.originalAmount).toBe(38);
    expect(b.goodsAmount).toBe(33);
  });

  it('buyNGetN: non-cyclic gives the fixed free quantity, capped by q − buy', () => {
    const a = activity({ type: 12, productList: [{ id: 1, buyQuantity: 2, freeQuantity: 1 }] });
    // q = 3: min(1, 3 − 2) = 1 free → 20; q = 2: min(1, 0) = 0
    expect(priceOrder(input({ activities: [a], cart: [line({ id: 1, price: 10, quantity: 3 })] })).goodsAmount).toBe(20);
    expect(priceOrder(input({ activities: [a], cart: [line({ id: 1, price: 10, quantity: 2 })] })).goodsAmount).toBe(20);
  });

  it('buyNGetN: cyclic gives floor(q / (buy + free)) × free, capped by the remaining total', () => {
    const a = activity({ type: 12, cyclicCalc: true, productList: [{ id: 1, buyQuantity: 2, freeQuantity: 1, freeTotalQuantity: 3, purchasedQuantity: 1 }] });
    // q = 9 → floor(9/3) × 1 = 3, remaining total 3 − 1 = 2 → 2 free → 70
    expect(priceOrder(input({ activities: [a], cart: [line({ id: 1, price: 10, quantity: 9 })] })).goodsAmount).toBe(70);
  });

  it('memberPrice activity: member-only prices from the activity list', () => {
    const a = activity({ type: -1, productList: [{ id: 1, discountPrice: 7 }] });
    const m = member({}, { discountMode: 1 });
    expect(priceOrder(input({ member: m, activities: [a], cart: [line({ id: 1, price: 10 })] })).goodsAmount).toBe(7);
    const visitor = priceOrder(input({ activities: [a], cart: [line({ id: 1, price: 10 })] }));
    expect(visitor.goodsAmount).toBe(10);
    expect(visitor.notApplied).toContainEqual({ kind: 'activity', sourceId: a.id, type: -1, reason: 'notMember' });
  });

  it('productDiscountWithCode applies only with its promotion code', () => {
    const a = activity({ type: 19, code: 'SPRING', productList: [{ id: 1, discountPrice: 5 }] });
    expect(priceOrder(input({ promotionCodeActivity: a, cart: [line({ id: 1, price: 10 })] })).goodsAmount).toBe(5);
    const without = priceOrder(input({ activities: [a], cart: [line({ id: 1, price: 10 })] }));
    expect(without.goodsAmount).toBe(10);
    expect(without.notApplied[0]).toMatchObject({ sourceId: a.id, reason: 'notSelected' });
  });

  it('a line takes its lowest price rule, not several', () => {
    const special = activity({ type: 3, productList: [{ id: 1, discountPrice: 8 }] });
    const b = priceOrder(input({ member: member({}, { discountMode: 1 }), activities: [special], cart: [line({ id: 1, price: 10, memberPrice: 7 })] }));
    expect(b.goodsAmount).toBe(7);
    expect(b.notApplied).toContainEqual({ kind: 'activity', sourceId: special.id, type: 3, reason: 'notSelected' });
  });
});

describe('discounts and reductions', () => {
  it('allDiscount whole order: both amountLimit and quantityLimit must be met', () => {
    const a = activity({ type: 2, discountMode: 1, discount: 80, amountLimit: 30, quantityLimit: 3 });
    // 3 × 10 = 30 ≥ 30 and 3 ≥ 3 → 24
    expect(priceOrder(input({ activities: [a], cart: [line({ price: 10, quantity: 3 })] })).goodsAfterDiscount).toBe(24);
    // 2 × 20 = 40 but 2 < 3 units → none
    const b = priceOrder(input({ activities: [a], cart: [line({ price: 20, quantity: 2 })] }));
    expect(b.goodsAfterDiscount).toBe(40);
    expect(b.notApplied[0]).toMatchObject({ reason: 'thresholdNotMet' });
  });

  it('allDiscount typed: each category its own percent; thresholds on categories below 100', () => {
    const a = activity({ type: 2, discountMode: 2, typeDiscountSet: [{ id: 1, discount: 90 }, { id: 2, discount: 50 }, { id: 3, discount: 100 }], amountLimit: 30 });
    const b = priceOrder(input({ activities: [a], cart: [line({ price: 20, typeid: 1 }), line({ price: 10, typeid: 2 }), line({ price: 100, typeid: 3 })] }));
    // categories 1+2 = 30 ≥ 30: 20 × 90% = 18, 10 × 50% = 5, category 3 untouched 100 → 123
    expect(b.goodsAfterDiscount).toBe(123);
    const c = priceOrder(input({ activities: [a], cart: [line({ price: 20, typeid: 1 }), line({ price: 100, typeid: 3 })] }));
    expect(c.goodsAfterDiscount).toBe(120); // 20 < 30 on the discounted categories
  });

  it('fullReduction: highest gear reached, spread over lines by amount', () => {
    const a = activity({ type: 1, gears: [{ full: 30, less: 5 }, { full: 50, less: 12 }] });
    const b = priceOrder(input({ activities: [a], cart: [line({ price: 40 }), line({ price: 20 })] }));
    // 60 ≥ 50 → 12 off: 40/60 × 12 = 8, 20/60 × 12 = 4
    expect(b.discountAmount).toBe(12);
    expect(b.lines.map((l) => l.orderDiscount)).toEqual([8, 4]);
  });

  it('fullReduction cyclic: less once per whole full', () => {
    const a = activity({ type: 1, cyclicCalc: true, gears: [{ full: 30, less: 5 }] });
    // 95 → floor(95/30) = 3 × 5 = 15
    expect(priceOrder(input({ activities: [a], cart: [line({ price: 95 })] })).discountAmount).toBe(15);
  });

  it('someTypeFullReduction counts only its categories', () => {
    const a = activity({ type: 7, typeIds: [2], gears: [{ full: 20, less: 3 }] });
    const b = priceOrder(input({ activities: [a], cart: [line({ price: 50, typeid: 1 }), line({ price: 19, typeid: 2 })] }));
    expect(b.discountAmount).toBe(0); // category 2 has 19 < 20
    const c = priceOrder(input({ activities: [a], cart: [line({ price: 50, typeid: 1 }), line({ price: 20, typeid: 2 })] }));
    expect(c.lines[1].orderDiscount).toBe(3);
  });

  it('shop full/less tiers apply when no full-reduction activity does', () => {
    const b = priceOrder(input({ shop: { id: 1, name: 's', discount: [{ full: 20, less: 2 }] }, cart: [line({ price: 25 })] }));
    expect(b.adjustments[0]).toMatchObject({ kind: 'shopFullReduction', amount: -2 });
  });
});

describe('gifts and offers', () => {
  it('overSendProduct: spend the threshold, get the product free; cyclic multiplies', () => {
    const a = activity({ type: 9, amount: 50, freeQuantity: 1, cyclicCalc: true, product: { id: 77, name: 'cola' } });
    const b = priceOrder(input({ activities: [a], cart: [line({ price: 120 })] }));
    // floor(120/50) = 2 × 1
    expect(b.gifts).toEqual([{ kind: 'product', activityId: a.id, activityType: 9, productId: 77, name: 'cola', quantity: 2, price: 0 }]);
    expect(b.total).toBe(120);
  });

  it('overSendCoupon gives its coupons from minAmount', () => {
    const a = activity({ type: 10, minAmount: 50, coupons: [{ id: 5, name: '5 off', quantity: 2 }] });
    expect(priceOrder(input({ activities: [a], cart: [line({ price: 50 })] })).gifts).toMatchObject([{ kind: 'coupon', couponId: 5, quantity: 2 }]);
    expect(priceOrder(input({ activities: [a], cart: [line({ price: 49.99 })] })).gifts).toEqual([]);
  });

  it('couponSend gives its coupons on every order reaching minConsumeAmount', () => {
    const a = activity({ type: 14, minConsumeAmount: 10, coupons: [{ id: 6 }] });
    expect(priceOrder(input({ activities: [a], cart: [line({ price: 10 })] })).gifts).toHaveLength(1);
  });

  it('timesRedBag gives coupons on the order that reaches limitQuantity', () => {
    const a = activity({ type: 13, coupons: [{ id: 8 }] });
    const info = (cumulativeQuantity: number) => ({ id: a.id, status: 1, cumulativeQuantity, limitQuantity: 5 });
    expect(priceOrder(input({ activities: [a], timesRedBag: info(4), cart: [line({ price: 10 })] })).gifts).toHaveLength(1);
    expect(priceOrder(input({ activities: [a], timesRedBag: info(3), cart: [line({ price: 10 })] })).gifts).toHaveLength(0);
  });

  it('firstMemberPayGift needs a member paying by card for the first time', () => {
    const a = activity({ type: 16, coupons: [{ id: 9 }] });
    expect(priceOrder(input({ activities: [a], member: member(), payType: 'vip', cart: [line({ price: 10 })] })).gifts).toHaveLength(1);
    expect(priceOrder(input({ activities: [a], member: member({ hasPaid: true }), payType: 'vip', cart: [line({ price: 10 })] })).gifts).toHaveLength(0);
    expect(priceOrder(input({ activities: [a], member: member(), payType: 'cash', cart: [line({ price: 10 })] })).gifts).toHaveLength(0);
  });

  it('markupRedemption offers a product at its markup price; accepted, it is added at that price', () => {
    const a = activity({ type: 15, minAmount: 30, productList: [{ id: 55, name: 'mug', discountPrice: 9.9, quantity: 1 }] });
    const b = priceOrder(input({ activities: [a], cart: [line({ price: 30 })] }));
    expect(b.offers).toEqual([{ activityId: a.id, activityType: 15, productId: 55, name: 'mug', price: 9.9, maxQuantity: 1 }]);
    const c = priceOrder(input({ activities: [a], acceptedOffers: [{ activityId: a.id, productId: 55, quantity: 3 }], cart: [line({ price: 30 })] }));
    expect(c.total).toBe(39.9); // 30 + 1 (max) × 9.90
  });

  it('pointRedeem offers products for points; the points taken reduce points deduction', () => {
    const a = activity({ type: 18, points: 100, initPrice: 0, product: { id: 66, name: 'cup' }, limit: 5 });
    const m = member({ points: 250 }, { isPointDeductionOpen: true, pointDeductionRate: 100 });
    const b = priceOrder(input({ member: m, activities: [a], usePoints: true, acceptedOffers: [{ activityId: a.id, productId: 66, quantity: 2 }], cart: [line({ price: 10 })] }));
    expect(b.offers[0]).toMatchObject({ productId: 66, points: 100, maxQuantity: 2 }); // floor(250/100)
    expect(b.points.used).toBe(50); // 250 − 200 left for deduction
  });

  it('memberChargePresentCoupon never acts on an order', () => {
    const a = activity({ type: 20, minChargeAmt: 100, coupons: [{ id: 1 }] });
    expect(priceOrder(input({ activities: [a], cart: [line({ price: 10 })] })).notApplied[0]).toMatchObject({ reason: 'notOrderEvent' });
  });
});
