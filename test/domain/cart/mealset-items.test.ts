import { ErrorCode } from '../../../src/domain/errors';
import { ProductStatus } from '../../../src/domain/enums';
import { checkMealsetItems, comboItemState, firstUnavailableItem, mealsetStockNeeds } from '../../../src/domain/cart';

const items = [
  { id: 5, name: 'Cola' },
  { id: 6, name: 'Lemon tea' },
];

describe('set-meal items (ORDER-12, C§3 combosError)', () => {
  it('names the first chosen item that is sold out', () => {
    const products = new Map([
      [5, { status: ProductStatus.NORMAL }],
      [6, { status: ProductStatus.SALE_OUT }],
    ]);
    expect(checkMealsetItems(items, (id) => products.get(id))).toEqual({ code: ErrorCode.productSoldOut, params: { product: 'Lemon tea' } });
  });

  it('reads tracked stock at 0 as sold out, an absent product as deleted, and offline as offline', () => {
    expect(comboItemState(5, { status: ProductStatus.NORMAL, stock: 0 })).toEqual({ id: 5, offline: false, saleOut: true, deleted: false });
    expect(comboItemState(5, { status: ProductStatus.NORMAL, stock: 0, needSoldOut: false })).toEqual({ id: 5, offline: false, saleOut: false, deleted: false });
    expect(comboItemState(5, undefined)).toEqual({ id: 5, offline: false, saleOut: false, deleted: true });
    expect(comboItemState(5, { status: ProductStatus.OFFLINE })).toEqual({ id: 5, offline: true, saleOut: false, deleted: false });
  });

  it('passes a set whose items are all on sale', () => {
    expect(checkMealsetItems(items, () => ({ status: ProductStatus.NORMAL, stock: 3 }))).toBeNull();
  });

  it('finds the line whose chosen item a comboCheck answer reports', () => {
    const lines = [
      { id: 9, flag: 'a', name: 'Set', mealset: [{ groupId: 1, id: 6, name: 'Lemon tea', quantity: 1, price: 0 }] },
      { id: 9, flag: 'b', name: 'Set', mealset: [{ groupId: 1, id: 5, name: 'Cola', quantity: 1, price: 0 }] },
    ];
    const reports = new Map([[9, [{ id: 5, offline: true, saleOut: false, deleted: false }]]]);
    expect(firstUnavailableItem(lines, reports)).toEqual({ flag: 'b', item: 'Cola', error: { code: ErrorCode.productOffline, params: { product: 'Cola' } } });
  });

  it('counts item units per set times sets', () => {
    const lines = [
      { quantity: 2, mealset: [{ groupId: 1, id: 5, name: 'Cola', quantity: 1, price: 0 }] },
      { quantity: 3, mealset: [{ groupId: 1, id: 5, name: 'Cola', quantity: 2, price: 0 }, { groupId: 2, id: 7, name: 'Rice', quantity: 1, price: 0 }] },
    ];
    // cola: 2 × 1 + 3 × 2 = 8; rice untracked
    expect([...mealsetStockNeeds(lines, (id) => id !== 7)]).toEqual([[5, 8]]);
  });
});
