/**
 * Fees (PRICE-3, C§9): delivery by distance tiers (distance ≤ 0 or unknown uses the first tier; beyond
 * the last tier or deliveryDistance is out of range), free delivery from freeDeliveryMinAmount, the
 * overseas flat fee deliverAmount1; packaging per unit by scene; dishware per unit; service fee as a
 * percent of (original minus discounts) for the order-type codes of otherSetting.
 */
import * as moneyFns from './money';
import type { Amount } from './money';
import { OrderType, ServiceChargeOrderType } from './enums';
import type { OrderType as OrderTypeT } from './enums';
import type { DeliverAmountTier } from './types';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

export interface DeliveryFeeInput {
  tiers: readonly DeliverAmountTier[];
  /** km; null = unknown. */
  distance: number | null;
  abroad: boolean;
  flatFee: number;
  /** Shop's maximum delivery distance (0 = none). */
  maxDistance: number;
  isFreeDeliveryFee: boolean;
  freeDeliveryMinAmount: number;
  /** Goods after discounts. */
  goods: Amount;
}

export function deliveryFee(i: DeliveryFeeInput): { fee: Amount; outOfRange: boolean } {
  const d = i.distance ?? 0;
  const outOfRange = !i.abroad && i.maxDistance > 0 && d > i.maxDistance;
  let fee: Amount;
  let beyondTiers = false;
  if (i.abroad) fee = money.of(i.flatFee);
  else {
    const tiers = [...i.tiers].sort((a, b) => a.distance - b.distance);
    if (tiers.length === 0) fee = money.ZERO;
    else if (d <= 0) fee = money.of(tiers[0].amount);
    else {
      const t = tiers.find((x) => d <= x.distance);
      if (t) fee = money.of(t.amount);
      else {
        beyondTiers = true;
        fee = money.ZERO;
      }
    }
  }
  if (i.isFreeDeliveryFee && money.gte(i.goods, i.freeDeliveryMinAmount)) fee = money.ZERO;
  return { fee, outOfRange: outOfRange || beyondTiers };
}

/** Units × fee per unit. */
export const perUnitFee = (units: number, fee: number): Amount => (fee > 0 && units > 0 ? money.mul(fee, units) : money.ZERO);

/** C§3 service-charge order-type code of an order: 86009 dine, 86010 dine packed, 86008 open table, else 86004. */
export function serviceChargeCode(orderType: OrderTypeT, packed: boolean): number {
  if (orderType === OrderType.dine) return packed ? ServiceChargeOrderType.dinePack : ServiceChargeOrderType.dine;
  if (orderType === OrderType.openTable) return ServiceChargeOrderType.openTable;
  return ServiceChargeOrderType.default;
}

/** Service fee: `pct` % of `base` when enabled for the code (an empty code list means every order type). */
export function serviceFee(base: Amount, pct: number, enabled: boolean, codes: readonly number[], code: number, decimals: number): Amount {
  if (!enabled || pct <= 0) return money.ZERO;
  if (codes.length > 0 && !codes.includes(code)) return money.ZERO;
  return money.round(money.percent(money.clampZero(base), pct), decimals);
}
