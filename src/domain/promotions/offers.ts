/** Offers (markupRedemption, pointRedeem): what the customer may add, and the accepted ones as lines. */
import type { Activity, ActivityProduct } from '../types';
import { markApplied, newLineState, type PricingState } from '../pricing/state';
import type { Offer } from '../pricing/types';

/** The products an offer activity sells: its productList, else its single product. */
export function offerProducts(a: Activity): ActivityProduct[] {
  if (a.productList && a.productList.length > 0) return a.productList;
  const id = a.product?.id ?? a.productId;
  return id == null ? [] : [{ ...(a.product ?? {}), id, name: a.product?.name ?? a.productName }];
}

/** The line flag of an accepted offer's units. */
export const offerFlag = (activityId: number, productId: number): string => `offer_${activityId}_${productId}`;

/** List the offers and add the accepted ones as lines (no discount, no threshold). */
export function addOffers(state: PricingState, a: Activity, offers: Offer[]): void {
  for (const o of offers) {
    state.offers.push(o);
    const acc = state.input.acceptedOffers.find((x) => x.activityId === a.id && x.productId === o.productId);
    if (!acc || acc.quantity <= 0) continue;
    const quantity = Math.min(acc.quantity, o.maxQuantity);
    if (quantity <= 0) continue;
    if (o.points) state.pointsSpentOnOffers += o.points * quantity;
    const flag = offerFlag(a.id, o.productId);
    state.lines.push(
      newLineState(
        {
          flag,
          productId: o.productId,
          name: o.name ?? '',
          typeid: 0,
          specId: null,
          quantity,
          unitPrice: o.price,
          basePrice: o.price,
          memberPrice: null,
          originalPrice: o.price,
          joinDiscount: false,
          productRebatePercent: null,
          taxes: [],
          dishwareAmount: 0,
          notDishware: true,
          noPackFee: true,
          couponId: null,
        },
        state.lines.length + 100000,
        state.dec,
        true,
      ),
    );
    markApplied(state, a.id);
  }
}
