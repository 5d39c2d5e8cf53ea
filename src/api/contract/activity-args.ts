import { z } from 'zod';
import { ActivityType } from '../../domain/enums';
import { ActivityCouponSchema, ActivityProductSchema, Count, FullLessTierSchema, Percent, TypeDiscountSchema } from './activity';
import { Id, Money } from './common';

/**
 * The `args` of each activity kind (docs/architecture.md §10 Rules as data): the fields of an activity that its kind
 * in `src/domain/promotions/` reads, checked on top of `ActivitySchema` when a shop is loaded.
 * Keyed by activity type rather than declared in the kind files, so the domain stays free of zod
 * (docs/decisions.md); test/server/activity-args.test.ts keeps this list and the registry in step.
 */

const Tiers = z.array(FullLessTierSchema).max(50);
const Products = z.array(ActivityProductSchema).max(1000);
const Coupons = z.array(ActivityCouponSchema).min(1).max(100);

/** Gears of a full reduction (P§3): `gears`, `reductionList`, or one `minAmount`/`reductionAmount` pair. */
const fullReductionArgs = z
  .object({
    gears: Tiers.optional(),
    reductionList: Tiers.optional(),
    minAmount: Money.optional(),
    reductionAmount: Money.optional(),
    cyclicCalc: z.boolean().optional(),
  })
  .refine(
    (a) => (a.gears?.length ?? 0) > 0 || (a.reductionList?.length ?? 0) > 0 || (a.minAmount !== undefined && a.reductionAmount !== undefined),
    { message: 'needs gears, reductionList, or minAmount with reductionAmount', path: ['gears'] },
  );

/** Activity kinds whose args are the coupon they stand for (coupon kinds price the coupon itself). */
const couponKindArgs = z.object({ reductionAmount: Money.optional(), minAmount: Money.optional() });

export const activityArgs: Record<ActivityType, z.ZodType> = {
  [ActivityType.memberPrice]: z.object({}),
  [ActivityType.fullReduction]: fullReductionArgs,
  [ActivityType.allDiscount]: z
    .object({
      discount: Percent.optional(),
      discountMode: z.number().int().optional(),
      typeDiscountSet: z.array(TypeDiscountSchema).max(1000).optional(),
      amountLimit: Money.optional(),
      quantityLimit: Count.optional(),
    })
    .refine((a) => a.discount !== undefined || (a.typeDiscountSet?.length ?? 0) > 0, {
      message: 'needs discount or typeDiscountSet',
      path: ['discount'],
    }),
  [ActivityType.productSpecPrice]: z.object({ productList: Products.optional() }),
  [ActivityType.discountCoupon]: couponKindArgs,
  [ActivityType.someTypeFullReduction]: z.intersection(
    fullReductionArgs,
    z.object({ typeIds: z.array(Id).max(1000).optional() }),
  ),
  [ActivityType.expandCoupon]: couponKindArgs,
  [ActivityType.overSendProduct]: z.object({
    minAmount: Money.optional(),
    amount: Money.optional(),
    productId: Id.optional(),
    product: ActivityProductSchema.optional(),
    freeQuantity: Count.optional(),
    freeTotalQuantity: Count.optional(),
    cyclicCalc: z.boolean().optional(),
  }),
  [ActivityType.overSendCoupon]: z.object({ minAmount: Money.optional(), amount: Money.optional(), coupons: Coupons }),
  [ActivityType.secondDiscount]: z.object({ discount: Percent, limit: Count.optional(), productList: Products.optional() }),
  [ActivityType.buyNGetN]: z.object({
    quantity: Count.optional(),
    freeQuantity: Count.optional(),
    freeTotalQuantity: Count.optional(),
    productList: Products.optional(),
    cyclicCalc: z.boolean().optional(),
  }),
  [ActivityType.timesRedBag]: couponKindArgs,
  [ActivityType.couponSend]: z.object({ coupons: Coupons, minAmount: Money.optional(), minConsumeAmount: Money.optional() }),
  [ActivityType.markupRedemption]: z.object({
    initPrice: Money.optional(),
    amount: Money.optional(),
    limit: Count.optional(),
    minAmount: Money.optional(),
  }),
  [ActivityType.firstMemberPayGift]: z.object({ freeQuantity: Count.optional() }),
  [ActivityType.productCoupon]: couponKindArgs,
  [ActivityType.pointRedeem]: z.object({ points: Count, initPrice: Money.optional(), limit: Count.optional() }),
  [ActivityType.productDiscountWithCode]: z.object({ code: z.string().min(1).max(32) }),
  [ActivityType.memberChargePresentCoupon]: z.object({ coupons: Coupons, minChargeAmt: Money.optional() }),
};

/** The args schema of an activity type, or undefined for a type no kind handles. */
export const activityArgsOf = (type: number): z.ZodType | undefined =>
  (activityArgs as Record<number, z.ZodType | undefined>)[type];
