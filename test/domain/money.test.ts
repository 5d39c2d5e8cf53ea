import fc from 'fast-check';
import * as money from '../../src/domain/money';

const n = (a: money.Amount) => money.toNumber(a);

describe('money', () => {
  it('reads a wire number through its shortest string, so 12.35 stays 12.35', () => {
    expect(money.of(12.35).toString()).toBe('12.35');
    expect(n(money.add(0.1, 0.2))).toBe(0.3); // binary floats would give 0.30000000000000004
    expect(n(money.mul(1.15, 3))).toBe(3.45);
  });

  it.each([
    // value, decimals, expected — half-up, away from zero
    [2.345, 2, 2.35],
    [2.344, 2, 2.34],
    [-2.345, 2, -2.35],
    [1.5, 0, 2],
    [12.3456, 3, 12.346],
  ])('rounds %p to %p places as %p', (v, d, e) => {
    expect(n(money.round(v, d))).toBe(e);
  });

  it.each([
    // value → nearest 0.05, rounding amount
    [38.37, 38.35, -0.02], // 38.37/0.05 = 767.4 → 767 × 0.05
    [38.38, 38.4, 0.02], // 767.6 → 768
    [10.025, 10.05, 0.025], // 200.5 → 201 (half-up)
    [10.0, 10.0, 0],
  ])('rounds %p to the nearest 0.05 as %p keeping %p', (v, value, rounding) => {
    const r = money.round05(v);
    expect(n(r.value)).toBe(value);
    expect(n(r.rounding)).toBe(rounding);
  });

  it('prorates 10 over 1:1:1 as 3.34 + 3.33 + 3.33 (remainder cent to the first)', () => {
    expect(money.prorate(10, [1, 1, 1], 2).map(n)).toEqual([3.34, 3.33, 3.33]);
  });

  it('prorates 5 over 30.88 and 12 by weight: 3.60 and 1.40', () => {
    // 5 × 30.88 / 42.88 = 3.6007 → 3.60; 5 × 12 / 42.88 = 1.3993 → 1.39 + remainder 0.01 → 1.40
    expect(money.prorate(5, [30.88, 12], 2).map(n)).toEqual([3.6, 1.4]);
  });

  it('prorates over all-zero weights in equal shares and a negative total negatively', () => {
    expect(money.prorate(1, [0, 0], 2).map(n)).toEqual([0.5, 0.5]);
    expect(money.prorate(-1, [1, 3], 2).map(n)).toEqual([-0.25, -0.75]);
  });

  it('prorates integer minor units: 1000 over 1:1:1 as 334 + 333 + 333', () => {
    expect(money.prorateUnits(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(money.prorateUnits(7, [0, 0])).toEqual([4, 3]);
  });

  it('computes percents as pct / 100', () => {
    expect(n(money.percent(200, 85))).toBe(170);
  });

  it('property: parts of a prorated amount sum to the whole', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 4 }),
        (cents, weights, d) => {
          const total = money.round(money.div(cents, 100), d);
          const parts = money.prorate(total, weights.map((w) => money.div(w, 100)), d);
          expect(money.eq(money.sum(parts), total)).toBe(true);
          for (const p of parts) expect(money.isNegative(p)).toBe(false);
        },
      ),
    );
  });

  it('property: 0.05 rounding is idempotent and moves the amount by at most 0.025', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (cents) => {
        const a = money.div(cents, 100);
        const r = money.round05(a);
        expect(money.eq(money.round05(r.value).value, r.value)).toBe(true);
        expect(money.lte(r.rounding.abs(), 0.025)).toBe(true);
        expect(money.eq(money.add(a, r.rounding), r.value)).toBe(true);
      }),
    );
  });
});
