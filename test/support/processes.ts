/**
 * The process harness of the suites and benches that run the real server as a child process: a free
 * port, waiting for a port or a condition, the server (from its sources, `node --import tsx
 * server/src/main.ts`, or from its prebuilt bundle as scripts/start.mjs runs it) on a fresh data directory with its logs collected, a redis-server, and a
 * PostgreSQL database of a suite's own.
 *
 * A spawned server runs on TEST_CLOCK (NODE_ENV=test) unless told `clock: null`; `moveClock` moves
 * it forward through its test clock route (server/src/routes/test-clock.ts), which only such a
 * server has.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { instantMs, TEST_INSTANT } from './clock';
import { until } from './until';

export const ROOT = path.resolve(__dirname, '../..');
export const SERVER_MAIN = path.join(ROOT, 'server/src/main.ts');

let bundleDir = '';
/**
 * The server's bundles (scripts/build-server.mjs: main.cjs, migrate.cjs, merchant.cjs), built once for
 * this process into a folder of its own under node_modules/.cache (inside the project, where the
 * bundle finds server/drizzle above it); the folder is removed when the process exits.
 */
export function serverBundle(): string {
  if (!bundleDir) {
    const under = path.join(ROOT, 'node_modules', '.cache');
    mkdirSync(under, { recursive: true });
    const dir = mkdtempSync(path.join(under, 'server-bundle-'));
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs'), '--outdir', dir], { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`npm run build:server failed:\n${r.stderr}`);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    bundleDir = dir;
  }
  return bundleDir;
}

/** What the server prints once it listens (server/src/banner.ts). */
const LISTENING = 'API base:';
/** The path of the test clock route (server/src/routes/test-clock.ts). */
export const TEST_CLOCK_PATH = '/__test/clock';

// ---------------------------------------------------------------------------------------------
// ports and waiting
// ---------------------------------------------------------------------------------------------

/** A free TCP port on `host` (the loopback interface by default). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface WaitOptions {
  /** Real time after which the wait fails (default 20 s). */
  timeoutMs?: number;
  /** Pause between two probes (default 50 ms): a probe that opens a socket or a request is not spun. */
  everyMs?: number;
}

/**
 * Waits until `probe` answers something other than undefined or false and resolves with it; a probe
 * that throws counts as not yet (the last error is named when the wait fails). Built on until().
 */
export async function waitUntil<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, opts: WaitOptions = {}): Promise<T> {
  const { timeoutMs = 20_000, everyMs = 50 } = opts;
  let value: T | undefined;
  let last: unknown;
  let probedAt = -Infinity;
  const check = async (): Promise<boolean> => {
    const wait = probedAt + everyMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    probedAt = Date.now();
    try {
      const v = await probe();
      if (v === undefined || v === false) return false;
      value = v;
      return true;
    } catch (e) {
      last = e;
      return false;
    }
  };
  try {
    await until(check, what, timeoutMs);
  } catch (e) {
    throw new Error(`${(e as Error).message}${last ? ` (last error: ${String(last)})` : ''}`);
  }
  return value as T;
}

/** Whether something accepts a TCP connection on `port`. */
export function portOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, host, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

/** Waits until something accepts connections on `port`. */
export async function waitForPort(port: number, opts: WaitOptions & { host?: string } = {}): Promise<void> {
  await waitUntil(`port ${port} to open`, () => portOpen(port, opts.host), { timeoutMs: 10_000, ...opts });
}

// ---------------------------------------------------------------------------------------------
// child processes
// ---------------------------------------------------------------------------------------------

/** Whether a child process has ended. */
export const ended = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/** The exit signal (or code) of a child process, once it has ended. */
export function exitOf(child: ChildProcess): Promise<NodeJS.Signals | number | null> {
  if (ended(child)) return Promise.resolve(child.signalCode ?? child.exitCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
}

/** Stops a child process: `signal` (SIGTERM), then SIGKILL after `graceMs`; resolves once it is gone. */
export async function stopProcess(child: ChildProcess | null | undefined, opts: { signal?: NodeJS.Signals; graceMs?: number } = {}): Promise<void> {
  if (!child || ended(child)) return;
  const { signal = 'SIGTERM', graceMs = 10_000 } = opts;
  const exited = exitOf(child);
  child.kill(signal);
  const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(force);
}

/** Collects what a child process prints (stdout and stderr, interleaved as they arrive). */
function collect(child: ChildProcess): { text(): string; onData(fn: () => void): void } {
  let text = '';
  const listeners: Array<() => void> = [];
  const add = (d: Buffer) => {
    text += d.toString();
    for (const fn of listeners) fn();
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return { text: () => text, onData: (fn) => listeners.push(fn) };
}

const tail = (text: string, chars = 3000) => (text.length > chars ? `…${text.slice(-chars)}` : text);

// ---------------------------------------------------------------------------------------------
// the server
// ---------------------------------------------------------------------------------------------

export interface SpawnServerOptions {
  /** Extra environment, applied last (it wins over everything below). */
  env?: Record<string, string>;
  /** Node's own flags before the server's entry (e.g. `--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
  /** Run the server from its sources through tsx (default) or from its prebuilt bundle (`serverBundle()`). */
  entry?: 'sources' | 'bundle';
  /**
   * The server clock at its start (TEST_CLOCK): an ISO instant or epoch ms; default the suites'
   * instant (test/support/clock.ts). null: real time, no TEST_CLOCK (and no test clock route).
   */
  clock?: string | number | null;
  /** DATA_DIR; default a fresh temp directory, removed when the server stops. */
  dataDir?: string;
  /** STATIC_DIR; default an empty directory (the API only). */
  staticDir?: string;
  /** DATABASE_URL; default none: PGlite in `<dataDir>/db`. */
  databaseUrl?: string;
  /** REDIS_URL; default none (in-process fan-out). */
  redisUrl?: string;
  /** LOG_LEVEL; default 'warn'. */
  logLevel?: string;
  /** Named in errors and log files (default 'server'). */
  name?: string;
  /** How long the start may take (default 120 s). */
  startTimeoutMs?: number;
  /** The port to listen on; default a free one (a restarted node takes its old port again). */
  port?: number;
}

export interface ServerProcess {
  name: string;
  base: string;
  port: number;
  child: ChildProcess;
  dataDir: string;
  /** The server clock as read from here: its TEST_CLOCK instant, the real time since it was spawned, and the moves. */
  now(): number;
  /** Everything the server printed so far. */
  output(): string;
  /** What it printed after its start banner. */
  outputSinceStart(): string;
  /** Resolves with the exit signal (or code) once the process has ended. */
  exited: Promise<NodeJS.Signals | number | null>;
  alive(): boolean;
  /** kill -9 from outside; resolves once the process is gone. */
  kill9(): Promise<NodeJS.Signals | number | null>;
  /** SIGTERM (a clean stop), SIGKILL after `graceMs` (10 s); then its own temp directories are removed. */
  stop(opts?: { graceMs?: number }): Promise<void>;
  /** Moves the server clock `ms` forward (its test clock route); answers the server's new reading. */
  moveClock(ms: number): Promise<number>;
  /** The server clock as the server reads it (its test clock route). */
  readClock(): Promise<number>;
}

let emptyStaticDir = '';
/** One empty H5 directory for every API-only server of the run. */
function emptyStatic(): string {
  if (!emptyStaticDir) {
    const dir = (emptyStaticDir = mkdtempSync(path.join(os.tmpdir(), 'server-static-')));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return emptyStaticDir;
}

/** A new empty data directory under `under` (default the system's temp directory). */
export const newDataDir = (under: string = os.tmpdir(), prefix = 'server-data-'): string => mkdtempSync(path.join(under, prefix));

const clockMs = (clock: string | number): number => (typeof clock === 'number' ? clock : instantMs(clock));

/**
 * Starts the real server as a child process on a free loopback port and resolves once it listens
 * (its start banner). A start that fails or times out throws with the end of its logs.
 */
export async function spawnServer(opts: SpawnServerOptions = {}): Promise<ServerProcess> {
  const name = opts.name ?? 'server';
  const port = opts.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? newDataDir(undefined, `${name}-data-`);
  const clock = opts.clock === undefined ? TEST_INSTANT : opts.clock;
  const startMs = clock === null ? null : clockMs(clock);
  // the server's clock origin is its process start (performance.timeOrigin), a moment after this
  const spawnedAt = Date.now();
  let moved = 0;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...(opts.entry === 'bundle' ? [path.join(serverBundle(), 'main.cjs')] : ['--import', 'tsx', SERVER_MAIN])], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      REDIS_URL: opts.redisUrl ?? '',
      STATIC_DIR: opts.staticDir ?? emptyStatic(),
      TEST_CLOCK: startMs === null ? '' : new Date(startMs).toISOString(),
      PAYMENTS: 'sandbox',
      LOG_LEVEL: opts.logLevel ?? 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs = collect(child);
  const exited = exitOf(child);
  let spawnError: Error | null = null;
  child.once('error', (e) => (spawnError = e));
  const removeOwn = () => {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  // event-driven: the banner arrives on stdout, an early exit ends the wait
  const timeoutMs = opts.startTimeoutMs ?? 120_000;
  const started = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    const check = () => {
      if (logs.text().includes(LISTENING)) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    logs.onData(check);
    void exited.then(() => {
      clearTimeout(timer);
      resolve(logs.text().includes(LISTENING));
    });
    check();
  });
  if (!started) {
    const why = spawnError ? `could not be spawned (${String(spawnError)})` : ended(child) ? `exited with ${child.signalCode ?? child.exitCode}` : `did not start in ${timeoutMs / 1000} s`;
    await stopProcess(child, { signal: 'SIGKILL' });
    removeOwn();
    throw new Error(`${name} ${why}:\n${tail(logs.text())}`);
  }
  const bannerEnd = logs.text().length;

  const clockCall = async (init?: RequestInit): Promise<number> => {
    const res = await fetch(`${base}${TEST_CLOCK_PATH}`, { ...init, headers: { connection: 'close', ...(init?.headers ?? {}) } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${name}: ${init?.method ?? 'GET'} ${TEST_CLOCK_PATH} answered ${res.status} ${text.slice(0, 200)}`);
    return (JSON.parse(text) as { now: number }).now;
  };

  return {
    name,
    base,
    port,
    child,
    dataDir,
    now: () => {
      if (startMs === null) return Date.now();
      return startMs + moved + (Date.now() - spawnedAt);
    },
    output: logs.text,
    outputSinceStart: () => logs.text().slice(bannerEnd),
    exited,
    alive: () => !ended(child),
    async kill9() {
      if (!ended(child)) child.kill('SIGKILL');
      return exited;
    },
    async stop(stopOpts = {}) {
      await stopProcess(child, { graceMs: stopOpts.graceMs ?? 10_000 });
      child.stdout?.destroy();
      child.stderr?.destroy();
      removeOwn();
    },
    async moveClock(ms: number) {
      const now = await clockCall({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
      moved += ms;
      return now;
    },
    readClock: () => clockCall(),
  };
}

// ---------------------------------------------------------------------------------------------
// redis-server
// ---------------------------------------------------------------------------------------------

export interface RedisProcess {
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** The redis-server binary: REDIS_SERVER, or redis-server on the PATH. */
export const redisServerBin = (): string => process.env.REDIS_SERVER || 'redis-server';

/** Starts a throw-away redis-server (no persistence) on a free loopback port (or `port`); resolves once it accepts connections. */
export async function spawnRedis(opts: { bin?: string; port?: number } = {}): Promise<RedisProcess> {
  // a given port starts a redis-server again where a stopped one was (a restart mid-stream)
  const port = opts.port ?? (await freePort());
  const bin = opts.bin ?? redisServerBin();
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const logs = collect(child);
  let spawnError: Error | null = null;
  child.once('error', (e) => (spawnError = e));
  const stop = async () => {
    await stopProcess(child, { signal: 'SIGKILL' });
    child.stdout?.destroy();
    child.stderr?.destroy();
  };
  try {
    await waitUntil(`${bin} on port ${port}`, async () => {
      if (spawnError || ended(child)) throw new Error(`${bin} ${spawnError ? `could not be spawned (${String(spawnError)})` : 'exited'}:\n${tail(logs.text())}`);
      return portOpen(port);
    }, { timeoutMs: 10_000 });
  } catch (e) {
    await stop();
    throw e;
  }
  return { port, url: `redis://127.0.0.1:${port}`, child, output: logs.text, stop };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL databases of a suite's own
// ---------------------------------------------------------------------------------------------

export interface OwnDatabase {
  name: string;
  url: string;
  /** Drops the database (its sessions are ended first). */
  drop(): Promise<void>;
}

/** `url` with its database name replaced by `name`. */
export function databaseUrlFor(url: string, name: string): string {
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

/** Runs `fn` with a connection to the server of `url` (as its user, on its database). */
async function withAdmin<T>(url: string, fn: (query: (sql: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn((sql) => admin.query(sql));
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, empty database `name` on the PostgreSQL server of `url` (dropped first when a previous run
 * left it), so no other suite's reset can touch the data of the processes that use it.
 */
export async function createDatabase(url: string, name: string): Promise<OwnDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  await withAdmin(url, async (query) => {
    await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await query(`CREATE DATABASE ${name}`);
  });
  return {
    name,
    url: databaseUrlFor(url, name),
    drop: () => withAdmin(url, async (query) => void (await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}
