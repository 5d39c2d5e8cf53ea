/**
 * P§4: the times-red-bag activity is the one whose id matches the info id (docs/spec-rules.md P4.6).
 */
import { priceOrder } from '../../src/domain/pricing';
import { activity, input, line } from '../support/pricing-factories';

describe('times red bag matching (P§4)', () => {
  it('gives nothing for a times red bag whose id is not the id of the info', () => {
    const bag = activity({ type: 13, coupons: [{ id: 8 }] });
    // the info completes a round (4 + this order = 5) but names another activity
    const info = { id: bag.id + 1, status: 1, cumulativeQuantity: 4, limitQuantity: 5 };
    const b = priceOrder(input({ activities: [bag], timesRedBag: info, cart: [line({ price: 10 })] }));
    expect(b.gifts).toEqual([]);
    expect(b.appliedActivityIds).not.toContain(bag.id);
  });
});
