import { z } from 'zod';
import type {
  Activity,
  ActivityCoupon,
  ActivityProduct,
  ActivityTime,
  Coupon,
  FullLessTier,
  TimeRange,
  TimesRedBagInfo,
  TypeDiscount,
} from '../../domain/types';
import { CouponListScope, CouponState } from '../../domain/enums';
import { Empty, EpochMs, Id, Money, ShortText, defineCall } from './common';
import { AvatarUrl, NickName, OpenId } from './shared-shapes';

/** Promotion calls of P§7 and the activity and coupon shapes of P§3 (PROMO-*, MEMBER-7). */

/** A date as the back office sends it: a date text or epoch ms (domain DateLike). */
const DateLikeSchema = z.union([z.string().max(32), EpochMs]);
export const Percent = z.number().min(0).max(100);
export const Count = z.number().int().min(0).max(1_000_000);

export const TimeRangeSchema: z.ZodType<TimeRange> = z.object({
  start: z.string().regex(/^\d{2}:\d{2}$/),
  end: z.string().regex(/^\d{2}:\d{2}$/),
});

export const FullLessTierSchema: z.ZodType<FullLessTier> = z.object({ full: Money, less: Money });

export const ActivityProductSchema: z.ZodType<ActivityProduct> = z.object({
  id: Id,
  specId: Id.optional(),
  quantity: Count.optional(),
  purchasedQuantity: Count.optional(),
  discountPrice: Money.optional(),
  buyQuantity: Count.optional(),
  freeQuantity: Count.optional(),
  freeTotalQuantity: Count.optional(),
  name: ShortText.optional(),
  price: Money.optional(),
});

export const ActivityTimeSchema: z.ZodType<ActivityTime> = z.object({
  mode: z.enum(['none', 'week', 'monthDay']),
  days: z.array(z.number().int().min(1).max(31)).max(31).optional(),
  timeRanges: z.array(TimeRangeSchema).max(24).optional(),
});

export const TypeDiscountSchema: z.ZodType<TypeDiscount> = z.object({ id: Id, discount: Percent });

export const ActivityCouponSchema: z.ZodType<ActivityCoupon> = z.object({
  id: Id,
  name: ShortText.optional(),
  reductionAmount: Money.optional(),
  minAmount: Money.optional(),
  quantity: Count.optional(),
});

/** An activity (P§3) with the spec's field names; `type` is an ActivityType code. */
export const ActivitySchema: z.ZodType<Activity> = z.object({
  id: Id,
  name: ShortText,
  type: z.number().int().min(-1).max(99),
  priority: z.number().int().nullable().optional(),
  userType: z.number().int().min(0).max(3).optional(),
  startDate: DateLikeSchema.optional(),
  endDate: DateLikeSchema.optional(),
  description: z.string().max(2000).optional(),
  minAmount: Money.optional(),
  reductionAmount: Money.optional(),
  status: z.number().int().optional(),
  validType: z.number().int().min(1).max(4).optional(),
  productList: z.array(ActivityProductSchema).max(1000).optional(),
  typeIds: z.array(Id).max(1000).optional(),
  limit: Count.optional(),
  discount: Percent.optional(),
  discountMode: z.number().int().optional(),
  amountLimit: Money.optional(),
  quantityLimit: Count.optional(),
  typeDiscountSet: z.array(TypeDiscountSchema).max(1000).optional(),
  gears: z.array(FullLessTierSchema).max(50).optional(),
  reductionList: z.array(FullLessTierSchema).max(50).optional(),
  cyclicCalc: z.boolean().optional(),
  productLimit: Count.optional(),
  amount: Money.optional(),
  freeQuantity: Count.optional(),
  quantity: Count.optional(),
  freeTotalQuantity: Count.optional(),
  productId: Id.optional(),
  productName: ShortText.optional(),
  productImage: AvatarUrl.optional(),
  productType: z.number().int().optional(),
  isCouponActivity: z.boolean().optional(),
  initPrice: Money.optional(),
  minConsumeAmount: Money.optional(),
  productIds: z.array(Id).max(1000).optional(),
  minChargeAmt: Money.optional(),
  coupons: z.array(ActivityCouponSchema).max(100).optional(),
  time: ActivityTimeSchema.optional(),
  orderType: z.number().int().min(0).max(15).optional(),
  memberLevel: z.array(z.union([z.number().int(), z.string().max(32)])).max(100).optional(),
  product: ActivityProductSchema.optional(),
  code: z.string().max(32).optional(),
  points: Count.optional(),
});

/** A coupon the member holds or can receive (P§3), with every condition shown to users. */
export const CouponSchema: z.ZodType<Coupon> = z.object({
  id: Id,
  activityID: Id,
  name: ShortText,
  type: z.number().int().min(-1).max(99),
  startDate: DateLikeSchema.optional(),
  endDate: DateLikeSchema.optional(),
  status: z.union([z.literal(CouponState.closed), z.literal(CouponState.expired), z.literal(CouponState.normal)]),
  reductionAmount: Money,
  minAmount: Money.optional(),
  chainId: Id.optional(),
  productList: z.array(ActivityProductSchema).max(1000).optional(),
  isNeedRegisterCoupon: z.boolean().optional(),
  memberId: Id.optional(),
  minQuantity: Count.optional(),
  orderType: z.number().int().min(0).max(15).optional(),
  isOnlyCardPay: z.boolean().optional(),
  userType: z.number().int().min(0).max(3).optional(),
  validDays: z.number().int().min(0).max(3650).optional(),
  receiveTime: DateLikeSchema.optional(),
  shopIds: z.array(Id).max(1000).optional(),
  isChain: z.boolean().optional(),
  discountType: z.number().int().min(1).max(2).optional(),
  discount: Percent.optional(),
  typeIds: z.array(Id).max(1000).optional(),
});

export const TimesRedBagInfoSchema: z.ZodType<TimesRedBagInfo> = z.object({
  id: Id,
  status: z.number().int(),
  cumulativeQuantity: Count,
  limitQuantity: Count,
});

const ActivityList = z.object({ list: z.array(ActivitySchema).max(500) });
const CouponList = z.object({ list: z.array(CouponSchema).max(500) });

/** Who received a share of an expand (shared) red bag. */
export const RedBagReceiver = z.object({ nickName: NickName, avatarUrl: AvatarUrl, amount: Money, receivedAt: EpochMs });

/** activity/detail — with `fromRedBagID` it also tells the state of that shared red bag (PROMO-3). */
export const ActivityDetailRes = z.object({
  activity: ActivitySchema,
  /** The coupons the caller already received from this activity. */
  received: z.array(CouponSchema).max(100),
  redBag: z
    .object({ id: Id, receivers: z.array(RedBagReceiver).max(100), remaining: Count, expired: z.boolean() })
    .nullable(),
});
export type ActivityDetailRes = z.infer<typeof ActivityDetailRes>;

/** An item of the points mall (MEMBER-7): a product or a coupon activity priced in points. */
export const PointStoreItem = z.object({
  activityId: Id,
  kind: z.enum(['product', 'coupon']),
  name: ShortText,
  image: AvatarUrl,
  points: Count,
  stock: Count,
  productId: Id.nullable(),
  couponActivityId: Id.nullable(),
  description: z.string().max(2000),
});
export type PointStoreItem = z.infer<typeof PointStoreItem>;

export const PointStoreCouponDetailRes = z.object({
  item: PointStoreItem,
  activity: ActivitySchema,
  /** The caller's points, to show whether the exchange is possible. */
  memberPoints: Count,
});

export const PointExchangeRes = z.object({
  /** Points left after the exchange. */
  points: Count,
  coupon: CouponSchema.nullable(),
  productId: Id.nullable(),
});
export type PointExchangeRes = z.infer<typeof PointExchangeRes>;

const ById = z.object({ id: Id }).strict();

export const activityCalls = {
  /** Activities of the shop that apply now; filtering by order type and user type is the domain's job. */
  list: defineCall('activity/list', Empty, ActivityList),
  detail: defineCall(
    'activity/detail',
    z.object({ id: Id, fromRedBagID: Id.optional(), chainActivity: z.boolean().optional() }).strict(),
    ActivityDetailRes,
  ),
  receiveExpandCoupon: defineCall(
    'activity/receiveExpandCoupon',
    z.object({ id: Id, fromRedBagID: Id.optional() }).strict(),
    z.object({ coupon: CouponSchema }),
  ),
  /** P§3 coupon list scope: 0 all, 1 usable now, 2 chain shops. */
  couponList: defineCall(
    'activity/couponList',
    z
      .object({
        isAll: z.union([
          z.literal(CouponListScope.all),
          z.literal(CouponListScope.now),
          z.literal(CouponListScope.chainShops),
        ]),
      })
      .strict(),
    CouponList,
  ),
  getCouponByLink: defineCall('activity/getCouponByLink', ById, z.object({ coupon: CouponSchema })),
  /** Coupons handed out on entering the shop (couponSend activities); already received ones are not repeated. */
  getCouponByEntry: defineCall('activity/getCouponByEntry', Empty, CouponList),
  getTimesRedBag: defineCall(
    'activity/getTimesRedBag',
    Empty,
    z.object({ info: TimesRedBagInfoSchema, activity: ActivitySchema }).nullable(),
  ),
  checkTimesRedBag: defineCall(
    'activity/checkTimesRedBag',
    ById,
    z.object({ info: TimesRedBagInfoSchema, coupons: z.array(CouponSchema).max(100) }),
  ),
  /** Coupons an order (id) earned through overSendCoupon activities. */
  checkOverSendCoupon: defineCall('activity/checkOverSendCoupon', ById, CouponList),
  getPointExchangeStoreProducts: defineCall(
    'activity/getPointExchangeStoreProducts',
    Empty,
    z.object({ list: z.array(PointStoreItem).max(500) }),
  ),
  pointStoreCouponDetail: defineCall(
    'activity/pointStoreCouponDetail',
    z.object({ couponActivityId: Id, openid: OpenId }).strict(),
    PointStoreCouponDetailRes,
  ),
  pointExchangeProduct: defineCall(
    'activity/pointExchangeProduct',
    z.object({ openid: OpenId, activityId: Id, memberId: Id }).strict(),
    PointExchangeRes,
  ),
  /** PROMO-4: the productDiscountWithCode activity of a promotion code, or null. */
  getActivityByCode: defineCall(
    'activity/getActivityByCode',
    z.object({ code: z.string().min(1).max(32) }).strict(),
    z.object({ activity: ActivitySchema.nullable() }),
  ),
};
