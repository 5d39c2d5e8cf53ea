/**
 * A cart line from a menu product and the customer's choice (C§3 cart product, C§5 specs, required
 * tastes and meal-set contents): names and prices are the menu's, only the choice is the customer's.
 * The app's cart (adding, re-building ordered rounds) and the server (re-building a submission, a
 * table room's line) build lines with this one function, so a line means the same on both sides.
 */
import { ErrorCode, ruleError, type RuleError } from '../errors';
import { lineFlag } from '../pricing/flag';
import type { CartLine, CartMealsetItem, CartTaste, Product } from '../types';
import { checkMealSet, checkRequiredTastes } from '../validation';

export interface LineChoice {
  specId?: number | null;
  tastes?: ReadonlyArray<{ id: number; quantity?: number }>;
  mealset?: ReadonlyArray<{ groupId: number; id: number; quantity?: number }>;
  /** Units (at least 1). */
  quantity?: number;
}

export interface BuildLineOptions {
  /**
   * No spec named: the product's first spec (what the app's spec sheet preselects). Off (the server):
   * a product with specs must be ordered by one of them.
   */
  defaultSpec?: boolean;
  /** Refuse a sold-out spec (off when re-building lines already ordered). */
  checkSpecStatus?: boolean;
  /** The menu version the line is built from (MENU-5). */
  menuVersion?: number | null;
}

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** The menu fields a cart line carries (C§3 cart product). */
export function productFields(p: Product): Omit<CartLine, 'price' | 'quantity' | 'flag'> {
  return {
    id: p.id,
    name: p.name,
    image: p.image,
    typeid: p.typeid,
    needSoldOut: p.needSoldOut,
    notDishware: p.notDishware,
    weight: p.weight,
    joinDiscount: p.joinDiscount,
    inTaxPrice: p.inTaxPrice,
    outTaxPrice: p.outTaxPrice,
    taxes: p.taxes,
    serviceTime: p.serviceTime,
    serviceTagId: p.serviceTagId,
    dishwareAmount: p.dishwareAmount,
    productRebatePercent: p.productRebatePercent,
    noPackFee: p.noPackFee,
  };
}

/** The cart line of `choice` on `product`, or the rule the choice breaks. */
export function buildCartLine(product: Product, choice: LineChoice, opts: BuildLineOptions = {}): { line: CartLine } | { error: RuleError } {
  let specId: number | undefined;
  let specName: string | undefined;
  let price = product.price;
  let memberPrice = product.memberPrice;
  let originalPrice = product.originalPrice;
  const specs = product.specs ?? [];
  if (specs.length > 0 || (choice.specId !== undefined && choice.specId !== null)) {
    const named = choice.specId !== undefined && choice.specId !== null;
    const spec = named ? specs.find((s) => s.id === choice.specId) : opts.defaultSpec ? specs[0] : undefined;
    if (!spec) return { error: ruleError(ErrorCode.specInvalid, { product: product.name }) };
    if (opts.checkSpecStatus !== false && spec.status !== undefined && spec.status !== 0) {
      return { error: ruleError(ErrorCode.productSoldOut, { product: `${product.name} ${spec.name}` }) };
    }
    specId = spec.id;
    specName = spec.name;
    price = spec.price;
    memberPrice = spec.memberPrice;
    originalPrice = spec.originalPrice ?? originalPrice;
  }

  const tastes: CartTaste[] = [];
  for (const t of choice.tastes ?? []) {
    const group = product.tastes?.find((g) => g.options.some((o) => o.id === t.id));
    const option = group?.options.find((o) => o.id === t.id);
    if (!group || !option) return { error: ruleError(ErrorCode.tasteInvalid, { product: product.name }) };
    tastes.push(defined({ id: option.id, name: option.name, quantity: t.quantity ?? 1, price: option.price, typeId: group.id, optionType: option.optionType }));
  }
  const tasteError = checkRequiredTastes(product, tastes);
  if (tasteError) return { error: tasteError };

  const mealset: CartMealsetItem[] = [];
  for (const m of choice.mealset ?? []) {
    const group = product.mealset?.find((g) => g.id === m.groupId);
    const item = group?.items.find((i) => i.id === m.id);
    if (!group || !item) {
      return { error: ruleError(ErrorCode.mealSetRequired, { product: product.name, group: group?.name ?? '', required: group?.required ?? 1 }) };
    }
    mealset.push({ groupId: group.id, id: item.id, name: item.name, quantity: m.quantity ?? 1, price: item.price });
  }
  const mealError = checkMealSet(product, mealset);
  if (mealError) return { error: mealError };

  return {
    line: defined<CartLine>({
      ...productFields(product),
      price,
      memberPrice,
      originalPrice,
      quantity: Math.max(1, Math.floor(choice.quantity ?? 1)),
      flag: lineFlag(product.id, specId, tastes, mealset),
      version: opts.menuVersion ?? undefined,
      specId,
      specName,
      tastes: tastes.length > 0 ? tastes : undefined,
      tastesName: tastes.length > 0 ? tastes.map((t) => (t.quantity > 1 ? `${t.name}×${t.quantity}` : t.name)).join(',') : undefined,
      mealset: mealset.length > 0 ? mealset : undefined,
      mealsetNames: mealset.length > 0 ? mealset.map((m) => (m.quantity > 1 ? `${m.name}×${m.quantity}` : m.name)).join(',') : undefined,
    }),
  };
}
