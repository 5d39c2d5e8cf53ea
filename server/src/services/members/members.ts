/**
 * Member card operations (MEMBER-1, 2, 3, 6, 8): register and bind, info and edit, pay password,
 * member-center token, chain shops, official account and notices, newcomer coupons.
 */
import { createHash, createHmac, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { Limits } from '../../../../src/domain/enums';
import { validateNewPayPassword } from '../../../../src/domain/validation';
import { registersInPlace } from '../../../../src/domain/members/registration';
import type { UpdatePayPasswordReq, VipShop } from '../../../../src/api/contract/vip';
import { perServer, type ServerContext } from '../../context';
import { secretsOf } from '../../secrets';
import type { Db, Tx } from '../../db/client';
import { couponTemplates, memberLevels, members, shops, users } from '../../db/schema';
import { fail, fromRule } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import type { MemberRow } from '../members-read';
import { shopSettingsFor, type ShopRow } from '../shops';
import {
  assertFunctionOpen,
  inTransaction,
  requireMember,
  requireOwnMember,
  shopOrChain,
  type MemberScope,
} from './common';
import { issueCoupons, type MemberCouponRow } from './coupons';
import { createPhoneCodeProvider, type PhoneCodeProvider } from './phone-code';

/** Wrong original pay passwords before the card locks, and for how long (the order side uses the same). */
export const PAY_PASSWORD_MAX_TRIES = 5;
export const PAY_PASSWORD_LOCK_MS = 15 * 60 * 1000;

/** Life of a member-center token (C§9 local token life 24 h). */
const VIP_TOKEN_LIFE_MS = Limits.tokenLifeMs;

/** Proof of a phone: a platform phone code (fast register) or a phone with its SMS code. */
export interface PhoneProof {
  code?: string;
  phone?: string;
  smsCode?: string;
}

const phoneCodes = perServer((ctx): PhoneCodeProvider => createPhoneCodeProvider(ctx.wechat));

/**
 * The phone a proof stands for; SMS codes go through the shared SMS service (5 minutes, one use). A
 * phone without a code is proof only when it is the phone the user's own login proved (user/h5Login
 * verified its SMS code; users.phone is written only after a proof): a browser then registers with the
 * one code it signed in with, instead of waiting a minute for a second one (P§5 SMS code).
 */
export async function provePhone(ctx: ServerContext, proof: PhoneProof, userId?: number): Promise<string> {
  if (proof.code) return phoneCodes(ctx).phoneOf(proof.code);
  if (proof.phone && !proof.smsCode && userId !== undefined) {
    const [user] = await ctx.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
    if (user?.phone && user.phone === proof.phone) return proof.phone;
  }
  if (!proof.phone || !proof.smsCode) throw fail('inputVerifyCode');
  await ctx.sms.verify(proof.phone, proof.smsCode);
  return proof.phone;
}

/** A card of the shop or its chain held under `phone`. */
async function memberByPhone(db: Db, shop: ShopRow, phone: string): Promise<MemberRow | null> {
  const rows = await db
    .select()
    .from(members)
    .where(and(eq(members.phone, phone), shopOrChain(shop, members.shopId, members.chainId)))
    .orderBy(asc(members.id))
    .limit(2);
  return rows.find((r) => r.shopId === shop.id) ?? rows[0] ?? null;
}

/** Serialises registrations of one user (two taps must not make two cards). */
async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${7_000_000_000 + userId})`);
}

/**
 * Attaches a card to the user (after the phone was proven). A user holds one card per shop/chain:
 * another card already held → alreadyMember.
 */
async function attach(tx: Tx, scope: MemberScope, card: MemberRow, phone: string): Promise<MemberRow> {
  if (scope.member && scope.member.id !== card.id) throw fail('alreadyMember');
  const [row] = await tx
    .update(members)
    .set({ userId: scope.userId })
    .where(eq(members.id, card.id))
    .returning();
  await tx
    .update(users)
    .set({ phone, authorised: true })
    .where(and(eq(users.id, scope.userId), isNull(users.phone)));
  return row;
}

/**
 * vip/register (P§4 fast register): allowed only when the shop lets members register on the web
 * (allowRegisterInWeb), otherwise the card must be made in the store. A proven phone that already has
 * a card of the shop is bound instead of duplicated. A new card starts at the lowest level and
 * receives the newcomer coupons once.
 */
export async function register(
  ctx: ServerContext,
  scope: MemberScope,
  body: PhoneProof & { name?: string; birthday?: string },
): Promise<{ member: MemberRow; coupons: MemberCouponRow[] }> {
  assertFunctionOpen(scope);
  if (!registersInPlace(scope.setting)) throw fail('needRegisterInStore');
  if (scope.member) throw fail('alreadyMember');
  const phone = await provePhone(ctx, body, scope.userId);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    await lockUser(tx, scope.userId);
    const existing = await memberByPhone(tx, scope.shop, phone);
    if (existing) return { member: await attach(tx, scope, existing, phone), coupons: [] };
    const again = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.userId, scope.userId), shopOrChain(scope.shop, members.shopId, members.chainId)))
      .limit(1);
    if (again[0]) throw fail('alreadyMember');
    const level = await lowestLevel(tx, scope.shop);
    const [created] = await tx
      .insert(members)
      .values({
        shopId: scope.shop.id,
        chainId: scope.shop.chainId,
        userId: scope.userId,
        phone,
        name: body.name ?? '',
        birthday: body.birthday ?? null,
        level: level?.level ?? 0,
        levelName: level?.name ?? '',
        discount: level?.discount ?? Limits.defaultMemberDiscount,
        cardNo: newCardNo(scope.shop.id),
        data: { hasPaid: false },
        createdAt: new Date(now),
      })
      .returning();
    await tx
      .update(users)
      .set({ phone, authorised: true })
      .where(and(eq(users.id, scope.userId), isNull(users.phone)));
    const coupons = await issueRegisterCoupons(tx, scope, created, now);
    return { member: created, coupons };
  });
}

/** vip/bind: the card of the proven phone; no card → needRegisterInStore (P§8, answered as code -1). */
export async function bind(ctx: ServerContext, scope: MemberScope, body: PhoneProof): Promise<MemberRow> {
  assertFunctionOpen(scope);
  const phone = await provePhone(ctx, body, scope.userId);
  return inTransaction(ctx.db, async (tx) => {
    await lockUser(tx, scope.userId);
    const card = await memberByPhone(tx, scope.shop, phone);
    if (!card) throw fail('needRegisterInStore');
    if (scope.member?.id === card.id) return card;
    return attach(tx, scope, card, phone);
  });
}

async function lowestLevel(db: Db, shop: ShopRow) {
  const rows = await db
    .select()
    .from(memberLevels)
    .where(
      and(
        eq(memberLevels.active, true),
        shop.chainId === null
          ? eq(memberLevels.shopId, shop.id)
          : or(eq(memberLevels.shopId, shop.id), eq(memberLevels.chainId, shop.chainId)),
      ),
    )
    .orderBy(asc(memberLevels.level))
    .limit(1);
  return rows[0] ?? null;
}

/** A 14-digit card number: the shop id then random digits (unique enough per shop; printed on the card). */
function newCardNo(shopId: number): string {
  return (
    `${shopId}`.padStart(4, '0').slice(-4) +
    String(randomInt(0, 1e9)).padStart(9, '0') +
    String(randomInt(0, 10))
  );
}

/** Newcomer coupon templates of the shop or chain (P§3 isNeedRegisterCoupon). */
export async function registerCouponTemplates(db: Db, shop: ShopRow) {
  const rows = await db
    .select()
    .from(couponTemplates)
    .where(shopOrChain(shop, couponTemplates.shopId, couponTemplates.chainId));
  return rows.filter((t) => t.data.isNeedRegisterCoupon === true).sort((a, b) => a.id - b.id);
}

/**
 * Hands the newcomer coupons to a card once: the flag `registerCouponsIssued` in the card's data is
 * set by a conditional update, so a repeated or concurrent claim finds it taken and issues nothing.
 */
export async function issueRegisterCoupons(
  tx: Tx,
  scope: MemberScope,
  member: MemberRow,
  now: number,
): Promise<MemberCouponRow[]> {
  const templates = await registerCouponTemplates(tx, scope.shop);
  if (templates.length === 0) return [];
  const flagged = await tx
    .update(members)
    .set({ data: sql`coalesce(${members.data}, '{}'::jsonb) || '{"registerCouponsIssued": true}'::jsonb` })
    .where(
      and(
        eq(members.id, member.id),
        sql`coalesce((${members.data}->>'registerCouponsIssued')::boolean, false) = false`,
      ),
    )
    .returning({ id: members.id });
  if (flagged.length === 0) return [];
  return issueCoupons(
    tx,
    templates.map((t) => ({ id: t.id, quantity: 1 })),
    { member, shopId: scope.shop.id, now, source: 'register', zone: scope.zone },
  );
}

/** vip/update: the card's name and birthday (MEMBER-1 info edit). */
export async function updateMember(
  ctx: ServerContext,
  scope: MemberScope,
  body: { name: string; birthday?: string },
): Promise<MemberRow> {
  const member = requireMember(scope);
  const name = body.name.trim();
  if (name === '') throw fail('requiredName');
  const [row] = await ctx.db
    .update(members)
    .set({ name, ...(body.birthday === undefined ? {} : { birthday: body.birthday }) })
    .where(eq(members.id, member.id))
    .returning();
  return row;
}

/** Verified SMS codes of vip/checkCode, so the forgot-pay-password form can follow with the same code. */
type CheckedCodes = Map<string, number>;
const checkedKey = (userId: number, phone: string, code: string) =>
  createHash('sha256').update(`${userId}:${phone}:${code}`).digest('hex');
const checkedCodes = perServer((): CheckedCodes => new Map<string, number>());

/** vip/checkCode: verifies (and uses up) an SMS code; the same code then opens the reset for 5 minutes. */
export async function checkCode(
  ctx: ServerContext,
  scope: MemberScope,
  phone: string,
  code: string,
): Promise<void> {
  await ctx.sms.verify(phone, code);
  const codes = checkedCodes(ctx);
  if (codes.size > 10_000) codes.clear();
  codes.set(checkedKey(scope.userId, phone, code), ctx.clock.now() + 5 * 60 * 1000);
}

/** The SMS proof of a pay-password reset: a code checked before by this user, or a fresh one. */
async function proveResetCode(
  ctx: ServerContext,
  scope: MemberScope,
  phone: string,
  code: string,
): Promise<void> {
  const codes = checkedCodes(ctx);
  const key = checkedKey(scope.userId, phone, code);
  const until = codes.get(key);
  if (until !== undefined) {
    codes.delete(key);
    if (until > ctx.clock.now()) return;
  }
  await ctx.sms.verify(phone, code);
}

/**
 * vip/updatePayPassword (MEMBER-2, C§5): set the first one; change it with the correct original (wrong
 * originals count towards the card's lock); or reset it with an SMS code to the card's phone. The new
 * one follows the engine's rules: 6 digits, not 123456, both entries equal.
 */
export async function updatePayPassword(
  ctx: ServerContext,
  scope: MemberScope,
  body: UpdatePayPasswordReq,
): Promise<void> {
  const member = requireOwnMember(scope, body.id);
  const now = ctx.clock.now();
  let originalCorrect: boolean | undefined;
  if (body.smsCode) {
    // forgot: the code must have gone to the card's own phone
    if (body.phone !== member.phone) throw fail('smsVerifyFailed');
    await proveResetCode(ctx, scope, member.phone, body.smsCode);
  } else if (member.payPasswordHash) {
    if (member.payPasswordLockedUntil && member.payPasswordLockedUntil.getTime() > now)
      throw fail('payPasswordLocked');
    originalCorrect =
      body.originPayPassword !== undefined && (await verify(member.payPasswordHash, body.originPayPassword));
    if (!originalCorrect) {
      await countWrongPassword(ctx.db, member.id, now);
      throw fail('originPasswordIncorrect');
    }
  }
  const errors = validateNewPayPassword({
    password: body.payPassword,
    repeat: body.repeatPayPassword,
    originalCorrect,
  });
  if (errors.length > 0) throw fromRule(errors[0]);
  const hashed = await hash(body.payPassword);
  await ctx.db
    .update(members)
    .set({ payPasswordHash: hashed, payPasswordFailedTries: 0, payPasswordLockedUntil: null })
    .where(eq(members.id, member.id));
}

/** One more wrong pay password; the fifth locks the card for 15 minutes. */
async function countWrongPassword(db: Db, memberId: number, now: number): Promise<void> {
  await db
    .update(members)
    .set({
      payPasswordFailedTries: sql`CASE WHEN ${members.payPasswordFailedTries} + 1 >= ${PAY_PASSWORD_MAX_TRIES} THEN 0 ELSE ${members.payPasswordFailedTries} + 1 END`,
      payPasswordLockedUntil: sql`CASE WHEN ${members.payPasswordFailedTries} + 1 >= ${PAY_PASSWORD_MAX_TRIES} THEN ${new Date(now + PAY_PASSWORD_LOCK_MS).toISOString()}::timestamptz ELSE ${members.payPasswordLockedUntil} END`,
    })
    .where(eq(members.id, memberId));
}

/** The key vip tokens are signed with: VIP_TOKEN_SECRET (server/src/secrets.ts). */
const vipTokenSecret = (ctx: ServerContext): string => secretsOf(ctx).vipToken;

/** vip/genVipToken: a signed token naming the card, kept by the app for the member center (24 h). */
export function genVipToken(ctx: ServerContext, scope: MemberScope): { token: string; expiresAt: number } {
  const member = requireMember(scope);
  const secret = vipTokenSecret(ctx);
  const expiresAt = ctx.clock.now() + VIP_TOKEN_LIFE_MS;
  const payload = Buffer.from(
    JSON.stringify({ memberId: member.id, shopId: scope.shop.id, expiresAt }),
  ).toString('base64url');
  const sign = createHmac('sha256', secret).update(payload).digest('base64url');
  return { token: `${payload}.${sign}`, expiresAt };
}

/** vip/getVipShopList (MEMBER-6): every shop of the card's chain, or the card's own shop. */
export async function vipShopList(ctx: ServerContext, scope: MemberScope, lang: Lang): Promise<VipShop[]> {
  const member = requireMember(scope);
  const rows =
    member.chainId === null
      ? await ctx.db.select().from(shops).where(eq(shops.id, member.shopId))
      : await ctx.db
          .select()
          .from(shops)
          .where(eq(shops.chainId, member.chainId))
          .orderBy(asc(shops.sort), asc(shops.id));
  return rows.map((r) => {
    const s = shopSettingsFor(r, lang);
    return { id: r.id, name: s.name, address: s.address ?? '', phone: s.phone ?? '', image: s.image ?? '' };
  });
}

/** vip/bindOfficialAccount (MEMBER-8): member notices go to this official-account open id. */
export async function bindOfficialAccount(
  ctx: ServerContext,
  scope: MemberScope,
  openid: string,
): Promise<void> {
  const member = requireMember(scope);
  await ctx.db
    .update(members)
    .set({ isBindOfficialAccount: 1, officialAccountOpenid: openid })
    .where(eq(members.id, member.id));
}

/** vip/getMemberNotifyInfo (MEMBER-8): whether notices are bound, and the shop's group invitation. */
export function memberNotifyInfo(scope: MemberScope, lang: Lang) {
  const member = requireMember(scope);
  const s = shopSettingsFor(scope.shop, lang);
  return {
    isBindOfficialAccount: member.isBindOfficialAccount === 1,
    officialAccountName: scope.setting.name ?? s.name,
    qrcodeUrl: scope.setting.logo ?? '',
    chatGroupSlogan: s.chatGroupSlogan ?? '',
    chatGroupImage: s.chatGroupImage ?? '',
  };
}
