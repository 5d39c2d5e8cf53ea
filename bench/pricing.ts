/**
 * Pricing benchmark (`npm run bench:pricing`): a cart of 200 lines with specs and tastes, 40 activities
 * of mixed kinds and 30 coupons with auto-selection. Warm up, then time many priceOrder calls.
 * Goal: median ≤ 2 ms on the 2-core machine.
 *
 * The machine is shared and noisy, so the same run also measures a floor: raw decimal.js operations,
 * as many and of the same kinds as one priceOrder call performs (counted on the Decimal prototype
 * during one call), timed the same way. `BENCH pricing_vs_floor` is the median ratio; it moves with
 * the pricing code, not with the machine's load. The clock is the injected `now` of the pricing input,
 * at the suites' instant (test/support/clock.ts).
 */
import Decimal from 'decimal.js';
import { buildPricingInput } from '../src/domain/pricing/build-input';
import { lineFlag } from '../src/domain/pricing/flag';
import { priceOrder } from '../src/domain/pricing/price-order';
import type { Activity, CartLine, Coupon } from '../src/domain/types';
import { instantMs, TEST_INSTANT } from '../test/support/clock';

const NOW = instantMs(TEST_INSTANT);

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

/** Median and p99 in ms of `runs` timed calls of `fn` after `warm` untimed ones. */
function time(fn: () => unknown, runs = 1000, warm = 200): { median: number; p99: number } {
  for (let i = 0; i < warm; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)], p99: times[Math.floor(runs * 0.99)] };
}

/** The Decimal operations (method name → calls) one priceOrder call performs. */
function countDecimalOps(): Map<string, number> {
  const proto = Decimal.prototype as unknown as Record<string, unknown>;
  const counts = new Map<string, number>();
  const saved = new Map<string, (...a: unknown[]) => unknown>();
  for (const name of Object.getOwnPropertyNames(proto)) {
    const fn = proto[name];
    if (typeof fn !== 'function' || name === 'constructor') continue;
    saved.set(name, fn as (...a: unknown[]) => unknown);
    proto[name] = function (this: unknown, ...args: unknown[]) {
      counts.set(name, (counts.get(name) ?? 0) + 1);
      return (fn as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  try {
    priceOrder(input);
  } finally {
    for (const [name, fn] of saved) proto[name] = fn;
  }
  return counts;
}

// the floor: the same number of raw decimal.js operations, mapped onto arithmetic of the same kind
const ops = countDecimalOps();
const total = [...ops.values()].reduce((a, b) => a + b, 0);
const kindOf = (name: string): 'mul' | 'div' | 'round' | 'cmp' | 'add' => {
  if (/^(times|mul)$/.test(name)) return 'mul';
  if (/^(div|dividedBy|dividedToIntegerBy|divToInt|mod|modulo)$/.test(name)) return 'div';
  if (/^(toDecimalPlaces|toDP|round|toFixed|toNumber|toString|valueOf|toJSON|floor|ceil|trunc|truncated)$/.test(name)) return 'round';
  if (/^(cmp|comparedTo|eq|equals|gt|gte|lt|lte|isZero|isNeg|isNegative|isPos|isPositive|isInteger|isInt|isFinite|isNaN)/.test(name)) return 'cmp';
  return 'add';
};
const plan = { mul: 0, div: 0, round: 0, cmp: 0, add: 0 };
for (const [name, n] of ops) plan[kindOf(name)] += n;
const a = new Decimal('19.9');
const b = new Decimal('0.85');
const floorOps = () => {
  let x = a;
  for (let i = 0; i < plan.add; i++) x = x.plus(b);
  for (let i = 0; i < plan.mul; i++) x = x.times(b);
  for (let i = 0; i < plan.div; i++) x = x.div(b);
  let c = 0;
  for (let i = 0; i < plan.cmp; i++) if (x.gt(a)) c += 1;
  let r = 0;
  for (let i = 0; i < plan.round; i++) r += x.toDecimalPlaces(2).toNumber();
  return c + r;
};

const pricing = time(() => priceOrder(input));
const floor = time(floorOps);
console.log(`BENCH pricing_median_ms ${pricing.median.toFixed(3)} ms`);
console.log(`BENCH pricing_p99_ms ${pricing.p99.toFixed(3)} ms`);
console.log(`BENCH pricing_floor_ops ${total} (add ${plan.add}, mul ${plan.mul}, div ${plan.div}, cmp ${plan.cmp}, round ${plan.round})`);
console.log(`BENCH pricing_floor_median_ms ${floor.median.toFixed(3)} ms`);
console.log(`BENCH pricing_vs_floor ${(pricing.median / floor.median).toFixed(2)}`);
