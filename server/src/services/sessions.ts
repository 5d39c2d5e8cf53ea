import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Limits } from '../../../src/domain/enums';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { isDeviceOpenid } from './openids';

/** What a token names: one user in one shop (C§9 token life 24 h). */
export interface Session {
  userId: number;
  shopId: number;
  expiresAt: number;
  /** A browser's device id (user/h5entry) signed in: a visitor, never a member, until an SMS login. */
  visitor: boolean;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Issues and resolves tokens. A token never changes once issued (moving to another shop issues a
 * new one), so resolved sessions are cached in memory until they expire.
 */
export class SessionService {
  private readonly cache = new Map<string, Session>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new random 32-byte token for `userId` in `shopId`. */
  async issue(userId: number, shopId: number): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('hex');
    const expiresAt = this.now() + Limits.tokenLifeMs;
    await this.db.insert(sessions).values({ tokenHash: hashToken(token), userId, shopId, expiresAt: new Date(expiresAt) });
    return { token, expiresAt };
  }

  /** The session of a token, or null when unknown or expired. */
  async resolve(token: string | undefined): Promise<Session | null> {
    if (!token || token.length > 128) return null;
    const key = hashToken(token);
    let s = this.cache.get(key);
    if (!s) {
      const rows = await this.db
        .select({ userId: sessions.userId, shopId: sessions.shopId, expiresAt: sessions.expiresAt, openid: users.openid })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, key))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      s = { userId: row.userId, shopId: row.shopId, expiresAt: row.expiresAt.getTime(), visitor: isDeviceOpenid(row.openid) };
      if (this.cache.size > 50_000) this.cache.clear();
      this.cache.set(key, s);
    }
    if (s.expiresAt <= this.now()) {
      this.cache.delete(key);
      return null;
    }
    return s;
  }

  /** Ends a token (logout or tests). */
  async revoke(token: string): Promise<void> {
    const key = hashToken(token);
    this.cache.delete(key);
    await this.db.delete(sessions).where(eq(sessions.tokenHash, key));
  }

  /** Forgets cached sessions (after the tables are reset in tests). */
  clearCache(): void {
    this.cache.clear();
  }
}
