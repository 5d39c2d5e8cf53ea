/**
 * The pricing engine's input and output (PRICE-1…10). Plain JSON-able data: the cart store and the
 * server's order service build a PricingInput with buildPricingInput() and call priceOrder().
 * Amounts are numbers (wire form); the Breakdown's amounts are rounded to the shop's numberDecimals.
 */
import type { ZoneOffsets } from '../shop-time';
import type { ErrorCode } from '../errors';
import type { OrderType, PayType } from '../enums';
import type {
  Activity,
  Coupon,
  DeliverAmountTier,
  DiscountSet,
  EpochMs,
  FullLessTier,
  GiftAmountRule,
  MemberInfo,
  MemberSetting,
  OtherSetting,
  PackageFeeApplySceneSet,
  ProductTax,
  TableTiming,
  TimesRedBagInfo,
} from '../types';

/** The shop settings pricing needs, every default filled in by buildPricingInput. */
export interface PricingShop {
  id: number;
  chainId: number | null;
  numberDecimals: number;
  isRounding05: boolean;
  /** Percent payable, 100 = none. */
  rebate: number;
  discountSet: Required<DiscountSet>;
  /** Shop-level full/less tiers. */
  discount: FullLessTier[];
  minSellStartAmount: number;
  /** The minimum also applies to self pickup. */
  minSellAmountSupportSelfCollection: boolean;
  deliverAmount: DeliverAmountTier[];
  deliverAmount1: number;
  deliveryDistance: number;
  isFreeDeliveryFee: boolean;
  freeDeliveryMinAmount: number;
  packFee: number;
  pickerPackFee: number;
  packageFeeApplySceneSet: Required<PackageFeeApplySceneSet>;
  allowPack: boolean;
  dishwareAmount: number;
  dishwareGst: number;
  deliverGst: number;
  serviceFee: number;
  serviceFeeTax: number;
  otherSetting: Required<OtherSetting>;
  utcOffsetMinutes: number;
  /** The shop's time zone's offset changes (shop-time.ts), when it has a zone. */
  timeZoneOffsets?: ZoneOffsets;
}

/** One cart line as the engine sees it. */
export interface PricingLine {
  /** Line identity (lineFlag). */
  flag: string;
  productId: number;
  name: string;
  /** Category id. */
  typeid: number;
  specId: number | null;
  quantity: number;
  /** Unit list price: product/spec price with taste and meal-set effects applied. */
  unitPrice: number;
  /** Product/spec price alone; unitPrice − basePrice is what tastes and meal sets add. */
  basePrice: number;
  /** Unit member price with the same taste/meal-set effects (null = none). */
  memberPrice: number | null;
  /** Unit price before any shop markdown, for display (defaults to unitPrice). */
  originalPrice: number;
  /** false when joinDiscount is 'N': the line takes no discount. */
  joinDiscount: boolean;
  /** Percent payable under the member discount for this product (null = the member's discount). */
  productRebatePercent: number | null;
  taxes: ProductTax[];
  /** Dishware fee per unit (null = shop default), 0 when notDishware. */
  dishwareAmount: number | null;
  notDishware: boolean;
  noPackFee: boolean;
  /** Set when the line is a product-coupon line. */
  couponId: number | null;
}

export interface PricingMember {
  info: MemberInfo;
  setting: MemberSetting;
}

/** Selected coupon: an id, 'auto' (P§9 auto-selection) or null (none). */
export type CouponSelection = number | 'auto' | null;

/** An item the customer chose to add from an offer (markupRedemption, pointRedeem). */
export interface AcceptedOffer {
  activityId: number;
  productId: number;
  quantity: number;
}

export interface PricingInput {
  now: EpochMs;
  shop: PricingShop;
  orderType: OrderType;
  /** User-agent code (C§3): takeaway 1–6, pickup 51–56, dine 101–106, scan 201–203, appointment 301–303. */
  userAgent: number;
  payType: PayType | null;
  /** Overseas build: flat delivery fee deliverAmount1. */
  abroad: boolean;
  lines: PricingLine[];
  member: PricingMember | null;
  activities: Activity[];
  coupons: Coupon[];
  couponSelection: CouponSelection;
  /** The activity found by promotion code (productDiscountWithCode), if any. */
  promotionCodeActivity: Activity | null;
  /** Delivery distance, km (null = unknown: first tier). */
  distance: number | null;
  /** The customer asked the picker to pack (pickup-pack fee). */
  isPickerPack: boolean;
  usePoints: boolean;
  /** Points the customer wants to use (null = as many as allowed). */
  pointsToUse: number | null;
  useGiftAmount: boolean;
  giftAmountRules: GiftAmountRule[];
  tableTiming: TableTiming | null;
  timesRedBag: TimesRedBagInfo | null;
  acceptedOffers: AcceptedOffer[];
}

export type AdjustmentKind =
  | 'memberPrice'
  | 'productSpecPrice'
  | 'secondDiscount'
  | 'buyNGetN'
  | 'productDiscountWithCode'
  | 'memberDiscount'
  | 'productRebate'
  | 'shopRebate'
  | 'allDiscount'
  | 'fullReduction'
  | 'someTypeFullReduction'
  | 'shopFullReduction'
  | 'coupon'
  | 'productCoupon'
  | 'markupRedemption'
  | 'pointRedeem'
  | 'packFee'
  | 'pickerPackFee'
  | 'dishwareFee'
  | 'deliveryFee'
  | 'serviceFee'
  | 'tableFee'
  | 'tax'
  | 'points'
  | 'giftAmount'
  | 'rounding';

/**
 * One change to the amount due. `amount` is signed: negative lowers it (discounts, points),
 * positive raises it (fees, taxes added). sourceId is the activity or coupon id (null for shop rules).
 */
export interface Adjustment {
  kind: AdjustmentKind;
  sourceId: number | null;
  lineFlag?: string;
  amount: number;
  reason: string;
}

export interface BreakdownLine {
  flag: string;
  productId: number;
  name: string;
  typeid: number;
  quantity: number;
  /** Unit list price. */
  unitPrice: number;
  /** unitPrice × quantity. */
  lineAmount: number;
  /** Line amount after price rules (member/special/second-item/buy-N-get-N). */
  priceRuleAmount: number;
  /** Order-level discounts (rebates, category/whole-order discounts, reductions, coupon) spread on the line. */
  orderDiscount: number;
  /** priceRuleAmount − orderDiscount: what the goods on this line cost. */
  finalAmount: number;
  /** Effective unit price after everything (finalAmount / quantity, rounded). */
  finalUnitPrice: number;
  /** Tax of the line (TAX_IN and FIXED_TAX_IN included, for display). */
  tax: number;
  /** Tax added on top of the price (TAX_OUT, FIXED_TAX_OUT). */
  taxAdded: number;
  adjustments: Adjustment[];
}

export interface NotApplied {
  kind: 'activity' | 'coupon';
  sourceId: number;
  type: number;
  reason: ErrorCode | NotAppliedReason;
}

/** Why an activity did not apply (coupon reasons use ErrorCode). */
export type NotAppliedReason =
  | 'disabled'
  | 'outOfDate'
  | 'outOfTime'
  | 'wrongOrderType'
  | 'wrongUserType'
  | 'wrongMemberLevel'
  | 'lowerPriority'
  | 'categoryOverlap'
  | 'thresholdNotMet'
  | 'noQualifyingProduct'
  | 'limitReached'
  | 'cardPayOnly'
  | 'notSelected'
  | 'notMember'
  | 'alreadyPaid'
  | 'notOrderEvent'
  | 'noRule';

export interface CouponUsability {
  couponId: number;
  usable: boolean;
  reason: ErrorCode | null;
  /** The reduction it would give on this order (0 when unusable). */
  reduction: number;
}

export interface Gift {
  kind: 'product' | 'coupon';
  activityId: number;
  activityType: number;
  productId?: number;
  couponId?: number;
  name?: string;
  quantity: number;
  /** Price effect of the gift (0 for a free product). */
  price: number;
}

/** Something the customer may add (markupRedemption, pointRedeem). */
export interface Offer {
  activityId: number;
  activityType: number;
  productId: number;
  name?: string;
  /** Price per unit when added. */
  price: number;
  /** Points per unit (pointRedeem). */
  points?: number;
  maxQuantity: number;
}

export interface Fees {
  packaging: number;
  pickerPack: number;
  dishware: number;
  delivery: number;
  service: number;
  table: number;
  /** The delivery distance is beyond the last tier or deliveryDistance. */
  deliveryOutOfRange: boolean;
}

export interface TaxLine {
  taxID: number;
  taxType: number;
  amount: number;
}

export interface Taxes {
  /** Product taxes added on top (TAX_OUT, FIXED_TAX_OUT). */
  productAdded: number;
  /** Product taxes already inside prices (TAX_IN, FIXED_TAX_IN). */
  productIncluded: number;
  delivery: number;
  dishware: number;
  service: number;
  /** Everything added on top of prices. */
  added: number;
  /** Every tax, added or included. */
  total: number;
  byTax: TaxLine[];
}

export interface PointsUse {
  /** Points spent. */
  used: number;
  /** Money they deduct. */
  amount: number;
  /** Most points the order allows. */
  max: number;
}

export interface Breakdown {
  numberDecimals: number;
  lines: BreakdownLine[];
  /** Every adjustment in stage order. */
  adjustments: Adjustment[];
  notApplied: NotApplied[];
  appliedActivityIds: number[];
  coupons: CouponUsability[];
  selectedCouponId: number | null;
  gifts: Gift[];
  offers: Offer[];
  fees: Fees;
  taxes: Taxes;
  /** Σ unit list price × quantity. */
  originalAmount: number;
  /** Goods after price rules. */
  goodsAmount: number;
  /** Σ order-level discounts (rebates, category/whole-order discounts, reductions, coupon). */
  discountAmount: number;
  /** Σ price-rule and order-level reductions: originalAmount − goods after discounts. */
  totalDiscount: number;
  /** Goods after every discount. */
  goodsAfterDiscount: number;
  feesTotal: number;
  points: PointsUse;
  giftAmount: number;
  /** Order total: goods after discounts + fees + taxes added on top. */
  total: number;
  /** total − points − gift balance, floored at 0, before 0.05 rounding. */
  totalBeforeRounding: number;
  /** Signed rounding amount (C§9 isRounding05; 0 otherwise). */
  rounding: number;
  /** What the customer pays: totalBeforeRounding + rounding (never negative). */
  amountToPay: number;
  /** Rule failures the checkout must show (minimum not reached, delivery out of range). */
  errors: Array<{ code: ErrorCode; params?: Record<string, string | number> }>;
  /**
   * What the customer is told without being stopped: C§5 special-price limit (the units beyond it
   * cost the list price).
   */
  notices: Array<{ code: ErrorCode; params?: Record<string, string | number> }>;
}
