/** P§3 memberPrice (-1): member-only prices for the products of the activity's list (PRICE-7 gates). */
import { ActivityType } from '../enums';
import { memberPriceAllowed } from '../pricing/member';
import type { PromotionKind } from './kind';
import { anyInList, applySpecialPrices } from './helpers';

export const memberPrice: PromotionKind = {
  type: ActivityType.memberPrice,
  name: 'memberPrice',
  stage: 'priceRule',
  applies: ({ state, activity }) => {
    if (!state.input.member) return 'notMember';
    if (!memberPriceAllowed(state.input)) return 'cardPayOnly';
    return anyInList(state, activity) ? true : 'noQualifyingProduct';
  },
  apply: ({ state, activity }) => applySpecialPrices(state, activity, 'memberPrice', 'member price'),
};
