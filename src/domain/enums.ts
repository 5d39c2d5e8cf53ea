/** Enumerations of C§3 and P§3, by the spec's names. */

export const OrderType = {
  takeaway: 'takeaway',
  selfPickup: 'selfPickup',
  dine: 'dine',
  openTable: 'openTable',
  appointment: 'appointment',
} as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];
export const ORDER_TYPES: readonly OrderType[] = Object.values(OrderType);

/** Order-type limit bit flags (C§3, P§3). openTable counts as dine. */
export const OrderTypeLimit = { none: 0, takeaway: 1, pick: 2, dine: 4, appointment: 8 } as const;

export const OrderSource = {
  weixin: 'weixin',
  weixinEatIn: 'weixin_eat_in',
  koubei: 'koubei',
  kioskDineIn: 'kiosk-dine-in',
  appointment: 'appointment',
  openTable: 'openTable',
} as const;
export type OrderSource = (typeof OrderSource)[keyof typeof OrderSource];

export const Industry = { all: 0, retail: 1, fastfood: 2, clothes: 3, beauty: 4, pet: 5, baby: 6 } as const;
export type Industry = (typeof Industry)[keyof typeof Industry];

export const TaxMode = { TAX_OUT: 0, TAX_IN: 1, FIXED_TAX_OUT: 2, FIXED_TAX_IN: 3 } as const;
export type TaxMode = (typeof TaxMode)[keyof typeof TaxMode];

/** Tax kinds of the fees that carry their own tax (C§3). */
export const TaxKind = { serviceCharge: 1, delivery: 2, dishware: 3 } as const;
export type TaxKind = (typeof TaxKind)[keyof typeof TaxKind];

export const CartOperation = { Add: 1, Edit: 2, Delete: 3, Clear: 4, Submitted: 5, Joined: 6 } as const;
export type CartOperation = (typeof CartOperation)[keyof typeof CartOperation];

/** Server reply codes of a shared-cart operation (C§4 "Cart sync"). */
/** Close codes of a table room's websocket: 1000 the app was hidden (C§2); 4001 missing or expired token; 4004 no such room. */
export const WsCloseCode = { normal: 1000, unauthorized: 4001, roomNotFound: 4004 } as const;

export const CartReplyCode = {
  ok: 10000,
  ParamsError: -10001,
  ProductBusy: -10002,
  ProductNotFound: -10003,
  EditFail: -10004,
  CleanFail: -10005,
} as const;
export type CartReplyCode = (typeof CartReplyCode)[keyof typeof CartReplyCode];

export const ProductOptionType = { TOPPING: 0, SUB_PRICE: 1, RESET_ZERO: 2, DISCOUNT: 3, FLAVOR: 4 } as const;
export type ProductOptionType = (typeof ProductOptionType)[keyof typeof ProductOptionType];

export const ProductStatus = { NORMAL: 0, SALE_OUT: 1, OFFLINE: 2, DELETE: 3, OUT_SALE_TIME: 101 } as const;
export type ProductStatus = (typeof ProductStatus)[keyof typeof ProductStatus];

export const ServerProductStatus = { online: 600001, saleOut: 600002, delete: 600003, offline: 600004 } as const;

export const PayStatus = { processing: 0, success: 1, fail: 2, cancel: 3 } as const;
export type PayStatus = (typeof PayStatus)[keyof typeof PayStatus];

/** Pay types (C§1): how the customer pays. */
export const PayType = {
  cash: 'cash',
  vip: 'vip',
  weixin: 'weixin',
  alipay: 'alipay',
  stripe: 'stripe',
  allinpay: 'allinpay',
} as const;
export type PayType = (typeof PayType)[keyof typeof PayType];

export const OrderStatus = {
  nopay: 'nopay',
  nopay_cancel: 'nopay_cancel',
  need_pay: 'need_pay',
  pending: 'pending',
  successed: 'successed',
  refund: 'refund',
  refund_fail: 'refund_fail',
  refunding: 'refunding',
  confirmed_new: 'confirmed_new',
  wait_rider_pending: 'wait_rider_pending',
  rider_confirmed: 'rider_confirmed',
  rider_picked_up: 'rider_picked_up',
  rider_delivery_exception: 'rider_delivery_exception',
  confirmed: 'confirmed',
  delivered: 'delivered',
  refused: 'refused',
  closed: 'closed',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Service-charge order type codes (C§3). */
export const ServiceChargeOrderType = { default: 86004, dine: 86009, dinePack: 86010, openTable: 86008 } as const;

/** Activity types (P§3). */
export const ActivityType = {
  memberPrice: -1,
  fullReduction: 1,
  allDiscount: 2,
  productSpecPrice: 3,
  discountCoupon: 4,
  someTypeFullReduction: 7,
  expandCoupon: 8,
  overSendProduct: 9,
  overSendCoupon: 10,
  secondDiscount: 11,
  buyNGetN: 12,
  timesRedBag: 13,
  couponSend: 14,
  markupRedemption: 15,
  firstMemberPayGift: 16,
  productCoupon: 17,
  pointRedeem: 18,
  productDiscountWithCode: 19,
  memberChargePresentCoupon: 20,
} as const;
export type ActivityType = (typeof ActivityType)[keyof typeof ActivityType];

export const DiscountType = { Rate: 1, Amount: 2 } as const;
export const ValidType = { none: 1, fixed: 2, week: 3, monthDay: 4 } as const;
export const PriceRuleKind = { ProductSpecial: 1, SecondDiscount: 2, MemberPrice: 3, BuyNGetN: 4 } as const;
export const UserLimit = { none: 0, normal: 1, member: 2 } as const;
export const CouponState = { closed: -1, expired: 0, normal: 1 } as const;
export const CouponListScope = { all: 0, now: 1, chainShops: 2 } as const;

export const VipTransactionType = {
  add: 'add',
  reduce: 'reduce',
  revise: 'revise',
  exchange: 'exchange',
  clearToZero: 'clearToZero',
  initAmount: 'initAmount',
  giftAmountChange: 'giftAmountChange',
  charge: 'charge',
  consume: 'consume',
  changePoint: 'changePoint',
} as const;
export type VipTransactionType = (typeof VipTransactionType)[keyof typeof VipTransactionType];

export const Gender = { unknown: 0, male: 1, female: 2 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

/** Table nStatus (C§4). */
export const TableStatus = { free: 0, occupied: 1, multiple: 2 } as const;

/** Platforms the app runs on. */
export const Platform = { weapp: 'weapp', alipay: 'alipay', h5: 'h5' } as const;
export type Platform = (typeof Platform)[keyof typeof Platform];

/** C§9 and P§9 constants. */
/**
 * How a menu loads (MENU-5, MENU-8), shared by the app and the server: a menu of more products than
 * `chunkThreshold` loads by category in pages of `chunkPageLimit` (store/productsChunk); a smaller one
 * whole (store/products). store/productTypes carries the first of these with the category list.
 */
export const MenuLoading = { chunkThreshold: 300, chunkPageLimit: 100 } as const;

export const Limits = {
  unlimited: 99999,
  payPasswordLength: 6,
  forbiddenPayPassword: '123456',
  defaultDecimals: 2,
  defaultMemberDiscount: 100,
  defaultPointDeductionRate: 100,
  textMaxLength: 140,
  tokenLifeMs: 24 * 60 * 60 * 1000,
  requestTimeoutMs: 60000,
  subscribeTemplates: 3,
  defaultMainColor: '#df554a',
  nopayConfirmingSeconds: 60,
} as const;
