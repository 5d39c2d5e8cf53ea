/**
 * Member rules (PRICE-7, P§5): the member discount applies only to members, on takeaway only when
 * isOpenDiscount is on, and with isOnlyCardPayForDiscount only when paying by member card.
 * discountMode 1 gives it through member prices (shown only when vip price display is on);
 * otherwise as the member's discount percent (productRebatePercent overrides it per product).
 * Shop rebates (discountSet by scene, else `rebate`) apply to everyone; a line takes the better of
 * the member percent and the shop rebate, never both.
 */
import * as moneyFns from '../money';
import { OrderType, PayType } from '../enums';
import type { PricingInput } from './types';
import { addAdjustment, discountable, setPrice, spreadDiscount, type PricingState } from './state';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

/** The member discount may apply to this order (member, open-discount on takeaway, card-pay rule). */
export function memberDiscountAllowed(input: PricingInput): boolean {
  const m = input.member;
  if (!m) return false;
  if (m.setting.isOnlyCardPayForDiscount && input.payType !== PayType.vip) return false;
  if (input.orderType === OrderType.takeaway && m.setting.isOpenDiscount !== true) return false;
  return true;
}

/**
 * P§5 isOnlyCardPayForDiscount: the member's discount (member prices in discountMode 1, else the
 * member percent) is withheld only because the chosen pay type is not the member card — with the
 * card it would apply to a line of this cart. The confirm page says so beside the pay types.
 */
export function memberDiscountNeedsCardPay(input: PricingInput): boolean {
  const m = input.member;
  if (!m || !m.setting.isOnlyCardPayForDiscount || input.payType === PayType.vip) return false;
  const byCard: PricingInput = { ...input, payType: PayType.vip };
  if (!memberDiscountAllowed(byCard)) return false;
  if (m.setting.discountMode === 1) {
    return memberPriceAllowed(byCard) && input.lines.some((l) => l.memberPrice !== null && l.quantity > 0 && l.memberPrice < l.unitPrice);
  }
  const rate = (r: number | null) => r !== null && r > 0 && r < 100;
  return input.lines.some((l) => l.quantity > 0 && (rate(l.productRebatePercent) || (l.productRebatePercent === null && rate(m.info.discount))));
}

/** Member prices apply: discount allowed, discountMode 1 and vip price display on. */
export function memberPriceAllowed(input: PricingInput): boolean {
  const m = input.member;
  return !!m && memberDiscountAllowed(input) && m.setting.discountMode === 1 && m.setting.isShowVipPrice !== false;
}

/** Product member prices as price-rule candidates (stage 1). */
export function proposeMemberPrices(state: PricingState): void {
  if (!memberPriceAllowed(state.input)) return;
  for (const l of state.lines) {
    if (l.fromOffer || l.line.memberPrice === null || l.line.quantity <= 0) continue;
    if (l.line.memberPrice >= l.line.unitPrice) continue;
    const amount = money.round(money.mul(l.line.memberPrice, l.line.quantity), state.dec);
    const list = state.candidates.get(l) ?? [];
    list.push({ kind: 'memberPrice', sourceId: null, amount, reason: 'member price' });
    state.candidates.set(l, list);
  }
}

/** Resolve the price-rule candidates: each line takes its lowest proposal (ties: first proposed). */
export function resolvePriceRules(state: PricingState): void {
  for (const l of state.lines) {
    const cands = state.candidates.get(l);
    if (!cands || cands.length === 0) continue;
    let best = cands[0];
    for (const c of cands) if (money.lt(c.amount, best.amount)) best = c;
    if (!money.lt(best.amount, l.list)) continue;
    setPrice(l, money.clampZero(best.amount));
    l.ruled = true;
    addAdjustment(
      state,
      { kind: best.kind, sourceId: best.sourceId, lineFlag: l.line.flag, amount: money.toNumber(l.price.minus(l.list)), reason: best.reason },
      l,
    );
    if (best.sourceId !== null && !state.applied.includes(best.sourceId)) state.applied.push(best.sourceId);
  }
}

/** The shop rebate of the order's scene (percent payable, 100 = none). */
export function shopRebateFor(input: PricingInput): number {
  const s = input.shop;
  const byScene =
    input.orderType === OrderType.dine
      ? s.discountSet.dineRebate
      : input.orderType === OrderType.openTable
        ? s.discountSet.openTableRebate
        : s.discountSet.defaultRebate;
  const r = byScene > 0 && byScene < 100 ? byScene : s.rebate;
  return r > 0 && r < 100 ? r : 100;
}

/** Stage 2: member percent / product rebate / shop rebate on lines without a price rule. */
export function applyMemberAndShopRebates(state: PricingState): void {
  const input = state.input;
  const percentMode = memberDiscountAllowed(input) && input.member!.setting.discountMode !== 1;
  const shopRate = shopRebateFor(input);
  for (const l of state.lines) {
    if (!discountable(l) || l.ruled) continue;
    let memberRate = 100;
    if (percentMode) {
      const own = l.line.productRebatePercent;
      memberRate = own !== null && own >= 0 && own <= 100 ? own : input.member!.info.discount;
      if (!(memberRate > 0 && memberRate < 100)) memberRate = 100;
    }
    const rate = Math.min(memberRate, shopRate);
    if (rate >= 100) continue;
    const cur = l.cur;
    const off = cur.minus(money.round(money.percent(cur, rate), state.dec));
    const kind = rate === shopRate && shopRate < memberRate ? 'shopRebate' : l.line.productRebatePercent !== null && percentMode ? 'productRebate' : 'memberDiscount';
    spreadDiscount(state, [l], off, kind, null, `${rate}%`);
  }
}
