/**
 * P§3 secondDiscount (11). P§9: half of the quantity (rounded down) of a product — its cheapest
 * units — gets the discount percentage (`discount`, percent payable), capped by `limit`.
 */
import * as moneyFns from '../money';
import { ActivityType } from '../enums';
import type { LineState } from '../pricing/state';
import type { PromotionKind } from './kind';
import { proposeUnits, scopedLines } from './helpers';
import { byProduct, capOf } from './scope';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

export const secondDiscount: PromotionKind = {
  type: ActivityType.secondDiscount,
  name: 'secondDiscount',
  stage: 'priceRule',
  applies: ({ state, activity }) => {
    if (activity.discount == null || activity.discount >= 100) return 'noRule';
    const groups = byProduct(scopedLines(state, activity));
    for (const g of groups.values()) if (g.reduce((n, l) => n + l.line.quantity, 0) >= 2) return true;
    return 'thresholdNotMet';
  },
  apply: ({ state, activity }) => {
    const pct = activity.discount ?? 100;
    for (const group of byProduct(scopedLines(state, activity)).values()) {
      const qty = group.reduce((n, l) => n + l.line.quantity, 0);
      let n = Math.min(Math.floor(qty / 2), capOf(activity.limit));
      const cheapestFirst: LineState[] = [...group].sort((x, y) => x.line.unitPrice - y.line.unitPrice || (x.line.flag < y.line.flag ? -1 : 1));
      for (const l of cheapestFirst) {
        if (n <= 0) break;
        const units = Math.min(n, l.line.quantity);
        proposeUnits(state, l, units, money.percent(l.line.unitPrice, pct), 'secondDiscount', activity.id, `second item ${pct}%`);
        n -= units;
      }
    }
  },
};
