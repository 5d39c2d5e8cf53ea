/** P§3 overSendCoupon (10): spend minAmount (or `amount`) and receive the activity's coupons after the order. */
import * as moneyFns from '../money';
import { ActivityType } from '../enums';
import type { PromotionKind } from './kind';
import { spendOf } from './helpers';
import { giveCoupons } from './gifts';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

export const overSendCoupon: PromotionKind = {
  type: ActivityType.overSendCoupon,
  name: 'overSendCoupon',
  stage: 'gift',
  applies: ({ state, activity }) => {
    if (!activity.coupons || activity.coupons.length === 0) return 'noRule';
    return money.gte(spendOf(state), activity.minAmount ?? activity.amount ?? 0) ? true : 'thresholdNotMet';
  },
  apply: ({ state, activity }) => giveCoupons(state, activity),
};
