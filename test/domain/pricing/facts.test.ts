/**
 * PricingFacts: the one typed set of facts the cart store and the order service both give
 * buildPricingInput (PRICE-10). Every fact is required — leaving one out does not compile — and
 * each reaches the pricing input.
 */
import { buildPricingInput, priceOrder, type PricingFacts } from '../../../src/domain/pricing';
import { line, member, NOON, shop } from '../../support/pricing-factories';

const facts = (over: Partial<PricingFacts> = {}): PricingFacts => ({
  orderType: 'selfPickup',
  userAgent: null,
  payType: 'vip',
  abroad: false,
  member: { ...member({ giftAmount: 50 }), giftAmountRules: [{ minAmount: 50, type: 1, amount: 5 }], timesRedBag: null },
  activities: [],
  promotionCodeActivity: null,
  coupons: [],
  couponId: null,
  acceptedOffers: [],
  usePoints: false,
  pointsToUse: null,
  distance: null,
  isPickerPack: false,
  table: null,
  ...over,
});

describe('PricingFacts', () => {
  it('is complete or does not compile', () => {
    const { acceptedOffers: _left, ...missingOne } = facts();
    // @ts-expect-error a side that forgets a fact (here the accepted offers) is a type error
    const incomplete: PricingFacts = missingOne;
    expect(incomplete).toBeDefined();
  });

  it("carries the member's gift rules and times red bag into the input: 60.00 by card pays 55.00", () => {
    const timesRedBag = { id: 3, status: 1, cumulativeQuantity: 1, limitQuantity: 3 };
    const f = facts({ member: { ...facts().member!, timesRedBag }, acceptedOffers: [{ activityId: 9, productId: 4, quantity: 1 }] });
    const i = buildPricingInput({ shop: shop(), cart: [line({ price: 60 })], now: NOON, facts: f });
    expect(i.giftAmountRules).toEqual([{ minAmount: 50, type: 1, amount: 5 }]);
    expect(i.timesRedBag).toEqual(timesRedBag);
    expect(i.acceptedOffers).toEqual([{ activityId: 9, productId: 4, quantity: 1 }]);
    expect(i.useGiftAmount).toEqual(true);
    expect(i.userAgent).toEqual(51);
    // 60.00 of goods reach the "spend 50, use 5" rule: 5.00 of the gift balance, 55.00 to pay
    const b = priceOrder(i);
    expect(b.total).toEqual(60);
    expect(b.giftAmount).toEqual(5);
    expect(b.amountToPay).toEqual(55);
  });

  it('gives a visitor no gift rules nor red bag', () => {
    const i = buildPricingInput({ shop: shop(), cart: [line({ price: 60 })], now: NOON, facts: facts({ member: null }) });
    expect(i.member).toEqual(null);
    expect(i.giftAmountRules).toEqual([]);
    expect(i.timesRedBag).toEqual(null);
  });
});
