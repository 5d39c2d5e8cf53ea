import fc from 'fast-check';
import { buildPricingInput, priceOrder } from '../../../src/domain/pricing';
import { lineFlag } from '../../../src/domain/pricing/flag';
import type { Activity, CartLine, Coupon } from '../../../src/domain/types';
import { NOON } from '../../support/pricing-factories';

const cents = (max: number) => fc.integer({ min: 0, max }).map((c) => c / 100);

const lineArb = fc.record({
  id: fc.integer({ min: 1, max: 12 }),
  specId: fc.integer({ min: 0, max: 2 }),
  price: cents(5000),
  memberPrice: cents(5000),
  quantity: fc.integer({ min: 1, max: 6 }),
  typeid: fc.integer({ min: 1, max: 4 }),
  joinDiscount: fc.constantFrom<'Y' | 'N'>('Y', 'Y', 'Y', 'N'),
  taxType: fc.constantFrom(-1, 0, 1, 2, 3),
});

const cartArb = fc.uniqueArray(lineArb, { minLength: 1, maxLength: 12, selector: (l) => `${l.id}_${l.specId}` }).map((ls) =>
  ls.map(
    (l): CartLine => ({
      id: l.id,
      name: `p${l.id}`,
      price: l.price,
      memberPrice: l.memberPrice,
      quantity: l.quantity,
      specId: l.specId,
      typeid: l.typeid,
      joinDiscount: l.joinDiscount,
      flag: lineFlag(l.id, l.specId, null, null),
      taxes: l.taxType < 0 ? [] : [{ taxID: 1, taxType: l.taxType as 0 | 1 | 2 | 3, taxValue: l.taxType >= 2 ? 0.3 : 7 }],
    }),
  ),
);

const activities: Activity[] = [
  { id: 1, name: 'full', type: 1, gears: [{ full: 50, less: 8 }, { full: 200, less: 40 }], cyclicCalc: true },
  { id: 2, name: 'disc', type: 2, discountMode: 2, typeDiscountSet: [{ id: 1, discount: 85 }, { id: 2, discount: 70 }] },
  { id: 3, name: 'spec', type: 3, productList: [{ id: 2, discountPrice: 1.99, quantity: 2 }] },
  { id: 4, name: 'second', type: 11, discount: 50, productIds: [3, 4] },
  { id: 5, name: 'bngn', type: 12, productList: [{ id: 5, buyQuantity: 1, freeQuantity: 1 }], cyclicCalc: true },
  { id: 6, name: 'cats', type: 7, typeIds: [3], gears: [{ full: 30, less: 5 }] },
];
const coupons: Coupon[] = [
  { id: 11, activityID: 90, name: 'c5', type: 4, status: 1, reductionAmount: 5, minAmount: 20 },
  { id: 12, activityID: 90, name: 'c1000', type: 4, status: 1, reductionAmount: 1000 },
  { id: 13, activityID: 90, name: 'r90', type: 4, status: 1, reductionAmount: 0, discountType: 1, discount: 90 },
];

const optsArb = fc.record({
  decimals: fc.constantFrom(0, 1, 2, 3),
  rounding05: fc.boolean(),
  usePoints: fc.boolean(),
  coupon: fc.constantFrom<number | 'auto' | null>('auto', null, 11, 12, 13),
  serviceFee: fc.constantFrom(0, 10),
  memberDiscount: fc.constantFrom(100, 90),
});

type Opts = typeof optsArb extends fc.Arbitrary<infer T> ? T : never;

const build = (cart: CartLine[], o: Opts) =>
  buildPricingInput({
    shop: {
      id: 1,
      name: 's',
      numberDecimals: o.decimals,
      isRounding05: o.rounding05,
      serviceFee: o.serviceFee,
      otherSetting: { ServiceChargeEnable: true },
      dishwareAmount: 0.3,
      discountSet: { dineRebate: 95 },
    },
    cart,
    orderType: 'dine',
    member: {
      info: { id: 1, amount: 0, giftAmount: 20, points: 3000, discount: o.memberDiscount },
      setting: { isPointDeductionOpen: true, pointDeductionRate: 100 },
    },
    payType: 'vip',
    giftAmountRules: [{ minAmount: 10, type: 2, percent: 10 }],
    activities,
    coupons,
    couponId: o.coupon,
    usePoints: o.usePoints,
    now: NOON,
  });

describe('pricing properties (PRICE-1, PRICE-10)', () => {
  it('amount to pay is never negative, and a coupon larger than the order leaves 0', () => {
    fc.assert(
      fc.property(cartArb, optsArb, (cart, o) => {
        const b = priceOrder(build(cart, o));
        expect(b.amountToPay).toBeGreaterThanOrEqual(0);
        expect(b.goodsAfterDiscount).toBeGreaterThanOrEqual(0);
        for (const l of b.lines) expect(l.finalAmount).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 150 },
    );
  });

  it('the same input gives the same breakdown', () => {
    fc.assert(
      fc.property(cartArb, optsArb, (cart, o) => {
        const input = build(cart, o);
        const again = JSON.parse(JSON.stringify(input));
        expect(priceOrder(again)).toEqual(priceOrder(input));
      }),
      { numRuns: 60 },
    );
  });

  it('reordering cart lines does not change the total', () => {
    fc.assert(
      fc.property(cartArb, optsArb, fc.integer(), (cart, o, seed) => {
        const shuffled = [...cart].sort((a, b) => ((a.id * 31 + (a.specId ?? 0) + seed) % 7) - ((b.id * 31 + (b.specId ?? 0) + seed) % 7));
        const x = priceOrder(build(cart, o));
        const y = priceOrder(build(shuffled, o));
        expect(y.amountToPay).toBe(x.amountToPay);
        expect(y.total).toBe(x.total);
        expect(y.discountAmount).toBe(x.discountAmount);
      }),
      { numRuns: 100 },
    );
  });

  it('order discounts spread on lines add back up exactly, and the totals reconcile', () => {
    fc.assert(
      fc.property(cartArb, optsArb, (cart, o) => {
        const b = priceOrder(build(cart, o));
        const scale = 10 ** b.numberDecimals;
        const sum = (xs: number[]) => Math.round(xs.reduce((a, x) => a + x * scale, 0)) / scale;
        expect(sum(b.lines.map((l) => l.orderDiscount))).toBe(b.discountAmount);
        expect(sum(b.lines.map((l) => l.finalAmount))).toBe(b.goodsAfterDiscount);
        expect(sum([b.goodsAfterDiscount, b.feesTotal, b.taxes.added])).toBe(b.total);
        expect(sum([b.totalBeforeRounding, b.rounding])).toBe(b.amountToPay);
        // every adjustment together explains the amount to pay
        const adjustments = sum(b.adjustments.map((a) => a.amount));
        if (b.totalBeforeRounding > 0) expect(sum([b.originalAmount, adjustments])).toBe(b.amountToPay);
      }),
      { numRuns: 150 },
    );
  });
});
