/**
 * Builds the API server for route tests: in-memory PGlite with the demo data, requests through
 * `app.inject`. Open one per test file (PGlite takes a second or more to start) and `reset()` between
 * tests that change data. The in-memory database starts as a copy of the run's migrated and seeded
 * template, and `reset()` restores its snapshot (test/support/db-template.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { buildApp } from '../../server/src/app';
import { testConfig, type ServerConfig } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/client';
import { seedDemo } from '../../server/src/db/seed';
import { demoData, type DemoShop } from '../../server/src/demo';
import { DevSmsProvider } from '../../server/src/services/sms';
import type { ServerContext } from '../../server/src/context';
import type { RouteRegistrar } from '../../server/src/routes';
import { API_BASE, type CallDef } from '../../src/api/contract/common';
import { userCalls } from '../../src/api/contract/user';
import type { ErrorCode } from '../../src/domain/errors';
import { openDemoDatabase, restoreSnapshot, truncateAll } from './db-template';

export { truncateAll };

/** A clock tests can set and move. */
export class TestClock {
  constructor(private t: number = Date.UTC(2026, 10, 23, 4, 0, 0)) {}
  now(): number {
    return this.t;
  }
  set(ms: number): void {
    this.t = ms;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export type CallResult<C extends CallDef> =
  | { status: number; ok: true; info: z.output<C['res']>; code?: undefined; body: unknown }
  | { status: number; ok: false; info: string; code: ErrorCode | undefined; body: unknown };

export interface CallOptions {
  /** The token header; omit to send none. */
  token?: string | null;
  headers?: Record<string, string>;
}

export interface TestServer {
  app: FastifyInstance;
  ctx: ServerContext;
  db: ServerContext['db'];
  clock: TestClock;
  /** Messages the development SMS provider "sent". */
  sms: DevSmsProvider;
  /**
   * POSTs a contract call. A success's `info` is checked against the contract's answer schema (a
   * mismatch throws), so every route test also tests the contract.
   */
  call<C extends CallDef>(def: C, body?: unknown, opts?: CallOptions): Promise<CallResult<C>>;
  /** A token for a chat-app user whose login code is `openid` (a demo open id signs in as that demo user). */
  login(shopId: number, openid?: string): Promise<string>;
  /** A token for an existing user id in a shop, without going through a login call. */
  tokenFor(userId: number, shopId: number): Promise<string>;
  /** Empties every table and loads the demo data again; caches are cleared. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  config?: Partial<ServerConfig>;
  /** Shops seeded beside the demo's, again at every reset (e.g. buildLargeShop()). */
  extraShops?: DemoShop[];
  /** Default: now = 2026-11-23 12:00 in the shops' UTC+8 (a Monday noon). */
  clock?: TestClock;
  /** Extra routes registered after the API's own. */
  extraRoutes?: RouteRegistrar[];
}

let visitorSeq = 0;

/**
 * Starts a server on a fresh in-memory database with the demo data (no large shop), or on the
 * database of `config.databaseUrl` when one is given.
 */
export async function buildTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const url = opts.config?.databaseUrl;
  if (url && url !== 'memory://') return buildTestServerOn(await openDatabase(url), opts);
  const database = await openDemoDatabase(opts.extraShops);
  // the copy holds the demo data and its snapshot already: a reset puts the snapshot back
  return startServer(database, opts, () => restoreSnapshot(database));
}

/** Starts a server on an already open database (the PostgreSQL suite): emptied and seeded now and at every reset. */
export async function buildTestServerOn(
  database: Database,
  opts: TestServerOptions = {},
): Promise<TestServer> {
  const reseed = async () => {
    await truncateAll(database);
    await seedDemo(database.db, demoData, opts.extraShops);
  };
  await reseed();
  return startServer(database, opts, reseed);
}

async function startServer(
  database: Database,
  opts: TestServerOptions,
  restore: () => Promise<void>,
): Promise<TestServer> {
  const clock = opts.clock ?? new TestClock();
  const config = testConfig(opts.config);
  const app = await buildApp({
    config,
    database,
    clock,
    seed: false,
    closeDatabase: true,
    extraRoutes: opts.extraRoutes,
  });
  await app.ready();
  const ctx = app.ctx;
  const sms = ctx.sms.provider as DevSmsProvider;

  const call = async <C extends CallDef>(
    def: C,
    body: unknown = {},
    o: CallOptions = {},
  ): Promise<CallResult<C>> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(o.headers ?? {}) };
    if (o.token) headers.token = o.token;
    const res = await app.inject({
      method: 'POST',
      url: API_BASE + def.path,
      headers,
      payload: JSON.stringify(body),
    });
    const parsed =
      res.body === ''
        ? undefined
        : (JSON.parse(res.body) as { result?: boolean; info?: unknown; code?: ErrorCode });
    if (parsed && parsed.result === true) {
      const checked = def.res.safeParse(parsed.info);
      if (!checked.success) {
        throw new Error(
          `${def.path} answered outside its contract: ${JSON.stringify(checked.error.issues.slice(0, 3))}`,
        );
      }
      return { status: res.statusCode, ok: true, info: checked.data as z.output<C['res']>, body: parsed };
    }
    return {
      status: res.statusCode,
      ok: false,
      info: String(parsed?.info ?? ''),
      code: parsed?.code,
      body: parsed,
    };
  };

  return {
    app,
    ctx,
    db: ctx.db,
    clock,
    sms,
    call,
    async login(shopId, openid) {
      // a chat-app login (development provider): a browser's device id would be a visitor only
      const res = await call(userCalls.login, {
        id: shopId,
        code: openid ?? `test-visitor-${(visitorSeq += 1)}`,
      });
      if (!res.ok) throw new Error(`login failed: ${res.info}`);
      return res.info.token;
    },
    async tokenFor(userId, shopId) {
      return (await ctx.sessions.issue(userId, shopId)).token;
    },
    async reset() {
      await restore();
      ctx.sessions.clearCache();
      ctx.shopCache.clear();
      app.rateLimits.reset();
      sms.outbox.length = 0;
    },
    close: () => app.close(),
  };
}

/**
 * One server for a test file (PGlite starts in seconds, so a file shares one): started before the
 * file's tests, closed after them, and before each test reset to the demo data with its clock back at
 * the start instant (default: the TestClock's Monday noon, inside every demo shop's hours).
 */
export function serverPerFile(opts: TestServerOptions = {}): () => TestServer {
  let server: TestServer | null = null;
  const start = (opts.clock ?? new TestClock()).now();
  beforeAll(async () => {
    server = await buildTestServer({ ...opts, clock: new TestClock(start) });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await server!.reset();
    server!.clock.set(start);
  });
  return () => {
    if (!server) throw new Error('the test server has not started');
    return server;
  };
}
