/**
 * P§3 productCoupon (17): a coupon for one product (P§5 "a product coupon allows only one product").
 * It takes one unit of its line off — reductionAmount when set, else the whole unit (a free item).
 */
import * as moneyFns from '../money';
import { ActivityType } from '../enums';
import { current } from '../pricing/state';
import type { PromotionKind } from './kind';
import { couponOf } from './discount-coupon';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

export const productCoupon: PromotionKind = {
  type: ActivityType.productCoupon,
  name: 'productCoupon',
  stage: 'coupon',
  applies: ({ state, activity }) => (couponOf(state, activity.id) ? true : 'notSelected'),
  apply: () => undefined,
  couponReduction: (state, coupon, lines) => {
    const l = lines[0];
    if (!l || l.line.quantity <= 0) return money.ZERO;
    const oneUnit = money.round(money.div(current(l), l.line.quantity), state.dec);
    return coupon.reductionAmount > 0 ? money.min(coupon.reductionAmount, oneUnit) : oneUnit;
  },
};
