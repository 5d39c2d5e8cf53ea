/** Which cart lines an activity or coupon covers (typeIds, productIds, productList). */
import type { ActivityProduct } from '../types';
import type { LineState } from '../pricing/state';

interface Scoped {
  typeIds?: number[];
  productIds?: number[];
  productList?: ActivityProduct[];
}

/** The productList entry for the line (a spec-specific entry wins over a product-wide one). */
export function entryFor(list: ActivityProduct[] | undefined, l: LineState): ActivityProduct | undefined {
  if (!list || list.length === 0) return undefined;
  let hit: ActivityProduct | undefined;
  for (const e of list) {
    if (e.id !== l.line.productId) continue;
    if (e.specId != null && e.specId !== 0) {
      if (e.specId === l.line.specId) return e;
    } else if (!hit) hit = e;
  }
  return hit;
}

/** The line is covered: every non-empty list (categories, products, product list) contains it. */
export function inScope(s: Scoped, l: LineState, useProductList = true): boolean {
  if (s.typeIds && s.typeIds.length > 0 && !s.typeIds.includes(l.line.typeid)) return false;
  if (s.productIds && s.productIds.length > 0 && !s.productIds.includes(l.line.productId)) return false;
  if (useProductList && s.productList && s.productList.length > 0 && !entryFor(s.productList, l)) return false;
  return true;
}

/** Group lines by product id, keeping canonical order. */
export function byProduct(lines: LineState[]): Map<number, LineState[]> {
  const m = new Map<number, LineState[]>();
  for (const l of lines) {
    const g = m.get(l.line.productId);
    if (g) g.push(l);
    else m.set(l.line.productId, [l]);
  }
  return m;
}

/** The 99999 "unlimited" default of P§9 for a missing cap. */
export const capOf = (n: number | null | undefined): number => (n == null || n <= 0 ? 99999 : n);
