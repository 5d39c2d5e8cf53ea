/** Shared pieces of the activity kinds. */
import * as moneyFns from '../money';
import type { Amount } from '../money';
import type { Activity, ActivityProduct, FullLessTier } from '../types';
import type { AdjustmentKind } from '../pricing/types';
import { amountOf, current, discountable, type LineState, type PricingState } from '../pricing/state';
import { entryFor, inScope } from './scope';
import { checkSpecialPriceLimit } from '../validation';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

/** The gears of a full reduction: gears, else reductionList, else one gear minAmount/reductionAmount. */
export function gearsOf(a: Activity): FullLessTier[] {
  const g = a.gears && a.gears.length > 0 ? a.gears : a.reductionList && a.reductionList.length > 0 ? a.reductionList : [];
  if (g.length > 0) return [...g].sort((x, y) => x.full - y.full);
  if (a.minAmount != null && a.reductionAmount != null) return [{ full: a.minAmount, less: a.reductionAmount }];
  return [];
}

/**
 * P§3 full reduction: the highest gear whose `full` the base reaches; with cyclicCalc that gear's
 * `less` is given once per whole `full` in the base. Null when no gear is reached.
 */
export function reductionFor(base: Amount, gears: FullLessTier[], cyclic: boolean): { gear: FullLessTier; amount: Amount } | null {
  let hit: FullLessTier | null = null;
  for (const g of gears) if (g.full >= 0 && money.gte(base, g.full)) hit = g;
  if (!hit) return null;
  if (cyclic && hit.full > 0) {
    const times = money.floor(money.div(base, hit.full));
    return { gear: hit, amount: money.mul(times, hit.less) };
  }
  return { gear: hit, amount: money.of(hit.less) };
}

/**
 * The full reduction an activity earns on its lines, computed once per stage (applies and apply
 * both ask for it; nothing changes the lines in between).
 */
export function fullReductionOf(state: PricingState, a: Activity): { lines: LineState[]; r: ReturnType<typeof reductionFor> } {
  const hit = state.memo.get(a) as { lines: LineState[]; r: ReturnType<typeof reductionFor> } | undefined;
  if (hit) return hit;
  const lines = scopedLines(state, a);
  const out = { lines, r: reductionFor(amountOf(lines), gearsOf(a), !!a.cyclicCalc) };
  state.memo.set(a, out);
  return out;
}

/** Discountable lines covered by the activity. */
export const scopedLines = (state: PricingState, a: Activity, useProductList = true): LineState[] =>
  state.lines.filter((l) => discountable(l) && inScope(a, l, useProductList));

/** Unit price of a line at a special base price: the special price plus what tastes/meal sets add. */
export function specialUnit(l: LineState, e: ActivityProduct | undefined, a: Activity): Amount | null {
  const unit = money.of(l.line.unitPrice);
  if (e && e.discountPrice != null) {
    const extras = money.sub(l.line.unitPrice, l.line.basePrice);
    return money.clampZero(money.add(extras, e.discountPrice));
  }
  if (a.discount != null && a.discount < 100) return money.percent(unit, a.discount);
  return null;
}

/** Propose a special price for up to `units` units of the line. */
export function proposeUnits(
  state: PricingState,
  l: LineState,
  units: number,
  special: Amount,
  kind: AdjustmentKind,
  sourceId: number | null,
  reason: string,
): boolean {
  const unit = money.of(l.line.unitPrice);
  if (units <= 0 || money.gte(special, unit)) return false;
  const off = money.mul(money.sub(unit, special), units);
  const amount = money.round(money.sub(l.list, off), state.dec);
  const list = state.candidates.get(l) ?? [];
  list.push({ kind, sourceId, amount, reason });
  state.candidates.set(l, list);
  return true;
}

/** productList special prices with per-entry limits and purchased quantity (productSpecPrice, code price). */
export function applySpecialPrices(state: PricingState, a: Activity, kind: AdjustmentKind, reason: string): void {
  const remaining = new Map<ActivityProduct, number>();
  for (const l of state.lines) {
    if (!discountable(l)) continue;
    const e = entryFor(a.productList, l);
    if (!e) continue;
    if (!inScope({ typeIds: a.typeIds }, l)) continue;
    const cap = e.quantity && e.quantity > 0 ? e.quantity : a.limit && a.limit > 0 ? a.limit : 99999;
    const left = remaining.get(e) ?? Math.max(0, cap - (e.purchasedQuantity ?? 0));
    const units = Math.min(l.line.quantity, left);
    const special = specialUnit(l, e, a);
    // C§5: units beyond the special-price limit cost the list price, and the customer is told so
    const over = special ? checkSpecialPriceLimit(l.line.name, cap - left + l.line.quantity, cap) : null;
    if (over && !state.notices.some((n) => n.code === over.code && n.params?.product === l.line.name)) state.notices.push(over);
    if (special && proposeUnits(state, l, units, special, kind, a.id, reason)) remaining.set(e, left - units);
    else remaining.set(e, left);
  }
}

/** Whether any discountable line is in the activity's product list. */
export function anyInList(state: PricingState, a: Activity): boolean {
  return state.lines.some((l) => discountable(l) && entryFor(a.productList, l) !== undefined);
}

/** What the customer spends on goods so far (thresholds of gifts and offers). */
export const spendOf = (state: PricingState): Amount =>
  state.spend ?? money.sum(state.lines.filter((l) => !l.fromOffer).map(current));
