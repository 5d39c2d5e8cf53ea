/** Helpers shared by the member and promotion route tests. */
import { eq } from 'drizzle-orm';
import { userCalls } from '../../../src/api/contract/user';
import { members, shops } from '../../../server/src/db/schema';
import type { TestServer } from '../../support/build-server';

/**
 * Sends an SMS code through user/sendSmsCode and returns it from the development outbox. The clock
 * moves an hour first, past the per-phone and per-address sending limits of earlier sends.
 */
export async function smsCode(server: TestServer, token: string, phone: string): Promise<string> {
  server.clock.advance(3_601_000);
  const res = await server.call(userCalls.sendSmsCode, { phone }, { token });
  if (!res.ok) throw new Error(`sendSmsCode failed: ${res.info}`);
  const code = server.sms.lastCode(phone);
  if (!code) throw new Error('no code in the outbox');
  return code;
}

/** Changes a shop's member setting (and drops the cached shop row). */
export async function setMemberSetting(
  server: TestServer,
  shopId: number,
  patch: Record<string, unknown>,
): Promise<void> {
  const [row] = await server.db.select().from(shops).where(eq(shops.id, shopId));
  await server.db
    .update(shops)
    .set({ memberSetting: { ...(row.memberSetting ?? {}), ...patch }, menuVersion: row.menuVersion + 1 })
    .where(eq(shops.id, shopId));
  server.ctx.shopCache.clear();
}

/** Changes shop columns (status, SMS quota…) and drops the cached shop row. */
export async function setShop(
  server: TestServer,
  shopId: number,
  patch: Partial<typeof shops.$inferInsert>,
): Promise<void> {
  const [row] = await server.db.select().from(shops).where(eq(shops.id, shopId));
  await server.db
    .update(shops)
    .set({ ...patch, menuVersion: row.menuVersion + 1 })
    .where(eq(shops.id, shopId));
  server.ctx.shopCache.clear();
}

/** The stored card row. */
export async function cardOf(server: TestServer, memberId: number) {
  const [row] = await server.db.select().from(members).where(eq(members.id, memberId));
  return row;
}

/** A new member card of `shopId` for a fresh visitor, made directly in the database. */
export async function newMember(
  server: TestServer,
  shopId: number,
  opts: { phone?: string; points?: number; chainId?: number | null } = {},
): Promise<{ token: string; memberId: number; userId: number }> {
  const token = await server.login(shopId);
  const session = await server.ctx.sessions.resolve(token);
  if (!session) throw new Error('no session');
  const [row] = await server.db
    .insert(members)
    .values({
      shopId,
      chainId: opts.chainId === undefined ? null : opts.chainId,
      userId: session.userId,
      phone: opts.phone ?? `139${String(session.userId).padStart(8, '0')}`,
      cardNo: `T${session.userId}`,
      points: String(opts.points ?? 0),
    })
    .returning();
  return { token, memberId: row.id, userId: session.userId };
}
