/**
 * Enumerations of C§3 and P§3 by the spec's own numbers and names (docs/spec-rules.md: C3.63,
 * C3.64, C3.66, C3.69, C3.59, C4.35 / P3.27, P3.28). Each value is written out by hand from the
 * spec text, not read back from the enum.
 */
import { Gender, Industry, OrderSource, ProductStatus, TaxKind, VipTransactionType } from '../../src/domain/enums';

describe('spec enumerations (C§3, P§3)', () => {
  it('numbers the industries all 0, retail 1, fastfood 2, clothes 3, beauty 4, pet 5, baby 6', () => {
    expect(Industry).toEqual({ all: 0, retail: 1, fastfood: 2, clothes: 3, beauty: 4, pet: 5, baby: 6 });
  });

  it('names the order sources weixin, weixin_eat_in, koubei, kiosk-dine-in, appointment and openTable', () => {
    expect(Object.values(OrderSource).sort()).toEqual(
      ['appointment', 'kiosk-dine-in', 'koubei', 'openTable', 'weixin', 'weixin_eat_in'].sort(),
    );
  });

  it('numbers the fee tax kinds service charge 1, delivery 2, dishware 3', () => {
    expect(TaxKind).toEqual({ serviceCharge: 1, delivery: 2, dishware: 3 });
  });

  it('numbers the product statuses NORMAL 0, SALE_OUT 1, OFFLINE 2, DELETE 3, OUT_SALE_TIME 101', () => {
    expect(ProductStatus).toEqual({ NORMAL: 0, SALE_OUT: 1, OFFLINE: 2, DELETE: 3, OUT_SALE_TIME: 101 });
  });

  it('names the ten vip point transaction types of the spec', () => {
    // add, reduce, revise, exchange, clear to zero, init amount, gift amount change, charge, consume, change point
    expect(Object.values(VipTransactionType)).toEqual([
      'add',
      'reduce',
      'revise',
      'exchange',
      'clearToZero',
      'initAmount',
      'giftAmountChange',
      'charge',
      'consume',
      'changePoint',
    ]);
  });

  it('numbers genders unknown 0, male 1, female 2', () => {
    expect(Gender).toEqual({ unknown: 0, male: 1, female: 2 });
  });
});
