/** A compact way to write demo products: id, category, names, price and picture, then the extras. */
import { demoImage, type ImageShape } from './images';
import type { DemoProduct } from './types';

/** Kebab-case file stem from an English name: "Kung Pao Chicken" → "kung-pao-chicken". */
export function slugOf(nameEn: string): string {
  return nameEn
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface ProductHead {
  id: number;
  typeid: number;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  price: number;
  shape: ImageShape;
}

/** Builds a product whose picture `<prefix>-<slug>.svg` shows `shape` and the first character of its name. */
export function productOf(
  prefix: string,
  head: ProductHead,
  extra: Partial<Omit<DemoProduct, keyof ProductHead>> = {},
): DemoProduct {
  const { shape, ...rest } = head;
  return {
    ...rest,
    image: demoImage(`${prefix}-${slugOf(head.nameEn)}.svg`, head.name, shape),
    ...extra,
  };
}
