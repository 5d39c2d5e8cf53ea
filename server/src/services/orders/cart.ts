/**
 * Rebuilds a submitted cart from the menu (PRICE-10): the client names products, specs, tastes and
 * meal-set items; names, prices and categories come from the server's own menu. Every product rule
 * of C§5 is checked here with the catalogue's message.
 */
import type { MealsetChoice, ProductChoice } from '../../../../src/api/contract/shared-shapes';
import { ErrorCode, ruleError, type RuleError } from '../../../../src/domain/errors';
import { buildCartLine, checkMealsetItems, mealsetStockNeeds } from '../../../../src/domain/cart';
import type { CartLine, Product } from '../../../../src/domain/types';
import { checkCartQuantities, checkMemberLevel, checkMustPickCategory, checkProductStatus } from '../../../../src/domain/validation';
import type { Menu } from '../menu';
import { type ShopZone } from '../../../../src/domain/shop-time';

/** A rebuilt line: the domain CartLine plus what the order shows. */
export interface RebuiltLine {
  cart: CartLine;
  product: Product;
  mealset: MealsetChoice[];
}

const unknownProduct = (id: number): RuleError => ruleError(ErrorCode.productDeleted, { product: `#${id}` });

/**
 * The cart lines of a submission, rebuilt from the menu, or the first rule it breaks (C§5 order:
 * product status and sale time, member level, specs/tastes/meal sets, quantities, must-pick category).
 */
export function rebuildCart(
  choices: readonly ProductChoice[],
  menu: Menu,
  opts: { now: number; zone: ShopZone; memberLevel: number | null; mustPickTypeId?: number | null },
): { lines: RebuiltLine[] } | { error: RuleError } {
  const categorySaleTime = new Map(menu.categories.map((c) => [c.id, c.saleDateRange ?? null]));
  const lines: RebuiltLine[] = [];
  const merged = new Map<string, RebuiltLine>();
  for (const choice of choices) {
    const product = menu.byId.get(choice.id);
    if (!product) return { error: unknownProduct(choice.id) };
    const statusError = checkProductStatus(product, opts.now, {
      categorySaleTime: categorySaleTime.get(product.typeid) ?? null,
      zone: opts.zone,
    });
    if (statusError) return { error: statusError };
    const levelError = checkMemberLevel(product, opts.memberLevel);
    if (levelError) return { error: levelError };

    // the one line builder of the app and the server (src/domain/cart/build-line.ts)
    const built = buildCartLine(
      product,
      {
        specId: choice.specId,
        tastes: choice.tastes ?? [],
        mealset: (choice.mealset ?? []).map((m) => ({ groupId: m.groupId, id: m.productId, quantity: m.quantity })),
      },
      { defaultSpec: false },
    );
    if ('error' in built) return { error: built.error };
    // ORDER-12 (C§3 combosError): each chosen set-meal item is a product that must itself be on sale
    const itemError = checkMealsetItems(built.line.mealset, (id) => menu.byId.get(id));
    if (itemError) return { error: itemError };

    const flag = built.line.flag;
    const prev = merged.get(flag);
    if (prev) {
      // the same choice twice is one line (CART-1)
      prev.cart.quantity += choice.quantity;
      continue;
    }
    const cart: CartLine = {
      ...built.line,
      quantity: choice.quantity,
      ...(choice.couponId !== undefined ? { couponInfo: { couponId: choice.couponId } } : {}),
    };
    const line: RebuiltLine = { cart, product, mealset: choice.mealset ?? [] };
    merged.set(flag, line);
    lines.push(line);
  }

  const quantityErrors = checkCartQuantities(
    lines.map((l) => l.cart),
    new Map(lines.map((l) => [l.product.id, l.product])),
  );
  if (quantityErrors.length > 0) return { error: quantityErrors[0] };

  if (opts.mustPickTypeId) {
    const category = menu.categories.find((c) => c.id === opts.mustPickTypeId);
    const mustPick = checkMustPickCategory(
      opts.mustPickTypeId,
      lines.map((l) => l.cart),
      category?.name ?? '',
    );
    if (mustPick) return { error: mustPick };
  }
  return { lines };
}

/**
 * Units of each tracked product the lines take (C§5 stock), the items inside set meals included
 * (ORDER-12): a set of two takes two of its drink, held with the order like any other line.
 */
export function stockNeeds(lines: readonly RebuiltLine[], menu?: Pick<Menu, 'byId'>): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of lines) {
    if (l.product.needSoldOut === false) continue;
    out.set(l.product.id, (out.get(l.product.id) ?? 0) + l.cart.quantity);
  }
  const items = mealsetStockNeeds(
    lines.map((l) => l.cart),
    (id) => menu?.byId.get(id)?.needSoldOut !== false,
  );
  for (const [id, n] of items) out.set(id, (out.get(id) ?? 0) + n);
  return out;
}
