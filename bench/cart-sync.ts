/**
 * `npm run bench:cart-sync`: the table-room cart sync under load. 1,000 diners in 250 rooms (4 a room),
 * each sending one cart operation a second through the live channel `ws/{roomId}` of the real server
 * (operation → committed to the database → fanned out to the room). The latency of one operation is
 * the time from the diner sending it until every OTHER diner of the room has received its event.
 *
 *   BENCH cartsync_p50_ms_1node    — one server in this process (embedded PGlite in a data directory, as
 *                                    `npm start` runs it; in-process fan-out)
 *   BENCH cartsync_p99_ms_1node
 *   BENCH cartsync_p99_ms_2nodes   — two server processes on one PostgreSQL and one Redis, the diners of
 *                                    each room split across them (only with DATABASE_URL=postgres://…
 *                                    and a redis-server on the PATH; otherwise a note on stderr)
 *   BENCH cartsync_floor_p99_ms    — the floor, same run, same load, same measurement: a bare `ws`
 *                                    server that numbers each frame of a room, sends it to every socket
 *                                    of the room and answers the sender (the app's frames, no database)
 *   BENCH cartsync_floor_committed_p99_ms (one node, PGlite) and cartsync_floor_committed_p99_ms_2nodes
 *                                  (two relay processes on PostgreSQL + Redis) — the fair floors: the
 *                                  same relay committing one row per operation through the same driver
 *                                  before it broadcasts (cart-sync/floor.ts); the ratios
 *                                  cartsync_p99_1node_vs_committed_floor and
 *                                  cartsync_p99_2nodes_vs_committed_floor (goal ≤ 2)
 *   BENCH cartsync_lost            — acknowledged operations whose event some other diner of the room
 *                                    never received (1node + 2nodes; stderr tells how many of them the
 *                                    diner got a resync snapshot for instead)
 *   BENCH cartsync_duplicated      — events a socket received more than once (same room and version)
 *   BENCH cartsync_rolling_restart_*  — the rolling restart (OPS-1, bench/cart-sync/rolling.ts): the same
 *                                    diners through a balancer probing /readyz, while each of the two
 *                                    nodes in turn gets SIGTERM and is started again: acknowledged
 *                                    operations lost or doubled, ack p99 during the restarts, 5xx seen
 *                                    by clients, p99 from a socket's close to its snapshot again (run
 *                                    'rolling'; with DATABASE_URL like the two-node run)
 *
 * Goals: p99 ≤ 50 ms on one node, ≤ 80 ms on two, within 2× of the floor; nothing lost or duplicated.
 *
 * The diners are real websockets on loopback, all in one worker thread of this process (so the load
 * does not share the in-process server's event loop), all times read there with performance.now().
 * Each diner owns one plain product line of its room: operations alternate "add 1" and "edit to 1"
 * with the line's version as it will be after the diner's own operations in flight, so none conflicts;
 * an operation answered busy anyway is counted apart, not as lost. Sends are spread evenly over each
 * second (diner i at i/N of the second); the first 3 s are a warm-up, not measured. Operations still
 * unanswered 10 s after the last send count in the percentiles at their age then (lower bounds).
 *
 * Each run also says on stderr where the CPU went over the measured seconds: the busy share of the
 * in-process server's event loop, CPU per operation of each server process (and of the PostgreSQL
 * backends and Redis), time spent runnable but waiting for a core, and what the nodes' database
 * sessions were doing (sampled from pg_stat_activity), so an overloaded server can be told from a
 * busy machine.
 *
 * Env: CARTSYNC_SECONDS (60), CARTSYNC_DINERS (1000), CARTSYNC_ROOMS (250); CARTSYNC_RUNS, a list
 * of 1node, floor, floor_committed, 2nodes, floor_committed_2nodes, rolling (default all: a figure left out is not printed); CARTSYNC_TRACE=<path
 * prefix> writes each measured operation's send time and latency to <prefix>-<run>.csv; DATABASE_URL for the
 * two-node figure (a fresh database is created next to the one named and dropped after); REDIS_SERVER
 * to name the redis-server binary (default: redis-server on the PATH). The servers run on the suites'
 * instant (test/support/clock.ts), inside the restaurant's opening hours, whatever the real time.
 *
 * Parts: the load generator (cart-sync/load.ts, in a worker thread: cart-sync/load-worker.ts), the
 * floor (cart-sync/floor.ts), the bench's tables (cart-sync/tables.ts); the CPU sampler and the worker
 * thread are bench/support's, the server processes, Redis and the database test/support/processes.ts's.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Client } from 'pg';
import { instantMs, TEST_INSTANT } from '../test/support/clock';
import { spawnNode } from '../test/support/nodes';
import { createDatabase, redisServerBin, spawnRedis, type RedisProcess, type ServerProcess } from '../test/support/processes';
import { DRAIN_MS, type LoadPhase, type LoadPlan, type LoadResult } from './cart-sync/load';
import { spawn } from 'node:child_process';
import { pgliteFloorStore, startFloorRelay } from './cart-sync/floor';
import { rollingRestart } from './cart-sync/rolling';
import { benchTables, insertBenchTables } from './cart-sync/tables';
import { CpuWindow, statOf, type CpuGroups } from './support/cpu';
import { fmtMs as fmt, percentile } from './support/stats';
import { runInWorker } from './support/worker';
import { histogramDelta, histogramOf, parsePrometheus, type Sample } from './support/prometheus';

const METRICS_KEY = 'bench-metrics';

const intEnv = (name: string, d: number): number => {
  const n = Number(process.env[name]);
  return process.env[name] !== undefined && process.env[name] !== '' && Number.isInteger(n) && n > 0 ? n : d;
};

const SECONDS = intEnv('CARTSYNC_SECONDS', 60);
const DINERS = intEnv('CARTSYNC_DINERS', 1000);
const ROOMS = intEnv('CARTSYNC_ROOMS', 250);
const RUNS = new Set((process.env.CARTSYNC_RUNS || '1node,floor,floor_committed,2nodes,floor_committed_2nodes,rolling').split(',').map((r) => r.trim()));
const WARMUP_S = 3;
const LOAD_WORKER = path.join(__dirname, 'cart-sync/load-worker.ts');

/**
 * Runs the load in a worker thread of this process (its own event loop, its own core); `onPhase` is
 * called when the measured seconds start ('measuring') and when the last events are in ('drained').
 */
const loadInWorker = (plan: LoadPlan, onPhase: (phase: LoadPhase) => void = () => undefined): Promise<LoadResult> =>
  runInWorker<LoadResult, LoadPhase>(LOAD_WORKER, plan, onPhase);

// ---------------------------------------------------------------------------------------------
// the servers (main thread, child processes)
// ---------------------------------------------------------------------------------------------

interface Summary {
  p50: number;
  p99: number;
  result: LoadResult;
}

function summarize(r: LoadResult, serverNotes: string[] = []): Summary {
  if (process.env.CARTSYNC_TRACE) {
    const file = `${process.env.CARTSYNC_TRACE}-${r.label}.csv`;
    const rows = ['sent_ms,latency_ms,room'];
    for (let i = 0; i < r.trace.length; i += 3) rows.push(`${r.trace[i].toFixed(2)},${r.trace[i + 1].toFixed(2)},${r.trace[i + 2]}`);
    writeFileSync(file, rows.join('\n') + '\n');
    console.error(`[cart-sync ${r.label}] trace: ${file}`);
  }
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const s = { p50: percentile(sorted, 50), p99: percentile(sorted, 99), result: r };
  const refused = Object.entries(r.refused).map(([c, n]) => `${c}×${n}`).join(' ') || 'none';
  console.error(
    `[cart-sync ${r.label}] ops sent ${r.sent} (measured ${r.measured}), acknowledged ${r.acked}, busy ${r.busy}, other refusals ${refused}, ` +
      `unanswered ${r.unanswered}; latency p50 ${fmt(s.p50)} / p90 ${fmt(percentile(sorted, 90))} / p99 ${fmt(s.p99)} / max ${fmt(sorted[sorted.length - 1] ?? NaN)} ms over ${sorted.length}; ` +
      `lost ${r.lost} (covered by a resync snapshot ${r.lostCoveredBySnapshot}${r.lost > r.lostCoveredBySnapshot ? `; the others answered at most ${fmt(r.lostAnsweredBeforeEndMs)} ms before the end` : ''}), duplicated ${r.duplicated}, resync snapshots ${r.resyncSnapshots}, ` +
      `error frames ${r.errorFrames.length}, unexpected closes ${r.unexpectedCloses}; sends late p99 ${fmt(r.sendLateP99Ms)} ms; setup ${(r.setupMs / 1000).toFixed(1)} s`,
  );
  if (r.unanswered > 0) {
    console.error(
      `[cart-sync ${r.label}]   ${r.unanswered} operations were still unanswered ${DRAIN_MS / 1000} s after the last send: the measured ones count at their age then, so these percentiles are lower bounds (the server did not keep up)`,
    );
  }
  for (const e of r.errorFrames.slice(0, 5)) console.error(`[cart-sync ${r.label}]   error frame ${e}`);
  for (const n of serverNotes) console.error(`[cart-sync ${r.label}]   ${n}`);
  return s;
}

const plan = (label: string, mode: LoadPlan['mode'], bases: string[]): LoadPlan => ({
  label,
  mode,
  bases,
  tableIds: benchTables(ROOMS, 4).map((t) => t.id),
  diners: DINERS,
  rooms: ROOMS,
  seconds: SECONDS,
  warmupS: WARMUP_S,
  trace: Boolean(process.env.CARTSYNC_TRACE),
});

const perRoom = () => Math.max(4, Math.ceil(DINERS / ROOMS));

/** Operations sent in the measured seconds. */
const measuredOps = (p: LoadPlan) => p.diners * p.seconds;

/** The load against a server on this thread, with the thread's busy share and CPU over the measured seconds. */
async function loadBesideServer(p: LoadPlan, onPhase: (phase: LoadPhase) => void = () => undefined): Promise<{ result: LoadResult; notes: string[] }> {
  const cpu = new CpuWindow();
  const groups: CpuGroups = new Map([
    ['server thread', [statOf(process.pid, process.pid)]],
    ['bench process (server and load)', [statOf(process.pid)]],
  ]);
  let elu: EventLoopUtilization | null = null;
  let busy = NaN;
  const result = await loadInWorker(p, (phase) => {
    onPhase(phase);
    if (phase === 'measuring') {
      elu = performance.eventLoopUtilization();
      cpu.begin(groups);
    } else if (elu) {
      busy = performance.eventLoopUtilization(elu).utilization;
      cpu.end(groups, measuredOps(p));
    }
  });
  return { result, notes: [`server event loop busy ${Math.round(busy * 100)} % of the measured seconds`, ...cpu.notes] };
}

/** One server in this process: embedded database, in-process fan-out. */
async function oneNode(): Promise<Summary> {
  // the server's modules are loaded here only, not in the load worker
  const { buildApp } = await import('../server/src/app');
  const { testClockFrom, testConfig } = await import('../server/src/config');
  const { tables } = await import('../server/src/db/schema');
  const clock = testClockFrom(instantMs(TEST_INSTANT), Date.now());
  // the embedded database in a data directory, as `npm start` runs it (not the tests' in-memory one)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cartsync-1node-'));
  const app = await buildApp({ config: testConfig({ seedLargeShop: false, databaseUrl: dataDir, metricsKey: METRICS_KEY }), seed: true, clock });
  // what the server logs as warnings (failed frames, refused sockets, resync failures) is counted
  const warnings = new Map<string, number>();
  const log = app.log as unknown as Record<string, (...args: unknown[]) => void>;
  for (const level of ['warn', 'error'] as const) {
    const original = log[level].bind(app.log);
    log[level] = (...args: unknown[]) => {
      const msg = `${level}: ${String(args.find((a) => typeof a === 'string') ?? '')}`;
      warnings.set(msg, (warnings.get(msg) ?? 0) + 1);
      original(...args);
    };
  }
  await app.ctx.db.insert(tables).values(benchTables(ROOMS, perRoom()));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  try {
    // the server's /metrics before and after the measured seconds (docs/operations.md "Metrics")
    const scrape = async () => {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_KEY}` } });
      if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}`);
      return parsePrometheus(res.body);
    };
    const scrapes: Array<Promise<Sample[]>> = [];
    const p = plan('1node', 'app', [`http://127.0.0.1:${port}`]);
    const { result, notes } = await loadBesideServer(p, () => scrapes.push(scrape()));
    const [before, after] = await Promise.all(scrapes);
    const gauge = (samples: Sample[], name: string) => samples.find((x) => x.name === name)?.value ?? NaN;
    const statements = histogramDelta(
      histogramOf(before, 'db_statement_duration_seconds', () => true),
      histogramOf(after, 'db_statement_duration_seconds', () => true),
    ).count;
    const sockets = gauge(before, 'table_room_sockets');
    const rooms = gauge(before, 'table_rooms');
    const ops = measuredOps(p);
    console.log(`BENCH cartsync_metrics_sockets_match_1node ${sockets === DINERS && rooms === ROOMS ? 1 : 0}`);
    console.log(`BENCH cartsync_metrics_statements_per_op_1node ${(statements / ops).toFixed(2)} statements`);
    return summarize(result, [
      ...notes,
      `/metrics: table_room_sockets ${sockets} (diners ${DINERS}), table_rooms ${rooms} (rooms ${ROOMS}); ${statements} statements over the ${ops} operations sent measured (no histogram times a frame: the p99 is the bench's alone)`,
      ...[...warnings].map(([m, n]) => `server logged ${m} ×${n}`),
    ]);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The floor: numbers each operation of a room and sends it to the room, as the app's fan-out does. */
async function floor(): Promise<Summary> {
  const relay = await startFloorRelay();
  try {
    const { result, notes } = await loadBesideServer(plan('floor', 'floor', [relay.base]));
    return summarize(result, notes);
  } finally {
    await relay.close();
  }
}

/** The committed floor on one node: the relay writing each operation to PGlite in a data directory first. */
async function committedFloor(): Promise<Summary> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cartsync-floor-'));
  const relay = await startFloorRelay({ store: await pgliteFloorStore(dataDir) });
  try {
    const { result, notes } = await loadBesideServer(plan('floor_committed', 'floor', [relay.base]));
    return summarize(result, notes);
  } finally {
    await relay.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One relay process of the two-node committed floor (cart-sync/floor-node.ts): its base URL and its stop. */
async function floorNode(databaseUrl: string, redisUrl: string): Promise<{ base: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'cart-sync/floor-node.ts')], {
    env: { ...process.env, FLOOR_DATABASE_URL: databaseUrl, FLOOR_REDIS_URL: redisUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /floor node listening (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`the floor node exited (${code}) before listening`)));
  });
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The committed floor on two nodes: two relay processes on one PostgreSQL (a fresh database) and one Redis. */
async function committedFloorTwoNodes(): Promise<Summary> {
  const database = await createDatabase(process.env.DATABASE_URL as string, `cartsync_floor_${process.pid}`);
  let redis: RedisProcess | null = null;
  const nodes: Array<{ base: string; stop(): Promise<void> }> = [];
  try {
    redis = await spawnRedis();
    for (let i = 0; i < 2; i += 1) nodes.push(await floorNode(database.url, redis.url));
    const r = await loadInWorker(plan('floor_committed_2nodes', 'floor', nodes.map((n) => n.base)));
    return summarize(r);
  } finally {
    await Promise.all(nodes.map((n) => n.stop()));
    await redis?.stop();
    await database.drop().catch((e: unknown) => console.error('could not drop the floor database:', e));
  }
}

/** The lines a node logged while the load ran, summed by message. */
function nodeNotes(name: string, output: string): string[] {
  const counts = new Map<string, number>();
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    let key = line.slice(0, 160);
    try {
      const j = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      key = `level ${j.level}: ${j.msg ?? ''}${j.err?.message ? ` (${j.err.message.slice(0, 120)})` : ''}`;
    } catch {
      // not a JSON log line: counted as it is
    }
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `node ${name} logged ${k} ×${n}`);
}

/** Why the two-node figure cannot be measured here, or null. */
function twoNodesMissing(): string | null {
  if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')) return 'DATABASE_URL is not a postgres:// URL';
  const bin = redisServerBin();
  const onPath = bin.includes('/')
    ? [bin]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, bin));
  if (!onPath.some((f) => existsSync(f))) return `${bin} is not on the PATH (set REDIS_SERVER to its path)`;
  return null;
}

/** Two server processes on one PostgreSQL (a fresh database) and one Redis. */
async function twoNodes(): Promise<Summary> {
  const url = process.env.DATABASE_URL as string;
  const db = `cartsync_bench_${process.pid}`;
  const database = await createDatabase(url, db);
  // the sampler's session (pg_stat_activity), on the database named by DATABASE_URL
  const admin = new Client({ connectionString: url });
  await admin.connect();
  let redis: RedisProcess | null = null;
  const nodes: ServerProcess[] = [];
  const node = (name: string, redisUrl: string) =>
    spawnNode({ name, group: 'cart-sync-bench', databaseUrl: database.url, redisUrl, clock: TEST_INSTANT });
  try {
    redis = await spawnRedis();
    // the first node migrates and seeds the database; the bench's tables go in before the second starts
    nodes.push(await node('a', redis.url));
    await insertBenchTables(database.url, ROOMS, perRoom());
    nodes.push(await node('b', redis.url));
    // CPU of the nodes, Redis and the PostgreSQL backends of the bench's database
    const cpu = new CpuWindow();
    const groups = async (): Promise<CpuGroups> => {
      const backends = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [db]).catch(() => ({ rows: [] }));
      return new Map([
        ['node a', [statOf(nodes[0].child.pid)]],
        ['node b', [statOf(nodes[1].child.pid)]],
        ['postgres backends', backends.rows.map((r) => statOf(r.pid))],
        ['redis', [statOf(redis?.child.pid)]],
        ['bench process (load)', [statOf(process.pid)]],
      ]);
    };
    // what the database sessions of the nodes are doing, sampled every 100 ms
    const activity = new Map<string, number>();
    let samples = 0;
    let sampling: NodeJS.Timeout | null = null;
    let stopped = false;
    const sample = async () => {
      const res = await admin
        .query<{ what: string; n: number }>(
          `SELECT state || coalesce(' / ' || wait_event_type || ':' || wait_event, '') AS what, count(*)::int AS n
             FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' GROUP BY 1`,
          [db],
        )
        .catch(() => null);
      if (!res) return;
      samples++;
      for (const row of res.rows) activity.set(row.what, (activity.get(row.what) ?? 0) + row.n);
    };
    let begun: Promise<void> = Promise.resolve();
    let ended: Promise<void> = Promise.resolve();
    const p = plan('2nodes', 'app', nodes.map((n) => n.base));
    const r = await loadInWorker(p, (phase) => {
      if (phase === 'measuring') {
        begun = groups().then((g) => cpu.begin(g));
        const tick = () => {
          if (!stopped) sampling = setTimeout(() => void sample().then(tick), 100);
        };
        tick();
      } else {
        stopped = true;
        if (sampling) clearTimeout(sampling);
        ended = begun.then(groups).then((g) => cpu.end(g, measuredOps(p)));
      }
    });
    stopped = true;
    if (sampling) clearTimeout(sampling);
    await ended;
    if (samples > 0) {
      const avg = [...activity].sort((x, y) => y[1] - x[1]).map(([what, n]) => `${what} ${(n / samples).toFixed(1)}`);
      cpu.notes.push(`database sessions of the nodes, average over ${samples} samples: ${avg.join(', ')}`);
    }
    const logDir = mkdtempSync(path.join(os.tmpdir(), 'cartsync-logs-'));
    const notes = nodes.flatMap((n, i) => {
      const name = i === 0 ? 'a' : 'b';
      writeFileSync(path.join(logDir, `node-${name}.log`), n.outputSinceStart());
      return nodeNotes(name, n.outputSinceStart());
    });
    if (notes.length > 0) notes.push(`node logs: ${logDir}`);
    else rmSync(logDir, { recursive: true, force: true });
    return summarize(r, [...cpu.notes, ...notes]);
  } finally {
    await Promise.all(nodes.map((n) => n.stop()));
    await redis?.stop();
    await admin.end();
    await database.drop().catch((e: unknown) => console.error(`could not drop ${db}:`, e));
  }
}

async function main(): Promise<void> {
  console.error(`[cart-sync] ${DINERS} diners in ${ROOMS} rooms, 1 operation/s each, ${WARMUP_S} s warm-up + ${SECONDS} s measured`);
  const one = RUNS.has('1node') ? await oneNode() : null;
  const fl = RUNS.has('floor') ? await floor() : null;
  const committed = RUNS.has('floor_committed') ? await committedFloor() : null;
  let two: Summary | null = null;
  let committedTwo: Summary | null = null;
  let failed = false;
  if (RUNS.has('2nodes') || RUNS.has('floor_committed_2nodes')) {
    const missing = twoNodesMissing();
    if (missing === null) {
      if (RUNS.has('2nodes')) {
        two = await twoNodes().catch((e: unknown) => {
          console.error('[cart-sync] the two-node run failed:', e);
          failed = true;
          return null;
        });
      }
      if (RUNS.has('floor_committed_2nodes')) {
        committedTwo = await committedFloorTwoNodes().catch((e: unknown) => {
          console.error('[cart-sync] the two-node committed floor failed:', e);
          failed = true;
          return null;
        });
      }
    } else console.error(`[cart-sync] the two-node figures are not measured: ${missing}.`);
  }

  const runs = [one, two].filter((s): s is Summary => s !== null);
  if (one) {
    console.log(`BENCH cartsync_p50_ms_1node ${fmt(one.p50)} ms`);
    console.log(`BENCH cartsync_p99_ms_1node ${fmt(one.p99)} ms`);
  }
  if (two) console.log(`BENCH cartsync_p99_ms_2nodes ${fmt(two.p99)} ms`);
  if (fl) console.log(`BENCH cartsync_floor_p99_ms ${fmt(fl.p99)} ms`);
  // each figure beside its floor, measured in this run
  if (fl && one && fl.p99 > 0) console.log(`BENCH cartsync_p99_1node_vs_floor ${(one.p99 / fl.p99).toFixed(1)} x`);
  if (fl && two && fl.p99 > 0) console.log(`BENCH cartsync_p99_2nodes_vs_floor ${(two.p99 / fl.p99).toFixed(1)} x`);
  if (committed) console.log(`BENCH cartsync_floor_committed_p99_ms ${fmt(committed.p99)} ms`);
  if (committedTwo) console.log(`BENCH cartsync_floor_committed_p99_ms_2nodes ${fmt(committedTwo.p99)} ms`);
  if (committed && one && committed.p99 > 0) console.log(`BENCH cartsync_p99_1node_vs_committed_floor ${(one.p99 / committed.p99).toFixed(1)} x`);
  if (committedTwo && two && committedTwo.p99 > 0) console.log(`BENCH cartsync_p99_2nodes_vs_committed_floor ${(two.p99 / committedTwo.p99).toFixed(1)} x`);
  if (runs.length > 0) {
    console.log(`BENCH cartsync_lost ${runs.reduce((n, s) => n + s.result.lost, 0)} count`);
    console.log(`BENCH cartsync_duplicated ${runs.reduce((n, s) => n + s.result.duplicated, 0)} count`);
  }
  if (RUNS.has('rolling')) {
    const missing = twoNodesMissing();
    if (missing === null) {
      const ok = await rollingRestart(DINERS, ROOMS).catch((e: unknown) => {
        console.error('[cart-sync] the rolling restart failed:', e);
        return false;
      });
      if (!ok) failed = true;
    } else console.error(`[cart-sync] cartsync_rolling_restart_* not measured: ${missing}.`);
  }
  if (failed) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
