/**
 * Exact decimal money (PRICE-1). The ONLY importer of decimal.js (docs/architecture.md §8 Money): every other
 * file works with the opaque `Amount` through these functions. Wire amounts are numbers; `of(n)`
 * reads a number through its shortest string, so 12.35 stays 12.35.
 *
 * Callers bind these functions once (`const money = { ...moneyFns }`): where modules run as
 * CommonJS (tsx, jest), every access through an imported namespace is a getter call, which
 * tripled the time of bench/pricing.ts.
 */
import Decimal from 'decimal.js';

const D = Decimal.clone({ precision: 28, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 30 });

/** An exact decimal amount. */
export type Amount = InstanceType<typeof D>;
export type AmountLike = Amount | number | string;

export const ZERO: Amount = new D(0);
export const ONE: Amount = new D(1);
const HUNDRED = new D(100);
const FIVE_CENTS = new D('0.05');

/** Parse a wire number (or decimal string) exactly. Non-finite input is rejected. */
export function of(n: AmountLike): Amount {
  if (typeof n === 'number') {
    // Decimals are immutable: wire numbers repeat (prices, rates), so parse each once.
    let d = parsed.get(n);
    if (d === undefined) {
      if (!Number.isFinite(n)) throw new RangeError(`money.of: not a finite number: ${n}`);
      d = new D(Object.is(n, -0) ? '0' : String(n));
      if (parsed.size >= 20000) parsed.clear();
      parsed.set(n, d);
    }
    return d;
  }
  if (typeof n === 'string') return new D(n);
  return n;
}
const parsed = new Map<number, Amount>();

export const add = (a: AmountLike, b: AmountLike): Amount => of(a).plus(of(b));
export const sub = (a: AmountLike, b: AmountLike): Amount => of(a).minus(of(b));
export const mul = (a: AmountLike, b: AmountLike): Amount => of(a).times(of(b));
/** a ÷ b; b must not be zero. */
export const div = (a: AmountLike, b: AmountLike): Amount => of(a).dividedBy(of(b));
export const neg = (a: AmountLike): Amount => of(a).negated();
/** `pct` percent of a (P§9: a discount percent is divided by 100). */
export const percent = (a: AmountLike, pct: AmountLike): Amount => {
  if (typeof pct !== 'number') return of(a).times(of(pct)).dividedBy(HUNDRED);
  let rate = rates.get(pct);
  if (rate === undefined) {
    rate = of(pct).dividedBy(HUNDRED);
    if (rates.size >= 1000) rates.clear();
    rates.set(pct, rate);
  }
  return of(a).times(rate);
};
const rates = new Map<number, Amount>();
export const sum = (xs: readonly AmountLike[]): Amount => {
  let acc = ZERO;
  for (let i = 0; i < xs.length; i++) acc = acc.plus(of(xs[i]));
  return acc;
};
export const compare = (a: AmountLike, b: AmountLike): -1 | 0 | 1 => of(a).comparedTo(of(b)) as -1 | 0 | 1;
export const eq = (a: AmountLike, b: AmountLike): boolean => of(a).equals(of(b));
export const gt = (a: AmountLike, b: AmountLike): boolean => of(a).greaterThan(of(b));
export const gte = (a: AmountLike, b: AmountLike): boolean => of(a).greaterThanOrEqualTo(of(b));
export const lt = (a: AmountLike, b: AmountLike): boolean => of(a).lessThan(of(b));
export const lte = (a: AmountLike, b: AmountLike): boolean => of(a).lessThanOrEqualTo(of(b));
export const isZero = (a: AmountLike): boolean => of(a).isZero();
export const isNegative = (a: AmountLike): boolean => of(a).isNegative() && !of(a).isZero();
export const isPositive = (a: AmountLike): boolean => of(a).greaterThan(0);
export const min = (a: AmountLike, b: AmountLike): Amount => (lte(a, b) ? of(a) : of(b));
export const max = (a: AmountLike, b: AmountLike): Amount => (gte(a, b) ? of(a) : of(b));
/** a, but never below zero. */
export const clampZero = (a: AmountLike): Amount => max(a, ZERO);
/** Largest integer ≤ a. */
export const floor = (a: AmountLike): Amount => of(a).floor();

/** Round half-up (away from zero) to `decimals` places: the shop's numberDecimals. */
export const round = (a: AmountLike, decimals: number): Amount => {
  const x = of(a);
  return x.decimalPlaces() <= decimals ? x : x.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
};
/** Round toward zero to `decimals` places (deductions that must not exceed a cap). */
export const roundDown = (a: AmountLike, decimals: number): Amount =>
  of(a).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
/** Round away from zero to `decimals` places. */
export const roundUp = (a: AmountLike, decimals: number): Amount => of(a).toDecimalPlaces(decimals, Decimal.ROUND_UP);

/**
 * C§9 isRounding05: the nearest 0.05 (half-up), keeping the signed rounding amount
 * (`value = a + rounding`).
 */
export function round05(a: AmountLike): { value: Amount; rounding: Amount } {
  const x = of(a);
  const value = x.dividedBy(FIVE_CENTS).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(FIVE_CENTS);
  return { value, rounding: value.minus(x) };
}

/**
 * Spread `total` over `weights` at `decimals` places so the parts add up to `total` exactly
 * (largest remainder; ties go to the earlier weight). Zero weights get nothing unless every weight
 * is zero, when the parts are equal shares. `total` must itself have at most `decimals` places.
 */
export function prorate(total: AmountLike, weights: readonly AmountLike[], decimals: number): Amount[] {
  const n = weights.length;
  if (n === 0) return [];
  const t = of(total);
  if (t.isNegative()) return prorate(t.negated(), weights, decimals).map((p) => p.negated());
  const fast = prorateInt(t, weights, decimals);
  if (fast) return fast;
  const unit = new D(1).dividedBy(new D(10).pow(decimals));
  let ws = weights.map((w) => clampZero(w));
  let wTotal = sum(ws);
  if (wTotal.isZero()) {
    ws = weights.map(() => ONE);
    wTotal = new D(n);
  }
  const parts: Amount[] = new Array(n);
  const rema: Array<{ i: number; r: Amount }> = [];
  let allocated = ZERO;
  for (let i = 0; i < n; i++) {
    const exact = t.times(ws[i]).dividedBy(wTotal);
    const p = exact.toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
    parts[i] = p;
    allocated = allocated.plus(p);
    rema.push({ i, r: exact.minus(p) });
  }
  let left = t.minus(allocated).dividedBy(unit).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  rema.sort((x, y) => y.r.comparedTo(x.r) || x.i - y.i);
  for (let k = 0; left > 0 && n > 0; k = (k + 1) % n, left--) {
    const i = rema[k].i;
    parts[i] = parts[i].plus(unit);
  }
  return parts;
}

/**
 * prorate in exact integer minor units when every figure has at most `decimals` places and every
 * product stays below 2^53 (the usual case: a discount spread over line amounts); null otherwise.
 */
function prorateInt(t: Amount, weights: readonly AmountLike[], decimals: number): Amount[] | null {
  const scale = 10 ** decimals;
  if (t.decimalPlaces() > decimals) return null;
  const tN = Math.round(t.toNumber() * scale);
  const wN: number[] = new Array(weights.length);
  let W = 0;
  let wMax = 0;
  for (let i = 0; i < weights.length; i++) {
    const w = of(weights[i]);
    if (w.decimalPlaces() > decimals) return null;
    const v = w.isNegative() ? 0 : Math.round(w.toNumber() * scale);
    wN[i] = v;
    W += v;
    if (v > wMax) wMax = v;
  }
  if (W === 0 || !Number.isSafeInteger(W) || !Number.isSafeInteger(tN * wMax) || !Number.isSafeInteger(tN * W)) return null;
  return prorateUnits(tN, wN).map((x) => of(x / scale));
}

/**
 * prorate on integers: spread `total` (≥ 0) over non-negative integer weights so the integer parts
 * sum to it exactly (largest remainder, ties to the earlier weight; all-zero weights share equally).
 * Callers keep total × weight below 2^53.
 */
export function prorateUnits(total: number, weights: readonly number[]): number[] {
  const n = weights.length;
  if (n === 0) return [];
  let W = 0;
  for (let i = 0; i < n; i++) W += weights[i] > 0 ? weights[i] : 0;
  const w = W === 0 ? weights.map(() => 1) : weights.map((x) => (x > 0 ? x : 0));
  if (W === 0) W = n;
  const q: number[] = new Array(n);
  const r: number[] = new Array(n);
  let left = total;
  for (let i = 0; i < n; i++) {
    const num = total * w[i];
    let qi = Math.floor(num / W);
    let ri = num - qi * W;
    if (ri < 0) {
      qi -= 1;
      ri += W;
    } else if (ri >= W) {
      qi += 1;
      ri -= W;
    }
    q[i] = qi;
    r[i] = ri;
    left -= qi;
  }
  if (left > 0) {
    const order = w.map((_, i) => i).sort((a, b) => r[b] - r[a] || a - b);
    for (let k = 0; left > 0; k = (k + 1) % n, left--) q[order[k]] += 1;
  }
  return q;
}

/** The wire form: a JSON number (round first where a place count matters). */
export const toNumber = (a: AmountLike): number => {
  const x = of(a);
  if (x.isZero()) return 0;
  const v = x.toNumber();
  return Object.is(v, -0) ? 0 : v;
};

/** Round to `decimals` places and return the wire number. */
export const toWire = (a: AmountLike, decimals: number): number => {
  const x = of(a);
  return toNumber(x.decimalPlaces() <= decimals ? x : round(x, decimals));
};

/** Integer view of an Amount (quantities, points). */
export const toInt = (a: AmountLike): number => of(a).trunc().toNumber();
