/** P§3 productDiscountWithCode (19): special prices unlocked by a promotion code (order/search-activity-by-code). */
import { ActivityType } from '../enums';
import type { PromotionKind } from './kind';
import { anyInList, applySpecialPrices } from './helpers';

export const productDiscountWithCode: PromotionKind = {
  type: ActivityType.productDiscountWithCode,
  name: 'productDiscountWithCode',
  stage: 'priceRule',
  applies: ({ state, activity }) => {
    if (state.input.promotionCodeActivity?.id !== activity.id) return 'notSelected';
    return anyInList(state, activity) ? true : 'noQualifyingProduct';
  },
  apply: ({ state, activity }) =>
    applySpecialPrices(state, activity, 'productDiscountWithCode', `promotion code ${activity.code ?? ''}`.trim()),
};
