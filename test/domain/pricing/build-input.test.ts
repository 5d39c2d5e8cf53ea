import { buildPricingInput, unitPriceWith } from '../../../src/domain/pricing/build-input';
import { lineFlag } from '../../../src/domain/pricing/flag';
import * as money from '../../../src/domain/money';
import type { Product } from '../../../src/domain/types';
import { line, NOON, shop } from '../../support/pricing-factories';

describe('lineFlag (CART-1)', () => {
  it('is the same whatever the order of the choices, and differs by quantity', () => {
    const t1 = [{ id: 2, quantity: 1 }, { id: 5, quantity: 2 }];
    expect(lineFlag(12, 3, t1, null)).toBe(lineFlag(12, 3, [...t1].reverse(), []));
    expect(lineFlag(12, 3, t1, null)).toBe('12_3_2x1.5x2_');
    expect(lineFlag(12, 3, [{ id: 2, quantity: 2 }], null)).not.toBe(lineFlag(12, 3, [{ id: 2, quantity: 1 }], null));
    expect(lineFlag(12, null, null, [{ groupId: 1, id: 40, quantity: 1 }])).toBe('12_0__1:40x1');
  });
});

describe('unit prices with option types (C§3 product option types)', () => {
  it.each([
    // base 10; options → unit
    [[{ price: 2, quantity: 2, optionType: 0 }], 14], // TOPPING + 2 × 2
    [[{ price: 1.5, quantity: 1, optionType: 1 }], 8.5], // SUB_PRICE − 1.5
    [[{ price: 0, quantity: 1, optionType: 2 }, { price: 3, quantity: 1, optionType: 0 }], 3], // RESET_ZERO, then + 3
    [[{ price: 80, quantity: 1, optionType: 3 }], 8], // DISCOUNT 80% of base
    [[{ price: 9, quantity: 1, optionType: 4 }], 10], // FLAVOR: no price
  ])('%j on 10.00 gives %p', (tastes, unit) => {
    expect(money.toNumber(unitPriceWith(10, tastes, []))).toBe(unit);
  });
  it('adds meal-set surcharges × quantity', () => {
    expect(money.toNumber(unitPriceWith(20, [], [{ price: 2, quantity: 2 }]))).toBe(24);
  });
});

describe('buildPricingInput', () => {
  const product: Product = {
    id: 1,
    name: 'Noodles',
    typeid: 3,
    price: 18,
    memberPrice: 16,
    specs: [{ id: 2, name: 'large', price: 22, memberPrice: 20 }],
    tastes: [{ id: 9, name: 'extras', required: false, options: [{ id: 4, name: 'egg', price: 2 }] }],
    taxes: [{ taxID: 1, taxType: 0, taxValue: 6 }],
    joinDiscount: 'N',
  };

  it('takes prices from the menu, not from the client, when the menu is given (PRICE-10)', () => {
    const cart = [line({ id: 1, price: 0.01, memberPrice: 0.01, specId: 2, typeid: 99, tastes: [{ id: 4, name: 'egg', quantity: 1, price: 0, typeId: 9 }] })];
    const i = buildPricingInput({ shop: shop(), cart, products: [product], orderType: 'dine', now: NOON });
    expect(i.lines[0]).toMatchObject({ unitPrice: 24, basePrice: 22, memberPrice: 22, typeid: 3, joinDiscount: false, taxes: product.taxes });
  });

  it('ignores a taste the menu does not offer instead of trusting its client price', () => {
    const cart = [line({ id: 1, price: 18, tastes: [{ id: 99, name: 'forged', quantity: 1, price: -17, typeId: 9, optionType: 0 }] })];
    const i = buildPricingInput({ shop: shop(), cart, products: [product], orderType: 'dine', now: NOON });
    expect(i.lines[0].unitPrice).toBe(18);
  });

  it('fills shop defaults and the order type user agent', () => {
    const i = buildPricingInput({ shop: shop({ numberDecimals: undefined }), cart: [], orderType: 'selfPickup', now: NOON });
    expect(i.shop.numberDecimals).toBe(2);
    expect(i.shop.rebate).toBe(100);
    expect(i.shop.utcOffsetMinutes).toBe(480);
    expect(i.userAgent).toBe(51);
    expect(i.couponSelection).toBe('auto');
    expect(i.tableTiming).toBe(null);
  });

  it('drops empty lines and uses gift balance by default only with member-card payment', () => {
    const i = buildPricingInput({ shop: shop(), cart: [line({ price: 1, quantity: 0 })], orderType: 'dine', payType: 'vip', now: NOON });
    expect(i.lines).toEqual([]);
    expect(i.useGiftAmount).toBe(true);
  });
});
