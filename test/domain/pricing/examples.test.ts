import { readFileSync } from 'fs';
import { join } from 'path';
import { buildPricingInput, priceOrder, type PricingSources } from '../../../src/domain/pricing';

const load = (name: string) => {
  const doc = JSON.parse(readFileSync(join(__dirname, '../../../docs/examples', name), 'utf8')) as PricingSources & { now: string };
  return priceOrder(buildPricingInput({ ...doc, now: Date.parse(doc.now) }));
};

describe('the worked examples of docs/pricing.md', () => {
  it('takeaway: 55.00 → 41.00 goods, 8.50 fees, 2.44 tax, 3.00 points, pays 48.95', () => {
    const b = load('pricing-takeaway.json');
    expect(b).toMatchObject({
      originalAmount: 55,
      goodsAmount: 52,
      goodsAfterDiscount: 41,
      feesTotal: 8.5,
      total: 51.94,
      points: { used: 300, amount: 3, max: 500 },
      rounding: 0.01,
      amountToPay: 48.95,
      selectedCouponId: 801,
    });
    expect(b.fees).toMatchObject({ packaging: 2.5, delivery: 6 });
    expect(b.taxes).toMatchObject({ productAdded: 1.84, delivery: 0.6 });
    expect(b.coupons[1]).toMatchObject({ couponId: 802, usable: false, reason: 'couponAmountBelowMin' });
    expect(b.gifts).toMatchObject([{ kind: 'coupon', couponId: 9001 }]);
  });

  it('dine: 120.00 → 99.60 goods, service 9.96, taxes 2.22 added and 4.28 included, pays 113.78', () => {
    const b = load('pricing-dine.json');
    expect(b).toMatchObject({ originalAmount: 120, goodsAfterDiscount: 99.6, total: 113.78, amountToPay: 113.78 });
    expect(b.fees).toMatchObject({ dishware: 2, service: 9.96 });
    expect(b.taxes).toMatchObject({ added: 2.22, productIncluded: 4.28, dishware: 0.12, service: 0.6 });
  });
});
