/**
 * Pricing benchmark (`npm run bench:pricing`): a cart of 200 lines with specs and tastes, 40 activities
 * of mixed kinds and 30 coupons with auto-selection. Warm up, then time many priceOrder calls.
 * Goal: median ≤ 2 ms on the 2-core machine.
 */
import { buildPricingInput } from '../src/domain/pricing/build-input';
import { lineFlag } from '../src/domain/pricing/flag';
import { priceOrder } from '../src/domain/pricing/price-order';
import type { Activity, CartLine, Coupon } from '../src/domain/types';

const NOW = Date.UTC(2026, 10, 23, 4, 0, 0);

function cart(): CartLine[] {
  const lines: CartLine[] = [];
  for (let i = 0; i < 200; i++) {
    const id = 100 + (i % 120);
    const specId = i % 3;
    const tastes = [
      { id: 1, name: 'extra', quantity: 1 + (i % 2), price: 1.5, typeId: 10 },
      { id: 2 + (i % 4), name: 'flavor', quantity: 1, price: 0, typeId: 11, optionType: 4 as const },
    ];
    lines.push({
      id,
      name: `product ${id}`,
      price: 9.9 + (i % 17),
      quantity: 1 + (i % 4),
      flag: lineFlag(id, specId, tastes, null),
      specId,
      tastes,
      typeid: 1 + (i % 8),
      memberPrice: 8.8 + (i % 17),
      joinDiscount: i % 25 === 0 ? 'N' : 'Y',
      taxes: [{ taxID: 1 + (i % 3), taxType: (i % 4) as 0 | 1 | 2 | 3, taxValue: i % 4 >= 2 ? 0.5 : 6 }],
    });
  }
  return lines;
}

function activities(): Activity[] {
  const kinds = [1, 2, 3, 7, 9, 10, 11, 12, 14, 15];
  const out: Activity[] = [];
  for (let i = 0; i < 40; i++) {
    const type = kinds[i % kinds.length];
    out.push({
      id: 5000 + i,
      name: `activity ${i}`,
      type,
      status: 1,
      validType: 1,
      priority: i % 3 === 0 ? null : i,
      typeIds: type === 7 ? [1 + (i % 8)] : undefined,
      gears: [
        { full: 100, less: 10 },
        { full: 300, less: 40 },
      ],
      cyclicCalc: i % 2 === 0,
      discount: 85,
      discountMode: i % 2 === 0 ? 1 : 2,
      typeDiscountSet: [
        { id: 1, discount: 90 },
        { id: 2, discount: 80 },
      ],
      productList: [
        { id: 100 + i, discountPrice: 5, quantity: 3, buyQuantity: 1, freeQuantity: 1 },
        { id: 140 + i, discountPrice: 6, quantity: 2, buyQuantity: 2, freeQuantity: 1 },
      ],
      minAmount: 50,
      amount: 200,
      freeQuantity: 1,
      productId: 999,
      coupons: [{ id: 1, name: 'c', reductionAmount: 5 }],
    });
  }
  return out;
}

function coupons(): Coupon[] {
  return Array.from({ length: 30 }, (_, i) => ({
    id: 7000 + i,
    activityID: 9000 + i,
    name: `coupon ${i}`,
    type: i % 5 === 0 ? 8 : 4,
    status: 1,
    reductionAmount: 3 + (i % 11),
    minAmount: 20 * (i % 7),
    minQuantity: i % 4,
    orderType: i % 3 === 0 ? 4 : 0,
    productList: i % 5 === 0 ? [{ id: 100 + i }] : undefined,
  }));
}

const input = buildPricingInput({
  shop: {
    id: 1,
    name: 'bench',
    numberDecimals: 2,
    isRounding05: true,
    serviceFee: 10,
    serviceFeeTax: 5,
    otherSetting: { ServiceChargeEnable: true, OrderTypeServiceCharge: [86009] },
    dishwareAmount: 0.5,
    dishwareGst: 6,
    discountSet: { dineRebate: 95 },
  },
  cart: cart(),
  orderType: 'dine',
  payType: 'vip',
  member: {
    info: { id: 1, amount: 1000, giftAmount: 50, points: 5000, discount: 90, level: 1 },
    setting: { isPointDeductionOpen: true, pointDeductionRate: 100, pointDeductionRule: 2, pointDeductionMaxLimit: 20 },
  },
  activities: activities(),
  coupons: coupons(),
  couponId: 'auto',
  usePoints: true,
  giftAmountRules: [{ minAmount: 100, type: 1, amount: 10 }],
  now: NOW,
});

for (let i = 0; i < 200; i++) priceOrder(input);
const runs = 1000;
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = process.hrtime.bigint();
  priceOrder(input);
  times.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(runs / 2)];
const p99 = times[Math.floor(runs * 0.99)];
console.log(`BENCH pricing_median_ms ${median.toFixed(3)} ms`);
console.log(`BENCH pricing_p99_ms ${p99.toFixed(3)} ms`);
