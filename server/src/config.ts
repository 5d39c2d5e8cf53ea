import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { loadPaymentsConfig, secretEntry, type PaymentsConfig } from './payments/config';
import { readConfiguredSecrets, type Secrets } from './secrets';
import { APP_ROOT } from './root';

/** Server configuration, all from the environment (docs/architecture.md §25 Configuration); defaults give a working demo. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL URL; without it PGlite stores data in `dataDir` (or memory when `memory://`). */
  databaseUrl: string;
  dataDir: string;
  redisUrl: string | null;
  /** Overseas build: English by default, flat delivery fee (C§1). */
  abroadEnv: boolean;
  publicUrl: string;
  unpaidTimeoutS: number | null;
  merchantKey: string | null;
  smsProvider: string;
  /** Chat-app and payment-app credentials; without them the development login provider is used. */
  weappAppId: string | null;
  weappSecret: string | null;
  alipayAppId: string | null;
  alipayPrivateKey: string | null;
  /** Alipay's public key (ALIPAY_PUBLIC_KEY): checks the payment-app gateway's answers when set. */
  alipayPublicKey: string | null;
  /** The payment-app gateway (ALIPAY_GATEWAY, default https://openapi.alipay.com/gateway.do). */
  alipayGateway: string;
  /**
   * WeChat's server API (WECHAT_API_BASE_URL, default https://api.weixin.qq.com): login, phone
   * numbers, access tokens and subscribe messages (server/src/platform/wechat.ts); tests point it at
   * a double.
   */
  wechatApiBaseUrl: string;
  /** Where the H5 build and demo images are served from (null = not served). */
  staticDir: string | null;
  /** Where the staff console's build is served from at /console/ (CONSOLE_DIR; null = not served). */
  consoleDir: string | null;
  demoImagesDir: string | null;
  uploadsDir: string;
  logger: boolean;
  /** Behind a reverse proxy (TRUST_PROXY=1): read the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** CORS_ORIGINS (comma-separated): other origins whose pages may call the API (none by default). */
  corsOrigins: string[];
  /** Load the 1,000-product benchmark shop with the demo (DEMO_LARGE_SHOP=0 leaves it out). */
  seedLargeShop: boolean;
  /**
   * DEMO_MODE=1: the demo's browser links `&openid=demo-openid-…` sign in as the demo users (their
   * cards and balances). Off by default; `npm start` (scripts/start.mjs) turns it on for the demo.
   * Without it a browser's open id is only a device id: a visitor until an SMS login.
   */
  demoMode: boolean;
  /**
   * TEST_CLOCK=<ISO instant>, tests only (NODE_ENV=test): the server clock reads this instant when the
   * process starts and ticks in real time from there (unpaid countdowns still run out). Null: real time.
   */
  testClock: number | null;
  /** PAYMENTS and each provider's keys (server/src/payments/config.ts). */
  payments: PaymentsConfig;
  /** Secrets given in the environment (server/src/secrets.ts resolves the rest). */
  configuredSecrets: Partial<Secrets>;
  /** NODE_ENV=production. */
  production: boolean;
  /**
   * METRICS_KEY (or METRICS_KEY_FILE): `GET /metrics` answers Prometheus text to
   * `Authorization: Bearer <key>`; null = no metrics (404). OPS-1, docs/operations.md.
   */
  metricsKey: string | null;
  /** When a node answers 503 with Retry-After because it is overloaded (@fastify/under-pressure; /healthz exempt). */
  pressure: PressureConfig;
  /** READY_TIMEOUT_MS: how long /readyz waits for the database's and Redis's answer (default 1000). */
  readyTimeoutMs: number;
  /**
   * SHUTDOWN_GRACE_MS: after SIGTERM the node answers /readyz 503 and keeps serving this long, so the
   * balancer takes it out before it closes (default 0: close at once).
   */
  shutdownGraceMs: number;
  /**
   * SHUTDOWN_HANDOFF_MS: after the grace, the node's websockets are closed with 1012 a share at a time
   * over up to this long (default 2000), so the other nodes take their reconnects as a stream.
   */
  shutdownHandoffMs: number;
}

/** The thresholds of `@fastify/under-pressure` (0 turns a check off). */
export interface PressureConfig {
  /** PRESSURE_MAX_EVENT_LOOP_DELAY_MS: mean event-loop delay over a sample (default 1000). */
  maxEventLoopDelayMs: number;
  /** PRESSURE_MAX_HEAP_USED_MB: V8 heap in use (default 90 % of the heap limit). */
  maxHeapUsedBytes: number;
  /** PRESSURE_MAX_RSS_MB: resident memory (default 0, off: the container's limit is the judge). */
  maxRssBytes: number;
  /** PRESSURE_MAX_EVENT_LOOP_UTILIZATION: 0..1 (default 0, off). */
  maxEventLoopUtilization: number;
  /** PRESSURE_RETRY_AFTER_S: the Retry-After of a 503 under pressure (default 10). */
  retryAfterS: number;
  /** PRESSURE_SAMPLE_INTERVAL_MS: how often the figures are sampled (default 1000). */
  sampleIntervalMs: number;
}

const MB = 1024 * 1024;
const numberOr = (v: string | undefined, d: number): number => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n >= 0 ? n : d;
};

/** The pressure thresholds of the environment, else the defaults (which a test run never reaches). */
export function pressureConfigFrom(env: NodeJS.ProcessEnv): PressureConfig {
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  return {
    maxEventLoopDelayMs: numberOr(env.PRESSURE_MAX_EVENT_LOOP_DELAY_MS, 1000),
    maxHeapUsedBytes: env.PRESSURE_MAX_HEAP_USED_MB ? numberOr(env.PRESSURE_MAX_HEAP_USED_MB, 0) * MB : Math.floor(heapLimit * 0.9),
    maxRssBytes: numberOr(env.PRESSURE_MAX_RSS_MB, 0) * MB,
    maxEventLoopUtilization: Math.min(1, numberOr(env.PRESSURE_MAX_EVENT_LOOP_UTILIZATION, 0)),
    retryAfterS: Math.max(1, Math.round(numberOr(env.PRESSURE_RETRY_AFTER_S, 10))),
    sampleIntervalMs: Math.max(10, numberOr(env.PRESSURE_SAMPLE_INTERVAL_MS, 1000)),
  };
}

const intOr = (v: string | undefined, d: number): number => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isInteger(n) ? n : d;
};

/** TEST_CLOCK as milliseconds; refused outside NODE_ENV=test and when it is not an ISO instant. */
function readTestClock(env: NodeJS.ProcessEnv): number | null {
  const value = env.TEST_CLOCK;
  if (!value) return null;
  if (env.NODE_ENV !== 'test') {
    throw new Error(`TEST_CLOCK is for tests only: it is refused unless NODE_ENV=test (NODE_ENV is ${env.NODE_ENV ? `"${env.NODE_ENV}"` : 'unset'}). Unset TEST_CLOCK to start the server.`);
  }
  const ms = Date.parse(value);
  if (!/^\d{4}-\d\d-\d\dT/.test(value) || Number.isNaN(ms)) throw new Error(`TEST_CLOCK must be an ISO instant such as 2026-03-04T04:00:00Z, not "${value}".`);
  return ms;
}

/** The TEST_CLOCK clock: it ticks in real time and a test can move it forward (routes/test-clock.ts). */
export interface MovableClock {
  now(): number;
  /** Moves the clock `ms` forward (whole, not negative); answers the new reading. */
  advance(ms: number): number;
}

/** The TEST_CLOCK clock: `instantMs` at the process start, ticking in real time, moved forward by `advance`. */
export function testClockFrom(instantMs: number, originMs: number = performance.timeOrigin): MovableClock {
  // whole milliseconds, as Date.now() gives (performance.timeOrigin has a fraction)
  const origin = Math.round(originMs);
  let moved = 0;
  const now = () => instantMs + moved + (Date.now() - origin);
  return {
    now,
    advance(ms: number): number {
      if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`the test clock moves forward by whole milliseconds, not ${ms}`);
      moved += ms;
      return now();
    },
  };
}

/**
 * Whether the server may let a test move its clock: only a TEST_CLOCK server (which loadConfig
 * allows under NODE_ENV=test only) that is not a production one, in a NODE_ENV=test process.
 */
export function testClockMovable(config: Pick<ServerConfig, 'testClock' | 'production'>, env: NodeJS.ProcessEnv = process.env): boolean {
  return config.testClock !== null && !config.production && env.NODE_ENV === 'test';
}

/** Reads the configuration from environment variables. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = APP_ROOT;
  const dataDir = path.resolve(env.DATA_DIR || path.join(process.cwd(), 'data'));
  const port = intOr(env.PORT, 8080);
  const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
  return {
    port,
    host: env.HOST || '0.0.0.0',
    // DATABASE_URL_FILE / REDIS_URL_FILE: the URL (with its password) kept in a secret file
    databaseUrl: secretEntry(env, 'DATABASE_URL') || path.join(dataDir, 'db'),
    dataDir,
    redisUrl: secretEntry(env, 'REDIS_URL') || null,
    abroadEnv: env.ABROAD_ENV === '1' || env.ABROAD_ENV === 'true',
    publicUrl,
    unpaidTimeoutS: env.UNPAID_TIMEOUT_S ? intOr(env.UNPAID_TIMEOUT_S, 0) || null : null,
    merchantKey: secretEntry(env, 'MERCHANT_KEY'),
    smsProvider: env.SMS_PROVIDER || 'dev',
    weappAppId: env.WEAPP_APP_ID || null,
    // the keys may be files too (NAME_FILE), as every secret (docs/deploy.md "Secrets")
    weappSecret: secretEntry(env, 'WEAPP_SECRET'),
    alipayAppId: env.ALIPAY_APP_ID || null,
    alipayPrivateKey: secretEntry(env, 'ALIPAY_PRIVATE_KEY'),
    alipayPublicKey: secretEntry(env, 'ALIPAY_PUBLIC_KEY'),
    alipayGateway: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
    wechatApiBaseUrl: (env.WECHAT_API_BASE_URL || 'https://api.weixin.qq.com').replace(/\/$/, ''),
    staticDir: env.STATIC_DIR ? path.resolve(env.STATIC_DIR) : path.join(root, 'dist/h5'),
    consoleDir: env.CONSOLE_DIR ? path.resolve(env.CONSOLE_DIR) : path.join(root, 'dist/console'),
    demoImagesDir: path.join(root, 'server/src/demo/images'),
    uploadsDir: path.join(dataDir, 'uploads'),
    logger: env.LOG_LEVEL !== 'silent',
    seedLargeShop: env.DEMO_LARGE_SHOP !== '0',
    trustProxy: env.TRUST_PROXY === '1',
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    demoMode: env.DEMO_MODE === '1' || env.DEMO_MODE === 'true',
    testClock: readTestClock(env),
    payments: loadPaymentsConfig(env, publicUrl),
    configuredSecrets: readConfiguredSecrets(env),
    production: env.NODE_ENV === 'production',
    metricsKey: secretEntry(env, 'METRICS_KEY'),
    pressure: pressureConfigFrom(env),
    readyTimeoutMs: Math.max(1, numberOr(env.READY_TIMEOUT_MS, 1000)),
    shutdownGraceMs: numberOr(env.SHUTDOWN_GRACE_MS, 0),
    shutdownHandoffMs: Math.max(0, numberOr(env.SHUTDOWN_HANDOFF_MS, 2000)),
  };
}

/** A configuration for tests: in-memory database, nothing served from disk, quiet logs. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = loadConfig({} as NodeJS.ProcessEnv);
  return {
    ...base,
    // no overload refusals (503) in tests: a test worker's loop stalls for seconds while another
    // server of the same file compiles its database, and its heap grows over a run; a test of the
    // pressure checks sets its own thresholds
    pressure: { ...base.pressure, maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0, maxRssBytes: 0, maxEventLoopUtilization: 0 },
    databaseUrl: 'memory://',
    staticDir: null,
    consoleDir: null,
    demoImagesDir: null,
    uploadsDir: path.join(os.tmpdir(), `shop-uploads-${process.pid}`),
    logger: false,
    // the route tests sign in as the demo users through their open ids
    demoMode: true,
    // the sandbox provider, with a fixed key so a test can sign as the provider
    payments: { providers: ['sandbox'], notifyBaseUrl: 'http://localhost', wechatpay: null, alipay: null },
    configuredSecrets: { paySandbox: 'test-sandbox-secret' },
    ...overrides,
  };
}
