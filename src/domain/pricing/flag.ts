/**
 * CART-1 line identity: two cart lines with the same product, spec, taste and meal-set choices are
 * the same line. Choice order does not matter (options are sorted), quantities do.
 */
import type { CartMealsetItem, CartTaste } from '../types';

type TasteChoice = Pick<CartTaste, 'id'> & Partial<Pick<CartTaste, 'quantity'>>;
type MealsetChoice = Pick<CartMealsetItem, 'id'> & Partial<Pick<CartMealsetItem, 'groupId' | 'quantity'>>;

/** The unique key of a cart line: `id_spec_tastes_mealset`, e.g. `12_3_5x1.7x2_1:40x1`. */
export function lineFlag(
  productId: number,
  specId?: number | null,
  tastes?: readonly TasteChoice[] | null,
  mealset?: readonly MealsetChoice[] | null,
): string {
  const t = (tastes ?? [])
    .map((x) => `${x.id}x${x.quantity ?? 1}`)
    .sort()
    .join('.');
  const m = (mealset ?? [])
    .map((x) => `${x.groupId ?? 0}:${x.id}x${x.quantity ?? 1}`)
    .sort()
    .join('.');
  return `${productId}_${specId ?? 0}_${t}_${m}`;
}
