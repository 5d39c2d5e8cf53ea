/**
 * P§3 buyNGetN (12). P§9: free quantity = cyclic ? floor(q / (buy + free)) × free : free, capped by
 * the remaining total (freeTotalQuantity − purchasedQuantity) and by q − buy. The free units are the
 * cheapest units of the product.
 */
import * as moneyFns from '../money';
import { ActivityType } from '../enums';
import type { Activity } from '../types';
import type { LineState } from '../pricing/state';
import type { PromotionKind } from './kind';
import { proposeUnits, scopedLines } from './helpers';
import { byProduct, capOf, entryFor } from './scope';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

/** Free units for `q` units bought under the activity (and its product entry). */
export function freeQuantity(a: Activity, q: number, entry?: { buyQuantity?: number; freeQuantity?: number; freeTotalQuantity?: number; purchasedQuantity?: number }): number {
  const buy = entry?.buyQuantity ?? a.quantity ?? 0;
  const free = entry?.freeQuantity ?? a.freeQuantity ?? 0;
  if (free <= 0 || buy < 0) return 0;
  const base = a.cyclicCalc ? Math.floor(q / (buy + free)) * free : free;
  const remainingTotal = capOf(entry?.freeTotalQuantity ?? a.freeTotalQuantity) - (entry?.purchasedQuantity ?? 0);
  return Math.max(0, Math.min(base, remainingTotal, q - buy));
}

const groupsOf = (lines: LineState[], a: Activity) => {
  const out: Array<{ lines: LineState[]; free: number }> = [];
  for (const g of byProduct(lines).values()) {
    const q = g.reduce((n, l) => n + l.line.quantity, 0);
    out.push({ lines: g, free: freeQuantity(a, q, entryFor(a.productList, g[0])) });
  }
  return out;
};

export const buyNGetN: PromotionKind = {
  type: ActivityType.buyNGetN,
  name: 'buyNGetN',
  stage: 'priceRule',
  applies: ({ state, activity }) => {
    const lines = scopedLines(state, activity);
    if (lines.length === 0) return 'noQualifyingProduct';
    return groupsOf(lines, activity).some((g) => g.free > 0) ? true : 'thresholdNotMet';
  },
  apply: ({ state, activity }) => {
    for (const g of groupsOf(scopedLines(state, activity), activity)) {
      let n = g.free;
      const cheapestFirst = [...g.lines].sort((x, y) => x.line.unitPrice - y.line.unitPrice || (x.line.flag < y.line.flag ? -1 : 1));
      for (const l of cheapestFirst) {
        if (n <= 0) break;
        const units = Math.min(n, l.line.quantity);
        proposeUnits(state, l, units, money.ZERO, 'buyNGetN', activity.id, `${units} free`);
        n -= units;
      }
    }
  },
};
