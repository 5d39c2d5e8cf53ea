import { z } from 'zod';
import type { GiftAmountRule, MemberInfo, MemberSetting } from '../../domain/types';
import { ErrorCode } from '../../domain/errors';
import { Gender, PayType, VipTransactionType } from '../../domain/enums';
import { Empty, EpochMs, Id, Money, Ok, Phone, ShortText, defineCall } from './common';
import { ActivityCouponSchema, ActivitySchema, CouponSchema } from './activity';
import {
  AvatarUrl,
  DateString,
  NewPayPassword,
  OpenId,
  PageReq,
  PayPassword,
  PayStart,
  PayStatusSchema,
  SmsCode,
  codedIssue,
  paged,
} from './shared-shapes';

/** Member calls (C§7 vip, P§7 member calls) and the member shapes of P§3 (MEMBER-*). */

const Percent = z.number().min(0).max(100);
const Points = z.number().int().min(-1e9).max(1e9);

/**
 * Member info (P§3). The pay password never leaves the server: `hasPayPassword` says whether one is
 * set (the edit-paypassword page then asks for the original).
 */
export const MemberInfoSchema: z.ZodType<MemberInfo & { hasPayPassword?: boolean }> = z.object({
  id: Id,
  name: z.string().max(64).optional(),
  birthday: DateString.optional(),
  phone: z.string().max(24).optional(),
  level: z.union([z.number().int(), z.string().max(32)]).optional(),
  levelName: ShortText.optional(),
  cardNo: z.string().max(64).optional(),
  /** Balance. */
  amount: Money,
  giftAmount: Money,
  points: Points,
  barcode: z.string().max(128).optional(),
  /** Percent payable, default 100 (P§9). */
  discount: Percent,
  isChain: z.boolean().optional(),
  isCharged: z.boolean().optional(),
  industry: z.number().int().min(0).max(6).optional(),
  isBindOfficialAccount: z.boolean().optional(),
  rawData: z.unknown().optional(),
  hasPaid: z.boolean().optional(),
  hasPayPassword: z.boolean().optional(),
});
export type MemberInfoWire = z.infer<typeof MemberInfoSchema>;

/** Member setting of the shop (P§3). */
export const MemberSettingSchema: z.ZodType<MemberSetting> = z.object({
  logo: AvatarUrl.optional(),
  name: ShortText.optional(),
  cardLogo: AvatarUrl.optional(),
  cardName: ShortText.optional(),
  isOpenDiscount: z.boolean().optional(),
  discountMode: z.number().int().optional(),
  isOnlyCardPayForDiscount: z.boolean().optional(),
  allowRegisterInWeb: z.boolean().optional(),
  chargeSlogan: z.string().max(500).optional(),
  isAllowRecharge: z.boolean().optional(),
  isFunctionOpen: z.boolean().optional(),
  isPointOpen: z.boolean().optional(),
  isPointDeductionOpen: z.boolean().optional(),
  pointDeductionRate: z.number().positive().max(1e6).optional(),
  pointDeductionRule: z.number().int().optional(),
  pointDeductionMaxLimit: Money.optional(),
  isShowVipPrice: z.boolean().optional(),
});

/** Gift-balance rule (P§9): spend minAmount, use a fixed amount (type 1) or a percent (type 2). */
export const GiftAmountRuleSchema: z.ZodType<GiftAmountRule> = z.object({
  minAmount: Money,
  type: z.union([z.literal(1), z.literal(2)]),
  amount: Money.optional(),
  percent: Percent.optional(),
});

/** One balance/points movement of the member (vip/doc, vip/pointDoc; C§4 transaction types). */
export const VipTransaction = z.object({
  id: Id,
  type: z.enum(Object.values(VipTransactionType) as [VipTransactionType, ...VipTransactionType[]]),
  /** Signed change of the balance. */
  amount: Money,
  /** Signed change of the gift amount. */
  giftAmount: Money,
  /** Signed change of the points. */
  points: Points,
  /** Balance after the movement (vip/doc); null on point movements (vip/pointDoc). */
  balance: Money.nullable(),
  /** Gift amount after the movement (vip/doc). */
  giftAmountAfter: Money.optional(),
  /** Points after the movement (vip/pointDoc); null on balance movements. */
  pointsAfter: Points.nullable().optional(),
  time: EpochMs,
  orderNo: z.string().max(64).nullable(),
  shopName: ShortText,
  note: ShortText,
});
export type VipTransaction = z.infer<typeof VipTransaction>;

/** A top-up rule (vip/payRules): charge `chargeAmount`, get `presentAmount` gift amount (and points, coupons). */
export const PayRule = z.object({
  id: Id,
  chargeAmount: Money,
  presentAmount: Money,
  presentPoints: Points.optional(),
  coupons: z.array(ActivityCouponSchema).max(20).optional(),
  /** Only for the first top-up (`is_first`). */
  isFirst: z.boolean(),
});
export type PayRule = z.infer<typeof PayRule>;

export const PayRulesRes = z.object({
  list: z.array(PayRule).max(50),
  /** The member may type an amount of their own. */
  allowCustomAmount: z.boolean(),
  minAmount: Money,
});
export type PayRulesRes = z.infer<typeof PayRulesRes>;

/**
 * vip/register and vip/bind: either a phone-authorisation code from the platform (fast register, P§4),
 * a phone with its SMS code (user/sendSmsCode), or — alone — the phone the user's SMS login proved
 * (the server checks it is that phone).
 */
const PhoneProof = {
  code: z.string().min(1).max(512).optional(),
  phone: Phone.optional(),
  smsCode: SmsCode.optional(),
};
const hasPhoneProof = (v: { code?: string; phone?: string; smsCode?: string }) =>
  Boolean(v.code) || Boolean(v.phone);

export const RegisterReq = z
  .object({
    ...PhoneProof,
    name: z.string().max(64).optional(),
    birthday: DateString.optional(),
    gender: z.union([z.literal(Gender.unknown), z.literal(Gender.male), z.literal(Gender.female)]).optional(),
  })
  .strict()
  .refine(
    hasPhoneProof,
    codedIssue(ErrorCode.inputVerifyCode, 'a phone code or phone and SMS code is required'),
  );

export const BindReq = z
  .object(PhoneProof)
  .strict()
  .refine(
    hasPhoneProof,
    codedIssue(ErrorCode.inputVerifyCode, 'a phone code or phone and SMS code is required'),
  );

export const MemberRes = z.object({ vipInfo: MemberInfoSchema });

/**
 * vip/updatePayPassword — set (first time), change (with `originPayPassword`) or reset after
 * forgetting it (with `phone` + `smsCode`, MEMBER-2). The repeat must match (C§5).
 */
export const UpdatePayPasswordReq = z
  .object({
    id: Id,
    payPassword: NewPayPassword,
    repeatPayPassword: z.string().max(6),
    originPayPassword: PayPassword.optional(),
    phone: Phone.optional(),
    smsCode: SmsCode.optional(),
  })
  .strict()
  .refine((v) => v.payPassword === v.repeatPayPassword, {
    ...codedIssue(ErrorCode.passwordsInconsistent, 'the two passwords are inconsistent'),
    path: ['repeatPayPassword'],
  })
  .refine((v) => !v.smsCode || Boolean(v.phone), {
    ...codedIssue(ErrorCode.inputCorrectPhone, 'the SMS code needs its phone'),
    path: ['phone'],
  });
export type UpdatePayPasswordReq = z.infer<typeof UpdatePayPasswordReq>;

/** vip/recharge — top up by a rule or by a typed amount, through a wallet or provider page. */
export const RechargeReq = z
  .object({
    ruleId: Id.optional(),
    amount: Money.optional(),
    payType: z.enum([PayType.weixin, PayType.alipay, PayType.stripe, PayType.allinpay]),
    payOpenid: OpenId.optional(),
    returnUrl: z.string().max(2048).optional(),
  })
  .strict()
  .refine((v) => (v.ruleId === undefined) !== (v.amount === undefined), {
    message: 'give either ruleId or amount',
  })
  .refine((v) => v.amount === undefined || v.amount > 0, {
    ...codedIssue(ErrorCode.paymentAmountZero, 'the amount must be greater than 0'),
    path: ['amount'],
  });
export type RechargeReq = z.infer<typeof RechargeReq>;

export const RechargeRes = z.object({
  rechargeId: Id,
  chargeAmount: Money,
  presentAmount: Money,
  pay: PayStart,
});
export type RechargeRes = z.infer<typeof RechargeRes>;

/** The charge-success page: the top-up's state and figures, the card after it, the coupons it earned. */
export const RechargeQueryRes = z.object({
  payStatus: PayStatusSchema,
  vipInfo: MemberInfoSchema,
  rechargeId: Id.optional(),
  chargeAmount: Money.optional(),
  presentAmount: Money.optional(),
  coupons: z.array(CouponSchema).max(20).optional(),
});

export const VipShop = z.object({
  id: Id,
  name: ShortText,
  address: z.string().max(300),
  phone: z.string().max(24),
  image: AvatarUrl,
});
export type VipShop = z.infer<typeof VipShop>;

export const MemberNotifyInfo = z.object({
  isBindOfficialAccount: z.boolean(),
  officialAccountName: ShortText,
  /** QR code that opens the official account (bind-qrcode page). */
  qrcodeUrl: AvatarUrl,
  chatGroupSlogan: z.string().max(500),
  chatGroupImage: AvatarUrl,
});
export type MemberNotifyInfo = z.infer<typeof MemberNotifyInfo>;

const CouponList = z.object({ list: z.array(CouponSchema).max(100) });
const MemberPage = z.object({ id: Id, ...PageReq }).strict();

export const vipCalls = {
  /** Token of the member center (kept locally). */
  genVipToken: defineCall(
    'vip/genVipToken',
    Empty,
    z.object({ token: z.string().min(1).max(512), expiresAt: EpochMs }),
  ),
  /** Newcomer coupons a visitor would receive by registering (P§2 newcomer prompt). */
  registerCoupons: defineCall('vip/registerCoupons', Empty, CouponList),
  /** `version` is the member-setting version the app holds; the answer always carries the current one. */
  getInfo: defineCall(
    'vip/getInfo',
    z
      .object({
        version: z
          .number()
          .int()
          .min(0)
          .max(2 ** 31 - 1)
          .optional(),
      })
      .strict(),
    z.object({
      vipInfo: MemberInfoSchema.nullable(),
      memberSetting: MemberSettingSchema,
      version: z.number().int(),
    }),
  ),
  register: defineCall('vip/register', RegisterReq, MemberRes),
  bind: defineCall('vip/bind', BindReq, MemberRes),
  /** Claims the newcomer coupons after registering. */
  getRegisterCoupons: defineCall('vip/getRegisterCoupons', Empty, CouponList),
  update: defineCall(
    'vip/update',
    z.object({ name: z.string().min(1).max(64), birthday: DateString.optional() }).strict(),
    MemberRes,
  ),
  /** Balance transactions of member `id`, newest first. */
  doc: defineCall('vip/doc', MemberPage, paged(VipTransaction)),
  payRules: defineCall(
    'vip/payRules',
    z.object({ is_first: z.union([z.literal(0), z.literal(1), z.boolean()]).optional() }).strict(),
    PayRulesRes,
  ),
  /** Checks an SMS code before the forgot-pay-password form is shown. */
  checkCode: defineCall(
    'vip/checkCode',
    z.object({ phone: Phone, code: SmsCode }).strict(),
    z.object({ valid: z.literal(true) }),
  ),
  /** Shops of the member's chain (MEMBER-6). */
  getVipShopList: defineCall('vip/getVipShopList', Empty, z.object({ list: z.array(VipShop).max(500) })),
  /** Points movements of member `id` (point-consume-list). */
  pointDoc: defineCall('vip/pointDoc', MemberPage, paged(VipTransaction)),
  giftAmountRules: defineCall(
    'vip/giftAmountRules',
    Empty,
    z.object({ list: z.array(GiftAmountRuleSchema).max(50) }),
  ),
  updatePayPassword: defineCall('vip/updatePayPassword', UpdatePayPasswordReq, Ok),
  getMemberNotifyInfo: defineCall('vip/getMemberNotifyInfo', Empty, MemberNotifyInfo),
  bindOfficialAccount: defineCall(
    'vip/bindOfficialAccount',
    z.object({ officialAccountOpenid: OpenId }).strict(),
    Ok,
  ),
  /** Member activities: charge-present coupons, first member pay gift (P§3 types 16, 20). */
  activities: defineCall('vip/activities', Empty, z.object({ list: z.array(ActivitySchema).max(100) })),
  recharge: defineCall('vip/recharge', RechargeReq, RechargeRes),
  /** The charge-success page reads the top-up: its state, figures, the card after it and the coupons it earned. */
  rechargeQuery: defineCall('vip/rechargeQuery', z.object({ rechargeId: Id }).strict(), RechargeQueryRes),
  /** Sandbox provider only (docs/members.md): the sandbox wallet or page confirms the payment's outcome. */
};
