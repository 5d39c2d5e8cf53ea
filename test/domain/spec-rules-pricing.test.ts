/**
 * Points and member-discount defaults of C§3, C§9 and P§9 (docs/spec-rules.md: C3.58 / P3.7 / P9.19,
 * C9.26 / P9.9, P9.18), priced by the engine with hand-computed figures.
 */
import { priceOrder } from '../../src/domain/pricing';
import type { MemberInfo } from '../../src/domain/types';
import { input, line, member } from '../support/pricing-factories';

describe('points deduction defaults (C§3, C§9, P§9)', () => {
  it('deducts at 100 points per unit when the shop sets no pointDeductionRate', () => {
    // total 50.00, no max rule; 100 points make 1.00, so 300 points asked for take 3.00 off
    const m = member({ points: 1000 }, { isPointDeductionOpen: true });
    const b = priceOrder(input({ member: m, usePoints: true, pointsToUse: 300, cart: [line({ price: 50 })] }));
    expect(b.points).toEqual({ used: 300, amount: 3, max: 1000 });
    expect(b.amountToPay).toBe(47);
  });

  it('takes at most the total times the rate in points: 30.00 at 100 points per unit is 3000 points', () => {
    // the member holds 5000 points and no max rule is set: the order total caps them at 30 × 100
    const m = member({ points: 5000 }, { isPointDeductionOpen: true, pointDeductionRate: 100 });
    const b = priceOrder(input({ member: m, usePoints: true, cart: [line({ price: 30 })] }));
    expect(b.points).toEqual({ used: 3000, amount: 30, max: 3000 });
    expect(b.amountToPay).toBe(0);
  });
});

describe('member discount default (P§9)', () => {
  it('takes nothing off for a member card without a discount', () => {
    // dine-in, percent mode: a card whose discount is missing counts as the default 100 %
    const card = member({ discount: undefined as unknown as MemberInfo['discount'] }, { discountMode: 2 });
    const b = priceOrder(input({ member: card, cart: [line({ price: 20, quantity: 2 })] }));
    expect(b.amountToPay).toBe(40);
    expect(b.discountAmount).toBe(0);
  });
});
