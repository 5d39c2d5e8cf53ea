/** Building blocks shared by the demo shops: validity window, shared taste groups, tax rows. */
import { ProductOptionType, TaxMode } from '../../../src/domain/enums';
import type { ProductTax } from '../../../src/domain/types';
import type { DemoSpec, DemoTasteGroup } from './types';

/** Every demo activity and coupon is valid over this long window (shop local time). */
export const LONG_WINDOW = { startDate: '2025-01-01 00:00:00', endDate: '2030-12-31 23:59:59' } as const;

/** Monday … Friday and every day, as C§3 saleDateRange weekdays (1 = Monday). */
export const WEEKDAYS = [1, 2, 3, 4, 5];
export const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/** Spec ids are the product id × 10 + n, so a spec id names its product at a glance. */
export function specsOf(productId: number, rows: Array<[name: string, nameEn: string, price: number, memberPrice?: number]>): DemoSpec[] {
  return rows.map(([name, nameEn, price, memberPrice], i) => ({
    id: productId * 10 + i + 1,
    parentId: productId,
    name,
    nameEn,
    price,
    ...(memberPrice === undefined ? {} : { memberPrice }),
  }));
}

/** A percentage or fixed tax row of a product (C§3 taxes). */
export function taxOf(taxID: number, taxType: TaxMode, taxValue: number, name: string): ProductTax {
  return { taxID, taxType, taxValue, name };
}

/** Required spice level (MENU-3 required taste group; FLAVOR options cost nothing). */
export const SPICE_LEVEL: DemoTasteGroup = {
  id: 1,
  name: '辣度',
  nameEn: 'Spice level',
  required: true,
  multiple: false,
  options: [
    { id: 11, name: '不辣', nameEn: 'Not spicy', price: 0, optionType: ProductOptionType.FLAVOR },
    { id: 12, name: '微辣', nameEn: 'Mild', price: 0, optionType: ProductOptionType.FLAVOR },
    { id: 13, name: '中辣', nameEn: 'Medium', price: 0, optionType: ProductOptionType.FLAVOR },
    { id: 14, name: '特辣', nameEn: 'Extra hot', price: 0, optionType: ProductOptionType.FLAVOR },
  ],
};

/** Optional paid toppings, each up to 3 per dish (TOPPING adds price × quantity). */
export const TOPPINGS: DemoTasteGroup = {
  id: 2,
  name: '加料',
  nameEn: 'Toppings',
  required: false,
  multiple: true,
  maxQuantity: 3,
  options: [
    { id: 21, name: '加蛋', nameEn: 'Extra egg', price: 2, optionType: ProductOptionType.TOPPING, maxQuantity: 3 },
    { id: 22, name: '加肉', nameEn: 'Extra meat', price: 6, optionType: ProductOptionType.TOPPING, maxQuantity: 3 },
    { id: 23, name: '加芝士', nameEn: 'Extra cheese', price: 3.5, optionType: ProductOptionType.TOPPING, maxQuantity: 2 },
  ],
};

export const SWEETNESS: DemoTasteGroup = {
  id: 3,
  name: '甜度',
  nameEn: 'Sweetness',
  required: true,
  multiple: false,
  options: [
    { id: 31, name: '正常糖', nameEn: 'Regular sugar', price: 0, optionType: ProductOptionType.FLAVOR },
    { id: 32, name: '少糖', nameEn: 'Less sugar', price: 0, optionType: ProductOptionType.FLAVOR },
    { id: 33, name: '无糖', nameEn: 'No sugar', price: 0, optionType: ProductOptionType.FLAVOR },
  ],
};

export const ICE: DemoTasteGroup = {
  id: 4,
  name: '温度',
  nameEn: 'Ice',
  required: true,
  multiple: false,
  options: [
    { id: 41, name: '正常冰', nameEn: 'Regular ice', price: 0, optionType: ProductOptionType.FLAVOR },
    { id: 42, name: '少冰', nameEn: 'Less ice', price: 0, optionType: ProductOptionType.FLAVOR },
    { id: 43, name: '去冰', nameEn: 'No ice', price: 0, optionType: ProductOptionType.FLAVOR },
    { id: 44, name: '热饮', nameEn: 'Hot', price: 0, optionType: ProductOptionType.FLAVOR },
  ],
};

/** Rice portion: less or no rice lowers the price (SUB_PRICE subtracts the option price). */
export const RICE_PORTION: DemoTasteGroup = {
  id: 5,
  name: '米饭',
  nameEn: 'Rice',
  required: false,
  multiple: false,
  options: [
    { id: 51, name: '少饭', nameEn: 'Less rice', price: 1, optionType: ProductOptionType.SUB_PRICE },
    { id: 52, name: '不要饭', nameEn: 'No rice', price: 2, optionType: ProductOptionType.SUB_PRICE },
  ],
};

/** Dumpling dips: free flavours and one paid topping. */
export const DIPS: DemoTasteGroup = {
  id: 6,
  name: '蘸料',
  nameEn: 'Dips',
  required: false,
  multiple: true,
  maxQuantity: 2,
  options: [
    { id: 61, name: '香醋', nameEn: 'Black vinegar', price: 0, optionType: ProductOptionType.FLAVOR },
    { id: 62, name: '辣油', nameEn: 'Chili oil', price: 0, optionType: ProductOptionType.FLAVOR },
    { id: 63, name: '蒜泥', nameEn: 'Minced garlic', price: 0.5, optionType: ProductOptionType.TOPPING, maxQuantity: 2 },
  ],
};
