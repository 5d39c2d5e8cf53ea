/**
 * P§3 allDiscount (2). discountMode 2 (typed): each category of typeDiscountSet with a discount below
 * 100 takes its own percent; otherwise the whole scope takes `discount`. P§5: the amountLimit and
 * quantityLimit thresholds must both be met — in typed mode on the categories discounted below 100.
 * Lines already at a special price (a price rule) are not discounted again.
 */
import * as moneyFns from '../money';
import { ActivityType } from '../enums';
import type { Activity } from '../types';
import { amountOf, quantityOf, spreadDiscount, type LineState, type PricingState } from '../pricing/state';
import type { PromotionKind } from './kind';
import { scopedLines } from './helpers';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

const TYPED = 2;

function targets(state: PricingState, a: Activity): Array<{ lines: LineState[]; pct: number }> {
  const lines = scopedLines(state, a).filter((l) => !l.ruled);
  if (a.discountMode === TYPED) {
    return (a.typeDiscountSet ?? [])
      .filter((t) => t.discount < 100)
      .map((t) => ({ lines: lines.filter((l) => l.line.typeid === t.id), pct: t.discount }))
      .filter((t) => t.lines.length > 0);
  }
  if (a.discount == null || a.discount >= 100) return [];
  return lines.length > 0 ? [{ lines, pct: a.discount }] : [];
}

export const allDiscount: PromotionKind = {
  type: ActivityType.allDiscount,
  name: 'allDiscount',
  stage: 'categoryDiscount',
  applies: ({ state, activity }) => {
    const t = targets(state, activity);
    if (t.length === 0) return 'noQualifyingProduct';
    const all = t.flatMap((x) => x.lines);
    if (activity.amountLimit && money.lt(amountOf(all), activity.amountLimit)) return 'thresholdNotMet';
    if (activity.quantityLimit && quantityOf(all) < activity.quantityLimit) return 'thresholdNotMet';
    return true;
  },
  apply: ({ state, activity }) => {
    for (const t of targets(state, activity)) {
      for (const l of t.lines) {
        const off = money.sub(money.round(money.percent(l.cur, t.pct), state.dec), l.cur);
        spreadDiscount(state, [l], money.neg(off), 'allDiscount', activity.id, `${t.pct}%`);
      }
    }
  },
};
