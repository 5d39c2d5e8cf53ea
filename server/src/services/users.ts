import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Lang } from '../i18n/messages';
import { fail } from '../http/errors';
import { findMemberOfUser, toMemberInfo } from './members-read';
import { clientOpenid } from './openids';
import { getShop } from './shops';
import type { ServerContext } from '../context';
import type { UserProfile } from '../../../src/api/contract/user';

export type UserRow = typeof users.$inferSelect;

/** Number of generated avatars served at /avatars/<n>.svg. */
export const AVATAR_COUNT = 8;

/**
 * C§3: an unauthorised user gets a random avatar and the nickname "other user" plus a time value.
 */
export function visitorProfile(now: number, lang: Lang): { nickName: string; avatarUrl: string } {
  const d = new Date(now);
  const time = `${String(d.getUTCHours()).padStart(2, '0')}${String(d.getUTCMinutes()).padStart(2, '0')}${String(d.getUTCSeconds()).padStart(2, '0')}${String(randomInt(0, 100)).padStart(2, '0')}`;
  return {
    nickName: `${lang === 'en' ? 'Other user ' : '其他用户'}${time}`,
    avatarUrl: `/avatars/${randomInt(1, AVATAR_COUNT + 1)}.svg`,
  };
}

/** The user of an open id, created on first sight with a visitor profile. */
export async function findOrCreateUser(
  db: Db,
  platform: string,
  openid: string,
  now: number,
  lang: Lang,
): Promise<UserRow> {
  const found = await db.select().from(users).where(eq(users.openid, openid)).limit(1);
  if (found[0]) return found[0];
  const profile = visitorProfile(now, lang);
  const inserted = await db
    .insert(users)
    .values({ platform, openid, nickName: profile.nickName, avatarUrl: profile.avatarUrl })
    .onConflictDoNothing({ target: users.openid })
    .returning();
  if (inserted[0]) return inserted[0];
  // another request created it at the same moment
  const again = await db.select().from(users).where(eq(users.openid, openid)).limit(1);
  return again[0];
}

export async function getUser(db: Db, userId: number): Promise<UserRow> {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!rows[0]) throw fail('notFound');
  return rows[0];
}

/** The profile answer (C§3 User) of a user in a shop, with their member card if any. */
export async function userProfile(ctx: ServerContext, userId: number, shopId: number): Promise<UserProfile> {
  const user = await getUser(ctx.db, userId);
  const shop = await getShop(ctx, shopId);
  const member = await findMemberOfUser(ctx.db, userId, shopId, shop.chainId);
  return {
    id: user.id,
    nickName: user.nickName,
    avatarUrl: user.avatarUrl,
    phone: user.phone,
    authorised: user.authorised,
    openid: clientOpenid(user.openid),
    vipInfo: member ? toMemberInfo(member, shop.industry) : null,
  };
}
