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
  /**
   * `cur` in integer minor units (× 10^numberDecimals): line amounts always have at most the shop's
   * places, so sums and spreads run on integers (see PricingState.intOk).
   */
  curU: number;
  /** 10^numberDecimals. */
  scale: number;
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
  /** What the customer is told without being stopped (C§5 special-price limit). */
  notices: Array<{ code: ErrorCode; params?: Record<string, string | number> }>;
  /** Activities that are disabled or out of their dates/times (their coupons are invalid). */
  invalidActivityIds: Set<number>;
  /** Every line amount fits exact integer minor units (false only for absurdly large orders). */
  intOk: boolean;
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
  l.curU = unitsOf(l.cur, l.scale);
}

/** An amount with at most log10(scale) places as integer minor units. */
const unitsOf = (a: Amount, scale: number): number => (a.isZero() ? 0 : Math.round(a.toNumber() * scale));

/** Below this many minor units integer sums of a few thousand lines stay exact. */
const SAFE_UNITS = 2 ** 40;

/** A line's state; its amount is rounded to `dec` places (the first named rounding place). */
export function newLineState(line: PricingLine, index: number, dec: number, fromOffer = false): LineState {
  const scale = 10 ** dec;
  const list = money.round(money.mul(line.unitPrice, line.quantity), dec);
  return {
    line,
    index,
    list,
    price: list,
    ruled: false,
    discount: money.ZERO,
    cur: list,
    curU: unitsOf(list, scale),
    scale,
    tax: money.ZERO,
    taxAdded: money.ZERO,
    adjustments: [],
    fromOffer,
  };
}

/** Whether the integer mirror of these lines is exact. */
export const unitsSafe = (lines: LineState[]): boolean => lines.every((l) => Math.abs(l.curU) < SAFE_UNITS);

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
  if (lines.length === 0) return money.ZERO;
  const base = amountOf(lines);
  let t = money.round(money.min(total, base), state.dec);
  if (money.gt(t, base)) t = money.roundDown(base, state.dec);
  if (!money.isPositive(t)) return money.ZERO;
  const scale = lines[0].scale;
  const tU = unitsOf(t, scale);
  // Integer spread when total × Σ weights stays exact (t ≤ base, so Σ weights ≤ base in units).
  if (state.intOk && Number.isSafeInteger(tU * unitsOf(base, scale))) {
    const parts = money.prorateUnits(tU, lines.map((l) => l.curU));
    for (let i = 0; i < lines.length; i++) {
      const pU = parts[i];
      if (pU === 0) continue;
      const l = lines[i];
      const p = money.of(pU / scale);
      l.discount = l.discount.plus(p);
      l.cur = l.cur.minus(p);
      l.curU -= pU;
      addAdjustment(state, { kind, sourceId, lineFlag: l.line.flag, amount: -pU / scale, reason }, l);
    }
    return t;
  }
  const parts = money.prorate(t, lines.map(current), state.dec);
  lines.forEach((l, i) => {
    const p = parts[i];
    if (money.isZero(p)) return;
    l.discount = l.discount.plus(p);
    l.cur = l.cur.minus(p);
    l.curU = unitsOf(l.cur, l.scale);
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
  const tU = unitsOf(t, l.scale);
  l.discount = l.discount.plus(t);
  l.cur = l.cur.minus(t);
  l.curU -= tU;
  addAdjustment(state, { kind, sourceId, lineFlag: l.line.flag, amount: -tU / l.scale, reason }, l);
  return t;
}

/** Σ current amount of the lines. */
export const amountOf = (lines: LineState[]): Amount => {
  if (lines.length === 0) return money.ZERO;
  if (lines.length === 1) return lines[0].cur;
  let u = 0;
  for (let i = 0; i < lines.length; i++) u += lines[i].curU;
  if (Math.abs(u) < Number.MAX_SAFE_INTEGER && lines.every((l) => l.scale === lines[0].scale) && unitsSafe(lines)) return money.of(u / lines[0].scale);
  let acc = money.ZERO;
  for (let i = 0; i < lines.length; i++) acc = acc.plus(lines[i].cur);
  return acc;
};
/** Σ quantity of the lines. */
export const quantityOf = (lines: LineState[]): number => lines.reduce((n, l) => n + l.line.quantity, 0);
