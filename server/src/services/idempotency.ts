/**
 * Idempotency of the money-moving calls (docs/api.md "Idempotency-Key"): order/confirm, order/pay,
 * vip/recharge and the points exchange. The first call with a key stores a hash of its body (a
 * `pending` row, one INSERT … ON CONFLICT DO NOTHING, so of many concurrent calls one runs), runs, and
 * stores its answer; a retry with the same key and body gets that answer, without running again; the
 * same key with another body is refused (`badRequest`). A refusal (an error answer) or a failure is
 * not kept: the row is removed, and the customer may correct and send again. Keys live 24 hours.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, Param, sql } from 'drizzle-orm';
import { perServer, type ServerContext } from '../context';
import { idempotencyKeys } from '../db/schema';
import type { JsonObject } from '../db/schema/json';
import { fail } from '../http/errors';

/** How long a key is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** How long a duplicate waits for the first call with its key to answer. */
export const IDEMPOTENCY_WAIT_MS = 15_000;
const POLL_MS = 50;
/** A call still pending after this is taken for dead (its process ended): longer than any call may run. */
export const IDEMPOTENCY_PENDING_LEASE_MS = 60_000;

/** A canonical text of a JSON value: object keys sorted, so the same body always hashes alike. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v as Record<string, unknown>)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

const hashOf = (body: unknown): string => createHash('sha256').update(canonicalJson(body)).digest('hex');

export interface KeyedCall {
  userId: number;
  /** The call's path (order/pay …): a key is scoped to one call of one user. */
  call: string;
  key: string | null;
  body: unknown;
}

/** Runs `run` once per (user, call, key); a repeat returns the first answer. No key: runs as is. */
export async function onceByKey<T>(ctx: ServerContext, k: KeyedCall, run: () => Promise<T>): Promise<T> {
  if (!k.key) return run();
  const key = k.key;
  const now = ctx.clock.now();
  const bodyHash = hashOf(k.body);
  // the condition of the statements off the usual path, built when one runs
  const where = () => and(eq(idempotencyKeys.userId, k.userId), eq(idempotencyKeys.call, k.call), eq(idempotencyKeys.key, key));
  const until = Date.now() + IDEMPOTENCY_WAIT_MS;
  const statements = keyStatements(ctx);
  for (;;) {
    const mine = await statements.claim.execute({ userId: k.userId, call: k.call, key, bodyHash, now });
    if (mine.length > 0) return runFirst(ctx, k, key, where, run);
    const [row] = await ctx.db.select().from(idempotencyKeys).where(where()).limit(1);
    // the first call was refused meanwhile (its row removed): this one is a new attempt
    if (!row) continue;
    // a key older than a day is forgotten: its row goes and this call is a first one
    if (row.createdAt < now - IDEMPOTENCY_TTL_MS) {
      await ctx.db.delete(idempotencyKeys).where(and(where(), lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_TTL_MS)));
      continue;
    }
    if (row.bodyHash !== bodyHash) throw fail('badRequest');
    // a pending row older than its lease belongs to a call that died with its process (kill -9, a
    // crash): it is dropped and this call runs (SERVER-3)
    if (row.state === 'pending' && row.createdAt < ctx.clock.now() - IDEMPOTENCY_PENDING_LEASE_MS) {
      await ctx.db.delete(idempotencyKeys).where(and(where(), eq(idempotencyKeys.state, 'pending'), eq(idempotencyKeys.createdAt, row.createdAt)));
      continue;
    }
    if (row.state === 'done') return ((row.answer as { value: unknown } | null)?.value ?? null) as T;
    if (Date.now() > until) throw fail('requestInProgress');
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * The two statements of every first call (the pending row, then its answer), prepared once per
 * server: the same text and values as the query builder gave, without building them per call.
 */
const keyStatements = perServer((ctx) => {
  const byKey = and(
    eq(idempotencyKeys.userId, sql.placeholder('userId')),
    eq(idempotencyKeys.call, sql.placeholder('call')),
    eq(idempotencyKeys.key, sql.placeholder('key')),
  );
  return {
    claim: ctx.db
      .insert(idempotencyKeys)
      .values({
        userId: sql.placeholder('userId'),
        call: sql.placeholder('call'),
        key: sql.placeholder('key'),
        bodyHash: sql.placeholder('bodyHash'),
        state: 'pending',
        createdAt: sql.placeholder('now'),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
      .prepare('idempotency_claim'),
    done: ctx.db
      .update(idempotencyKeys)
      .set({
        state: 'done',
        // bound through the column's own encoder (the JSON text), as a value set here would be
        answer: sql`${new Param(sql.placeholder('answer'), idempotencyKeys.answer)}`,
      })
      .where(byKey)
      .prepare('idempotency_done'),
  };
});

async function runFirst<T>(
  ctx: ServerContext,
  k: KeyedCall,
  key: string,
  where: () => ReturnType<typeof and>,
  run: () => Promise<T>,
): Promise<T> {
  let answer: T;
  try {
    answer = await run();
  } catch (err) {
    await ctx.db.delete(idempotencyKeys).where(and(where(), eq(idempotencyKeys.state, 'pending')));
    throw err;
  }
  const stored: JsonObject = { value: (answer ?? null) as unknown } as JsonObject;
  await keyStatements(ctx).done.execute({ userId: k.userId, call: k.call, key, answer: stored });
  return answer;
}

/** Deletes the keys older than a day (the payment workers' pass); how many. */
export async function forgetExpiredKeys(ctx: ServerContext): Promise<number> {
  const gone = await ctx.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, ctx.clock.now() - IDEMPOTENCY_TTL_MS))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
