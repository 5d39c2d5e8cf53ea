/**
 * P§3 pointRedeem (18): a member exchanges `points` per unit (plus initPrice, if any) for the product.
 * The offer's max quantity is what the member's points allow, capped by `limit`.
 */
import { ActivityType } from '../enums';
import type { PromotionKind } from './kind';
import { addOffers, offerProducts } from './offers';

export const pointRedeem: PromotionKind = {
  type: ActivityType.pointRedeem,
  name: 'pointRedeem',
  stage: 'offer',
  applies: ({ state, activity }) => {
    const m = state.input.member;
    if (!m) return 'notMember';
    if (!activity.points || activity.points <= 0 || offerProducts(activity).length === 0) return 'noRule';
    return m.info.points - state.pointsSpentOnOffers >= activity.points ? true : 'thresholdNotMet';
  },
  apply: ({ state, activity }) => {
    const pts = activity.points ?? 1;
    const affordable = Math.floor((state.input.member!.info.points - state.pointsSpentOnOffers) / pts);
    const cap = activity.limit && activity.limit > 0 ? activity.limit : 99999;
    addOffers(
      state,
      activity,
      offerProducts(activity).map((p) => ({
        activityId: activity.id,
        activityType: activity.type,
        productId: p.id,
        name: p.name,
        price: p.discountPrice ?? activity.initPrice ?? 0,
        points: pts,
        maxQuantity: Math.min(affordable, cap, p.quantity && p.quantity > 0 ? p.quantity : 99999),
      })),
    );
  },
};
