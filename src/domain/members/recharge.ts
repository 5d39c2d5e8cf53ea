/**
 * Member top-up rules (MEMBER-4, P§7 vip/payRules): which pay rules a card may use (first-charge rules
 * only while it was never charged), the gift a typed amount earns, whether a typed amount may be paid,
 * and the pay types a top-up may use on a platform. The server fixes the figures of a top-up with these
 * functions and the recharge screen previews them with the same ones.
 */
import * as moneyFns from '../money';
import type { AmountLike } from '../money';
import { ErrorCode, type RuleError, ruleError } from '../errors';
import { PayType } from '../enums';

const money = { ...moneyFns };

/** A top-up rule (P§7 vip/payRules): charge `chargeAmount`, receive `presentAmount` as gift amount. */
export interface RechargeRule {
  id: number;
  chargeAmount: number;
  presentAmount: number;
  /** Only for a card's first top-up (`is_first`). */
  isFirst: boolean;
}

/** The smallest amount a member may type (one currency unit). */
export const RECHARGE_MIN_AMOUNT = 1;

/**
 * The rules that apply to a card: regular rules always, first-charge rules only while the card has
 * never been charged (`firstCharge`). `isFirst` (the app's `is_first`) narrows to one kind.
 */
export function applicableRechargeRules<R extends RechargeRule>(
  rules: readonly R[],
  firstCharge: boolean,
  isFirst?: boolean,
): R[] {
  return rules.filter((r) => {
    if (r.isFirst && !firstCharge) return false;
    if (isFirst === true) return r.isFirst;
    if (isFirst === false) return !r.isFirst;
    return true;
  });
}

/** The order the recharge screen lists rules in: first-charge rules first, then by charge amount. */
export function sortRechargeRules<R extends RechargeRule>(rules: readonly R[]): R[] {
  return [...rules].sort((a, b) => Number(b.isFirst) - Number(a.isFirst) || money.compare(a.chargeAmount, b.chargeAmount));
}

/**
 * The gift a typed amount earns: the present of the largest applicable rule it reaches (first-charge
 * rules count while the card was never charged); ties on the charge go to the larger present.
 */
export function presentForAmount<R extends RechargeRule>(
  rules: readonly R[],
  firstCharge: boolean,
  amount: AmountLike,
): { rule: R | null; present: number } {
  let best: R | null = null;
  for (const r of applicableRechargeRules(rules, firstCharge)) {
    if (money.lt(amount, r.chargeAmount)) continue;
    if (
      !best ||
      money.gt(r.chargeAmount, best.chargeAmount) ||
      (money.eq(r.chargeAmount, best.chargeAmount) && money.gt(r.presentAmount, best.presentAmount))
    )
      best = r;
  }
  return { rule: best, present: best ? best.presentAmount : 0 };
}

/** Decimal places of a typed amount ("12.50" has 2). */
function placesOf(text: string): number {
  return (text.split('.')[1] ?? '').length;
}

/**
 * A typed top-up amount as a number, or why it cannot be paid: not a positive number → paymentAmountZero;
 * more places than the shop's `numberDecimals` or below the minimum → amountError (the server's refusal).
 */
export function parseRechargeAmount(
  typed: string | number,
  decimals: number,
  minAmount: number = RECHARGE_MIN_AMOUNT,
): { ok: true; amount: number } | { ok: false; error: RuleError } {
  const text = typeof typed === 'number' ? String(typed) : typed.trim();
  if (!/^\d+(\.\d+)?$/.test(text) || money.isZero(text)) return { ok: false, error: ruleError(ErrorCode.paymentAmountZero) };
  if (placesOf(text) > decimals || money.lt(text, minAmount)) return { ok: false, error: ruleError(ErrorCode.amountError) };
  return { ok: true, amount: money.toNumber(text) };
}

/**
 * The pay types a top-up may use on a platform, in the shop's order (store/vipChargePaySetting): never
 * cash or the card itself (a top-up adds to the card), and each host wallet only inside its own host.
 */
export function rechargePayTypes(enabled: readonly PayType[], platform: 'weapp' | 'alipay' | 'h5'): PayType[] {
  return enabled.filter((t) => {
    if (t === PayType.cash || t === PayType.vip) return false;
    if (t === PayType.weixin) return platform === 'weapp';
    if (t === PayType.alipay) return platform === 'alipay';
    return true;
  });
}
