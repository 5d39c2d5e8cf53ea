/** Shared gift helpers: record coupons/products given by an activity. */
import type { Activity } from '../types';
import { markApplied, type PricingState } from '../pricing/state';

export function giveCoupons(state: PricingState, a: Activity, times = 1): void {
  for (const c of a.coupons ?? []) {
    state.gifts.push({
      kind: 'coupon',
      activityId: a.id,
      activityType: a.type,
      couponId: c.id,
      name: c.name,
      quantity: (c.quantity && c.quantity > 0 ? c.quantity : 1) * times,
      price: 0,
    });
  }
  markApplied(state, a.id);
}

export function giveProduct(state: PricingState, a: Activity, quantity: number): void {
  const p = a.product;
  const productId = p?.id ?? a.productId;
  if (productId == null || quantity <= 0) return;
  state.gifts.push({
    kind: 'product',
    activityId: a.id,
    activityType: a.type,
    productId,
    name: p?.name ?? a.productName,
    quantity,
    price: 0,
  });
  markApplied(state, a.id);
}
