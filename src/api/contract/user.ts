import { z } from 'zod';
import { ErrorCode } from '../../domain/errors';
import type { MemberInfo } from '../../domain/types';
import { SUPPORTED_LANGUAGES } from '../../domain/language';
import { EpochMs, Id, Ok, Phone, defineCall } from './common';
import { AvatarUrl, NickName, OpenId, SmsCode, codedIssue } from './shared-shapes';

/** User calls (C§7 user, P§7 user/*, USER-1, USER-2). */

/** The member card shown with a user (P§3 Member info). */
export const MemberInfoSchema: z.ZodType<MemberInfo> = z.object({
  id: Id,
  name: z.string().optional(),
  birthday: z.string().optional(),
  phone: z.string().optional(),
  level: z.union([z.number(), z.string()]).optional(),
  levelName: z.string().optional(),
  cardNo: z.string().optional(),
  amount: z.number(),
  giftAmount: z.number(),
  points: z.number(),
  barcode: z.string().optional(),
  discount: z.number(),
  isChain: z.boolean().optional(),
  isCharged: z.boolean().optional(),
  industry: z.number().optional(),
  isBindOfficialAccount: z.boolean().optional(),
  hasPaid: z.boolean().optional(),
});

/** The signed-in user (C§3 User): visitors get a random nickname and avatar. */
export const UserProfile = z.object({
  id: Id,
  nickName: z.string(),
  avatarUrl: z.string(),
  phone: z.string().nullable(),
  /** False for a visitor that never set a profile. */
  authorised: z.boolean(),
  openid: z.string(),
  vipInfo: MemberInfoSchema.nullable(),
});
export type UserProfile = z.infer<typeof UserProfile>;

/** Answer of every login call: the token (24 h, C§9) for the shop, and the user. */
export const LoginRes = z.object({
  token: z.string().length(64),
  expiresAt: EpochMs,
  shopId: Id,
  user: UserProfile,
});
export type LoginRes = z.infer<typeof LoginRes>;

/** A platform login code (wx.login / my.getAuthCode). */
const LoginCode = z.string().min(1).max(256);

/** A shop id as the start-up parameter `id` carries it (number or digits). */
const ShopIdParam = z.union([Id, z.string().regex(/^\d{1,12}$/).transform(Number)]);

/** An SMS-capable phone (P§5): digits, optional leading +. */
const SmsPhone = z
  .string()
  .max(24)
  .optional()
  .refine((v) => v !== undefined && Phone.safeParse(v).success, codedIssue(ErrorCode.inputCorrectPhone, 'phone'))
  .transform((v) => v ?? '');

/** An entered SMS code; missing → inputVerifyCode. */
const EnteredSmsCode = z
  .string()
  .max(8)
  .optional()
  .refine((v) => v !== undefined && v !== '', codedIssue(ErrorCode.inputVerifyCode, 'verify code required'))
  .transform((v) => v ?? '')
  .pipe(SmsCode);

export const LoginReq = z.object({ id: ShopIdParam, code: LoginCode, appid: z.string().max(64).optional() }).strict();
export const AliLoginReq = LoginReq;
export const H5EntryReq = z
  .object({
    id: ShopIdParam,
    openid: OpenId,
    companyId: z.union([Id, z.string().max(32)]).optional(),
    groupId: z.union([Id, z.string().max(32)]).optional(),
  })
  .strict();
export const TokenReq = z.object({ id: ShopIdParam, token: z.string().min(1).max(128) }).strict();
export const UrlCheckReq = z.object({ url: z.string().min(1).max(2048) }).strict();
export const UrlCheckRes = z.object({
  valid: z.boolean(),
  /** Start-up parameters read from the URL (C§2): id, table, shop_id, table_no, source_type… */
  params: z.record(z.string(), z.string()),
});
/** A QR code's content (table code `T<shopId>-<tableNo>` or a shop link). */
export const CodeInfoReq = z.object({ code: z.string().min(1).max(512) }).strict();
export const CodeInfoRes = z.object({
  type: z.enum(['table', 'shop']),
  shopId: Id,
  tableId: Id.nullable(),
  tableNo: z.string().nullable(),
});
export const SendSmsCodeReq = z
  .object({
    phone: SmsPhone,
    /** Country / area code of the phone (C§3 country list), e.g. "CN" or "86". */
    code: z.string().max(8).optional(),
    /** Development provider only: return the code in the answer, for demos. */
    test: z.boolean().optional(),
  })
  .strict();
export const SendSmsCodeRes = z.object({
  sent: z.literal(true),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
  testCode: z.string().optional(),
});
export const VerifyCodeReq = z.object({ phone: SmsPhone, code: EnteredSmsCode }).strict();
export const H5LoginReq = VerifyCodeReq;
export const PutLogsReq = z
  .object({ log: z.union([z.string().max(8192), z.array(z.string().max(2048)).max(50)]) })
  .strict();
export const EncryptParamsReq = z.object({ key: z.string().min(1).max(64) }).strict();
export const EncryptParamsRes = z.object({ key: z.string(), params: z.string(), expiresAt: EpochMs });
export const SetUserInfoReq = z
  .object({
    nickName: NickName.trim().min(1).optional(),
    avatarUrl: AvatarUrl.regex(/^(https?:\/\/|\/)/, 'avatarUrl must be an http(s) URL or a path').optional(),
  })
  .strict();

/** The avatar upload (multipart POST, field `file`; USER-2). Not a JSON call. */
export const AVATAR_UPLOAD_PATH = 'user/uploadAvatar';
export const AvatarUploadRes = z.object({ url: z.string() });

/** A message tree: texts keyed by name, nested. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}
const MessageTreeSchema: z.ZodType<MessageTree> = z.lazy(() => z.record(z.string(), z.union([z.string(), MessageTreeSchema])));

/** The start-up messages of one language, for clients that do not carry it (mini programs, C§1). */
export const MessagesReq = z.object({ lang: z.enum(SUPPORTED_LANGUAGES) }).strict();

export const userCalls = {
  login: defineCall('user/login', LoginReq, LoginRes, false),
  aliLogin: defineCall('user/aliLogin', AliLoginReq, LoginRes, false),
  h5entry: defineCall('user/h5entry', H5EntryReq, LoginRes, false),
  urlCheck: defineCall('user/urlCheck', UrlCheckReq, UrlCheckRes, false),
  messages: defineCall('user/messages', MessagesReq, MessageTreeSchema, false),
  token: defineCall('user/token', TokenReq, LoginRes, false),
  getCodeInfo: defineCall('user/getCodeInfo', CodeInfoReq, CodeInfoRes, false),
  sendSmsCode: defineCall('user/sendSmsCode', SendSmsCodeReq, SendSmsCodeRes),
  /** Phone + SMS code; answers a token of the user who owns the verified phone (this one if nobody does). */
  h5Login: defineCall('user/h5Login', H5LoginReq, LoginRes),
  putLogs: defineCall('user/putLogs', PutLogsReq, Ok, false),
  verifyCode: defineCall('user/verifyCode', VerifyCodeReq, z.object({ verified: z.literal(true) })),
  getSmsQuantity: defineCall('user/getSmsQuantity', z.object({}).strict(), z.object({ quantity: z.number().int() })),
  getEncryptParams: defineCall('user/getEncryptParams', EncryptParamsReq, EncryptParamsRes),
  /** P§7 user/setUserInfo (USER-2): the nickname and/or avatar the user chose; answers the profile. */
  setUserInfo: defineCall('user/setUserInfo', SetUserInfoReq, UserProfile),
};
