import { priceOrder } from '../../../src/domain/pricing';
import { input, line, member, shop } from '../../support/pricing-factories';

const cart = () => [line({ id: 1, price: 20, memberPrice: 15, quantity: 2 })];

describe('member rules (PRICE-7)', () => {
  it('uses member prices with discountMode 1: 2 × 15 = 30 instead of 40', () => {
    const b = priceOrder(input({ member: member({}, { discountMode: 1 }), cart: cart() }));
    expect(b.goodsAmount).toBe(30);
    expect(b.lines[0].adjustments[0]).toMatchObject({ kind: 'memberPrice', amount: -10 });
  });

  it('shows no member price when vip price display is off, nor to visitors', () => {
    expect(priceOrder(input({ member: member({}, { discountMode: 1, isShowVipPrice: false }), cart: cart() })).goodsAmount).toBe(40);
    expect(priceOrder(input({ member: null, cart: cart() })).goodsAmount).toBe(40);
  });

  it('applies the member discount percent otherwise: 40 × 90% = 36', () => {
    const b = priceOrder(input({ member: member({ discount: 90 }), cart: cart() }));
    expect(b.goodsAfterDiscount).toBe(36);
    expect(b.adjustments[0]).toMatchObject({ kind: 'memberDiscount', amount: -4 });
  });

  it('needs isOpenDiscount for takeaway', () => {
    const off = priceOrder(input({ orderType: 'takeaway', member: member({ discount: 90 }, { isOpenDiscount: false }), cart: cart() }));
    expect(off.goodsAfterDiscount).toBe(40);
    const unset = priceOrder(input({ orderType: 'takeaway', member: member({ discount: 90 }), cart: cart() }));
    expect(unset.goodsAfterDiscount).toBe(40);
    const on = priceOrder(input({ orderType: 'takeaway', member: member({ discount: 90 }, { isOpenDiscount: true }), cart: cart() }));
    expect(on.goodsAfterDiscount).toBe(36);
  });

  it('with isOnlyCardPayForDiscount applies only when paying by member card', () => {
    const m = member({ discount: 90 }, { isOnlyCardPayForDiscount: true });
    expect(priceOrder(input({ member: m, payType: 'cash', cart: cart() })).goodsAfterDiscount).toBe(40);
    expect(priceOrder(input({ member: m, payType: 'vip', cart: cart() })).goodsAfterDiscount).toBe(36);
  });

  it('excludes joinDiscount N lines from every discount', () => {
    const b = priceOrder(input({ member: member({ discount: 90 }), cart: [line({ price: 20, joinDiscount: 'N' }), line({ price: 10 })] }));
    // only the 10.00 line: 10 × 90% = 9; total 29
    expect(b.goodsAfterDiscount).toBe(29);
  });

  it('uses productRebatePercent instead of the member discount for that product', () => {
    const b = priceOrder(input({ member: member({ discount: 90 }), cart: [line({ price: 20, productRebatePercent: 50 }), line({ price: 10 })] }));
    // 20 × 50% = 10, 10 × 90% = 9 → 19
    expect(b.goodsAfterDiscount).toBe(19);
    expect(b.adjustments.map((a) => a.kind).sort()).toEqual(['memberDiscount', 'productRebate']);
  });

  it.each([
    ['dine', 80, 32],
    ['openTable', 70, 28],
    ['takeaway', 95, 38],
  ] as const)('applies the shop rebate of the scene (%s → %p%%: 40 → %p)', (orderType, _rate, total) => {
    const s = shop({ discountSet: { dineRebate: 80, openTableRebate: 70, defaultRebate: 95 } });
    expect(priceOrder(input({ orderType, shop: s, cart: cart() })).goodsAfterDiscount).toBe(total);
  });

  it('gives a line the better of member discount and shop rebate, never both', () => {
    const s = shop({ discountSet: { dineRebate: 95 } });
    const b = priceOrder(input({ shop: s, member: member({ discount: 90 }), cart: cart() }));
    expect(b.goodsAfterDiscount).toBe(36); // 90% beats 95%; not 40 × 0.9 × 0.95
  });
});
