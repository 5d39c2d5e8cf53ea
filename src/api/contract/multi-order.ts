import { z } from 'zod';
import { OrderType } from '../../domain/enums';
import { Id, Money, EpochMs, ShortText, defineCall } from './common';
import { ActivitySchema, TimesRedBagInfoSchema } from './activity';
import { OrderBreakdown, OrderStatusSchema, OrderSubmission } from './order';
import { PayStart, PayStatusSchema, PayTypeSchema } from './shared-shapes';
import { ProductSchema, ShopSettingsSchema } from './store';
import { GiftAmountRuleSchema, MemberInfoSchema, MemberSettingSchema } from './vip';

/**
 * Multi-shop orders (C§2 multi-confirm / multi-success, C§3 cart state `multiOrderIds`, ORDER-10): a
 * customer of a chain orders from several of its shops at once — one order per shop, each priced by
 * its own shop's rules, all placed together or none, paid with one payment.
 */

/** The most shops one multi-shop order may cover. */
export const MULTI_MAX_SHOPS = 10;

/**
 * One shop's part: the order submission of C§3 for that shop (`shopId` "Target shop for
 * multi-confirm", a shop of the token's chain) with the total the customer was shown for it. The pay
 * type is the group's; coupons, points, offers and codes belong to a single shop's confirm.
 */
export const MultiShopPart = OrderSubmission.omit({
  shopId: true,
  payType: true,
  payTypeId: true,
  payPassword: true,
  couponId: true,
  usePoints: true,
  acceptedOffers: true,
  promotionCode: true,
  vipId: true,
})
  .extend({
    shopId: Id,
    /** Takeaway or self pickup: a table, an open table or an appointment belongs to one shop's visit. */
    type: z.enum([OrderType.takeaway, OrderType.selfPickup]),
  })
  .strict();
export type MultiShopPart = z.infer<typeof MultiShopPart>;

/**
 * order/multiConfirm — the shops' parts (two at least, each shop once), the pay type of the one
 * payment and the grand total shown. The server prices every part with its shop's rules; any refusal
 * (its data names the shop) places nothing. Send the `Idempotency-Key` header as for order/confirm.
 */
export const MultiConfirmReq = z
  .object({
    payType: PayTypeSchema,
    parts: z
      .array(MultiShopPart)
      .min(2)
      .max(MULTI_MAX_SHOPS)
      .refine((ps) => new Set(ps.map((p) => p.shopId)).size === ps.length, 'each shop once'),
    expectedTotal: Money,
  })
  .strict();
export type MultiConfirmReq = z.infer<typeof MultiConfirmReq>;

/** `data` of a refusal of order/multiConfirm: the shop whose rule refused (and, on amountError, its figures). */
export const MultiRefusalData = z.object({
  shopId: Id,
  shopName: ShortText,
  expectedTotal: Money.optional(),
  total: Money.optional(),
  breakdown: OrderBreakdown.optional(),
});
export type MultiRefusalData = z.infer<typeof MultiRefusalData>;

/** One order of a multi-shop order. */
export const MultiOrderPart = z.object({
  id: Id,
  orderNo: z.string().max(64),
  shopId: Id,
  shopName: ShortText,
  status: OrderStatusSchema,
  payStatus: PayStatusSchema,
  total: Money,
});
export type MultiOrderPart = z.infer<typeof MultiOrderPart>;

/** The state of the group: unpaid, paid (every order paid), or ended unpaid (its orders cancelled). */
export const MultiOrderStatus = z.enum(['nopay', 'paid', 'cancelled']);
export type MultiOrderStatus = z.infer<typeof MultiOrderStatus>;

/** A multi-shop order: its orders (C§3 multiOrderIds) and the combined total. */
export const MultiOrder = z.object({
  id: Id,
  multiOrderIds: z.array(Id).max(MULTI_MAX_SHOPS),
  orders: z.array(MultiOrderPart).max(MULTI_MAX_SHOPS),
  total: Money,
  payType: PayTypeSchema,
  status: MultiOrderStatus,
  /** True while the one payment is still due. */
  needPay: z.boolean(),
  payDeadline: EpochMs.nullable(),
  currencySymbol: z.string().max(8),
  numberDecimals: z.number().int().min(0).max(4),
});
export type MultiOrder = z.infer<typeof MultiOrder>;

/** What pricing reads of a shop's member card (the facts the server's pricing uses too). */
export const MultiMemberFacts = z.object({
  info: MemberInfoSchema,
  setting: MemberSettingSchema,
  giftAmountRules: z.array(GiftAmountRuleSchema).max(50),
  timesRedBag: TimesRedBagInfoSchema.nullable(),
});

/**
 * order/multiShops — for each shop of the chain the customer has a cart at, what the domain pricing
 * needs to show that shop's figures exactly as the server will price them: its settings, the menu
 * products of the cart, the activities, the member facts and the pay types it takes.
 */
export const MultiShopsReq = z
  .object({
    carts: z
      .array(z.object({ shopId: Id, productIds: z.array(Id).max(200) }).strict())
      .min(1)
      .max(MULTI_MAX_SHOPS),
  })
  .strict();

export const MultiShopFacts = z.object({
  shopId: Id,
  shop: ShopSettingsSchema,
  /** C§4 real status for pickup and takeaway (1 normal, 0 expired, -1 stopped). */
  realStatus: z.number().int(),
  isOpen: z.boolean(),
  payTypes: z.array(PayTypeSchema).max(10),
  products: z.array(ProductSchema).max(200),
  activities: z.array(ActivitySchema).max(200),
  member: MultiMemberFacts.nullable(),
  serverTime: EpochMs,
});
export type MultiShopFacts = z.infer<typeof MultiShopFacts>;

/** order/multiPay — the one payment of a multi-shop order (an online pay type). */
export const MultiPayReq = z
  .object({
    id: Id,
    payType: PayTypeSchema,
    payOpenid: z.string().max(128).optional(),
    /** Where a provider page returns to (H5). */
    returnUrl: z.string().max(2048).optional(),
  })
  .strict();
export type MultiPayReq = z.infer<typeof MultiPayReq>;

const ById = z.object({ id: Id }).strict();

export const multiOrderCalls = {
  shops: defineCall('order/multiShops', MultiShopsReq, z.object({ shops: z.array(MultiShopFacts).max(MULTI_MAX_SHOPS) })),
  confirm: defineCall('order/multiConfirm', MultiConfirmReq, MultiOrder),
  pay: defineCall('order/multiPay', MultiPayReq, PayStart),
  /** Asks the provider about the group's open trade (settling a paid one), then answers the group. */
  payQuery: defineCall('order/multiPayQuery', ById, MultiOrder),
  detail: defineCall('order/multiDetail', ById, MultiOrder),
};
