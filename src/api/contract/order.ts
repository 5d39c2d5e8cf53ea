import { z } from 'zod';
import { OrderStatus, OrderType } from '../../domain/enums';
import { ErrorCode } from '../../domain/errors';
import type { AcceptedOffer } from '../../domain/pricing/types';
import { Empty, EpochMs, Id, Money, Ok, ShortText, defineCall } from './common';
import {
  ActivityTypeSchema,
  ContactPhone,
  CouponChoiceSchema,
  GpsText,
  LineFlag,
  MealsetChoice,
  PageReq,
  PayPassword,
  PayStart,
  PayStatusSchema,
  PayTypeSchema,
  PricedTaste,
  ProductChoice,
  Quantity,
  WhenTime,
  codedIssue,
  paged,
} from './shared-shapes';

/** Order and payment calls (C§7 order, C§3 order entities, ORDER-7/8/9). */

export { PayStart } from './shared-shapes';

export const OrderTypeSchema = z.enum(Object.values(OrderType) as [OrderType, ...OrderType[]]);
export const OrderStatusSchema = z.enum(Object.values(OrderStatus) as [OrderStatus, ...OrderStatus[]]);

const OrderNo = z.string().min(1).max(64);
const TradeNo = z.string().min(1).max(64);

/** The chosen service user of an appointment: the server reads the rest from its own records. */
const ServiceUserChoice = z.object({ id: Id, tagId: Id.optional() }).strict();

/** Start of the appointment service (C§3 serviceStartTimeInfo). */
export const ServiceStartTimeInfo = z.object({ startTime: EpochMs }).strict();

/**
 * An offer the customer accepted (PRICE-5: markupRedemption, pointRedeem): the activity, the product
 * it offers and how many units. The server adds it only when its own pricing lists the offer and
 * the quantity is within the offer's limit.
 */
export const AcceptedOfferSchema: z.ZodType<AcceptedOffer, AcceptedOffer> = z
  .object({ activityId: Id, productId: Id, quantity: Quantity })
  .strict();

/**
 * order/confirm — the order submission of C§3. The client sends what was chosen and the total it
 * showed (`expectedTotal`); the server prices the order itself and answers `amountError` with the
 * fresh breakdown in `data` when the two differ (PRICE-10). No field carries a price.
 * Send the `Idempotency-Key` header: a repeated key returns the first answer instead of a second order.
 */
export const OrderSubmission = z
  .object({
    type: OrderTypeSchema,
    /** Target shop for multi-confirm; defaults to the shop of the token. */
    shopId: Id.optional(),
    vipId: Id.optional(),
    payType: PayTypeSchema,
    payTypeId: Id.optional(),
    products: z
      .array(ProductChoice)
      .min(1)
      .max(200)
      .refine((lines) => lines.length > 0, codedIssue(ErrorCode.requiredProduct, 'at least one product')),
    note: ShortText.optional(),
    isPickerPack: z.boolean().optional(),
    contact_address: z.string().max(300).optional(),
    contact_address_gps: GpsText.optional(),
    contact_phone: ContactPhone.optional(),
    contact_name: z.string().max(64).optional(),
    /** Appointment time (epoch ms). */
    appointment: EpochMs.optional(),
    serviceUser: ServiceUserChoice.optional(),
    serviceStartTimeInfo: ServiceStartTimeInfo.optional(),
    /** Minutes. */
    serviceDuration: z.number().int().min(1).max(1440).optional(),
    /** Table number (sName) for dine-in. */
    table: z.string().min(1).max(32).optional(),
    /** Dine-in from an isAutoNumber link (C§2, C§5): the shop numbers the order, no table is asked for. */
    isAutoNumber: z.boolean().optional(),
    // the coded refinement runs first: zod stops at a failed int() check
    people: z
      .number()
      .refine(
        (n) => Number.isInteger(n) && n >= 1 && n <= 999,
        codedIssue(ErrorCode.incorrectPeopleCount, 'incorrect number of people'),
      )
      .int()
      .min(1)
      .max(999)
      .optional(),
    pickupTime: WhenTime.optional(),
    deliveryTime: WhenTime.optional(),
    couponId: CouponChoiceSchema.optional(),
    /** Apply the points deduction allowed by P§9 (points, rate, max rule). */
    usePoints: z.boolean().optional(),
    /** Offers the customer accepted (PRICE-5), at most one entry per activity and product. */
    acceptedOffers: z.array(AcceptedOfferSchema).max(20).optional(),
    promotionCode: z.string().min(1).max(32).optional(),
    /** Member-card payment only (payType vip). */
    payPassword: PayPassword.optional(),
    expectedTotal: Money,
  })
  .strict();
export type OrderSubmission = z.infer<typeof OrderSubmission>;

/** Where a discount or charge of the breakdown came from (PRICE rule 1: every adjustment names its source). */
export const AdjustmentSource = z.enum([
  'activity',
  'coupon',
  'memberDiscount',
  'memberPrice',
  'shopRebate',
  'points',
  'giftAmount',
  'promotionCode',
]);
export type AdjustmentSource = z.infer<typeof AdjustmentSource>;

/** One discount row of an order's breakdown. `amount` is the reduction, positive. */
export const OrderAdjustment = z.object({
  source: AdjustmentSource,
  name: ShortText,
  amount: Money,
  activityId: Id.optional(),
  activityType: ActivityTypeSchema.optional(),
  couponId: Id.optional(),
  /** The line the adjustment belongs to, for line-level discounts. */
  flag: LineFlag.optional(),
});
export type OrderAdjustment = z.infer<typeof OrderAdjustment>;

/** PRICE-11: one gift of an order — a free product or a coupon an activity gives. */
export const OrderGift = z.object({
  kind: z.enum(['product', 'coupon']),
  activityId: Id,
  activityType: z.number().int(),
  productId: Id.optional(),
  couponId: Id.optional(),
  name: ShortText,
  quantity: Quantity,
});
export type OrderGift = z.infer<typeof OrderGift>;

/** The figures of an order (C§3 display fields); all amounts use the shop's decimals. */
export const OrderBreakdown = z.object({
  /** Sum of the lines at their original price. */
  goodsAmount: Money,
  deliveryFee: Money,
  packFee: Money,
  dishwareAmount: Money,
  serviceCharge: Money,
  /** Timed table fee (C§9, open table). */
  tableFee: Money,
  taxAmount: Money,
  /** Rounding to 0.05 (isRounding05), signed. */
  roundingAmount: Money,
  couponAmount: Money,
  pointsDeduction: Money,
  pointsUsed: z.number().int().nonnegative(),
  vipDiscount: Money,
  /** All discounts together, coupon, points and VIP discount included. */
  discountAmount: Money,
  /** What the customer pays. */
  total: Money,
  adjustments: z.array(OrderAdjustment).max(100),
  /** PRICE-11: what the order's activities give free (products at price 0, coupons). */
  gifts: z.array(OrderGift).max(50).optional(),
});
export type OrderBreakdown = z.infer<typeof OrderBreakdown>;

/** `data` of an `amountError` failure of order/confirm or table/confirm. */
export const AmountErrorData = z.object({ expectedTotal: Money, total: Money, breakdown: OrderBreakdown });
export type AmountErrorData = z.infer<typeof AmountErrorData>;

/** One line of an order as the server priced it. */
export const OrderLine = z.object({
  flag: LineFlag,
  productId: Id,
  name: ShortText,
  image: z.string().max(1024).optional(),
  specId: Id.optional(),
  specName: ShortText.optional(),
  tastes: z.array(PricedTaste).max(50),
  tastesName: z.string().max(500),
  mealset: z.array(MealsetChoice).max(50),
  mealsetNames: z.string().max(1000),
  quantity: Quantity,
  /** Unit price charged, tastes included. */
  price: Money,
  originalPrice: Money,
  /** quantity × price before order-level discounts. */
  amount: Money,
  /** Discounts spread onto this line (prorated, they add up to the order discount). */
  discountAmount: Money,
  /** PRICE-11: a free product an activity gives (price 0); `activityId` names the activity. */
  gift: z.boolean().optional(),
  /** PRICE-5: a product the customer accepted from an offer (markupRedemption, pointRedeem). */
  offer: z.boolean().optional(),
  /** The activity of a gift or offer line. */
  activityId: Id.optional(),
  /** Points per unit of a pointRedeem offer line. */
  points: z.number().int().nonnegative().optional(),
});
export type OrderLine = z.infer<typeof OrderLine>;

/** Contact and address of an order (takeaway, pickup). */
export const OrderContact = z.object({
  contact_name: z.string().max(64),
  contact_phone: z.string().max(24),
  contact_address: z.string().max(300),
  contact_address_gps: z.string().max(60),
});

/** Service part of an appointment order. */
export const OrderService = z.object({
  serviceUserId: Id,
  serviceUserName: ShortText,
  startTime: EpochMs,
  duration: z.number().int().min(1).max(1440),
});

/** An order as list and detail show it (C§3 "Order (display-level fields)"). */
export const OrderDetail = OrderBreakdown.extend({
  id: Id,
  orderNo: OrderNo,
  shopId: Id,
  shopName: ShortText,
  type: OrderTypeSchema,
  /** Order time. */
  createdAt: EpochMs,
  status: OrderStatusSchema,
  payStatus: PayStatusSchema,
  payType: PayTypeSchema,
  note: ShortText,
  merchantNote: ShortText,
  tableNo: z.string().max(32).nullable(),
  /** C§3 order source (weixin, koubei…): a chat-app takeaway shows "in delivery" once accepted (C§4). */
  source: z.string().max(32).nullable().optional(),
  people: z.number().int().min(0).max(999).nullable(),
  contact: OrderContact.nullable(),
  appointmentTime: EpochMs.nullable(),
  pickupTime: WhenTime.nullable(),
  deliveryTime: WhenTime.nullable(),
  service: OrderService.nullable(),
  couponId: Id.nullable(),
  couponName: ShortText.nullable(),
  /** Amount paid so far (0 until paid). */
  paidAmount: Money,
  /** Unpaid orders: the instant the order is cancelled if still unpaid (ORDER-8). Otherwise null. */
  payDeadline: EpochMs.nullable(),
  /** The shop's number of the day (order/daySeq). */
  daySeq: z.number().int().nonnegative().nullable(),
  isPickerPack: z.boolean(),
  lines: z.array(OrderLine).max(500),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** Order list tabs (the orders tab's filter). */
export const OrderListTab = z.enum(['all', 'unpaid', 'inProgress', 'completed', 'refund']);
export type OrderListTab = z.infer<typeof OrderListTab>;

/** The statuses each tab lists (`all` lists every order); every status of C§4 is in exactly one tab. */
export const ORDER_LIST_TAB_STATUSES: Record<Exclude<OrderListTab, 'all'>, readonly OrderStatus[]> = {
  unpaid: [OrderStatus.nopay, OrderStatus.need_pay],
  inProgress: [
    OrderStatus.pending,
    OrderStatus.confirmed_new,
    OrderStatus.confirmed,
    OrderStatus.delivered,
    OrderStatus.wait_rider_pending,
    OrderStatus.rider_confirmed,
    OrderStatus.rider_picked_up,
    OrderStatus.rider_delivery_exception,
  ],
  completed: [OrderStatus.successed, OrderStatus.closed, OrderStatus.refused, OrderStatus.nopay_cancel],
  refund: [OrderStatus.refunding, OrderStatus.refund, OrderStatus.refund_fail],
};

export const OrderListReq = z
  .object({
    ...PageReq,
    tab: OrderListTab.optional(),
    /** `chain`: the orders of every shop of the token's chain; default the token's shop alone. */
    scope: z.enum(['shop', 'chain']).optional(),
  })
  .strict();
export const OrderListRes = paged(OrderDetail);
export type OrderListRes = z.infer<typeof OrderListRes>;

/** Answer of order/confirm: the created order and whether a provider payment must follow. */
export const OrderConfirmRes = z.object({
  id: Id,
  orderNo: OrderNo,
  status: OrderStatusSchema,
  payStatus: PayStatusSchema,
  total: Money,
  /** True when order/pay must follow (wallet or provider page). */
  needPay: z.boolean(),
  payDeadline: EpochMs.nullable(),
});
export type OrderConfirmRes = z.infer<typeof OrderConfirmRes>;

const ById = z.object({ id: Id }).strict();

/** Status after an action on an order. */
export const OrderStatusRes = z.object({ id: Id, status: OrderStatusSchema, payStatus: PayStatusSchema });
export type OrderStatusRes = z.infer<typeof OrderStatusRes>;

/** order/deliveryInfo — the rider's progress of a takeaway order. */
export const DeliveryInfo = z.object({
  orderNo: OrderNo,
  status: OrderStatusSchema,
  riderName: ShortText.nullable(),
  riderPhone: z.string().max(24).nullable(),
  riderGps: z.string().max(60).nullable(),
  estimatedArrival: EpochMs.nullable(),
  events: z
    .array(z.object({ time: EpochMs, status: OrderStatusSchema, text: ShortText }))
    .max(50),
});
export type DeliveryInfo = z.infer<typeof DeliveryInfo>;

/** order/pay — start (or retry) the payment of an unpaid order. */
export const OrderPayReq = z
  .object({
    id: Id,
    payType: PayTypeSchema,
    payPassword: PayPassword.optional(),
    /** Pay open id of the wallet (C§2 payOpenid) when it differs from the login one. */
    payOpenid: z.string().max(128).optional(),
    /** Where a provider page returns to (H5). */
    returnUrl: z.string().max(2048).optional(),
  })
  .strict();
export type OrderPayReq = z.infer<typeof OrderPayReq>;

/** order/payQuery — settles a paid order whose provider callback never came. */
export const OrderPayQueryRes = z.object({
  id: Id,
  status: OrderStatusSchema,
  payStatus: PayStatusSchema,
  paidAmount: Money,
});
export type OrderPayQueryRes = z.infer<typeof OrderPayQueryRes>;

export const orderCalls = {
  last: defineCall('order/last', Empty, OrderDetail.nullable()),
  list: defineCall('order/list', OrderListReq, OrderListRes),
  detail: defineCall('order/detail', ById, OrderDetail),
  confirm: defineCall('order/confirm', OrderSubmission, OrderConfirmRes),
  confirmDelivered: defineCall('order/confirmDelivered', ById, OrderStatusRes),
  /** Cancel an unpaid order (C§4). */
  close: defineCall('order/close', ById, OrderStatusRes),
  deliveryInfo: defineCall('order/deliveryInfo', z.object({ orderNo: OrderNo }).strict(), DeliveryInfo),
  /** The wallet reported a failure or cancel: the order stays unpaid and payment can be retried. */
  payErrorCallback: defineCall(
    'order/payErrorCallback',
    z
      .object({ id: Id, payType: PayTypeSchema, payStatus: PayStatusSchema, reason: ShortText.optional() })
      .strict(),
    OrderStatusRes,
  ),
  /** Ask the shop to send the "order placed" subscribe message (ORDER-11). */
  sendProductOrderSuccess: defineCall('order/sendProductOrderSuccess', ById, Ok),
  daySeq: defineCall('order/daySeq', ById, z.object({ daySeq: z.number().int().nonnegative() })),
  updateTradeNo: defineCall('order/updateTradeNo', z.object({ id: Id, tradeNo: TradeNo }).strict(), Ok),
  pay: defineCall('order/pay', OrderPayReq, PayStart),
  payQuery: defineCall('order/payQuery', ById, OrderPayQueryRes),
};
