/**
 * P§9 second-item discount: "half of the quantity (rounded down) of the cheapest units gets the
 * discount percentage" — the units of every product the activity covers are pooled (docs/pricing.md,
 * "Second item across products"; docs/decisions.md).
 */
import fc from 'fast-check';
import { priceOrder } from '../../../src/domain/pricing';
import { activity, input, line } from '../../support/pricing-factories';

const NOODLES = 1;
const TEA = 2;
/** The example of docs/pricing.md: 2 noodles at 20.00 and 3 teas at 8.00, second item at 50%. */
const cart = () => [line({ id: NOODLES, price: 20, quantity: 2, typeid: 5 }), line({ id: TEA, price: 8, quantity: 3, typeid: 6 })];

describe('second-item discount over the products of one activity', () => {
  it('discounts the cheapest half of the pooled units: 64.00 − 2 × 4.00 = 56.00', () => {
    // pool 2 + 3 = 5 units → floor(5 / 2) = 2 discounted; the cheapest two are teas at 8.00:
    // 2 × 8.00 × 50% = 8.00 off; 2 × 20 + 3 × 8 = 64.00 → 56.00 (per product it would be
    // one noodle −10.00 and one tea −4.00 = 50.00)
    const a = activity({ type: 11, discount: 50 });
    const b = priceOrder(input({ activities: [a], cart: cart() }));
    expect(b.originalAmount).toEqual(64);
    expect(b.goodsAmount).toEqual(56);
    expect(b.lines.map((l) => [l.productId, l.priceRuleAmount])).toEqual([
      [NOODLES, 40],
      [TEA, 16],
    ]);
    expect(b.adjustments).toEqual([expect.objectContaining({ kind: 'secondDiscount', sourceId: a.id, amount: -8 })]);
  });

  it('moves to the next cheapest product once the cheapest one runs out', () => {
    // 3 noodles at 20.00 and 1 tea at 8.00: 4 units → 2 discounted: the tea (−4.00), then one
    // noodle (−10.00); 60 + 8 = 68.00 → 54.00
    const a = activity({ type: 11, discount: 50 });
    const b = priceOrder(input({ activities: [a], cart: [line({ id: NOODLES, price: 20, quantity: 3 }), line({ id: TEA, price: 8, quantity: 1 })] }));
    expect(b.goodsAmount).toBe(54);
  });

  it('applies with one unit of each of two products (the pool reaches two units)', () => {
    // 20.00 + 8.00: floor(2 / 2) = 1 unit, the tea at 50% → 28.00 − 4.00 = 24.00
    const a = activity({ type: 11, discount: 50 });
    const b = priceOrder(input({ activities: [a], cart: [line({ id: NOODLES, price: 20 }), line({ id: TEA, price: 8 })] }));
    expect(b.goodsAmount).toEqual(24);
    expect(b.appliedActivityIds).toEqual([a.id]);
  });

  it('caps the discounted units of the whole pool by the activity limit', () => {
    // limit 1: of the 2 units the pool would discount only one, the cheapest tea → 64 − 4 = 60.00
    const a = activity({ type: 11, discount: 50, limit: 1 });
    expect(priceOrder(input({ activities: [a], cart: cart() })).goodsAmount).toBe(60);
  });

  it('pools only the products the activity covers', () => {
    // the activity covers category 5 (noodles) only: 2 units → 1 noodle at 50% → 64 − 10 = 54.00
    const a = activity({ type: 11, discount: 50, typeIds: [5] });
    expect(priceOrder(input({ activities: [a], cart: cart() })).goodsAmount).toBe(54);
  });
});

describe('second-item discount properties', () => {
  // whole even prices so 50 % is exact and the reference needs no rounding
  const lines = fc.array(fc.record({ id: fc.integer({ min: 1, max: 6 }), half: fc.integer({ min: 1, max: 20 }), quantity: fc.integer({ min: 1, max: 4 }) }), {
    minLength: 1,
    maxLength: 6,
  });

  it('takes 50 % off exactly the cheapest floor(units / 2) units of the pool, capped by the limit, whatever the cart order', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 5 }), (ls, limit) => {
        // one line per product (a product has one price)
        const byId = new Map(ls.map((l) => [l.id, l]));
        const cartLines = [...byId.values()].map((l) => line({ id: l.id, price: l.half * 2, quantity: l.quantity }));
        const a = activity({ type: 11, discount: 50, limit });
        const units = cartLines.flatMap((l) => Array.from({ length: l.quantity }, () => l.price!)).sort((x, y) => x - y);
        const k = Math.min(Math.floor(units.length / 2), limit > 0 ? limit : 99999);
        const expectedOff = units.slice(0, k).reduce((s, p) => s + p / 2, 0);
        const b = priceOrder(input({ activities: [a], cart: cartLines }));
        const reversed = priceOrder(input({ activities: [a], cart: [...cartLines].reverse() }));
        expect(b.originalAmount - b.goodsAmount).toBe(expectedOff);
        expect(reversed.goodsAmount).toBe(b.goodsAmount);
      }),
    );
  });
});
