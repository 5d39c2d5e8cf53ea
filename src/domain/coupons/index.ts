/** Coupons (P§4, P§5, P§9, PRICE-6). */
export { couponValidAt, validDaysEnd } from './validity';
export { orderTypeBitOfUserAgent } from './order-type';
export { couponUnusableReason, couponLines } from './usability';
export { evaluateCoupons, autoSelect, couponReduction } from './select';
export { couponConditions, couponFace, couponListState, couponValidity, orderTypesOfMask, shopDate } from './conditions';
export type { CouponCondition, CouponConditionKey, CouponFace, CouponListState, CouponOrderType } from './conditions';
