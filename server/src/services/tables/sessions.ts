/**
 * Table codes and sessions (TABLE-7; docs/decisions.md "Table codes and sessions (TABLE-7)").
 *
 * - **Code.** Every table has an unguessable code (`tables.code`, 32 hex digits made by the database)
 *   printed in its scan-order link as `tableCode`. It is compared in constant time (both sides hashed,
 *   then `timingSafeEqual`), so neither its length nor a common prefix shows in the time taken.
 * - **Session.** A table order is the session of one party. A customer is seated in it (a
 *   `table_session_diners` row) by opening or joining it with the current code; the seat admits them
 *   to the session's calls and room while it runs, also after staff rotated the code, and to reading
 *   their own past order after it ended (settled or cleared).
 * - **Guesses.** A wrong code counts against the customer (strict) and the address (generous: a
 *   restaurant's guests share one Wi-Fi address); over either limit the caller is answered
 *   `tooManyRequests` — a right code included — until the window ends.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { tableOrders, tableSessionDiners, tableSessionSettings, tables } from '../../db/schema';
import { fail } from '../../http/errors';

/** Wrong codes allowed per window: per customer (strict) and per address (a restaurant's Wi-Fi). */
export const TABLE_CODE_LIMITS = { perCustomer: 10, perAddress: 300, windowMs: 10 * 60_000 } as const;

/** How a shop runs its table sessions. */
export interface TableSessionSettings {
  /** Who opens a free table: the first diner's scan, or staff at the counter (开台). */
  openBy: 'diner' | 'staff';
  /** The session's first round waits for the staff's approval in the console. */
  holdFirstRound: boolean;
}

export const DEFAULT_SESSION_SETTINGS: TableSessionSettings = { openBy: 'diner', holdFirstRound: false };

export async function sessionSettingsOf(ctx: ServerContext, shopId: number): Promise<TableSessionSettings> {
  const [row] = await ctx.db.select().from(tableSessionSettings).where(eq(tableSessionSettings.shopId, shopId)).limit(1);
  return row ? { openBy: row.openBy === 'staff' ? 'staff' : 'diner', holdFirstRound: row.holdFirstRound } : DEFAULT_SESSION_SETTINGS;
}

export async function saveSessionSettings(ctx: ServerContext, shopId: number, s: TableSessionSettings): Promise<TableSessionSettings> {
  const value = { openBy: s.openBy, holdFirstRound: s.holdFirstRound };
  await ctx.db
    .insert(tableSessionSettings)
    .values({ shopId, ...value })
    .onConflictDoUpdate({ target: tableSessionSettings.shopId, set: value });
  return value;
}

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** Whether `given` is the table's code, in time independent of where they differ. */
export function codeMatches(stored: string, given: string): boolean {
  // an empty stored code (never made) admits nobody
  return stored.length > 0 && timingSafeEqual(digest(stored), digest(given)) && stored.length === given.length;
}

/** A new code: 128 random bits as 32 hex digits (the database's own default is alike). */
export const newTableCode = (): string => randomBytes(16).toString('hex');

/**
 * The guess counters of one request: `wrong` counts a wrong code against the customer and the
 * address and answers whether both are still under their limits. Built by the route from the
 * server's rate limits (Redis when several nodes run).
 */
export interface CodeGuard {
  customerKey: string;
  addressKey: string;
  count(which: 'customer' | 'address', key: string): Promise<boolean>;
  /**
   * Callers over a limit, until when: kept by this process (the counters themselves are shared), so a
   * blocked caller's right code is refused without being counted or compared.
   */
  blocked: Map<string, number>;
}

function isBlocked(ctx: ServerContext, guard: CodeGuard): boolean {
  const map = guard.blocked;
  const now = ctx.clock.now();
  for (const key of [guard.customerKey, guard.addressKey]) {
    const until = map.get(key);
    if (until === undefined) continue;
    if (until > now) return true;
    map.delete(key);
  }
  return false;
}

async function countWrong(ctx: ServerContext, guard: CodeGuard): Promise<boolean> {
  const [customer, address] = await Promise.all([guard.count('customer', guard.customerKey), guard.count('address', guard.addressKey)]);
  if (customer && address) return true;
  const map = guard.blocked;
  if (map.size > 100_000) map.clear();
  const until = ctx.clock.now() + TABLE_CODE_LIMITS.windowMs;
  if (!customer) map.set(guard.customerKey, until);
  if (!address) map.set(guard.addressKey, until);
  return false;
}

/** The running session (open or paying table order) of the table the user is seated in, if any. */
export async function seatedSessionOf(ctx: ServerContext, tableId: number, userId: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: tableOrders.id })
    .from(tableSessionDiners)
    .innerJoin(tableOrders, eq(tableOrders.id, tableSessionDiners.tableOrderId))
    .where(and(eq(tableSessionDiners.userId, userId), eq(tableOrders.tableId, tableId), inArray(tableOrders.status, [0, 1])))
    .limit(1);
  return row?.id ?? null;
}

export type Admission = { admitted: true; by: 'seat' | 'code' } | { admitted: false };

/**
 * Whether the user may order at the table: seated in its running session, or bringing its current
 * code. No code and no seat: not admitted (the caller decides what that allows). A wrong code is
 * counted and answered `tableCodeInvalid` (`tooManyRequests` over a limit); a caller over a limit is
 * refused before the code is compared.
 */
export async function admitToTable(
  ctx: ServerContext,
  table: { id: number; code: string },
  userId: number,
  code: string | undefined,
  guard: CodeGuard,
): Promise<Admission> {
  if (code !== undefined && isBlocked(ctx, guard)) throw fail('tooManyRequests');
  if ((await seatedSessionOf(ctx, table.id, userId)) !== null) return { admitted: true, by: 'seat' };
  if (code === undefined) return { admitted: false };
  if (codeMatches(table.code, code)) return { admitted: true, by: 'code' };
  if (!(await countWrong(ctx, guard))) throw fail('tooManyRequests');
  throw fail('tableCodeInvalid');
}

/** Seats the user in the session (inside the transaction that opened or joined it). */
export async function seatTx(tx: Tx, tableOrderId: number, userId: number, now: number): Promise<void> {
  await tx.insert(tableSessionDiners).values({ tableOrderId, userId, seatedAt: now }).onConflictDoNothing();
}

/**
 * The session a call names by its table order id, for a user seated in it, of the token's shop;
 * anything else — no such order, another shop's, a session the user is not seated in — is the same
 * `tableCodeInvalid` ("scan the code on your table"), checked before the order is read.
 */
export async function assertSeated(ctx: ServerContext, shopId: number, userId: number, tableOrderId: number): Promise<void> {
  const [row] = await ctx.db
    .select({ shopId: tableOrders.shopId })
    .from(tableSessionDiners)
    .innerJoin(tableOrders, eq(tableOrders.id, tableSessionDiners.tableOrderId))
    .where(and(eq(tableSessionDiners.tableOrderId, tableOrderId), eq(tableSessionDiners.userId, userId)))
    .limit(1);
  if (!row || row.shopId !== shopId) throw fail('tableCodeInvalid');
}

/** Whether the user is seated in the session (a room's admission). */
export async function isSeated(ctx: ServerContext, tableOrderId: number, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: tableSessionDiners.tableOrderId })
    .from(tableSessionDiners)
    .where(and(eq(tableSessionDiners.tableOrderId, tableOrderId), eq(tableSessionDiners.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The code of a table of the shop (the console, the merchant CLI, the banner). */
export async function tableCodeOf(ctx: ServerContext, shopId: number, name: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ code: tables.code })
    .from(tables)
    .where(and(eq(tables.shopId, shopId), eq(tables.name, name)))
    .limit(1);
  return row?.code ?? null;
}

/** Gives the table a new code: the old one admits nobody new from now on; seated diners stay. */
export async function rotateTableCode(ctx: ServerContext, shopId: number, tableId: number): Promise<string> {
  const code = newTableCode();
  const rows = await ctx.db
    .update(tables)
    .set({ code, codeSetAt: ctx.clock.now() })
    .where(and(eq(tables.id, tableId), eq(tables.shopId, shopId)))
    .returning({ id: tables.id });
  if (rows.length === 0) throw fail('tableNotFound');
  return code;
}
