/** Stage 5: the coupon. Every coupon is evaluated on the order after activity discounts; one is applied. */
import { ActivityType } from '../enums';
import { ErrorCode } from '../errors';
import { autoSelect, evaluateCoupons } from '../coupons/select';
import { couponLines } from '../coupons/usability';
import { markApplied, notApplied, spreadDiscount, type PricingState } from './state';

export function applyCoupon(state: PricingState): void {
  const evaluated = evaluateCoupons(state);
  state.coupons = evaluated.map(({ couponId, usable, reason, reduction }) => ({ couponId, usable, reason, reduction }));
  const sel = state.input.couponSelection;
  let chosen = null as (typeof evaluated)[number] | null;
  if (sel === 'auto') {
    const c = autoSelect(evaluated);
    chosen = c ? evaluated.find((e) => e.coupon.id === c.id)! : null;
  } else if (typeof sel === 'number') {
    const e = evaluated.find((x) => x.coupon.id === sel);
    if (!e) state.notApplied.push({ kind: 'coupon', sourceId: sel, type: 0, reason: ErrorCode.invalidCoupon });
    else if (!e.usable) notApplied(state, 'coupon', e.coupon, e.reason ?? ErrorCode.invalidCoupon);
    else chosen = e;
  }
  for (const e of evaluated) {
    if (!e.usable && e.coupon.id !== sel) notApplied(state, 'coupon', e.coupon, e.reason ?? ErrorCode.invalidCoupon);
  }
  if (!chosen) return;
  state.selectedCouponId = chosen.coupon.id;
  const kind = chosen.coupon.type === ActivityType.productCoupon ? 'productCoupon' : 'coupon';
  spreadDiscount(state, couponLines(state, chosen.coupon), chosen.amount, kind, chosen.coupon.id, chosen.coupon.name);
  markApplied(state, chosen.coupon.activityID);
}
