/**
 * The pure parts of the ordering screens: menu windowing (MENU-8), the spec sheet's live price and
 * cart pick (MENU-3), the offered order types (C§5), time slots (C§4 order timing) and discount rows.
 */
import { HEADER_HEIGHT, ROW_HEIGHT, layoutMenu, rowIndexAt, visibleRows } from '@/components/ordering/layout';
import { choicePrice, initialChoice, pickOf } from '@/components/ordering/SpecSheet';
import { offeredOrderTypes } from '@/components/ordering/OrderingScreen';
import { clockText } from '@/components/ordering/time-slots';
import { offeredTimes } from '@/domain/order-times';
import { discountRows } from '@/components/ordering/BreakdownRows';
import type { Product } from '@/domain/types';

const bigMenu = Array.from({ length: 20 }, (_, c) => ({
  id: 100 + c,
  name: `C${c}`,
  productIds: Array.from({ length: 50 }, (_, i) => c * 50 + i + 1),
}));

const fish: Product = {
  id: 1,
  name: 'Boiled fish',
  typeid: 9,
  price: 58,
  specs: [
    { id: 11, name: 'S', price: 58 },
    { id: 12, name: 'M', price: 78, status: 0 },
  ],
  tastes: [
    { id: 1, name: 'Spice', required: true, options: [{ id: 101, name: 'Mild', price: 0 }] },
    { id: 2, name: 'Toppings', required: false, multiple: true, options: [{ id: 201, name: 'Egg', price: 2, maxQuantity: 3 }, { id: 202, name: 'Cheese', price: 3.5, maxQuantity: 2 }] },
  ],
};

describe('menu windowing', () => {
  test('a 1,000-product menu lays out one header per category and one fixed-height row per product', () => {
    const layout = layoutMenu(bigMenu);
    expect(layout.rows).toHaveLength(1020);
    // 20 headers × 36 + 1,000 rows × 108
    expect(layout.totalHeight).toBe(20 * HEADER_HEIGHT + 1000 * ROW_HEIGHT);
  });

  test('the rows rendered at any scroll position stay a few dozen, never the whole menu', () => {
    const layout = layoutMenu(bigMenu);
    for (const top of [0, 20_000, layout.totalHeight - 700]) {
      const { rows } = visibleRows(layout, top, 700);
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.length).toBeLessThan(25);
    }
  });

  test('without overscan the window holds only the rows that meet the viewport', () => {
    const layout = layoutMenu(bigMenu);
    // viewport 0…700: the header (0–36) and rows starting at 36, 144, …, 684 — 7 products
    const { rows } = visibleRows(layout, 0, 700, 0);
    expect(rows.length).toEqual(8);
    expect(rows[rows.length - 1].top).toEqual(HEADER_HEIGHT + 6 * ROW_HEIGHT);
  });

  test('the first row on screen names the category the rail highlights', () => {
    const layout = layoutMenu(bigMenu);
    const secondCategoryTop = layout.categoryTop.get(101)!;
    expect(visibleRows(layout, secondCategoryTop + 10, 700).first?.categoryId).toBe(101);
  });

  test('the row index search finds the last row starting at or above an offset', () => {
    const layout = layoutMenu(bigMenu);
    expect(rowIndexAt(layout.rows, 0)).toBe(0);
    expect(rowIndexAt(layout.rows, HEADER_HEIGHT)).toBe(1);
    expect(rowIndexAt(layout.rows, HEADER_HEIGHT + ROW_HEIGHT - 1)).toBe(1);
  });

  test('categories without products get no header', () => {
    expect(layoutMenu([{ id: 1, name: 'empty', productIds: [] }]).rows).toHaveLength(0);
  });
});

describe('spec sheet choices', () => {
  test('the first spec on sale is chosen at first and nothing else', () => {
    expect(initialChoice(fish)).toEqual({ specId: 11, tastes: {}, mealset: {}, quantity: 1 });
  });

  test('the live price adds taste surcharges per unit and multiplies by the quantity', () => {
    // (M 78 + egg 2 × 2 + cheese 3.5 × 1) × 2 = (78 + 4 + 3.5) × 2 = 171
    expect(choicePrice(fish, { specId: 12, tastes: { 101: 1, 201: 2, 202: 1 }, mealset: {}, quantity: 2 }, 2)).toBe(171);
  });

  test('the cart pick carries the spec, the tastes with quantities and leaves out unchosen ones', () => {
    expect(pickOf({ specId: 12, tastes: { 101: 1, 201: 0, 202: 2 }, mealset: { 7: { 70: 1 } }, quantity: 3 })).toEqual({
      quantity: 3,
      specId: 12,
      tastes: [
        { id: 101, quantity: 1 },
        { id: 202, quantity: 2 },
      ],
      mealset: [{ groupId: 7, id: 70, quantity: 1 }],
    });
  });
});

describe('order types offered', () => {
  test('takeaway always, pickup with self collection, dine with the scan switch', () => {
    expect(offeredOrderTypes({ selfCollection: true, openScanSwitch: true })).toEqual(['takeaway', 'selfPickup', 'dine']);
    expect(offeredOrderTypes({ selfCollection: false, openScanSwitch: false })).toEqual(['takeaway']);
  });
});

describe('time slots', () => {
  test('slots are half hours starting at least 30 minutes ahead', () => {
    const now = Date.UTC(2026, 10, 23, 4, 10); // 12:10 in UTC+8
    const slots = offeredTimes({}, 'takeaway', now, 3);
    expect(slots.map((s) => clockText(s, 480))).toEqual(['13:00', '13:30', '14:00']);
  });
});

describe('discount rows', () => {
  test('adjustments of one source add up on one row and fees are left to their own rows', () => {
    const rows = discountRows(
      [
        { kind: 'fullReduction', sourceId: 7, amount: -3, reason: '' },
        { kind: 'fullReduction', sourceId: 7, amount: -2, reason: '' },
        { kind: 'deliveryFee', sourceId: null, amount: 5, reason: '' },
        { kind: 'coupon', sourceId: 9, amount: -10, reason: '' },
      ],
      (a) => `#${a.sourceId}`,
    );
    // 3 + 2 on the activity's row; the fee and the coupon have rows of their own
    expect(rows).toEqual([{ key: 'fullReduction:7', label: '#7', amount: 5 }]);
  });
});
