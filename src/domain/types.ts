/**
 * Source types of the domain, with the spec's field names (C§3, P§3).
 *
 * These are the wire/DB shapes: amounts are plain `number`s (at most the shop's numberDecimals
 * places); they become Decimal only inside money.ts. The contract's zod schemas are typed against
 * these (`z.ZodType<ShopSettings>`…) and `pricing/build-input.ts` maps them to the pricing input.
 *
 * Keep this file stable: add fields, never rename them (other layers import it).
 */
import type { Industry, OrderType, PayType, ProductOptionType, ProductStatus, TaxMode } from './enums';
import type { ZoneOffsets } from './shop-time';

/** Epoch milliseconds. */
export type EpochMs = number;
/** A date-time as the back office sends it: 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm[:ss]' (shop local) or epoch ms. */
export type DateLike = string | number;
/** 'HH:mm' in the shop's local time; an end at or before the start crosses midnight. */
export interface TimeRange {
  start: string;
  end: string;
}

// ---------------------------------------------------------------------------------------------
// Shop (C§3 "Shop info")
// ---------------------------------------------------------------------------------------------

/** One full-reduction tier: spend `full`, get `less` off. */
export interface FullLessTier {
  full: number;
  less: number;
}

/** A delivery tier: up to `distance` km the fee is `amount`. */
export interface DeliverAmountTier {
  amount: number;
  distance: number;
}

export interface BusinessDailyHours {
  /** 1 = Monday … 7 = Sunday. */
  day: number;
  isOpen: boolean;
  businessHours: TimeRange[];
}

export interface ScanOrderBusinessHours {
  businessMode: 'routine' | 'daily';
  businessScanOrderHours?: TimeRange[];
  businessDailyHours?: BusinessDailyHours[];
}

/** Shop rebates (percent payable, 100 = none) by scene. */
export interface DiscountSet {
  dineRebate?: number;
  openTableRebate?: number;
  defaultRebate?: number;
}

/** otherSetting of C§3: which service-charge order-type codes (86004/86009/86010/86008) charge. */
export interface OtherSetting {
  ServiceChargeEnable?: boolean;
  /** The order-type codes for which the service charge applies (ServiceChargeOrderType values). */
  OrderTypeServiceCharge?: number[];
}

/** Scenes in which the packaging fee applies. */
export interface PackageFeeApplySceneSet {
  takeaway?: boolean;
  dine?: boolean;
  selfPickUp?: boolean;
  openTable?: boolean;
}

export interface ShopNotification {
  isOpen: boolean;
  title: string;
  content: string;
}

export interface GpsPoint {
  lat: number;
  lng: number;
}

export interface ShopSettings {
  id: number;
  name: string;
  phone?: string;
  industry?: Industry;
  address?: string;
  /** Shop location, "lat,lng" string or a point. */
  gpsAddress?: string | GpsPoint;
  image?: string;
  /** Display text of the hours. */
  businessHours?: string;
  businessTimeRange?: TimeRange[];
  scanOrderBusinessHours?: ScanOrderBusinessHours;
  openShop?: boolean;
  openScanSwitch?: boolean;
  /** C§4 shop real status: 1 normal, 0 expired/closed, -1 stopped. */
  shopStatus?: number;
  /** Shop-wide rebate, percent payable (100 or absent = none). */
  rebate?: number;
  /** Shop-level full/less tiers (whole-order full reduction set on the shop). */
  discount?: FullLessTier[];
  minSellStartAmount?: number;
  deliverAmount?: DeliverAmountTier[];
  /** Flat delivery fee of the overseas build. */
  deliverAmount1?: number;
  /** Dishware fee per unit (products may override with their own dishwareAmount). */
  dishwareAmount?: number;
  /** Packaging fee per unit. */
  packFee?: number;
  /** Tax percent on the delivery fee. */
  deliverGst?: number;
  /** Tax percent on the dishware fee. */
  dishwareGst?: number;
  /** Service fee percent. */
  serviceFee?: number;
  /** Tax percent on the service fee. */
  serviceFeeTax?: number;
  /** Decimal places of amounts (default 2). */
  numberDecimals?: number;
  isRounding05?: boolean;
  /** Maximum delivery distance, km. */
  deliveryDistance?: number;
  isFreeDeliveryFee?: boolean;
  freeDeliveryMinAmount?: number;
  selfCollection?: boolean;
  minSellAmountSupportSelfCollection?: boolean;
  notification?: ShopNotification;
  messageTmplIds?: string[];
  homeSetting?: Record<string, unknown>;
  showProductType?: number;
  expandRedBagId?: number;
  mustPickTypeId?: number;
  prefixNames?: string[];
  discountSet?: DiscountSet;
  otherSetting?: OtherSetting;
  packageFeeApplySceneSet?: PackageFeeApplySceneSet;
  allowPack?: boolean;
  allowDineIn?: boolean;
  deliveryTimeRange?: TimeRange[];
  /** Days ahead an appointment can be made. */
  appointmentTimeLimit?: number;
  isChainMiniProgram?: boolean;
  nameAndPhoneRequiredByTakeaway?: boolean;
  allowPickupAppointment?: boolean;
  currencySymbol?: string;
  memberLevels?: MemberLevel[];
  hasPromotionWithCode?: boolean;
  isAllowFastRegister?: boolean;
  chatGroupSlogan?: string;
  chatGroupImage?: string;
  /** Where the shop's Android app is downloaded (the download-app prompt of browsers on Android, C§2). */
  appDownloadUrl?: string;
  /** Pick-up pack fee (customer asks the picker to pack), per order; falls back to packFee per unit. */
  pickerPackFee?: number;
  /**
   * The shop's fixed offset, minutes east of UTC (default 480), for a shop without `timeZone`; with a
   * zone the server answers the zone's offset now (TIME-1).
   */
  utcOffsetMinutes?: number;
  /** The shop's IANA time zone ('Europe/Paris'); dates, week days and hours are read on its clock (TIME-1). */
  timeZone?: string;
  /** The zone's offset changes over the period the app reads, computed by the server (shop-time.ts). */
  timeZoneOffsets?: ZoneOffsets;
  /** Chain id when the shop belongs to a chain. */
  chainId?: number;
}

// ---------------------------------------------------------------------------------------------
// Menu (C§3 "Product store", MENU-3/4)
// ---------------------------------------------------------------------------------------------

/** A product tax row (C§3 taxes: productID, taxType, taxValue, taxID). */
export interface ProductTax {
  productID?: number;
  taxID: number;
  /** C§9: percentage in (TAX_IN) when none is given. */
  taxType?: TaxMode;
  /** Percent for TAX_OUT/TAX_IN, amount per unit for FIXED_TAX_OUT/FIXED_TAX_IN. */
  taxValue: number;
  name?: string;
}

export interface ProductSpec {
  id: number;
  name: string;
  price: number;
  memberPrice?: number;
  originalPrice?: number;
  stock?: number;
  parentId?: number;
  status?: ProductStatus;
}

export interface TasteOption {
  id: number;
  name: string;
  price: number;
  /** How the price applies (C§3 product option type). */
  optionType?: ProductOptionType;
  /** Maximum quantity of this option per unit. */
  maxQuantity?: number;
}

export interface TasteGroup {
  id: number;
  name: string;
  required: boolean;
  /** More than one option may be chosen. */
  multiple?: boolean;
  /** Max options chosen in the group. */
  maxQuantity?: number;
  options: TasteOption[];
}

export interface MealSetItem {
  id: number;
  name: string;
  /** Surcharge per set unit. */
  price: number;
  quantity?: number;
}

export interface MealSetGroup {
  id: number;
  name: string;
  /** How many items must be chosen from the group. */
  required: number;
  items: MealSetItem[];
}

/** A weekly sale window (C§3 saleDateRange: weekdays 1–7 and time ranges). */
export interface SaleDateRange {
  weekdays: number[];
  timeRanges: TimeRange[];
}

export interface Product {
  id: number;
  name: string;
  description?: string;
  image?: string;
  typeid: number;
  price: number;
  memberPrice?: number;
  originalPrice?: number;
  status?: ProductStatus;
  /** Stock left; undefined = not tracked. */
  stock?: number;
  minQuantity?: number;
  /** Purchase limit per order. */
  purchaseLimit?: number;
  /** Member levels allowed to buy (empty/absent = everyone). */
  memberLevels?: number[];
  specs?: ProductSpec[];
  tastes?: TasteGroup[];
  mealset?: MealSetGroup[];
  taxes?: ProductTax[];
  notDishware?: boolean;
  dishwareAmount?: number;
  /** 'N' excludes the product from discounts. */
  joinDiscount?: 'Y' | 'N';
  /** Percent payable for this product under the member discount (overrides the member's discount). */
  productRebatePercent?: number;
  weight?: number;
  needSoldOut?: boolean;
  saleTime?: SaleDateRange[];
  /** Price including tax, if the back office sends it. */
  inTaxPrice?: number;
  outTaxPrice?: number;
  /** Beauty: service minutes. */
  serviceTime?: number;
  serviceTagId?: number;
  /** The product may not be packed (no packaging fee). */
  noPackFee?: boolean;
}

export interface Category {
  id: number;
  name: string;
  type?: number;
  saleDateRange?: SaleDateRange[];
  products?: Product[];
  sort?: number;
}

// ---------------------------------------------------------------------------------------------
// Cart (C§3 "Cart product")
// ---------------------------------------------------------------------------------------------

export interface CartTaste {
  id: number;
  name: string;
  quantity: number;
  price: number;
  /** The taste group id. */
  typeId: number;
  /** How the price applies; absent = TOPPING (adds price × quantity). */
  optionType?: ProductOptionType;
}

export interface CartMealsetItem {
  /** The meal-set group id. */
  groupId: number;
  /** The chosen item (product) id. */
  id: number;
  name: string;
  quantity: number;
  /** Surcharge per set unit. */
  price: number;
}

/** A line that came from a product coupon (P§3 productCoupon). */
export interface CartCouponInfo {
  couponId: number;
  activityId?: number;
}

export interface CartLine {
  id: number;
  name: string;
  /** Base unit price of the product or its spec, before tastes and meal-set surcharges. */
  price: number;
  quantity: number;
  /** Line identity: lineFlag(id, specId, tastes, mealset). */
  flag: string;
  version?: number;
  image?: string;
  specId?: number;
  specName?: string;
  tastes?: CartTaste[];
  tastesName?: string;
  mealset?: CartMealsetItem[];
  mealsetNames?: string;
  needSoldOut?: boolean;
  notDishware?: boolean;
  weight?: number;
  joinDiscount?: 'Y' | 'N';
  memberPrice?: number;
  inTaxPrice?: number;
  outTaxPrice?: number;
  originalPrice?: number;
  taxes?: ProductTax[];
  typeid: number;
  serviceTime?: number;
  serviceTagId?: number;
  dishwareAmount?: number;
  productRebatePercent?: number;
  couponInfo?: CartCouponInfo;
  noPackFee?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Promotions (P§3)
// ---------------------------------------------------------------------------------------------

/** A product-list entry of an activity (P§3). */
export interface ActivityProduct {
  id: number;
  /** Spec id when the entry targets one spec only. */
  specId?: number;
  /** Limit of discounted units (per order) for this entry. */
  quantity?: number;
  /** Units the member already bought under this activity (counts against the limit). */
  purchasedQuantity?: number;
  /** Special price (productSpecPrice, productDiscountWithCode, markupRedemption price). */
  discountPrice?: number;
  buyQuantity?: number;
  freeQuantity?: number;
  freeTotalQuantity?: number;
  name?: string;
  price?: number;
}

/** Weekly / monthly time validity of an activity. */
export interface ActivityTime {
  mode: 'none' | 'week' | 'monthDay';
  /** Weekdays 1–7 (week) or days of month 1–31 (monthDay). */
  days?: number[];
  /** Time-of-day ranges within a valid day; absent = all day. */
  timeRanges?: TimeRange[];
}

/** A typed category discount (P§3 typeDiscountSet). */
export interface TypeDiscount {
  /** Category id. */
  id: number;
  /** Percent payable, 100 = none. */
  discount: number;
}

/** A coupon template given by an activity (overSendCoupon, couponSend, …). */
export interface ActivityCoupon {
  id: number;
  name?: string;
  reductionAmount?: number;
  minAmount?: number;
  quantity?: number;
}

export interface Activity {
  id: number;
  name: string;
  type: number;
  /** Higher wins among activities of one type; absent = always kept. */
  priority?: number | null;
  /** Bitmask of UserLimit (1 normal, 2 member); 0/absent = everyone. */
  userType?: number;
  startDate?: DateLike;
  endDate?: DateLike;
  description?: string;
  minAmount?: number;
  reductionAmount?: number;
  /** 1 = enabled. */
  status?: number;
  /** ValidType: 1 none, 2 fixed (start/end), 3 week, 4 monthDay. */
  validType?: number;
  productList?: ActivityProduct[];
  /** Category ids the activity is limited to (empty = all). */
  typeIds?: number[];
  /** Per-order limit of discounted units (99999 = unlimited). */
  limit?: number;
  /** Percent payable (e.g. 80 = 20% off). */
  discount?: number;
  /** allDiscount: 1 whole order, 2 typed (typeDiscountSet). discountCoupon: DiscountType. */
  discountMode?: number;
  amountLimit?: number;
  quantityLimit?: number;
  typeDiscountSet?: TypeDiscount[];
  gears?: FullLessTier[];
  reductionList?: FullLessTier[];
  cyclicCalc?: boolean;
  productLimit?: number;
  amount?: number;
  freeQuantity?: number;
  quantity?: number;
  freeTotalQuantity?: number;
  productId?: number;
  productName?: string;
  productImage?: string;
  productType?: number;
  isCouponActivity?: boolean;
  initPrice?: number;
  minConsumeAmount?: number;
  productIds?: number[];
  minChargeAmt?: number;
  coupons?: ActivityCoupon[];
  time?: ActivityTime;
  /** OrderTypeLimit bitmask (1 takeaway, 2 pick, 4 dine, 8 appointment); 0/absent = all. */
  orderType?: number;
  /** Member levels allowed (matched on the last three digits); empty = all. */
  memberLevel?: Array<number | string>;
  /** The product given or sold (overSendProduct, markupRedemption, pointRedeem…). */
  product?: ActivityProduct;
  /** Promotion code of productDiscountWithCode. */
  code?: string;
  /** pointRedeem: points needed per unit. */
  points?: number;
}

/** Conditions of a coupon shown to users (P§3). */
export interface Coupon {
  id: number;
  activityID: number;
  name: string;
  /** The activity type the coupon belongs to (4, 8, 13, 14, 17, 20…). */
  type: number;
  startDate?: DateLike;
  endDate?: DateLike;
  /** CouponState: -1 closed, 0 expired, 1 normal. */
  status: number;
  reductionAmount: number;
  minAmount?: number;
  chainId?: number;
  productList?: ActivityProduct[];
  isNeedRegisterCoupon?: boolean;
  /** Owner. */
  memberId?: number;
  /** The quantity requirement: the order must hold more than this many units. */
  minQuantity?: number;
  /** OrderTypeLimit bitmask; 0/absent = all. */
  orderType?: number;
  /** Usable only when paying by member card. */
  isOnlyCardPay?: boolean;
  /** UserLimit bitmask; 0/absent = everyone. */
  userType?: number;
  /** Validity "N days after receipt": with receiveTime, overrides endDate. */
  validDays?: number;
  receiveTime?: DateLike;
  /** Applicable shops (empty = all). */
  shopIds?: number[];
  isChain?: boolean;
  /** DiscountType: 1 rate (discount percent payable), 2 amount (default). */
  discountType?: number;
  discount?: number;
  /** Category limit (empty = all). */
  typeIds?: number[];
}

export interface TimesRedBagInfo {
  id: number;
  status: number;
  cumulativeQuantity: number;
  limitQuantity: number;
}

// ---------------------------------------------------------------------------------------------
// Members (P§3)
// ---------------------------------------------------------------------------------------------

export interface MemberInfo {
  id: number;
  name?: string;
  birthday?: string;
  phone?: string;
  level?: number | string;
  levelName?: string;
  cardNo?: string;
  amount: number;
  giftAmount: number;
  points: number;
  barcode?: string;
  /** Percent payable (default 100). */
  discount: number;
  payPassword?: string;
  isChain?: boolean;
  isCharged?: boolean;
  industry?: number;
  isBindOfficialAccount?: boolean;
  rawData?: unknown;
  /** The member has paid before (firstMemberPayGift). */
  hasPaid?: boolean;
}

export interface MemberSetting {
  logo?: string;
  name?: string;
  cardLogo?: string;
  cardName?: string;
  isOpenDiscount?: boolean;
  /** 1 = the member discount applies through the member price. */
  discountMode?: number;
  isOnlyCardPayForDiscount?: boolean;
  allowRegisterInWeb?: boolean;
  chargeSlogan?: string;
  isAllowRecharge?: boolean;
  isFunctionOpen?: boolean;
  isPointOpen?: boolean;
  isPointDeductionOpen?: boolean;
  /** Points per one currency unit (default 100). */
  pointDeductionRate?: number;
  /** 1 = pointDeductionMaxLimit is a fixed amount, else a percent of the total. */
  pointDeductionRule?: number;
  pointDeductionMaxLimit?: number;
  /** Vip price display: member prices apply only when on (default on). */
  isShowVipPrice?: boolean;
}

export interface MemberLevel {
  id: number;
  level: number | string;
  name: string;
  discount?: number;
}

/** A gift-balance rule (P§9): spend `minAmount`, use `amount` gift, or `percent` of the total. */
export interface GiftAmountRule {
  minAmount: number;
  /** 1 = fixed amount (`amount`), 2 = percent (`percent`). */
  type: number;
  amount?: number;
  percent?: number;
}

export interface Address {
  id?: number;
  name: string;
  phone: string;
  province?: string;
  city?: string;
  county?: string;
  address: string;
  addressGps?: string;
  houseNumber?: string;
  isDefault?: boolean;
  gender?: number;
}

// ---------------------------------------------------------------------------------------------
// Tables (C§3)
// ---------------------------------------------------------------------------------------------

export interface TableInfo {
  id: number;
  nAreaID?: number;
  nMaxPerson?: number;
  nStatus?: number;
  sName: string;
  areaName?: string;
  /** Hourly fee. */
  fEachFee?: number;
  /** 1 = half-hour rounding, else whole hours rounded up. */
  nFeeType?: number;
  nTableStatus?: number;
}

/** Timing inputs of the open-table fee (PRICE-9). */
export interface TableTiming {
  /** Timer start, epoch ms; absent/0 falls back to orderTime. */
  startTime?: EpochMs;
  orderTime: EpochMs;
  /** Hourly fee. */
  fee: number;
  feeType?: number;
  /** Timing on (nIsOpenTiming). */
  isOpenTiming?: boolean;
}

export type { OrderType, PayType };
