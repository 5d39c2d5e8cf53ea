/**
 * P§3 markupRedemption (15): spend minAmount (or `amount`) and the customer may add the offered
 * products at their markup price (discountPrice, else initPrice), up to quantity/limit units.
 */
import * as moneyFns from '../money';
import { ActivityType } from '../enums';
import type { PromotionKind } from './kind';
import { spendOf } from './helpers';
import { addOffers, offerProducts } from './offers';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

export const markupRedemption: PromotionKind = {
  type: ActivityType.markupRedemption,
  name: 'markupRedemption',
  stage: 'offer',
  applies: ({ state, activity }) => {
    if (offerProducts(activity).length === 0) return 'noRule';
    return money.gte(spendOf(state), activity.minAmount ?? activity.amount ?? 0) ? true : 'thresholdNotMet';
  },
  apply: ({ state, activity }) =>
    addOffers(
      state,
      activity,
      offerProducts(activity).map((p) => ({
        activityId: activity.id,
        activityType: activity.type,
        productId: p.id,
        name: p.name,
        price: p.discountPrice ?? activity.initPrice ?? 0,
        maxQuantity: p.quantity && p.quantity > 0 ? p.quantity : activity.limit && activity.limit > 0 ? activity.limit : 1,
      })),
    ),
};
