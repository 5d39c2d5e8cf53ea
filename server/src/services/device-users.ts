/**
 * Browser device ids (C§2 fallback open id) as identities: a device id names a visitor of its own,
 * kept apart from every other user by a prefix, so `user/h5entry` can never sign in as a chat-app,
 * payment-app or phone user whose open id it is given. Only demo mode lets the demo's open ids in.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Lang } from '../i18n/messages';
import { DEMO_OPENID_PREFIX } from '../platform/login';
import { DEVICE_OPENID_PREFIX } from './openids';
import { findOrCreateUser, visitorProfile, type UserRow } from './users';

/**
 * The user a browser entry signs in as: in demo mode a demo open id is that demo user; anything
 * else is the device's own visitor.
 */
export async function browserEntryUser(db: Db, config: ServerConfig, openid: string, now: number, lang: Lang): Promise<UserRow> {
  if (config.demoMode && openid.startsWith(DEMO_OPENID_PREFIX)) {
    const demo = await db.select().from(users).where(eq(users.openid, openid)).limit(1);
    if (demo[0]) return demo[0];
  }
  return findOrCreateUser(db, 'h5', DEVICE_OPENID_PREFIX + openid, now, lang);
}

/**
 * The user of a verified phone (user/h5Login): its owner, or a new user holding the phone. The
 * device visitor that asked is left a visitor, so its device id never becomes a login.
 */
export async function phoneUser(db: Db, phone: string, now: number, lang: Lang): Promise<UserRow> {
  const owner = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.phone)))
    .orderBy(users.id)
    .limit(1);
  if (owner[0]) return owner[0];
  const profile = visitorProfile(now, lang);
  const [created] = await db
    .insert(users)
    .values({ platform: 'sms', openid: `sms:${randomUUID()}`, phone, authorised: true, nickName: profile.nickName, avatarUrl: profile.avatarUrl })
    .returning();
  return created;
}
