/**
 * P§3 overSendProduct (9). P§9 full-free-product: spend the threshold (`amount`, else minAmount) and
 * get freeQuantity of the product free; with cyclicCalc, once per whole threshold.
 */
import * as moneyFns from '../money';
import { ActivityType } from '../enums';
import type { Activity } from '../types';
import type { PromotionKind } from './kind';
import { spendOf } from './helpers';
import { giveProduct } from './gifts';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

const thresholdOf = (a: Activity): number => a.amount ?? a.minAmount ?? 0;

export const overSendProduct: PromotionKind = {
  type: ActivityType.overSendProduct,
  name: 'overSendProduct',
  stage: 'gift',
  applies: ({ state, activity }) => {
    if (activity.product?.id == null && activity.productId == null) return 'noRule';
    return money.gte(spendOf(state), thresholdOf(activity)) ? true : 'thresholdNotMet';
  },
  apply: ({ state, activity }) => {
    const t = thresholdOf(activity);
    const times = activity.cyclicCalc && t > 0 ? money.toInt(money.floor(money.div(spendOf(state), t))) : 1;
    const per = activity.freeQuantity && activity.freeQuantity > 0 ? activity.freeQuantity : 1;
    giveProduct(state, activity, Math.min(per * times, activity.freeTotalQuantity && activity.freeTotalQuantity > 0 ? activity.freeTotalQuantity : 99999));
  },
};
