/** P§3 productSpecPrice (3): special prices per product/spec, limited per order and by what was already bought. */
import { ActivityType } from '../enums';
import type { PromotionKind } from './kind';
import { anyInList, applySpecialPrices } from './helpers';

export const productSpecPrice: PromotionKind = {
  type: ActivityType.productSpecPrice,
  name: 'productSpecPrice',
  stage: 'priceRule',
  applies: ({ state, activity }) => (anyInList(state, activity) ? true : 'noQualifyingProduct'),
  apply: ({ state, activity }) => applySpecialPrices(state, activity, 'productSpecPrice', 'special price'),
};
