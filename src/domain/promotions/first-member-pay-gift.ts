/** P§3 firstMemberPayGift (16): a member's first payment by member card earns the activity's coupons/product. */
import { ActivityType, PayType } from '../enums';
import type { PromotionKind } from './kind';
import { giveCoupons, giveProduct } from './gifts';

export const firstMemberPayGift: PromotionKind = {
  type: ActivityType.firstMemberPayGift,
  name: 'firstMemberPayGift',
  stage: 'gift',
  applies: ({ state }) => {
    const m = state.input.member;
    if (!m) return 'notMember';
    if (m.info.hasPaid) return 'alreadyPaid';
    return state.input.payType === PayType.vip ? true : 'cardPayOnly';
  },
  apply: ({ state, activity }) => {
    giveCoupons(state, activity);
    giveProduct(state, activity, activity.freeQuantity && activity.freeQuantity > 0 ? activity.freeQuantity : 1);
  },
};
