/**
 * Liveness and readiness of a node (OPS-1, docs/operations.md "Health endpoints").
 *
 * Ready = this node may be sent traffic: the database answers a trivial query within
 * READY_TIMEOUT_MS and holds every migration this node knows, Redis (when configured) answers PING
 * within the same bound, and the node is not shutting down. Overload (@fastify/under-pressure) is
 * reported by the route as a fifth check. A probe that fails names its check; the reason is a word,
 * never a driver's message (the answer is public: the balancer reads it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { perServer, type ServerContext } from '../../context';
import { MIGRATIONS_DIR } from '../../db/client';
import { rowsOf } from '../orders/holds';
import { roomBus } from '../tables/bus';

export type ReadyCheckName = 'shutdown' | 'database' | 'migrations' | 'redis' | 'pressure';

/** One check's outcome: `ok`, or why not (`timeout`, `unreachable`, `behind`, `closing`, the pressure kind…). */
export interface CheckResult {
  ok: boolean;
  reason?: string;
}

export interface Readiness {
  ready: boolean;
  /** The checks that failed, in the order they are listed. */
  failed: ReadyCheckName[];
  checks: Partial<Record<ReadyCheckName, CheckResult>>;
}

/** The shutdown state of a server: set once by SIGTERM (main.ts) or a test, never cleared. */
const shutdownState = perServer(() => ({ since: null as number | null }));

/** Turns the node not-ready: /readyz answers 503 `shutdown` from now on (OPS-1 graceful shutdown). */
export function markShuttingDown(ctx: ServerContext): void {
  const s = shutdownState(ctx);
  if (s.since === null) s.since = Date.now();
}

export const isShuttingDown = (ctx: ServerContext): boolean => shutdownState(ctx).since !== null;

/** The `when` of the last migration in server/drizzle's journal (what this node's code expects). */
let expectedMigration: number | null = null;
function lastKnownMigration(): number {
  if (expectedMigration === null) {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ when: number }>;
    };
    expectedMigration = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return expectedMigration;
}

class TimeoutError extends Error {}

/** `p`, or a TimeoutError after `ms` (the late answer is dropped). */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer in ${ms} ms`)), ms);
  });
  p.catch(() => undefined);
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

const reasonOf = (e: unknown): string => (e instanceof TimeoutError ? 'timeout' : 'unreachable');

type DatabaseChecks = Pick<Readiness['checks'], 'database' | 'migrations'>;

/**
 * A busy node's probe (OPS-1 rolling restart): the probe's statement waits for a pooled connection
 * behind the node's own work (a restarted node taking a floor of sockets queues hundreds of
 * statements), and the balancer's timeout would cut the wait and take a working node out. Statements
 * of this node completing while the probe waits show the database answers: after BUSY_ANSWER_MS
 * that is the answer, with the migrations as last read. A database gone or hung completes nothing,
 * so the probe still fails within its bound.
 */
const BUSY_ANSWER_MS = 200;
const dbProgress = perServer((ctx) => {
  const s = { ok: 0, query: null as Promise<DatabaseChecks> | null, migrations: null as CheckResult | null };
  ctx.database.observers?.add({
    statement: (_seconds, ok) => {
      if (ok) s.ok += 1;
    },
    transaction: () => undefined,
  });
  return s;
});

/** The database's answer: one statement reads the last applied migration (it is the trivial query too). */
async function probeDatabase(ctx: ServerContext, ms: number): Promise<DatabaseChecks> {
  const progress = dbProgress(ctx);
  const before = progress.ok;
  // one probe statement queued at a time: a probe that gave up on it waits for the same one
  progress.query ??= ctx.db
    .execute(sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`)
    .then((result): DatabaseChecks => {
      const last = Number(rowsOf<{ last: string | number | null }>(result)[0]?.last ?? 0);
      progress.migrations = last >= lastKnownMigration() ? { ok: true } : { ok: false, reason: 'behind' };
      return { database: { ok: true }, migrations: progress.migrations };
    })
    .finally(() => {
      progress.query = null;
    });
  let timer: NodeJS.Timeout | undefined;
  const busy = new Promise<DatabaseChecks>((resolve) => {
    timer = setInterval(() => {
      if (progress.ok > before && progress.migrations) resolve({ database: { ok: true }, migrations: progress.migrations });
    }, Math.min(BUSY_ANSWER_MS, ms / 2));
  });
  try {
    return await within(Promise.race([progress.query, busy]), ms);
  } catch (e) {
    return { database: { ok: false, reason: reasonOf(e) } };
  } finally {
    clearInterval(timer);
  }
}

async function probeRedis(ctx: ServerContext, ms: number): Promise<CheckResult> {
  try {
    await within(roomBus(ctx).ping(), ms);
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: reasonOf(e) };
  }
}

/** Probes in flight, shared by the requests that arrive meanwhile (a balancer polling a hung database piles nothing up). */
const inFlight = perServer(() => ({ probe: null as Promise<Readiness['checks']> | null, lastFailed: '' }));

/**
 * The node's readiness now. `pressure` is the overload kind @fastify/under-pressure reported for this
 * request (null when the node is not under pressure).
 */
export async function readiness(ctx: ServerContext, pressure: string | null = null): Promise<Readiness> {
  const checks: Readiness['checks'] = {};
  checks.shutdown = isShuttingDown(ctx) ? { ok: false, reason: 'closing' } : { ok: true };
  if (pressure !== null) checks.pressure = { ok: false, reason: pressure };
  const state = inFlight(ctx);
  if (checks.shutdown.ok) {
    state.probe ??= (async () => {
      const ms = ctx.config.readyTimeoutMs;
      const [db, redis] = await Promise.all([
        probeDatabase(ctx, ms),
        ctx.config.redisUrl ? probeRedis(ctx, ms) : Promise.resolve(null),
      ]);
      return { ...db, ...(redis ? { redis } : {}) };
    })().finally(() => {
      state.probe = null;
    });
    Object.assign(checks, await state.probe);
  }
  const order: ReadyCheckName[] = ['shutdown', 'pressure', 'database', 'migrations', 'redis'];
  const failed = order.filter((name) => checks[name] && !checks[name]!.ok);
  // a change of state is logged once, not every probe of the balancer
  const said = failed.map((n) => `${n}:${checks[n]?.reason ?? ''}`).join(',');
  if (said !== state.lastFailed) {
    if (failed.length > 0) ctx.log.warn({ failed: said }, 'node not ready');
    else ctx.log.info('node ready');
    state.lastFailed = said;
  }
  return { ready: failed.length === 0, failed, checks };
}
