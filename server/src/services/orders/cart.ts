/**
 * Rebuilds a submitted cart from the menu (PRICE-10): the client names products, specs, tastes and
 * meal-set items; names, prices and categories come from the server's own menu. Every product rule
 * of C§5 is checked here with the catalogue's message.
 */
import type { MealsetChoice, ProductChoice } from '../../../../src/api/contract/shared-shapes';
import { ErrorCode, ruleError, type RuleError } from '../../../../src/domain/errors';
import { lineFlag } from '../../../../src/domain/pricing';
import type { CartLine, CartMealsetItem, CartTaste, Product } from '../../../../src/domain/types';
import {
  checkCartQuantities,
  checkMealSet,
  checkMemberLevel,
  checkMustPickCategory,
  checkProductStatus,
  checkRequiredTastes,
} from '../../../../src/domain/validation';
import type { Menu } from '../menu';

/** A rebuilt line: the domain CartLine plus what the order shows. */
export interface RebuiltLine {
  cart: CartLine;
  product: Product;
  mealset: MealsetChoice[];
}

const tasteOf = (product: Product, id: number, quantity: number): CartTaste | null => {
  for (const g of product.tastes ?? []) {
    const o = g.options.find((x) => x.id === id);
    if (o) return { id, name: o.name, quantity, price: o.price, typeId: g.id, optionType: o.optionType };
  }
  return null;
};

const unknownProduct = (id: number): RuleError => ruleError(ErrorCode.productDeleted, { product: `#${id}` });

/**
 * The cart lines of a submission, rebuilt from the menu, or the first rule it breaks (C§5 order:
 * product status and sale time, member level, specs/tastes/meal sets, quantities, must-pick category).
 */
export function rebuildCart(
  choices: readonly ProductChoice[],
  menu: Menu,
  opts: { now: number; utcOffsetMinutes: number; memberLevel: number | null; mustPickTypeId?: number | null },
): { lines: RebuiltLine[] } | { error: RuleError } {
  const categorySaleTime = new Map(menu.categories.map((c) => [c.id, c.saleDateRange ?? null]));
  const lines: RebuiltLine[] = [];
  const merged = new Map<string, RebuiltLine>();
  for (const choice of choices) {
    const product = menu.byId.get(choice.id);
    if (!product) return { error: unknownProduct(choice.id) };
    const statusError = checkProductStatus(product, opts.now, {
      categorySaleTime: categorySaleTime.get(product.typeid) ?? null,
      utcOffsetMinutes: opts.utcOffsetMinutes,
    });
    if (statusError) return { error: statusError };
    const levelError = checkMemberLevel(product, opts.memberLevel);
    if (levelError) return { error: levelError };

    let specName: string | undefined;
    let price = product.price;
    let memberPrice = product.memberPrice;
    if (choice.specId !== undefined) {
      const spec = product.specs?.find((s) => s.id === choice.specId);
      if (!spec) return { error: ruleError(ErrorCode.specInvalid, { product: product.name }) };
      if (spec.status !== undefined && spec.status !== 0)
        return { error: ruleError(ErrorCode.productSoldOut, { product: `${product.name} ${spec.name}` }) };
      specName = spec.name;
      price = spec.price;
      memberPrice = spec.memberPrice;
    } else if ((product.specs ?? []).length > 0) {
      // a product with specs is ordered by one of them
      return { error: ruleError(ErrorCode.specInvalid, { product: product.name }) };
    }

    const tastes: CartTaste[] = [];
    for (const t of choice.tastes ?? []) {
      const taste = tasteOf(product, t.id, t.quantity);
      if (!taste) return { error: ruleError(ErrorCode.tasteInvalid, { product: product.name }) };
      tastes.push(taste);
    }
    const tasteError = checkRequiredTastes(product, tastes);
    if (tasteError) return { error: tasteError };

    const mealset: CartMealsetItem[] = [];
    for (const m of choice.mealset ?? []) {
      const group = product.mealset?.find((g) => g.id === m.groupId);
      const item = group?.items.find((i) => i.id === m.productId);
      if (!group || !item)
        return {
          error: ruleError(ErrorCode.mealSetRequired, {
            product: product.name,
            group: group?.name ?? '',
            required: group?.required ?? 1,
          }),
        };
      mealset.push({
        groupId: group.id,
        id: item.id,
        name: item.name,
        quantity: m.quantity,
        price: item.price,
      });
    }
    const mealError = checkMealSet(product, mealset);
    if (mealError) return { error: mealError };

    const flag = lineFlag(product.id, choice.specId, tastes, mealset);
    const prev = merged.get(flag);
    if (prev) {
      // the same choice twice is one line (CART-1)
      prev.cart.quantity += choice.quantity;
      continue;
    }
    const cart: CartLine = {
      id: product.id,
      name: product.name,
      price,
      quantity: choice.quantity,
      flag,
      image: product.image,
      typeid: product.typeid,
      needSoldOut: product.needSoldOut,
      ...(choice.specId !== undefined ? { specId: choice.specId, specName } : {}),
      ...(memberPrice !== undefined ? { memberPrice } : {}),
      tastes,
      tastesName: tastes.map((t) => (t.quantity > 1 ? `${t.name}×${t.quantity}` : t.name)).join(','),
      mealset,
      mealsetNames: mealset.map((m) => (m.quantity > 1 ? `${m.name}×${m.quantity}` : m.name)).join(','),
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

/** Units of each tracked product the lines take (C§5 stock). */
export function stockNeeds(lines: readonly RebuiltLine[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of lines) {
    if (l.product.needSoldOut === false) continue;
    out.set(l.product.id, (out.get(l.product.id) ?? 0) + l.cart.quantity);
  }
  return out;
}
