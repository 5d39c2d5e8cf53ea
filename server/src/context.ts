import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config';
import type { Database, Db } from './db/client';
import { SessionService } from './services/sessions';
import { ShopCache } from './services/shop-cache';
import { createSmsProvider, SmsService } from './services/sms';
import { createLoginProviders, type LoginProviders } from './platform/login';
import { dbTokenStore, WechatApi } from './platform/wechat';
import { AlipayAppApi } from './platform/alipay-app';

/** A clock the tests can set. */
export interface Clock {
  now(): number;
}

/**
 * What code running inside a transaction may use besides the transaction handle: the instant of the
 * transaction and the log. No pool, no caches (docs/architecture.md §19 Transactions): `db` and `shopCache` are typed
 * `never`, so passing the whole `ServerContext` where a `TxEnv` is taken is a type error.
 */
export interface TxEnv {
  readonly now: number;
  readonly log: FastifyBaseLogger;
  readonly db?: never;
  readonly shopCache?: never;
  readonly database?: never;
}

/** The transaction environment of a call, taken from its context before the transaction opens. */
export const txEnv = (ctx: { clock: Clock; log: FastifyBaseLogger }, now = ctx.clock.now()): TxEnv => ({
  now,
  log: ctx.log,
});

/**
 * A value kept once per server (a prepared statement, a secret, a provider), made on first use: the
 * module that owns it declares a typed accessor, `const payments = perServer((ctx) => …)`, and calls
 * `payments(ctx)`. The value's type is the factory's; no string keys, no casts, nothing a context
 * carries that its type does not name. Kept in a WeakMap per accessor: a closed server's values go
 * with it.
 */
export function perServer<T>(make: (ctx: ServerContext) => T): (ctx: ServerContext) => T {
  const made = new WeakMap<ServerContext, T>();
  return (ctx) => {
    let v = made.get(ctx);
    if (v === undefined && !made.has(ctx)) {
      v = make(ctx);
      made.set(ctx, v);
    }
    return v as T;
  };
}

/**
 * Everything a route or service needs for one running server. Services are plain functions or
 * classes that take this context; state kept per server by later areas goes through `perServer`.
 */
export interface ServerContext {
  config: ServerConfig;
  database: Database;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  sessions: SessionService;
  shopCache: ShopCache;
  sms: SmsService;
  login: LoginProviders;
  /** WeChat's server API of the chat app (null without WEAPP_APP_ID / WEAPP_SECRET): login, phone numbers, notices. */
  wechat: WechatApi | null;
  /** The payment app's open-platform API (null without ALIPAY_APP_ID / ALIPAY_PRIVATE_KEY): login, notices. */
  alipayApp: AlipayAppApi | null;
  /** Runs `fn` when the server closes (timers, connections). */
  onClose(fn: () => Promise<void> | void): void;
  /** Close hooks registered so far, run by the app on close. */
  readonly closeHooks: Array<() => Promise<void> | void>;
}

export interface ContextOptions {
  config: ServerConfig;
  database: Database;
  log: FastifyBaseLogger;
  clock?: Clock;
}

/** Builds the server context around an open database. */
export function createContext(opts: ContextOptions): ServerContext {
  const clock = opts.clock ?? { now: () => Date.now() };
  const closeHooks: Array<() => Promise<void> | void> = [];
  const db = opts.database.db;
  const now = () => clock.now();
  const { config } = opts;
  // one client per app for the whole server: one base URL, one access token shared through the database
  const wechat =
    config.weappAppId && config.weappSecret
      ? new WechatApi({ appId: config.weappAppId, secret: config.weappSecret, baseUrl: config.wechatApiBaseUrl, tokens: dbTokenStore(db), now })
      : null;
  const alipayApp =
    config.alipayAppId && config.alipayPrivateKey
      ? new AlipayAppApi({ appId: config.alipayAppId, privateKey: config.alipayPrivateKey, alipayPublicKey: config.alipayPublicKey, gateway: config.alipayGateway })
      : null;
  return {
    config: opts.config,
    database: opts.database,
    db,
    clock,
    log: opts.log,
    sessions: new SessionService(db, now),
    shopCache: new ShopCache(db, now),
    sms: new SmsService(db, createSmsProvider(opts.config.smsProvider, opts.log), now),
    login: createLoginProviders(opts.config, { wechat, alipayApp }),
    wechat,
    alipayApp,
    onClose(fn) {
      closeHooks.push(fn);
    },
    closeHooks,
  };
}
