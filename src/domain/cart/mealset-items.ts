/**
 * The items inside a set meal are products of their own (C§3 combosError, C§7 comboCheck): a set
 * whose chosen item went offline, sold out or was deleted cannot be sold, and each item takes its
 * own stock. The app (before confirm, from store/comboCheck) and the server (rebuilding a
 * submission) use these rules, so both refuse with the same catalogue message naming the item.
 */
import { ProductStatus } from '../enums';
import { ErrorCode, ruleError, type RuleError } from '../errors';
import type { CartLine, CartMealsetItem, Product } from '../types';
import { effectiveProductStatus } from '../validation';

/** What the rules read of an item's own product. */
export type MealsetItemProduct = Pick<Product, 'status' | 'stock' | 'needSoldOut'>;

/** C§3 combosError of one item: which way it cannot be sold. */
export interface ComboItemState {
  id: number;
  offline: boolean;
  saleOut: boolean;
  deleted: boolean;
}

/** The catalogue error for an item in a state (null when it can be sold); the message names the item. */
export function comboItemError(state: Omit<ComboItemState, 'id'>, name: string): RuleError | null {
  const params = { product: name };
  if (state.deleted) return ruleError(ErrorCode.productDeleted, params);
  if (state.offline) return ruleError(ErrorCode.productOffline, params);
  if (state.saleOut) return ruleError(ErrorCode.productSoldOut, params);
  return null;
}

/**
 * The combosError state of an item from its product (undefined = gone from the menu). Tracked stock at
 * 0 or below counts as sold out; sale times are the set's, not the item's, so they are not read here.
 */
export function comboItemState(id: number, product: MealsetItemProduct | undefined): ComboItemState {
  if (!product) return { id, offline: false, saleOut: false, deleted: true };
  const status = effectiveProductStatus({ status: product.status, stock: product.stock, needSoldOut: product.needSoldOut }, 0);
  return {
    id,
    offline: status === ProductStatus.OFFLINE,
    saleOut: status === ProductStatus.SALE_OUT,
    deleted: status === ProductStatus.DELETE,
  };
}

/**
 * ORDER-12: the first chosen item of a set-meal line that cannot be sold, as the catalogue error
 * naming the item (productDeleted / productOffline / productSoldOut); null when every item can be.
 * `productOf` looks an item's product up by id (undefined = not on the menu).
 */
export function checkMealsetItems(
  mealset: readonly Pick<CartMealsetItem, 'id' | 'name'>[] | undefined,
  productOf: (id: number) => MealsetItemProduct | undefined,
): RuleError | null {
  for (const m of mealset ?? []) {
    const error = comboItemError(comboItemState(m.id, productOf(m.id)), m.name);
    if (error) return error;
  }
  return null;
}

/**
 * The first chosen item of `lines` that a store/comboCheck answer reports (C§3 combosError), with the
 * line it is in; null when none is. `reports` maps the set product's id to its answer's items.
 */
export function firstUnavailableItem(
  lines: readonly Pick<CartLine, 'id' | 'flag' | 'name' | 'mealset'>[],
  reports: ReadonlyMap<number, readonly ComboItemState[]>,
): { flag: string; item: string; error: RuleError } | null {
  for (const line of lines) {
    const items = reports.get(line.id);
    if (!items) continue;
    for (const m of line.mealset ?? []) {
      const state = items.find((i) => i.id === m.id);
      const error = state ? comboItemError(state, m.name) : null;
      if (error) return { flag: line.flag, item: m.name, error };
    }
  }
  return null;
}

/**
 * Units of each item product the set-meal lines take (C§5 stock): an item chosen `m.quantity` times
 * per set, for `line.quantity` sets. Items whose product is not tracked (`tracked` false) are left out.
 */
export function mealsetStockNeeds(
  lines: readonly Pick<CartLine, 'quantity' | 'mealset'>[],
  tracked: (id: number) => boolean = () => true,
): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of lines) {
    for (const m of l.mealset ?? []) {
      if (!tracked(m.id)) continue;
      out.set(m.id, (out.get(m.id) ?? 0) + m.quantity * l.quantity);
    }
  }
  return out;
}
