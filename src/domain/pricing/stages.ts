/**
 * The promotion stages (docs/pricing.md §Stages 1–7): filter activities, run each kind of the registry
 * in its stage, resolve price rules, member/shop rebates, shop full/less tiers.
 */
import { shopZone } from '../shop-time';
import { ActivityType } from '../enums';
import { filterActivities } from '../promotions/filter';
import { kindOf } from '../promotions/registry';
import type { Stage } from '../promotions/kind';
import { gearsOf, reductionFor } from '../promotions/helpers';
import { amountOf, discountable, notApplied, spreadDiscount, type PricingState } from './state';
import { applyMemberAndShopRebates, proposeMemberPrices, resolvePriceRules } from './member';

const INVALID_REASONS = new Set(['disabled', 'outOfDate', 'outOfTime']);

/** Stage 1: P§4 filtering; the promotion-code activity joins the list when it is not in it. */
export function filterStage(state: PricingState): void {
  const input = state.input;
  const all = [...input.activities];
  const code = input.promotionCodeActivity;
  if (code && !all.some((a) => a.id === code.id)) all.push(code);
  const { kept, dropped } = filterActivities(all, {
    now: input.now,
    zone: shopZone(input.shop),
    orderType: input.orderType,
    member: input.member?.info ?? null,
  });
  state.activities = kept;
  for (const d of dropped) {
    notApplied(state, 'activity', d.activity, d.reason);
    if (INVALID_REASONS.has(d.reason)) state.invalidActivityIds.add(d.activity.id);
  }
}

/** Run the kinds of one stage over the kept activities. */
export function runStage(state: PricingState, stage: Stage): void {
  for (const activity of state.activities) {
    const kind = kindOf(activity.type);
    if (!kind || kind.stage !== stage) continue;
    const ctx = { state, activity };
    const ok = kind.applies(ctx);
    if (ok !== true) {
      notApplied(state, 'activity', activity, ok);
      continue;
    }
    kind.apply(ctx);
    if (stage === 'categoryDiscount' || stage === 'fullReduction') state.applied.push(activity.id);
  }
}

/** Stages 2–3: price rules (lowest price per line wins), then member percent / shop rebates. */
export function priceRuleStage(state: PricingState): void {
  runStage(state, 'priceRule');
  proposeMemberPrices(state);
  resolvePriceRules(state);
  for (const a of state.activities) {
    const kind = kindOf(a.type);
    if (kind?.stage === 'priceRule' && !state.applied.includes(a.id) && !state.notApplied.some((n) => n.sourceId === a.id && n.kind === 'activity')) {
      notApplied(state, 'activity', a, 'notSelected');
    }
  }
  applyMemberAndShopRebates(state);
}

/** Stage 5: full reductions; the shop's own full/less tiers apply only when no full-reduction activity did. */
export function fullReductionStage(state: PricingState): void {
  const before = state.applied.length;
  runStage(state, 'fullReduction');
  const activityApplied = state.applied
    .slice(before)
    .some((id) => state.activities.some((a) => a.id === id && (a.type === ActivityType.fullReduction || a.type === ActivityType.someTypeFullReduction)));
  if (activityApplied || state.input.shop.discount.length === 0) return;
  const lines = state.lines.filter(discountable);
  const r = reductionFor(amountOf(lines), gearsOf({ id: 0, name: '', type: 0, gears: state.input.shop.discount }), false);
  if (r) spreadDiscount(state, lines, r.amount, 'shopFullReduction', null, `spend ${r.gear.full} less ${r.gear.less}`);
}
