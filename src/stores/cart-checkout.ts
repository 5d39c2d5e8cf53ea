/** "Confirm the order" from the cart (C§4 last bullet): where it leads and its stock rule (C§5). */
import { settle, ruleOf } from '../api/request';
import { firstUnavailableItem, mealsetStockNeeds, type ComboItemState } from '../domain/cart';
import type { CartLine } from '../domain/types';
import type { RuleError } from '../domain/errors';
import type { ShopStatusDialog } from '../domain/shop-status';

/** Where the confirmation goes: order/order instead of order/confirm for openTable (C§4). */
export const CONFIRM_PAGE = '/pages/order/confirm';
export const TABLE_ORDER_PAGE = '/pages/order/order';

/** The next step of "confirm the order" from the cart (C§4 last bullet). */
export type CheckoutStep =
  | { step: 'expiredNotice'; dialog: ShopStatusDialog }
  | { step: 'closedNotice'; error: RuleError }
  | { step: 'none' }
  | { step: 'invalid'; error: RuleError }
  | { step: 'stockShortage'; product: string; error: RuleError }
  | { step: 'confirm'; url: string };

/**
 * The lines of a product share `left` units in cart order; lines past it shrink or go (C§5). A set
 * meal with the product among its chosen items takes its units too (ORDER-12): only whole sets stay.
 */
export function shrinkToStock(lines: readonly CartLine[], productId: number, left: number): CartLine[] {
  let remaining = left;
  const next: CartLine[] = [];
  for (const l of lines) {
    const per =
      (l.id === productId ? 1 : 0) +
      (l.mealset ?? []).filter((m) => m.id === productId).reduce((n, m) => n + m.quantity, 0);
    if (per === 0) {
      next.push(l);
      continue;
    }
    const q = Math.min(l.quantity, Math.floor(remaining / per));
    remaining -= q * per;
    if (q > 0) next.push({ ...l, quantity: q });
  }
  return next;
}

/** What the set-meal check of checkout needs of the API (C§7 store/comboCheck). */
export interface ComboCheckApi {
  comboCheck(req: { productId: number; isNewVersion?: boolean }): Promise<{ id: number; items: ComboItemState[] }>;
}

/**
 * ORDER-12, before confirm: asks store/comboCheck once per set meal in the cart and answers the first
 * chosen item that went offline, sold out or was deleted — its line and the catalogue error naming
 * the item — or null. A failed call answers its error so the checkout stops rather than guesses.
 */
export async function checkSetMeals(
  api: ComboCheckApi,
  lines: readonly CartLine[],
): Promise<{ flag: string; item: string; error: RuleError } | { failed: RuleError } | null> {
  const sets = [...new Set(lines.filter((l) => l.quantity > 0 && (l.mealset?.length ?? 0) > 0).map((l) => l.id))];
  if (sets.length === 0) return null;
  const answers = await Promise.all(sets.map((productId) => settle(api.comboCheck({ productId, isNewVersion: true }))));
  const reports = new Map<number, ComboItemState[]>();
  for (const [i, res] of answers.entries()) {
    if (!res.ok) return { failed: ruleOf(res.error) };
    reports.set(sets[i], res.data.items);
  }
  return firstUnavailableItem(lines, reports);
}

/**
 * The store/checkStock lines of the cart (C§5): each product's units, and the items inside set meals
 * (ORDER-12: a set of two takes two of its drink).
 */
export function stockCheckLines(lines: readonly CartLine[]): Array<{ id: number; quantity: number }> {
  const units = new Map<number, number>();
  for (const l of lines) if (l.quantity > 0) units.set(l.id, (units.get(l.id) ?? 0) + l.quantity);
  for (const [id, n] of mealsetStockNeeds(lines.filter((l) => l.quantity > 0))) units.set(id, (units.get(id) ?? 0) + n);
  return [...units].map(([id, quantity]) => ({ id, quantity }));
}
