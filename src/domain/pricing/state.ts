/**
 * The engine's working state: one LineState per cart line, in a canonical order (by flag) so the
 * result does not depend on the order of the cart (PRICE-10). Decimal amounts stay exact here and
 * are rounded at named places only: line prices, each discount before it is spread, fees, taxes.
 */
import * as moneyFns from '../money';
import type { Amount } from '../money';
import type { Activity } from '../types';
import type {
  Adjustment,
  AdjustmentKind,
  CouponUsability,
  Gift,
  NotApplied,
  NotAppliedReason,
  Offer,
  PricingInput,
  PricingLine,
} from './types';
import type { ErrorCode } from '../errors';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

export interface LineState {
  line: PricingLine;
  /** Position in the input (output order). */
  index: number;
  /** unitPrice × quantity. */
  list: Amount;
  /** After the price rules. */
  price: Amount;
  /** A price rule (special/second-item/buy-N-get-N/member price…) set this line's price. */
  ruled: boolean;
  /** Order-level discounts spread on the line. */
  discount: Amount;
  /** price − discount, kept up to date by setPrice/spreadDiscount (hot path: read, never recompute). */
  cur: Amount;
  tax: Amount;
  taxAdded: Amount;
  adjustments: Adjustment[];
  /** Added from an accepted offer: takes no discount, counts toward no threshold. */
  fromOffer: boolean;
}

/** A price a price rule proposes for a whole line. */
export interface PriceCandidate {
  kind: AdjustmentKind;
  sourceId: number | null;
  /** New line amount (before rounding). */
  amount: Amount;
  reason: string;
}

export interface PricingState {
  input: PricingInput;
  dec: number;
  lines: LineState[];
  activities: Activity[];
  adjustments: Adjustment[];
  notApplied: NotApplied[];
  applied: number[];
  gifts: Gift[];
  offers: Offer[];
  candidates: Map<LineState, PriceCandidate[]>;
  coupons: CouponUsability[];
  selectedCouponId: number | null;
  errors: Array<{ code: ErrorCode; params?: Record<string, string | number> }>;
  /** Activities that are disabled or out of their dates/times (their coupons are invalid). */
  invalidActivityIds: Set<number>;
  /** Per-activity results computed by `applies` and reused by `apply` in the same stage. */
  memo: Map<Activity, unknown>;
  /** What the customer spends on goods, fixed once discounts are done (gift and offer thresholds). */
  spend: Amount | null;
  /** Points already taken by accepted pointRedeem offers. */
  pointsSpentOnOffers: number;
}

export const current = (l: LineState): Amount => l.cur;

/** Set the line's price after a price rule. */
export function setPrice(l: LineState, price: Amount): void {
  l.price = price;
  l.cur = price.minus(l.discount);
}

export function newLineState(line: PricingLine, index: number, fromOffer = false): LineState {
  const list = money.mul(line.unitPrice, line.quantity);
  return {
    line,
    index,
    list,
    price: list,
    ruled: false,
    discount: money.ZERO,
    cur: list,
    tax: money.ZERO,
    taxAdded: money.ZERO,
    adjustments: [],
    fromOffer,
  };
}

export function markApplied(state: PricingState, id: number): void {
  if (!state.applied.includes(id)) state.applied.push(id);
}

export function notApplied(
  state: PricingState,
  kind: 'activity' | 'coupon',
  a: { id: number; type: number },
  reason: NotApplied['reason'] | NotAppliedReason,
): void {
  state.notApplied.push({ kind, sourceId: a.id, type: a.type, reason });
}

export function addAdjustment(state: PricingState, adj: Adjustment, line?: LineState): void {
  state.adjustments.push(adj);
  if (line) line.adjustments.push(adj);
}

/** Lines that take discounts: joinDiscount ≠ 'N', not an offer line, quantity > 0. */
export const discountable = (l: LineState): boolean => l.line.joinDiscount && !l.fromOffer && l.line.quantity > 0;

/**
 * Take `total` off `lines` (an order-level discount): rounded to the shop's places, capped at what the
 * lines still cost, spread by their current amounts with the remainder placed so parts sum exactly.
 * Returns the amount actually taken.
 */
export function spreadDiscount(
  state: PricingState,
  lines: LineState[],
  total: Amount,
  kind: AdjustmentKind,
  sourceId: number | null,
  reason: string,
): Amount {
  if (lines.length === 1) return discountLine(state, lines[0], total, kind, sourceId, reason);
  const weights = lines.map(current);
  const base = lines.length === 1 ? weights[0] : money.sum(weights);
  let t = money.round(money.min(total, base), state.dec);
  if (money.gt(t, base)) t = money.roundDown(base, state.dec);
  if (!money.isPositive(t)) return money.ZERO;
  const parts = lines.length === 1 ? [t] : money.prorate(t, weights, state.dec);
  lines.forEach((l, i) => {
    const p = parts[i];
    if (money.isZero(p)) return;
    l.discount = l.discount.plus(p);
    l.cur = l.cur.minus(p);
    addAdjustment(state, { kind, sourceId, lineFlag: l.line.flag, amount: money.toNumber(money.neg(p)), reason }, l);
  });
  return t;
}

/** spreadDiscount for one line (the hot path of percent discounts). */
export function discountLine(
  state: PricingState,
  l: LineState,
  total: Amount,
  kind: AdjustmentKind,
  sourceId: number | null,
  reason: string,
): Amount {
  let t = money.round(total, state.dec);
  if (t.greaterThan(l.cur)) t = l.cur;
  if (!t.greaterThan(0)) return money.ZERO;
  l.discount = l.discount.plus(t);
  l.cur = l.cur.minus(t);
  addAdjustment(state, { kind, sourceId, lineFlag: l.line.flag, amount: -money.toNumber(t), reason }, l);
  return t;
}

/** Σ current amount of the lines. */
export const amountOf = (lines: LineState[]): Amount => {
  let acc = money.ZERO;
  for (let i = 0; i < lines.length; i++) acc = acc.plus(lines[i].cur);
  return acc;
};
/** Σ quantity of the lines. */
export const quantityOf = (lines: LineState[]): number => lines.reduce((n, l) => n + l.line.quantity, 0);
