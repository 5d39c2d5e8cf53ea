import { z } from 'zod';
import { ErrorCode } from '../../domain/errors';
import { ActivityType, Limits, PayStatus, PayType } from '../../domain/enums';
import { EpochMs, Id, Money, ShortText } from './common';

/**
 * Shapes shared by the order, table, vip and activity contracts.
 *
 * A refinement that stands for a rule of the error catalogue carries the catalogue code in its issue
 * `params.code` (see `codedIssue`), so a server that validates with the contract can answer
 * `{result:false, code}` with that code instead of a generic badRequest (`codeOfIssues`).
 */

/** Issue options for a refinement that maps to one catalogue code. */
export const codedIssue = (code: ErrorCode, message: string) => ({ message, params: { code } });

const SIX_DIGITS = /^\d{6}$/;
const PHONE = /^\+?[0-9]{5,20}$/;

/** Reads the catalogue code a contract refinement attached to a zod issue, if any. */
export const codeOfIssue = (issue: { params?: unknown } | z.core.$ZodIssue): ErrorCode | undefined => {
  const params = (issue as { params?: unknown }).params;
  if (params && typeof params === 'object' && 'code' in params) {
    const code = (params as { code: unknown }).code;
    if (typeof code === 'string' && (Object.values(ErrorCode) as string[]).includes(code)) return code as ErrorCode;
  }
  return undefined;
};

/**
 * The catalogue code a failed parse stands for: the first coded issue. Built-in checks (length,
 * pattern) report plain issues; the contract repeats the rules that have a catalogue message as a
 * coded refinement beside them, so this finds the code whichever check failed first.
 */
export const codeOfIssues = (issues: ReadonlyArray<{ params?: unknown } | z.core.$ZodIssue>): ErrorCode | undefined => {
  for (const issue of issues) {
    const code = codeOfIssue(issue);
    if (code) return code;
  }
  return undefined;
};

export const PayTypeSchema = z.enum(Object.values(PayType) as [PayType, ...PayType[]]);
export const PayStatusSchema = z.union([
  z.literal(PayStatus.processing),
  z.literal(PayStatus.success),
  z.literal(PayStatus.fail),
  z.literal(PayStatus.cancel),
]);

/** Activity type codes of P§3 (numbers, -1 memberPrice … 20 memberChargePresentCoupon). */
export const ActivityTypeSchema = z.union(
  Object.values(ActivityType).map((t) => z.literal(t)) as unknown as [
    z.ZodLiteral<ActivityType>,
    z.ZodLiteral<ActivityType>,
    ...z.ZodLiteral<ActivityType>[],
  ],
);

/**
 * `couponId` of a submission: a coupon id, `'auto'` (the server picks by P§9: largest reduction, ties
 * to the lower id) or `null` (no coupon). Absent means null.
 */
export const CouponChoiceSchema = z.union([Id, z.literal('auto'), z.null()]);

/** An entered pay password (C§5): exactly 6 digits. */
export const PayPassword = z
  .string()
  .regex(SIX_DIGITS)
  .refine((p) => SIX_DIGITS.test(p), codedIssue(ErrorCode.payPasswordSixDigits, 'pay password must be 6 digits'));

/** A pay password being set (C§5, P§5): 6 digits and not 123456. */
export const NewPayPassword = PayPassword.refine(
  (p) => p !== Limits.forbiddenPayPassword,
  codedIssue(ErrorCode.payPasswordTooSimple, 'pay password is too simple'),
);

/** A contact phone of an order: the pattern of common `Phone`, refused with C§5 "please input a correct phone". */
export const ContactPhone = z
  .string()
  .regex(PHONE)
  .refine((p) => PHONE.test(p), codedIssue(ErrorCode.inputCorrectPhone, 'please input a correct phone'));

/** An SMS verification code as sent by user/sendSmsCode. */
export const SmsCode = z.string().regex(/^\d{4,8}$/);

/** A platform open id (chat-app, payment-app, or the device-id fallback of C§2). */
export const OpenId = z.string().min(1).max(128);
export const NickName = z.string().max(64);
export const AvatarUrl = z.string().max(1024);
/** A calendar day `YYYY-MM-DD`. */
export const DateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** `lat,lng` (latitude first, as src/domain/validation.ts parseGps reads it) as stored in contact_address_gps and addressGps. */
export const GpsText = z.string().regex(/^-?\d{1,3}(\.\d{1,12})?,-?\d{1,3}(\.\d{1,12})?$/).max(60);
/** A cart line identity built from id, spec, tastes and meal-set choices (C§3). */
export const LineFlag = z.string().min(1).max(300);
export const Quantity = z.number().int().min(1).max(Limits.unlimited);

/** ASAP or a chosen epoch-ms instant (C§4 "order timing"). */
export const WhenTime = z.union([z.literal('ASAP'), EpochMs]);
export type WhenTime = z.infer<typeof WhenTime>;

/** A chosen taste/attribute of a line (C§3 tastes: id, quantity). */
export const TasteChoice = z.object({ id: Id, quantity: Quantity }).strict();
export type TasteChoice = z.infer<typeof TasteChoice>;

/** One chosen item of a meal set group. */
export const MealsetChoice = z
  .object({
    groupId: Id,
    productId: Id,
    specId: Id.optional(),
    quantity: Quantity,
    tastes: z.array(TasteChoice).max(50).optional(),
  })
  .strict();
export type MealsetChoice = z.infer<typeof MealsetChoice>;

/**
 * One product line a client submits (order/confirm, table/userAddProducts). It names what was chosen,
 * never a price: the server prices every line itself (docs/architecture.md §7 One pricing engine, PRICE-10).
 */
export const ProductChoice = z
  .object({
    id: Id,
    specId: Id.optional(),
    tastes: z.array(TasteChoice).max(50).optional(),
    mealset: z.array(MealsetChoice).max(50).optional(),
    quantity: Quantity,
    flag: LineFlag,
    /** A product coupon this line redeems (P§5: one product per product coupon). */
    couponId: Id.optional(),
  })
  .strict();
export type ProductChoice = z.infer<typeof ProductChoice>;

/** A priced taste as the server shows it on an order or shared-cart line. */
export const PricedTaste = z.object({
  id: Id,
  name: ShortText,
  quantity: Quantity,
  price: Money,
  typeId: Id.optional(),
});
export type PricedTaste = z.infer<typeof PricedTaste>;

/** Pages of a list call: the request part. */
export const PageReq = {
  page: z.number().int().min(1).max(10000).optional(),
  pageLimit: z.number().int().min(1).max(100).optional(),
};

/** Pages of a list call: the answer, `list` plus the paging figures. */
export const paged = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    list: z.array(item).max(100),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageLimit: z.number().int().min(1).max(100),
  });

/**
 * What the app needs to start a payment with a provider (design: C§7 says provider calls are not shown).
 * - `paid`: settled at once (cash recorded, member card debited);
 * - `wallet`: parameters for the chat-app / payment-app wallet API (sandbox signs them itself);
 * - `redirect`: a provider page (stripe-pay, allin-pay) the app opens in a web-view or the browser.
 */
export const PayStart = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('paid'), payStatus: PayStatusSchema, paidAmount: Money }),
  z.object({
    kind: z.literal('wallet'),
    provider: z.enum([PayType.weixin, PayType.alipay]),
    tradeNo: z.string().min(1).max(64),
    amount: Money,
    // chat-app wallet: the fields of requestPayment; payment-app wallet: the trade number for
    // my.tradePay. Nothing here can confirm a payment: only the provider's notification does.
    params: z.union([
      z.object({
        timeStamp: z.string().max(20),
        nonceStr: z.string().max(64),
        package: z.string().max(200),
        signType: z.string().max(16),
        paySign: z.string().max(512),
      }),
      z.object({
        tradeNO: z.string().min(1).max(64),
      }),
    ]),
  }),
  z.object({
    kind: z.literal('redirect'),
    provider: z.enum([PayType.stripe, PayType.allinpay]),
    tradeNo: z.string().min(1).max(64),
    amount: Money,
    url: z.string().max(2048),
  }),
]);
export type PayStart = z.infer<typeof PayStart>;

