/**
 * One activity kind of P§3 (docs/architecture.md §9 Promotion kinds): `applies` says whether the activity can act on
 * this order (true, or why not), `apply` does it on the pricing state. Kinds run in stages
 * (docs/pricing.md): price rules propose line prices, discounts/reductions take money off lines,
 * gifts and offers list what the order earns, coupon kinds price coupons.
 */
import type { Amount } from '../money';
import type { Activity, Coupon } from '../types';
import type { NotAppliedReason } from '../pricing/types';
import type { LineState, PricingState } from '../pricing/state';

export type Stage = 'priceRule' | 'categoryDiscount' | 'fullReduction' | 'coupon' | 'gift' | 'offer';

export interface PromotionCtx {
  state: PricingState;
  activity: Activity;
}

export interface PromotionKind {
  type: number;
  name: string;
  stage: Stage;
  applies(ctx: PromotionCtx): true | NotAppliedReason;
  apply(ctx: PromotionCtx): void;
  /** Coupon kinds: the reduction a coupon of this kind gives on the eligible lines. */
  couponReduction?(state: PricingState, coupon: Coupon, lines: LineState[], base: Amount): Amount;
}
