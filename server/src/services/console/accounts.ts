/**
 * Staff accounts and sessions of the console (CONSOLE-1; docs/architecture.md §6, §18 Trust).
 *
 * Passwords are argon2id hashes (@node-rs/argon2, as the pay password). Sign-in answers one error
 * for an unknown user and a wrong password; the pay password's lock rule applies (five wrong tries
 * lock the account for PAY_PASSWORD_LOCK_MS, and a locked account answers `staffLocked` with the
 * minutes left even for the right password) and its mechanism too: the account's row is locked
 * (SELECT … FOR UPDATE) while a password is checked, so tries on one account run one at a time.
 *
 * A session is a random 32-byte token; only its sha256 is stored, for one shift (STAFF_SESSION_MS).
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { StaffAccount, StaffMe, StaffRole } from '../../../../src/api/contract/console';
import type { ServerContext } from '../../context';
import { shops, staff, staffSessions, type StaffRow } from '../../db/schema';
import { fail, HttpError } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import { PAY_PASSWORD_LOCK_MS, PAY_PASSWORD_MAX_TRIES } from '../orders/member-pay';
import { shopSettingsFor } from '../shops';

/** A session lasts one shift. */
export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;

/** A signed-in staff member, as the routes see them. */
export interface StaffSession {
  tokenHash: string;
  expiresAt: number;
  staff: StaffRow;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whole minutes (rounded up) until `lockedUntil`. */
const minutesLeft = (lockedUntil: number, now: number): number => Math.max(1, Math.ceil((lockedUntil - now) / 60_000));

/** A hash no password matches: an unknown user costs one argon2 verify too, like a wrong password. */
let absentHash: Promise<string> | null = null;
const hashOfNobody = (): Promise<string> => (absentHash ??= hash(randomBytes(16).toString('hex')));

const verifySafe = async (stored: string, password: string): Promise<boolean> => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};

type TryOutcome = { kind: 'ok'; row: StaffRow } | { kind: 'wrong' } | { kind: 'locked'; lockedUntil: number };

/**
 * Checks a password against one account, one try at a time per account; the outcome (tries, lock) is
 * written in the same transaction and the error thrown after it commits.
 */
async function tryPassword(ctx: ServerContext, where: ReturnType<typeof eq>, password: string): Promise<TryOutcome> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx): Promise<TryOutcome> => {
    const [row] = await tx.select().from(staff).where(where).for('update').limit(1);
    if (!row) {
      await verifySafe(await hashOfNobody(), password);
      return { kind: 'wrong' };
    }
    if (row.lockedUntil !== null && row.lockedUntil > now) return { kind: 'locked', lockedUntil: row.lockedUntil };
    if (await verifySafe(row.passwordHash, password)) {
      if (row.failedTries !== 0 || row.lockedUntil !== null)
        await tx.update(staff).set({ failedTries: 0, lockedUntil: null }).where(eq(staff.id, row.id));
      return { kind: 'ok', row: { ...row, failedTries: 0, lockedUntil: null } };
    }
    const tries = row.failedTries + 1;
    if (tries >= PAY_PASSWORD_MAX_TRIES) {
      // as the pay password: a locked account stores tries 0 with its lock end
      const lockedUntil = now + PAY_PASSWORD_LOCK_MS;
      await tx.update(staff).set({ failedTries: 0, lockedUntil }).where(eq(staff.id, row.id));
      return { kind: 'locked', lockedUntil };
    }
    await tx.update(staff).set({ failedTries: tries, lockedUntil: null }).where(eq(staff.id, row.id));
    return { kind: 'wrong' };
  });
}

/** Signs in: a new session for the account, or `staffSignInFailed` / `staffLocked` (minutes left). */
export async function signIn(
  ctx: ServerContext,
  username: string,
  password: string,
  lang: Lang,
): Promise<{ token: string; me: StaffMe }> {
  const outcome = await tryPassword(ctx, eq(staff.username, username), password);
  if (outcome.kind === 'locked') throw fail('staffLocked', { minutes: minutesLeft(outcome.lockedUntil, ctx.clock.now()) });
  if (outcome.kind === 'wrong') throw fail('staffSignInFailed');
  const now = ctx.clock.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + STAFF_SESSION_MS;
  await ctx.db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: outcome.row.id, expiresAt, createdAt: now });
  return { token, me: await meOf(ctx, { tokenHash: hashToken(token), expiresAt, staff: outcome.row }, lang) };
}

/** The session of a cookie's token, or null when unknown or past its shift. */
export async function resolveStaffSession(ctx: ServerContext, token: string | undefined): Promise<StaffSession | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const [row] = await ctx.db
    .select({ expiresAt: staffSessions.expiresAt, staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, tokenHash))
    .limit(1);
  if (!row || row.expiresAt <= ctx.clock.now()) return null;
  return { tokenHash, expiresAt: row.expiresAt, staff: row.staff };
}

/** Ends the session (sign-out). */
export async function signOut(ctx: ServerContext, session: StaffSession): Promise<void> {
  await ctx.db.delete(staffSessions).where(eq(staffSessions.tokenHash, session.tokenHash));
}

/** The shops a staff member may open: a chain owner every shop of the chain, anyone else their own. */
export async function shopsOf(ctx: ServerContext, member: StaffRow, lang: Lang): Promise<Array<{ id: number; name: string }>> {
  const [own] = await ctx.db.select().from(shops).where(eq(shops.id, member.shopId)).limit(1);
  if (!own) return [];
  const rows =
    member.role === 'owner' && own.chainId !== null
      ? await ctx.db.select().from(shops).where(eq(shops.chainId, own.chainId)).orderBy(asc(shops.sort), asc(shops.id))
      : [own];
  return rows.map((r) => ({ id: r.id, name: shopSettingsFor(r, lang).name.slice(0, 140) }));
}

/** The signed-in staff member (`me`, and the answer of `signIn`). */
export async function meOf(ctx: ServerContext, session: StaffSession, lang: Lang): Promise<StaffMe> {
  const s = session.staff;
  return { id: s.id, username: s.username, role: s.role as StaffRole, shopId: s.shopId, shops: await shopsOf(ctx, s, lang), sessionEndsAt: session.expiresAt };
}

/**
 * A shop the session may name, else refused: `orderNotFound` for order calls (an order of another
 * shop is answered like a missing one, §18), `staffForbidden` (403) for shop calls.
 */
export async function assertShop(ctx: ServerContext, session: StaffSession, shopId: number, kind: 'order' | 'shop'): Promise<void> {
  if (shopId === session.staff.shopId) return;
  const allowed = session.staff.role === 'owner' && (await shopsOf(ctx, session.staff, 'zh')).some((s) => s.id === shopId);
  if (allowed) return;
  if (kind === 'order') throw fail('orderNotFound');
  throw new HttpError(403, 'staffForbidden');
}

/** Owner-only calls (settings, staff accounts): `staffForbidden` (403) for anyone else. */
export function assertOwner(session: StaffSession): void {
  if (session.staff.role !== 'owner') throw new HttpError(403, 'staffForbidden');
}

/** Changes the signed-in member's password; the current one is checked like a sign-in. Other sessions end. */
export async function changePassword(ctx: ServerContext, session: StaffSession, current: string, next: string): Promise<void> {
  const outcome = await tryPassword(ctx, eq(staff.id, session.staff.id), current);
  if (outcome.kind === 'locked') throw fail('staffLocked', { minutes: minutesLeft(outcome.lockedUntil, ctx.clock.now()) });
  if (outcome.kind === 'wrong') throw fail('originPasswordIncorrect');
  const passwordHash = await hash(next);
  await ctx.db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, session.staff.id));
    await tx
      .delete(staffSessions)
      .where(and(eq(staffSessions.staffId, session.staff.id), ne(staffSessions.tokenHash, session.tokenHash)));
  });
}

const toAccount = (r: StaffRow): StaffAccount => ({
  id: r.id,
  username: r.username,
  role: r.role as StaffRole,
  shopId: r.shopId,
  createdAt: r.createdAt,
  lockedUntil: r.lockedUntil,
});

/** The shop's accounts, oldest first. */
export async function listStaff(ctx: ServerContext, shopId: number): Promise<StaffAccount[]> {
  const rows = await ctx.db.select().from(staff).where(eq(staff.shopId, shopId)).orderBy(asc(staff.id)).limit(500);
  return rows.map(toAccount);
}

/** A generated password: 12 random bytes, 16 characters of base64url. */
export const generatePassword = (): string => randomBytes(12).toString('base64url');

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** A new account with a generated password, answered once (never stored plain). */
export async function addStaff(
  ctx: ServerContext,
  shopId: number,
  username: string,
  role: StaffRole,
): Promise<{ account: StaffAccount; password: string }> {
  const [shop] = await ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).limit(1);
  if (!shop) throw fail('getShopDataFailed');
  const password = generatePassword();
  const passwordHash = await hash(password);
  try {
    const [row] = await ctx.db
      .insert(staff)
      .values({ shopId, username, passwordHash, role, createdAt: ctx.clock.now() })
      .returning();
    return { account: toAccount(row), password };
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('staffUsernameTaken');
    throw e;
  }
}

/** Removes an account of the shop (not one's own); its sessions end with it. */
export async function removeStaff(ctx: ServerContext, session: StaffSession, shopId: number, id: number): Promise<void> {
  if (id === session.staff.id) throw new HttpError(403, 'staffForbidden');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.id, id), eq(staff.shopId, shopId))).for('update').limit(1);
    if (!row) throw fail('notFound');
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
    await tx.delete(staff).where(eq(staff.id, id));
  });
}
