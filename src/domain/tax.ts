/**
 * Taxes (PRICE-2, C§3 tax modes): per product TAX_OUT (percent added), TAX_IN (percent included),
 * FIXED_TAX_OUT (amount per unit added), FIXED_TAX_IN (amount per unit included); fee taxes
 * (deliverGst, dishwareGst, serviceFeeTax) are percents added to the fee.
 */
import * as moneyFns from './money';
import type { Amount } from './money';
import { TaxMode } from './enums';
import type { ProductTax } from './types';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

export interface LineTax {
  /** Taxes inside the price. */
  included: Amount;
  /** Taxes added on top. */
  added: Amount;
  byTax: Array<{ taxID: number; taxType: TaxMode; amount: Amount }>;
}

/**
 * Taxes of one line whose goods cost `amount` for `quantity` units. Included percents are taken
 * from the net: net = (amount − fixed included) / (1 + Σ included % / 100); each percent tax is
 * net × rate. Each tax is rounded to `decimals`.
 */
export function lineTax(amount: Amount, quantity: number, rows: readonly ProductTax[], decimals: number): LineTax {
  const out: LineTax = { included: money.ZERO, added: money.ZERO, byTax: [] };
  if (rows.length === 0) return out;
  // C§9 tax types: "percentage in" is the default when a row names none
  const taxes = rows.map((t) => (t.taxType === undefined ? { ...t, taxType: TaxMode.TAX_IN } : t)) as Array<ProductTax & { taxType: TaxMode }>;
  let fixedIn = money.ZERO;
  let pctIn = money.ZERO;
  for (const t of taxes) {
    if (t.taxType === TaxMode.FIXED_TAX_IN) fixedIn = fixedIn.plus(money.mul(t.taxValue, quantity));
    if (t.taxType === TaxMode.TAX_IN) pctIn = pctIn.plus(money.of(t.taxValue));
  }
  const net = pctIn.isZero()
    ? money.clampZero(fixedIn.isZero() ? amount : money.sub(amount, fixedIn))
    : money.div(money.clampZero(money.sub(amount, fixedIn)), money.add(1, money.div(pctIn, 100)));
  for (const t of taxes) {
    let v: Amount;
    switch (t.taxType) {
      case TaxMode.TAX_OUT:
      case TaxMode.TAX_IN:
        v = money.round(money.percent(net, t.taxValue), decimals);
        break;
      case TaxMode.FIXED_TAX_OUT:
      case TaxMode.FIXED_TAX_IN:
        v = money.round(money.mul(t.taxValue, quantity), decimals);
        break;
      default:
        continue;
    }
    if (t.taxType === TaxMode.TAX_OUT || t.taxType === TaxMode.FIXED_TAX_OUT) out.added = out.added.plus(v);
    else out.included = out.included.plus(v);
    out.byTax.push({ taxID: t.taxID, taxType: t.taxType, amount: v });
  }
  return out;
}

/** A fee's tax: `pct` percent of the fee, rounded. */
export const feeTax = (fee: Amount, pct: number, decimals: number): Amount =>
  pct > 0 ? money.round(money.percent(fee, pct), decimals) : money.ZERO;
