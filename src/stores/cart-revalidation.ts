/**
 * CART-2 revalidation of stored lines against the live menu (the cart store's `revalidate`): removed,
 * deleted, offline and sold-out products (and specs or options no longer on the menu) are dropped with
 * a notice; products out of sale time or restricted to other member levels stay, flagged; prices,
 * names and taxes are refreshed; `outdated` when a line comes from an older menu (MENU-5).
 */
import { productFields } from '../domain/cart';
import { ErrorCode, ruleError, type RuleError } from '../domain/errors';
import type { CartLine, CartMealsetItem, CartTaste, Product } from '../domain/types';
import type { MenuStore } from './menu';

/** What revalidation did to a stored line (CART-2). */
export interface CartNotice {
  flag: string;
  productId: number;
  name: string;
  /** removed: dropped from the cart; flagged: kept but cannot be ordered now; priceChanged: refreshed. */
  kind: 'removed' | 'flagged' | 'priceChanged';
  error: RuleError;
}

const definedOnly = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** The lines kept (refreshed), the notices, and whether a line came from an older menu. */
export function revalidateLines(
  lines: readonly CartLine[],
  menu: Pick<MenuStore, 'product' | 'productState' | 'complete' | 'loadedTypeIds' | 'requestedIds' | 'isLineOutdated' | 'version'>,
): { kept: CartLine[]; notices: CartNotice[]; outdated: boolean } {
  const notices: CartNotice[] = [];
  const kept: CartLine[] = [];
  let outdated = false;
  for (const line of lines) {
    if (line.couponInfo === undefined && line.quantity <= 0) continue;
    const product = menu.product(line.id);
    const notice = (kind: CartNotice['kind'], error: RuleError) =>
      notices.push({ flag: line.flag, productId: line.id, name: line.name, kind, error });
    if (!product) {
      // a chunked menu may simply not have loaded the category yet: keep the line as it is
      if (menu.complete || menu.loadedTypeIds.includes(line.typeid) || menu.requestedIds.has(line.id)) {
        notice('removed', ruleError(ErrorCode.productDeleted, { product: line.name }));
      } else kept.push(line);
      continue;
    }
    const state = menu.productState(product)!;
    const blocking =
      state.error !== null &&
      state.error.code !== ErrorCode.productNotInSaleTime &&
      state.error.code !== ErrorCode.memberLevelRestricted;
    if (blocking) {
      notice('removed', state.error!);
      continue;
    }
    if (menu.isLineOutdated(line)) outdated = true;
    const refreshed = refreshLine(line, product, menu.version);
    if (!refreshed) {
      notice('removed', ruleError(ErrorCode.newMenuUpdated));
      continue;
    }
    if (refreshed.price !== line.price || refreshed.memberPrice !== line.memberPrice) {
      notice('priceChanged', ruleError(ErrorCode.newMenuUpdated));
    }
    if (state.error) notice('flagged', state.error);
    kept.push(refreshed);
  }
  return { kept, notices, outdated };
}

/** A stored line with the menu's current prices and fields; null when its spec or options are gone. */
export function refreshLine(line: CartLine, product: Product, menuVersion: number | null): CartLine | null {
  let price = product.price;
  let memberPrice = product.memberPrice;
  let originalPrice = product.originalPrice;
  let specName = line.specName;
  if (line.specId !== undefined && line.specId !== null) {
    const spec = product.specs?.find((s) => s.id === line.specId);
    if (!spec) return null;
    price = spec.price;
    memberPrice = spec.memberPrice;
    originalPrice = spec.originalPrice ?? originalPrice;
    specName = spec.name;
  }
  const tastes: CartTaste[] = [];
  for (const t of line.tastes ?? []) {
    const option = product.tastes?.find((g) => g.id === t.typeId)?.options.find((o) => o.id === t.id);
    if (!option) return null;
    tastes.push(definedOnly({ ...t, name: option.name, price: option.price, optionType: option.optionType }));
  }
  const mealset: CartMealsetItem[] = [];
  for (const m of line.mealset ?? []) {
    const item = product.mealset?.find((g) => g.id === m.groupId)?.items.find((i) => i.id === m.id);
    if (!item) return null;
    mealset.push({ ...m, name: item.name, price: item.price });
  }
  return definedOnly<CartLine>({
    ...line,
    ...productFields(product),
    price,
    memberPrice,
    originalPrice,
    specName,
    tastes: line.tastes ? tastes : undefined,
    mealset: line.mealset ? mealset : undefined,
    version: menuVersion ?? line.version,
  });
}
