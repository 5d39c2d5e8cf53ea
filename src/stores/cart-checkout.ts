/** "Confirm the order" from the cart (C§4 last bullet): where it leads and its stock rule (C§5). */
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

/** The lines of a product share `left` units in cart order; lines past it shrink or go (C§5). */
export function shrinkToStock(lines: readonly CartLine[], productId: number, left: number): CartLine[] {
  let remaining = left;
  const next: CartLine[] = [];
  for (const l of lines) {
    if (l.id !== productId) {
      next.push(l);
      continue;
    }
    const q = Math.min(l.quantity, remaining);
    remaining -= q;
    if (q > 0) next.push({ ...l, quantity: q });
  }
  return next;
}
