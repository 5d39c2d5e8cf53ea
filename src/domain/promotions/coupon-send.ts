/** P§3 couponSend (14): every order (reaching minConsumeAmount, if set) receives the activity's coupons. */
import * as moneyFns from '../money';
import { ActivityType } from '../enums';
import type { PromotionKind } from './kind';
import { spendOf } from './helpers';
import { giveCoupons } from './gifts';
import { amountCouponReduction } from './coupon-kinds';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

export const couponSend: PromotionKind = {
  type: ActivityType.couponSend,
  name: 'couponSend',
  stage: 'gift',
  applies: ({ state, activity }) => {
    if (!activity.coupons || activity.coupons.length === 0) return 'noRule';
    return money.gte(spendOf(state), activity.minConsumeAmount ?? activity.minAmount ?? 0) ? true : 'thresholdNotMet';
  },
  apply: ({ state, activity }) => giveCoupons(state, activity),
  couponReduction: amountCouponReduction,
};
