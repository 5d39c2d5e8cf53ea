/** Every activity kind of P§3, by type (docs/architecture.md §9 Promotion kinds: a new kind is one file and one line here). */
import type { PromotionKind } from './kind';
import { memberPrice } from './member-price';
import { fullReduction } from './full-reduction';
import { allDiscount } from './all-discount';
import { productSpecPrice } from './product-spec-price';
import { discountCoupon } from './discount-coupon';
import { someTypeFullReduction } from './some-type-full-reduction';
import { expandCoupon } from './expand-coupon';
import { overSendProduct } from './over-send-product';
import { overSendCoupon } from './over-send-coupon';
import { secondDiscount } from './second-discount';
import { buyNGetN } from './buy-n-get-n';
import { timesRedBag } from './times-red-bag';
import { couponSend } from './coupon-send';
import { markupRedemption } from './markup-redemption';
import { firstMemberPayGift } from './first-member-pay-gift';
import { productCoupon } from './product-coupon';
import { pointRedeem } from './point-redeem';
import { productDiscountWithCode } from './product-discount-with-code';
import { memberChargePresentCoupon } from './member-charge-present-coupon';

/** In price-rule preference order: on equal prices the earlier kind wins. */
export const PROMOTION_KINDS: readonly PromotionKind[] = [
  productDiscountWithCode,
  productSpecPrice,
  buyNGetN,
  secondDiscount,
  memberPrice,
  allDiscount,
  fullReduction,
  someTypeFullReduction,
  discountCoupon,
  expandCoupon,
  productCoupon,
  memberChargePresentCoupon,
  overSendProduct,
  overSendCoupon,
  couponSend,
  timesRedBag,
  firstMemberPayGift,
  markupRedemption,
  pointRedeem,
];

const BY_TYPE = new Map<number, PromotionKind>(PROMOTION_KINDS.map((k) => [k.type, k]));

/** The kind of an activity type, if the engine knows it. */
export const kindOf = (type: number): PromotionKind | undefined => BY_TYPE.get(type);
