import { priceOrder } from '../../../src/domain/pricing';
import { tableFee } from '../../../src/domain/pricing/table-fee';
import * as money from '../../../src/domain/money';
import { input, line, shop, NOON } from '../../support/pricing-factories';

const tiers = [
  { distance: 3, amount: 5 },
  { distance: 6, amount: 8 },
  { distance: 10, amount: 12 },
];

describe('delivery fee (PRICE-3)', () => {
  it.each([
    // distance km → fee: first tier whose distance ≥ d; ≤ 0 or unknown uses the first tier
    [0, 5, false],
    [-1, 5, false],
    [2.5, 5, false],
    [3, 5, false],
    [3.1, 8, false],
    [10, 12, false],
    [10.5, 0, true], // beyond the last tier: out of range, reported
  ])('at %p km costs %p (out of range: %p)', (distance, fee, out) => {
    const b = priceOrder(input({ orderType: 'takeaway', shop: shop({ deliverAmount: tiers }), distance, cart: [line({ price: 20 })] }));
    expect(b.fees.delivery).toBe(fee);
    expect(b.fees.deliveryOutOfRange).toBe(out);
    expect(b.errors.some((e) => e.code === 'outOfBusinessScope')).toBe(out);
  });

  it('is free once goods reach freeDeliveryMinAmount', () => {
    const s = shop({ deliverAmount: tiers, isFreeDeliveryFee: true, freeDeliveryMinAmount: 30 });
    // 29.99 < 30 → 5; 30 ≥ 30 → 0
    expect(priceOrder(input({ orderType: 'takeaway', shop: s, distance: 1, cart: [line({ price: 29.99 })] })).fees.delivery).toBe(5);
    expect(priceOrder(input({ orderType: 'takeaway', shop: s, distance: 1, cart: [line({ price: 30 })] })).fees.delivery).toBe(0);
  });

  it('is the flat deliverAmount1 in the overseas build, whatever the distance', () => {
    const b = priceOrder(input({ orderType: 'takeaway', abroad: true, shop: shop({ deliverAmount: tiers, deliverAmount1: 4.5 }), distance: 50, cart: [line({ price: 20 })] }));
    expect(b.fees.delivery).toBe(4.5);
    expect(b.fees.deliveryOutOfRange).toBe(false);
  });

  it('reports a distance beyond deliveryDistance as out of range', () => {
    const b = priceOrder(input({ orderType: 'takeaway', shop: shop({ deliverAmount: tiers, deliveryDistance: 5 }), distance: 5.5, cart: [line({ price: 20 })] }));
    expect(b.fees.deliveryOutOfRange).toBe(true);
  });

  it('adds deliverGst percent on the fee: 8 × 10% = 0.80', () => {
    const b = priceOrder(input({ orderType: 'takeaway', shop: shop({ deliverAmount: tiers, deliverGst: 10 }), distance: 4, cart: [line({ price: 20 })] }));
    expect(b.taxes.delivery).toBe(0.8);
    expect(b.total).toBe(28.8); // 20 + 8 + 0.8
  });

  it('is not charged for dine-in', () => {
    expect(priceOrder(input({ orderType: 'dine', shop: shop({ deliverAmount: tiers }), cart: [line({ price: 20 })] })).fees.delivery).toBe(0);
  });
});

describe('packaging, pickup-pack and dishware fees (PRICE-3)', () => {
  const s = shop({ packFee: 0.5, packageFeeApplySceneSet: { takeaway: true, dine: false, selfPickUp: false, openTable: false } });
  it('charges packFee per unit in an enabled scene: 3 units × 0.5 = 1.50', () => {
    const b = priceOrder(input({ orderType: 'takeaway', shop: s, cart: [line({ price: 10, quantity: 2 }), line({ price: 5 })] }));
    expect(b.fees.packaging).toBe(1.5);
  });
  it('charges nothing in a scene that is off', () => {
    expect(priceOrder(input({ orderType: 'dine', shop: s, cart: [line({ price: 10, quantity: 2 })] })).fees.packaging).toBe(0);
  });
  it('charges the pickup-pack fee when the customer asks the picker to pack', () => {
    const b = priceOrder(input({ orderType: 'selfPickup', isPickerPack: true, shop: { ...s, pickerPackFee: 1 }, cart: [line({ price: 10, quantity: 2 })] }));
    expect(b.fees.pickerPack).toBe(1);
    // without pickerPackFee it falls back to packFee per unit: 2 × 0.5
    const c = priceOrder(input({ orderType: 'selfPickup', isPickerPack: true, shop: s, cart: [line({ price: 10, quantity: 2 })] }));
    expect(c.fees.pickerPack).toBe(1);
    expect(priceOrder(input({ orderType: 'selfPickup', shop: s, cart: [line({ price: 10, quantity: 2 })] })).fees.pickerPack).toBe(0);
  });
  it('charges dishware per unit, product amount over shop amount, none for notDishware, with dishwareGst', () => {
    const b = priceOrder(
      input({
        shop: shop({ dishwareAmount: 1, dishwareGst: 10 }),
        cart: [line({ price: 10, quantity: 2 }), line({ price: 10, dishwareAmount: 2 }), line({ price: 10, notDishware: true })],
      }),
    );
    // 2 × 1 + 1 × 2 + 0 = 4; tax 10% = 0.40
    expect(b.fees.dishware).toBe(4);
    expect(b.taxes.dishware).toBe(0.4);
  });
});

describe('service fee (PRICE-3)', () => {
  const s = (codes: number[]) => shop({ serviceFee: 10, serviceFeeTax: 5, otherSetting: { ServiceChargeEnable: true, OrderTypeServiceCharge: codes } });
  it('is a percent of original minus discounts for an enabled order-type code: (50 − 10) × 10% = 4, tax 5% = 0.20', () => {
    const b = priceOrder(
      input({ orderType: 'dine', shop: { ...s([86009]), discount: [{ full: 50, less: 10 }] }, cart: [line({ price: 25, quantity: 2 })] }),
    );
    expect(b.fees.service).toBe(4);
    expect(b.taxes.service).toBe(0.2);
    expect(b.total).toBe(44.2); // 40 + 4 + 0.2
  });
  it.each([
    ['dine', false, 86009],
    ['dine', true, 86010],
    ['openTable', false, 86008],
    ['takeaway', false, 86004],
    ['selfPickup', false, 86004],
  ] as const)('%s (packed %p) uses code %p', (orderType, isPickerPack, code) => {
    const on = priceOrder(input({ orderType, isPickerPack, shop: s([code]), cart: [line({ price: 10 })] }));
    expect(on.fees.service).toBe(1);
    const off = priceOrder(input({ orderType, isPickerPack, shop: s([99999]), cart: [line({ price: 10 })] }));
    expect(off.fees.service).toBe(0);
  });
  it('is off when ServiceChargeEnable is off', () => {
    const b = priceOrder(input({ shop: shop({ serviceFee: 10, otherSetting: { ServiceChargeEnable: false } }), cart: [line({ price: 10 })] }));
    expect(b.fees.service).toBe(0);
  });
});

describe('product taxes (PRICE-2)', () => {
  it.each([
    // mode, value, line 2 × 10.00: added, included
    [0, 6, 1.2, 0], // TAX_OUT: 20 × 6% = 1.20 on top
    [1, 6, 0, 1.13], // TAX_IN: 20 × 6 / 106 = 1.1321 inside
    [2, 0.5, 1, 0], // FIXED_TAX_OUT: 0.5 × 2 units = 1.00 on top
    [3, 0.5, 0, 1], // FIXED_TAX_IN: 0.5 × 2 units inside
  ])('mode %p value %p adds %p and includes %p', (taxType, taxValue, added, included) => {
    const b = priceOrder(input({ cart: [line({ price: 10, quantity: 2, taxes: [{ taxID: 1, taxType: taxType as 0 | 1 | 2 | 3, taxValue }] })] }));
    expect(b.taxes.productAdded).toBe(added);
    expect(b.taxes.productIncluded).toBe(included);
    expect(b.total).toBe(20 + added);
    expect(b.taxes.byTax).toEqual([{ taxID: 1, taxType, amount: added || included }]);
  });

  it('takes a tax row without a type as percentage in (C§9 default): 20 × 6 / 106 = 1.13 inside', () => {
    const b = priceOrder(input({ cart: [line({ price: 10, quantity: 2, taxes: [{ taxID: 1, taxValue: 6 }] })] }));
    expect(b.taxes.productAdded).toEqual(0);
    expect(b.taxes.productIncluded).toEqual(1.13);
    expect(b.total).toEqual(20);
    expect(b.taxes.byTax).toEqual([{ taxID: 1, taxType: 1, amount: 1.13 }]);
  });

  it('taxes the line after discounts: (20 − 5) × 10% = 1.50', () => {
    const b = priceOrder(
      input({ shop: shop({ discount: [{ full: 20, less: 5 }] }), cart: [line({ price: 10, quantity: 2, taxes: [{ taxID: 1, taxType: 0, taxValue: 10 }] })] }),
    );
    expect(b.taxes.productAdded).toBe(1.5);
    expect(b.amountToPay).toBe(16.5);
  });
});

describe('exactness on very large orders', () => {
  it('spreads a discount exactly when integer minor units would overflow (decimal fallback)', () => {
    const b = priceOrder(
      input({
        shop: shop({ discount: [{ full: 1, less: 333333333.33 }] }),
        cart: [line({ price: 99999999999.99, quantity: 3 }), line({ price: 12345678901.23 })],
      }),
    );
    // 3 × 99,999,999,999.99 + 12,345,678,901.23 = 312,345,678,901.20; less 333,333,333.33
    expect(b.originalAmount).toBe(312345678901.2);
    expect(b.discountAmount).toBe(333333333.33);
    expect(b.lines[0].orderDiscount + b.lines[1].orderDiscount).toBeCloseTo(333333333.33, 2);
    expect(b.goodsAfterDiscount).toBe(312012345567.87);
  });
});

describe('rounding (PRICE-1)', () => {
  it('rounds the amount to pay to the nearest 0.05 with isRounding05 and shows the rounding', () => {
    const b = priceOrder(input({ shop: shop({ isRounding05: true }), cart: [line({ price: 10.37 })] }));
    // 10.37 / 0.05 = 207.4 → 207 × 0.05 = 10.35, rounding −0.02
    expect(b.amountToPay).toBe(10.35);
    expect(b.rounding).toBe(-0.02);
    expect(b.adjustments.at(-1)).toMatchObject({ kind: 'rounding', amount: -0.02 });
  });
  it('rounds line amounts to numberDecimals: 0 places', () => {
    const b = priceOrder(input({ shop: shop({ numberDecimals: 0 }), cart: [line({ price: 9.6, quantity: 1 })] }));
    expect(b.lines[0].finalAmount).toBe(10);
  });
});

describe('points and gift balance (PRICE-8)', () => {
  const m = (over: object = {}, setting: object = {}) => ({
    info: { id: 7, amount: 0, giftAmount: 30, points: 5000, discount: 100, level: 1 },
    setting: { isPointDeductionOpen: true, pointDeductionRate: 100, ...setting },
    ...over,
  });
  it('deducts points at pointDeductionRate points per unit, capped by a percent of the total', () => {
    // total 100; rule 2 (percent) 20% → cap 20.00 → 2000 points; member has 5000
    const b = priceOrder(input({ member: m({}, { pointDeductionRule: 2, pointDeductionMaxLimit: 20 }), usePoints: true, cart: [line({ price: 100 })] }));
    expect(b.points).toEqual({ used: 2000, amount: 20, max: 2000 });
    expect(b.amountToPay).toBe(80);
  });
  it('caps by a fixed amount with rule 1 and by the member points', () => {
    const fixed = priceOrder(input({ member: m({}, { pointDeductionRule: 1, pointDeductionMaxLimit: 5 }), usePoints: true, cart: [line({ price: 100 })] }));
    expect(fixed.points.amount).toBe(5); // 5.00 → 500 points
    const few = priceOrder(input({ member: { ...m(), info: { ...m().info, points: 250 } }, usePoints: true, cart: [line({ price: 100 })] }));
    expect(few.points).toEqual({ used: 250, amount: 2.5, max: 250 });
  });
  it('uses the points the customer asks for, and none with the switch off', () => {
    expect(priceOrder(input({ member: m(), usePoints: true, pointsToUse: 150, cart: [line({ price: 100 })] })).points.amount).toBe(1.5);
    expect(priceOrder(input({ member: m(), usePoints: false, cart: [line({ price: 100 })] })).points).toEqual({ used: 0, amount: 0, max: 5000 });
  });
  it('uses gift balance by the highest rule reached: spend 50 use 10, spend 100 use 15%', () => {
    const rules = [
      { minAmount: 50, type: 1, amount: 10 },
      { minAmount: 100, type: 2, percent: 15 },
    ];
    // 60 → rule 50 → 10 (≤ gift 30)
    expect(priceOrder(input({ member: m(), payType: 'vip', giftAmountRules: rules, cart: [line({ price: 60 })] })).giftAmount).toBe(10);
    // 120 → rule 100 → 15% × 120 = 18
    expect(priceOrder(input({ member: m(), payType: 'vip', giftAmountRules: rules, cart: [line({ price: 120 })] })).giftAmount).toBe(18);
    // 40 → no rule
    expect(priceOrder(input({ member: m(), payType: 'vip', giftAmountRules: rules, cart: [line({ price: 40 })] })).giftAmount).toBe(0);
    // 300 → 45, capped by the member's 30
    expect(priceOrder(input({ member: m(), payType: 'vip', giftAmountRules: rules, cart: [line({ price: 300 })] })).giftAmount).toBe(30);
  });
});

describe('timed table fee (PRICE-9)', () => {
  const start = NOON;
  it('rounds to half hours with fee type 1 and up to whole hours otherwise', () => {
    const at = (min: number) => start + min * 60_000;
    const t = (feeType: number, min: number) => tableFee({ orderTime: start, fee: 20, feeType }, at(min), 2);
    // fee type 1: 44 min → (44 + 15) / 30 = 1.96 → 1 half hour = 0.5 h → 10.00
    expect(t(1, 44)).toMatchObject({ billedHours: 0.5 });
    expect(money.toNumber(t(1, 44).fee)).toBe(10);
    // 45 min → (45 + 15) / 30 = 2 half hours = 1 h → 20.00
    expect(money.toNumber(t(1, 45).fee)).toBe(20);
    // other: 61 min → 2 whole hours → 40.00; 60 min → 1 h → 20.00
    expect(money.toNumber(t(2, 61).fee)).toBe(40);
    expect(money.toNumber(t(2, 60).fee)).toBe(20);
  });
  it('starts at the timer start, falling back to the order time, and joins open-table orders', () => {
    const b = priceOrder(
      input({ orderType: 'openTable', now: start + 90 * 60_000, table: { startTime: 0, orderTime: start, fee: 20, feeType: 2 }, cart: [line({ price: 10 })] }),
    );
    expect(b.fees.table).toBe(40); // 90 min → 2 h × 20
    expect(b.total).toBe(50);
    const timer = tableFee({ startTime: start + 60 * 60_000, orderTime: start, fee: 20 }, start + 90 * 60_000, 2);
    expect(timer.minutes).toBe(30);
  });
});
