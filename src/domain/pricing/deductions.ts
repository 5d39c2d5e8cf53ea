/**
 * Points deduction and gift balance (PRICE-8, P§9).
 * Points: pointDeductionRate points make one currency unit. The points usable are limited by the
 * member's points (less those spent on pointRedeem offers), by the total × rate, and by the max rule:
 * pointDeductionRule 1 caps the deducted amount at pointDeductionMaxLimit, otherwise at
 * pointDeductionMaxLimit % of the total (a missing or zero limit means no cap).
 * Gift balance: the rule with the highest minAmount the order reaches gives a fixed amount (type 1)
 * or a percent of the order (type 2), never more than the member's gift amount.
 */
import * as moneyFns from '../money';
import type { Amount } from '../money';
import type { PricingState } from './state';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

export function pointsDeduction(state: PricingState, total: Amount): { used: number; amount: Amount; max: number } {
  const none = { used: 0, amount: money.ZERO, max: 0 };
  const m = state.input.member;
  if (!m || !m.setting.isPointDeductionOpen || m.setting.isPointOpen === false) return none;
  const rate = m.setting.pointDeductionRate && m.setting.pointDeductionRate > 0 ? m.setting.pointDeductionRate : 100;
  const limit = m.setting.pointDeductionMaxLimit ?? 0;
  let capAmount = money.clampZero(total);
  if (limit > 0) {
    capAmount = money.min(capAmount, m.setting.pointDeductionRule === 1 ? money.of(limit) : money.percent(total, limit));
  }
  const available = Math.max(0, Math.floor(m.info.points - state.pointsSpentOnOffers));
  const max = Math.min(available, money.toInt(money.floor(money.mul(capAmount, rate))));
  if (!state.input.usePoints || max <= 0) return { ...none, max: Math.max(0, max) };
  const wanted = state.input.pointsToUse === null ? max : Math.max(0, Math.min(Math.floor(state.input.pointsToUse), max));
  const amount = money.roundDown(money.div(wanted, rate), state.dec);
  // Spend only the points the deducted amount needs.
  const used = money.toInt(money.of(amount.times(rate)).ceil());
  return { used: Math.min(used, wanted), amount, max };
}

export function giftDeduction(state: PricingState, base: Amount): Amount {
  const m = state.input.member;
  if (!m || !state.input.useGiftAmount || !(m.info.giftAmount > 0) || !money.isPositive(base)) return money.ZERO;
  let rule = null as (typeof state.input.giftAmountRules)[number] | null;
  for (const r of state.input.giftAmountRules) {
    if (money.gte(base, r.minAmount) && (!rule || r.minAmount > rule.minAmount)) rule = r;
  }
  if (!rule) return money.ZERO;
  const allowed = rule.type === 2 ? money.roundDown(money.percent(base, rule.percent ?? 0), state.dec) : money.of(rule.amount ?? 0);
  return money.clampZero(money.min(money.min(allowed, m.info.giftAmount), base));
}
