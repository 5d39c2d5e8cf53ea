/**
 * Validation rules of C§5 and P§5 (ORDER-6, MENU-2/3/4/7), each a pure function answering a
 * `RuleError` from the catalogue (or null), or a list of them in the order the screen reports them
 * (the first one is toasted). Messages that name something carry it in `params` (`product`, `group`,
 * `category`, `count`…), the names the locale entries interpolate.
 */
import { Limits, OrderType, ProductStatus, ServerProductStatus } from './enums';
import { ErrorCode, RuleError, ruleError } from './errors';
import { DEFAULT_UTC_OFFSET_MINUTES, Instant, isInSaleTime } from './hours';
import { AmountLike, lt } from './money';
import { isBlank as blank } from './contact';
import type { CartLine, CartMealsetItem, CartTaste, Product, SaleDateRange, ShopSettings } from './types';
import type { ShopZone } from './shop-time';

// the contact rules live in contact.ts (no money arithmetic, so the start-up need not load decimal.js);
// they stay importable from here
export { checkPhone, distanceKm, isValidPhone, parseGps } from './contact';
// the order form's rules (required fields, diners, delivery range, amount, pay type, balance) are in
// order-rules.ts: only the confirm screens need them, and they load with the order pages

const unlimited = (cap: number | null | undefined): number =>
  typeof cap === 'number' && Number.isFinite(cap) && cap > 0 ? cap : Limits.unlimited;

const compact = (errors: ReadonlyArray<RuleError | null>): RuleError[] => errors.filter((e): e is RuleError => e !== null);

// ---------------------------------------------------------------------------------------------
// Codes (P§5)
// ---------------------------------------------------------------------------------------------

/** P§5: an SMS code must be entered (`inputVerifyCode`). */
export function checkSmsCode(code: string | null | undefined): RuleError | null {
  return blank(code) ? ruleError(ErrorCode.inputVerifyCode) : null;
}

// ---------------------------------------------------------------------------------------------
// Payment (C§5)
// ---------------------------------------------------------------------------------------------

export { checkCardPayEnvironment } from './card-pay';

/** C§5/P§5: a new pay password has exactly 6 digits and is not 123456. */
export function checkPayPasswordFormat(password: string | null | undefined): RuleError | null {
  if (blank(password)) return ruleError(ErrorCode.payPasswordRequired);
  const pattern = new RegExp(`^\\d{${Limits.payPasswordLength}}$`);
  if (!pattern.test(password as string)) return ruleError(ErrorCode.payPasswordSixDigits);
  return password === Limits.forbiddenPayPassword ? ruleError(ErrorCode.payPasswordTooSimple) : null;
}

/** C§5: the two entries of a new password must match (`passwordsInconsistent`). */
export function checkPayPasswordRepeat(password: string, repeat: string): RuleError | null {
  return password === repeat ? null : ruleError(ErrorCode.passwordsInconsistent);
}

/** C§5: the original password must be correct; the check itself is the server's (`originPasswordIncorrect`). */
export function checkOriginalPayPassword(originalCorrect: boolean): RuleError | null {
  return originalCorrect ? null : ruleError(ErrorCode.originPasswordIncorrect);
}

/** All pay-password rules of a set or change, in the order the form reports them. */
export function validateNewPayPassword(input: {
  password: string | null | undefined;
  repeat: string | null | undefined;
  /** Only when changing: whether the original password was verified. */
  originalCorrect?: boolean;
}): RuleError[] {
  const format = checkPayPasswordFormat(input.password);
  return compact([
    input.originalCorrect === undefined ? null : checkOriginalPayPassword(input.originalCorrect),
    format,
    format ? null : checkPayPasswordRepeat(input.password as string, input.repeat ?? ''),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Products and quantities (C§5, MENU-2/3/4)
// ---------------------------------------------------------------------------------------------

/** The ProductStatus a server product status code stands for (C§3: 600001–600004). */
export function productStatusOfServerCode(code: number): ProductStatus | null {
  switch (code) {
    case ServerProductStatus.online:
      return ProductStatus.NORMAL;
    case ServerProductStatus.saleOut:
      return ProductStatus.SALE_OUT;
    case ServerProductStatus.delete:
      return ProductStatus.DELETE;
    case ServerProductStatus.offline:
      return ProductStatus.OFFLINE;
    default:
      return null;
  }
}

/**
 * The effective status of a product at `now`: its own status, SALE_OUT when tracked stock is used up,
 * OUT_SALE_TIME when its or its category's sale time excludes now (C§3 saleDateRange).
 */
export function effectiveProductStatus(
  product: Pick<Product, 'status' | 'stock' | 'saleTime' | 'needSoldOut'>,
  now: Instant,
  opts: { categorySaleTime?: readonly SaleDateRange[] | null; zone?: ShopZone } = {},
): ProductStatus {
  const status = product.status ?? ProductStatus.NORMAL;
  if (status !== ProductStatus.NORMAL) return status;
  if (product.needSoldOut !== false && typeof product.stock === 'number' && product.stock <= 0) return ProductStatus.SALE_OUT;
  const zone = opts.zone ?? DEFAULT_UTC_OFFSET_MINUTES;
  if (!isInSaleTime(product.saleTime, now, zone) || !isInSaleTime(opts.categorySaleTime, now, zone)) {
    return ProductStatus.OUT_SALE_TIME;
  }
  return ProductStatus.NORMAL;
}

/** C§5: a sold-out, offline, deleted or out-of-sale-time product blocks ordering; the message names it. */
export function checkProductStatus(
  product: Pick<Product, 'name' | 'status' | 'stock' | 'saleTime' | 'needSoldOut'>,
  now: Instant,
  opts: { categorySaleTime?: readonly SaleDateRange[] | null; zone?: ShopZone } = {},
): RuleError | null {
  const params = { product: product.name };
  switch (effectiveProductStatus(product, now, opts)) {
    case ProductStatus.SALE_OUT:
      return ruleError(ErrorCode.productSoldOut, params);
    case ProductStatus.OFFLINE:
      return ruleError(ErrorCode.productOffline, params);
    case ProductStatus.DELETE:
      return ruleError(ErrorCode.productDeleted, params);
    case ProductStatus.OUT_SALE_TIME:
      return ruleError(ErrorCode.productNotInSaleTime, params);
    default:
      return null;
  }
}

/** P§5: member levels match on their last three digits (100003 matches 3 and "003"). */
export function memberLevelKey(level: number | string): number {
  const digits = String(level).replace(/\D/g, '');
  return digits === '' ? NaN : Number(digits.slice(-3));
}

/** Whether a member level is among the allowed ones; an empty or absent list allows everyone. */
export function memberLevelMatches(
  allowed: ReadonlyArray<number | string> | null | undefined,
  level: number | string | null | undefined,
): boolean {
  if (!allowed || allowed.length === 0) return true;
  if (level === null || level === undefined || level === '') return false;
  const key = memberLevelKey(level);
  return allowed.some((a) => memberLevelKey(a) === key);
}

/** MENU-4: a product restricted to member levels (`memberLevelRestricted`, naming it). */
export function checkMemberLevel(
  product: Pick<Product, 'name' | 'memberLevels'>,
  memberLevel: number | string | null | undefined,
): RuleError | null {
  return memberLevelMatches(product.memberLevels, memberLevel)
    ? null
    : ruleError(ErrorCode.memberLevelRestricted, { product: product.name });
}

/** C§5 minimum purchase quantity: the product's units in the cart must reach minQuantity. */
export function checkMinPurchaseQuantity(product: Pick<Product, 'name' | 'minQuantity'>, quantity: number): RuleError | null {
  const min = product.minQuantity ?? 0;
  return quantity > 0 && quantity < min ? ruleError(ErrorCode.minPurchaseQuantity, { product: product.name, count: min }) : null;
}

/** C§5 purchase limit per order (P§9: a missing cap is 99999). */
export function checkPurchaseLimit(product: Pick<Product, 'name' | 'purchaseLimit'>, quantity: number): RuleError | null {
  const limit = unlimited(product.purchaseLimit);
  return quantity > limit ? ruleError(ErrorCode.purchaseLimit, { product: product.name, count: limit }) : null;
}

/** C§5 special-price limit: units bought at the special price may not exceed its limit (default 99999). */
export function checkSpecialPriceLimit(productName: string, specialQuantity: number, limit?: number | null): RuleError | null {
  const cap = unlimited(limit);
  return specialQuantity > cap ? ruleError(ErrorCode.specialPriceLimit, { product: productName, count: cap }) : null;
}

/** Units of each product id over all cart lines (several lines may hold one product). */
export function quantitiesByProduct(lines: ReadonlyArray<Pick<CartLine, 'id' | 'quantity'>>): Map<number, number> {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.id, (totals.get(line.id) ?? 0) + line.quantity);
  return totals;
}

/** Minimum quantity and purchase limit of every product in the cart, by product. */
export function checkCartQuantities(
  lines: ReadonlyArray<Pick<CartLine, 'id' | 'quantity'>>,
  products: ReadonlyMap<number, Pick<Product, 'name' | 'minQuantity' | 'purchaseLimit'>>,
): RuleError[] {
  const errors: Array<RuleError | null> = [];
  for (const [id, quantity] of quantitiesByProduct(lines)) {
    const product = products.get(id);
    if (!product) continue;
    errors.push(checkMinPurchaseQuantity(product, quantity), checkPurchaseLimit(product, quantity));
  }
  return compact(errors);
}

/** C§5 required taste groups: each required group needs at least one option; the message names it. */
export function checkRequiredTastes(
  product: Pick<Product, 'name' | 'tastes'>,
  chosen: ReadonlyArray<Pick<CartTaste, 'typeId' | 'quantity'>>,
): RuleError | null {
  for (const group of product.tastes ?? []) {
    if (!group.required) continue;
    const picked = chosen.some((t) => t.typeId === group.id && t.quantity > 0);
    if (!picked) return ruleError(ErrorCode.requiredTasteGroup, { product: product.name, group: group.name });
  }
  return null;
}

/** C§5: a meal set's contents must be chosen, each group up to its required count. */
export function checkMealSet(
  product: Pick<Product, 'name' | 'mealset'>,
  chosen: ReadonlyArray<Pick<CartMealsetItem, 'groupId' | 'quantity'>>,
): RuleError | null {
  for (const group of product.mealset ?? []) {
    const count = chosen.filter((c) => c.groupId === group.id).reduce((n, c) => n + c.quantity, 0);
    if (count < group.required) {
      return ruleError(ErrorCode.mealSetRequired, { product: product.name, group: group.name, required: group.required });
    }
  }
  return null;
}

/** C§5: with a must-pick category (mustPickTypeId) the cart needs at least one item of it. */
export function checkMustPickCategory(
  mustPickTypeId: number | null | undefined,
  lines: ReadonlyArray<Pick<CartLine, 'typeid' | 'quantity'>>,
  categoryName: string,
): RuleError | null {
  if (mustPickTypeId === null || mustPickTypeId === undefined || mustPickTypeId <= 0) return null;
  return lines.some((l) => l.typeid === mustPickTypeId && l.quantity > 0)
    ? null
    : ruleError(ErrorCode.mustPickCategory, { category: categoryName });
}

/** A stock row of stockQuery (C§7): the stock left of a product. */
export interface StockRow {
  product_id: number;
  stock_quantity: number;
}

/** A cart line the stock does not cover. */
export interface StockShortage {
  flag: string;
  productId: number;
  name: string;
  /** Units in the line. */
  quantity: number;
  /** Units the stock still covers (the line shrinks to this; 0 removes it). */
  available: number;
  /** quantity − available. */
  short: number;
}

/**
 * C§4/C§5 stock check before ordering: lines of products under sold-out tracking (needSoldOut, and a
 * stock row present) share their product's stock in cart order; lines past it are short. The error
 * (`insufficientInventory`) names the first short product, for the single "got it" dialog.
 */
export function checkStock(
  lines: ReadonlyArray<Pick<CartLine, 'id' | 'flag' | 'name' | 'quantity' | 'needSoldOut'>>,
  stock: readonly StockRow[],
): { shortages: StockShortage[]; error: RuleError | null } {
  const left = new Map<number, number>(stock.map((r) => [r.product_id, Math.max(0, r.stock_quantity)]));
  const shortages: StockShortage[] = [];
  for (const line of lines) {
    if (line.needSoldOut === false || !left.has(line.id) || line.quantity <= 0) continue;
    const remaining = left.get(line.id)!;
    const available = Math.min(remaining, line.quantity);
    left.set(line.id, remaining - available);
    if (available < line.quantity) {
      shortages.push({
        flag: line.flag,
        productId: line.id,
        name: line.name,
        quantity: line.quantity,
        available,
        short: line.quantity - available,
      });
    }
  }
  const error = shortages.length > 0 ? ruleError(ErrorCode.insufficientInventory, { product: shortages[0].name }) : null;
  return { shortages, error };
}

/**
 * C§5 / P§5: a product coupon covers one product line of one unit, and only one such coupon may be in
 * the cart: adding another gives `couponAlreadySelected`, a second unit `couponOneProductOnly`.
 */
export function checkProductCouponLine(
  lines: ReadonlyArray<Pick<CartLine, 'couponInfo' | 'quantity'>>,
  adding: { couponId: number; quantity: number },
): RuleError | null {
  if (lines.some((l) => l.couponInfo && l.couponInfo.couponId !== adding.couponId)) {
    return ruleError(ErrorCode.couponAlreadySelected);
  }
  return adding.quantity > 1 ? ruleError(ErrorCode.couponOneProductOnly) : null;
}

/**
 * ORDER-1/2 minimum amount (minSellStartAmount): takeaway must reach it; self pickup only when the
 * shop sets minSellAmountSupportSelfCollection. `belowMinimumAmount` carries the minimum.
 */
export function checkMinimumAmount(
  amount: AmountLike,
  shop: Pick<ShopSettings, 'minSellStartAmount' | 'minSellAmountSupportSelfCollection'>,
  orderType: OrderType,
): RuleError | null {
  const min = shop.minSellStartAmount ?? 0;
  const applies =
    orderType === OrderType.takeaway || (orderType === OrderType.selfPickup && shop.minSellAmountSupportSelfCollection === true);
  return applies && min > 0 && lt(amount, min) ? ruleError(ErrorCode.belowMinimumAmount, { amount: min }) : null;
}
