/**
 * P§3 secondDiscount (11). P§9: "half of the quantity (rounded down) of the cheapest units gets the
 * discount percentage" — the units are those of every product the activity covers, pooled (the rule
 * names no product; docs/decisions.md): the cheapest floor(units / 2) of them are discounted at
 * `discount` (percent payable). `limit` caps the discounted units of the pool as a whole.
 */
import * as moneyFns from '../money';
import { ActivityType } from '../enums';
import type { LineState } from '../pricing/state';
import type { PromotionKind } from './kind';
import { proposeUnits, scopedLines } from './helpers';
import { capOf } from './scope';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

const unitsOf = (lines: readonly LineState[]): number => lines.reduce((n, l) => n + l.line.quantity, 0);

export const secondDiscount: PromotionKind = {
  type: ActivityType.secondDiscount,
  name: 'secondDiscount',
  stage: 'priceRule',
  applies: ({ state, activity }) => {
    if (activity.discount == null || activity.discount >= 100) return 'noRule';
    return unitsOf(scopedLines(state, activity)) >= 2 ? true : 'thresholdNotMet';
  },
  apply: ({ state, activity }) => {
    const pct = activity.discount ?? 100;
    const pool = scopedLines(state, activity);
    let n = Math.min(Math.floor(unitsOf(pool) / 2), capOf(activity.limit));
    // cheapest units first; equal prices in line-flag order so the result never depends on cart order
    const cheapestFirst = [...pool].sort((x, y) => x.line.unitPrice - y.line.unitPrice || (x.line.flag < y.line.flag ? -1 : 1));
    for (const l of cheapestFirst) {
      if (n <= 0) break;
      const units = Math.min(n, l.line.quantity);
      proposeUnits(state, l, units, money.percent(l.line.unitPrice, pct), 'secondDiscount', activity.id, `second item ${pct}%`);
      n -= units;
    }
  },
};
