/**
 * Member price, member discount and isOnlyCardPayForDiscount through the one engine (P§5, P§6,
 * PRICE-7), plus the member-only offers a visitor is shown (PROMO-5). Figures are computed by hand in
 * the comments; amounts have two decimals.
 */
import { ActivityType, UserLimit } from '../../../src/domain/enums';
import { isMemberOnly, memberOnlyProductIds } from '../../../src/domain/member-offers';
import { memberDiscountNeedsCardPay, priceOrder } from '../../../src/domain/pricing';
import { activity, input, line, member } from '../../support/pricing-factories';

// the demo's braised pork: 48.00, member price 42.00; tomato and egg: 22.00, no member price
const pork = (quantity: number) => line({ id: 10301, price: 48, memberPrice: 42, quantity });
const tomato = (quantity: number) => line({ id: 10303, price: 22, quantity });

describe('member price (discountMode 1, P§5)', () => {
  it('prices a member’s lines at the member price: 2 × 42.00 + 1 × 22.00 = 106.00 instead of 118.00', () => {
    const b = priceOrder(input({ member: member({ discount: 95 }, { discountMode: 1, isOpenDiscount: true }), cart: [pork(2), tomato(1)] }));
    // originalAmount 2 × 48 + 22 = 118; member price saves 2 × (48 − 42) = 12 → 106
    expect(b.originalAmount).toBe(118);
    expect(b.goodsAmount).toBe(106);
    expect(b.adjustments).toEqual([expect.objectContaining({ kind: 'memberPrice', amount: -12 })]);
    // mode 1 gives the discount through member prices only: the 95 % card rate is not applied on top
    expect(b.goodsAfterDiscount).toBe(106);
  });

  it('gives a visitor the list price: 2 × 48.00 + 22.00 = 118.00', () => {
    const b = priceOrder(input({ member: null, cart: [pork(2), tomato(1)] }));
    expect(b.goodsAfterDiscount).toBe(118);
    expect(b.adjustments).toEqual([]);
  });

  it('applies no member price while vip price display is off: 2 × 48.00 = 96.00', () => {
    const b = priceOrder(input({ member: member({}, { discountMode: 1, isShowVipPrice: false }), cart: [pork(2)] }));
    expect(b.goodsAfterDiscount).toBe(96);
  });
});

describe('member discount (percent, P§5 / P§9)', () => {
  it('takes the card’s 88 % off every line: (2 × 48.00 + 22.00) × 0.88 = 103.84', () => {
    const b = priceOrder(input({ member: member({ discount: 88 }, { discountMode: 0 }), cart: [pork(2), tomato(1)] }));
    // 96 × 0.88 = 84.48 and 22 × 0.88 = 19.36 → 103.84, a saving of 14.16
    expect(b.goodsAfterDiscount).toBe(103.84);
    expect(b.adjustments.filter((a) => a.kind === 'memberDiscount').reduce((n, a) => n + a.amount, 0)).toBeCloseTo(-14.16, 10);
  });

  it('needs isOpenDiscount on takeaway: 118.00 without it, 103.84 with it', () => {
    const cart = [pork(2), tomato(1)];
    expect(priceOrder(input({ orderType: 'takeaway', member: member({ discount: 88 }), cart })).goodsAfterDiscount).toBe(118);
    expect(priceOrder(input({ orderType: 'takeaway', member: member({ discount: 88 }, { isOpenDiscount: true }), cart })).goodsAfterDiscount).toBe(103.84);
  });
});

describe('isOnlyCardPayForDiscount (P§5)', () => {
  const cardOnly = (discountMode: number) => member({ discount: 88 }, { discountMode, isOnlyCardPayForDiscount: true, isOpenDiscount: true });

  it('keeps the member price for the member card and removes it for cash: 84.00 vs 96.00', () => {
    const cart = [pork(2)];
    // card: 2 × 42 = 84; cash: 2 × 48 = 96
    expect(priceOrder(input({ member: cardOnly(1), payType: 'vip', cart })).goodsAfterDiscount).toBe(84);
    expect(priceOrder(input({ member: cardOnly(1), payType: 'cash', cart })).goodsAfterDiscount).toBe(96);
  });

  it('keeps the member percent for the member card and removes it for a wallet: 103.84 vs 118.00', () => {
    const cart = [pork(2), tomato(1)];
    expect(priceOrder(input({ member: cardOnly(0), payType: 'vip', cart })).goodsAfterDiscount).toBe(103.84);
    expect(priceOrder(input({ member: cardOnly(0), payType: 'weixin', cart })).goodsAfterDiscount).toBe(118);
  });

  it('tells the confirm page why: only when another pay type withholds a discount this cart would get', () => {
    const cart = [pork(2)];
    expect(memberDiscountNeedsCardPay(input({ member: cardOnly(1), payType: 'cash', cart }))).toBe(true);
    expect(memberDiscountNeedsCardPay(input({ member: cardOnly(0), payType: 'weixin', cart }))).toBe(true);
    // paying by card, no card-only rule, a visitor, or nothing to lose: nothing to say
    expect(memberDiscountNeedsCardPay(input({ member: cardOnly(1), payType: 'vip', cart }))).toBe(false);
    expect(memberDiscountNeedsCardPay(input({ member: member({ discount: 88 }, { discountMode: 0 }), payType: 'cash', cart }))).toBe(false);
    expect(memberDiscountNeedsCardPay(input({ member: null, payType: 'cash', cart }))).toBe(false);
    expect(memberDiscountNeedsCardPay(input({ member: cardOnly(1), payType: 'cash', cart: [tomato(1)] }))).toBe(false);
    expect(memberDiscountNeedsCardPay(input({ member: member({ discount: 100 }, { isOnlyCardPayForDiscount: true }), payType: 'cash', cart }))).toBe(false);
  });
});

describe('member-only offers (PROMO-5, P§6)', () => {
  const memberPrices = activity({ type: ActivityType.memberPrice, userType: UserLimit.member, priority: 1, productList: [{ id: 10301, discountPrice: 40 }] });

  it('reads the user-type bitmask: member alone is member-only; everyone or visitors too is not', () => {
    expect(isMemberOnly({ userType: UserLimit.member })).toBe(true);
    expect(isMemberOnly({ userType: UserLimit.member | UserLimit.normal })).toBe(false);
    expect(isMemberOnly({ userType: UserLimit.normal })).toBe(false);
    expect(isMemberOnly({})).toBe(false);
  });

  it('labels the products of member-only activities for a visitor, none for a member', () => {
    const everyone = activity({ type: ActivityType.productSpecPrice, productList: [{ id: 10303, discountPrice: 20 }] });
    expect([...memberOnlyProductIds([memberPrices, everyone], false)]).toEqual([10301]);
    expect(memberOnlyProductIds([memberPrices, everyone], true).size).toBe(0);
  });

  it('shows the offer to a visitor without applying it: 2 × 48.00 = 96.00; a member pays 2 × 40.00 = 80.00', () => {
    const visitor = priceOrder(input({ member: null, activities: [memberPrices], cart: [pork(2)] }));
    expect(visitor.goodsAfterDiscount).toBe(96);
    expect(visitor.notApplied).toContainEqual(expect.objectContaining({ sourceId: memberPrices.id, reason: 'wrongUserType' }));
    // the activity's 40.00 beats the product's 42.00 member price: each line takes its lowest proposal
    const m = priceOrder(input({ member: member({}, { discountMode: 1 }), activities: [memberPrices], cart: [pork(2)] }));
    expect(m.goodsAfterDiscount).toBe(80);
  });
});
