/**
 * The rolling restart of the cart-sync bench (OPS-1), also run by test/pg/rolling-restart.test.ts:
 * two server processes on one PostgreSQL database (a fresh one) and one Redis, behind the
 * health-checking balancer of test/support/balancer.ts (new connections only to nodes whose last
 * `/readyz` probe, every 200 ms, answered 200). The diners of rolling-load.ts connect through it and
 * send their cart operations; after `leadSeconds` node a gets SIGTERM (it answers /readyz 503, the
 * balancer takes it out, after SHUTDOWN_GRACE_MS it closes its sockets with 1012 and the diners
 * reconnect through the balancer to b), is started again on its port, and once the balancer finds it
 * ready the same is done to b. The load goes on for `tailSeconds` after, then everything is compared.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBalancer, type Balancer, type Probe } from '../../test/support/balancer';
import { haproxyAvailable, startHaproxy, type HaproxyBalancer } from '../../test/support/haproxy';
import { spawnNode } from '../../test/support/nodes';
import {
  createDatabase,
  spawnRedis,
  waitUntil,
  type RedisProcess,
  type ServerProcess,
} from '../../test/support/processes';
import { fmtMs as fmt, percentile } from '../support/stats';
import { runInWorker } from '../support/worker';
import {
  ROLLING,
  runRollingLoad,
  type RollingPhase,
  type RollingPlan,
  type RollingResult,
} from './rolling-load';
import { SHOP } from '../../server/src/demo/ids';
import { benchTables, insertBenchTables, placedOrderIds } from './tables';

export interface RollingOptions {
  /** DATABASE_URL of the PostgreSQL server (a fresh database `database` is made on it). */
  databaseUrl: string;
  database: string;
  diners: number;
  rooms: number;
  leadSeconds?: number;
  tailSeconds?: number;
  maxSeconds?: number;
  httpPerSecond?: number;
  /** Cart operations a second over all diners (default one per diner a second). */
  opsPerSecond?: number;
  /** Orders placed a second through the balancer (rolling-load.ts; default 0). */
  ordersPerSecond?: number;
  /** SHUTDOWN_GRACE_MS of the nodes (default 1000: five probes of the balancer). */
  graceMs?: number;
  /**
   * The balancer: HAProxy, as docs/deploy.md runs it (the bench, when `haproxy` is installed), or the
   * suite's own TCP balancer of test/support/balancer.ts (default).
   */
  balancer?: 'haproxy' | 'tcp';
  /** Run the load in a worker thread (the bench) or in this thread (the test). */
  inWorker: boolean;
  /** Progress lines. */
  log?: (line: string) => void;
}

/** One node's stop and start again, times from Date.now(). */
export interface Restart {
  node: string;
  port: number;
  sigterm: number;
  exited: number;
  exit: NodeJS.Signals | number | null;
  started: number;
  ready: number;
  /** What the node printed from its SIGTERM to its exit. */
  closingOutput: string;
}

export interface RollingRun {
  result: RollingResult;
  restarts: Restart[];
  probes: Probe[];
  /** What each node process printed after its start, by name ('a', 'a2', 'b', 'b2'), and HAProxy's log ('haproxy'). */
  logs: Record<string, string>;
  /** The order stream against the database: acknowledged orders missing from it, and orders in it beyond those acknowledged. */
  orders: { placed: number; missing: number; extra: number };
}

const ROLLING_WORKER = path.join(__dirname, 'rolling-worker.ts');

export async function runRollingRestart(opts: RollingOptions): Promise<RollingRun> {
  const log = opts.log ?? (() => undefined);
  const graceMs = opts.graceMs ?? 1000;
  const group = `rolling-${opts.database}`;
  const database = await createDatabase(opts.databaseUrl, opts.database);
  let redis: RedisProcess | null = null;
  const nodes: ServerProcess[] = [];
  const logs: Record<string, string> = {};
  let balancer: Balancer | null = null;
  const node = (name: string, port?: number) =>
    spawnNode({
      name,
      group,
      databaseUrl: database.url,
      redisUrl: redis!.url,
      port,
      // CARTSYNC_NODE_ARGS: node flags of the nodes (e.g. `--cpu-prof --cpu-prof-dir=<dir>` to profile them)
      nodeArgs: process.env.CARTSYNC_NODE_ARGS?.split(' ').filter(Boolean),
      // as a deployed node runs: prebuilt (a node started from the sources compiles them through tsx,
      // about a second of CPU more, taken from the other node while it absorbs the sockets)
      entry: 'bundle',
      env: { SHUTDOWN_GRACE_MS: String(graceMs) },
    });
  try {
    redis = await spawnRedis();
    nodes.push(await node('a'));
    await insertBenchTables(database.url, opts.rooms, Math.max(4, Math.ceil(opts.diners / opts.rooms)));
    nodes.push(await node('b'));
    const ports = nodes.map((n) => n.port);
    const lb = (balancer =
      opts.balancer === 'haproxy' ? await startHaproxy(ports) : await startBalancer(ports));
    await waitUntil('both nodes ready in the balancer', () => lb.ready().length === 2, { timeoutMs: 10_000 });
    log(
      `nodes a :${nodes[0].port} and b :${nodes[1].port} ready behind the ${opts.balancer === 'haproxy' ? 'HAProxy' : 'TCP'} balancer :${lb.port}`,
    );

    const control = new SharedArrayBuffer(4);
    const state = new Int32Array(control);
    const plan: RollingPlan = {
      label: 'rolling',
      base: lb.base,
      tableIds: benchTables(opts.rooms, 4).map((t) => t.id),
      diners: opts.diners,
      rooms: opts.rooms,
      leadSeconds: opts.leadSeconds ?? 3,
      tailSeconds: opts.tailSeconds ?? 3,
      maxSeconds: opts.maxSeconds ?? 90,
      httpPerSecond: opts.httpPerSecond ?? 50,
      opsPerSecond: opts.opsPerSecond,
      ordersPerSecond: opts.ordersPerSecond,
      control,
      drainMs: 20_000,
    };

    const restarts: Restart[] = [];
    let rolling: Promise<void> = Promise.resolve();
    const restartAll = async () => {
      Atomics.store(state, 0, ROLLING.restarting);
      for (let i = 0; i < nodes.length; i++) {
        const old = nodes[i];
        const name = i === 0 ? 'a' : 'b';
        logs[name] = old.outputSinceStart();
        const sigterm = Date.now();
        const outputBefore = old.output().length;
        log(`SIGTERM to node ${name}`);
        old.child.kill('SIGTERM');
        const exit = await old.exited;
        const exited = Date.now();
        const closingOutput = old.output().slice(outputBefore);
        logs[name] = old.outputSinceStart();
        await old.stop();
        log(
          `node ${name} exited (${String(exit)}) ${exited - sigterm} ms after SIGTERM; starting it again on :${old.port}`,
        );
        const fresh = await node(name, old.port);
        nodes[i] = fresh;
        const started = Date.now();
        await waitUntil(`node ${name} ready again in the balancer`, () => lb.ready().includes(fresh.port), {
          timeoutMs: 20_000,
        });
        const ready = Date.now();
        log(`node ${name} ready again ${ready - sigterm} ms after its SIGTERM`);
        restarts.push({ node: name, port: old.port, sigterm, exited, exit, started, ready, closingOutput });
      }
      Atomics.store(state, 0, ROLLING.done);
    };
    const onPhase = (phase: RollingPhase) => {
      if (phase !== 'measuring') return;
      rolling = restartAll();
      // a failure is thrown below, once the load has ended
      rolling.catch(() => Atomics.store(state, 0, ROLLING.done));
    };
    const result = opts.inWorker
      ? await runInWorker<RollingResult, RollingPhase>(ROLLING_WORKER, plan, onPhase)
      : await runRollingLoad(plan, onPhase);
    await rolling;
    if (restarts.length !== nodes.length)
      throw new Error(`the load ended before the restarts were done (${restarts.length} of ${nodes.length})`);
    nodes.forEach((n, i) => (logs[`${i === 0 ? 'a' : 'b'}2`] = n.outputSinceStart()));
    if ('output' in lb) logs.haproxy = (lb as HaproxyBalancer).output();
    // every acknowledged order once in the database, and no other (a key sent again places nothing new)
    const placed = await placedOrderIds(database.url, SHOP.retail);
    const inDb = new Set(placed);
    const acked = new Set(result.orders.ackedIds);
    const orders = {
      placed: placed.length,
      missing: [...acked].filter((id) => !inDb.has(id)).length + (result.orders.ackedIds.length - acked.size),
      extra: placed.filter((id) => !acked.has(id)).length,
    };
    return { result, restarts, probes: [...lb.probes], logs, orders };
  } finally {
    await balancer?.close();
    await Promise.all(nodes.map((n) => n.stop()));
    await redis?.stop();
    await database.drop().catch((e: unknown) => log(`could not drop ${opts.database}: ${String(e)}`));
  }
}

/**
 * The cart operations a second of the rolling restart's main run: the whole 1,000-shop lunch's (docs/
 * scaling.md: 225/s over 81,000 diners) sent by the bench's 1,000 diners — 80 times a lunch diner's
 * rate. CARTSYNC_ROLLING_OPS changes it.
 */
const LUNCH_OPS_PER_S = 225;

/** Orders placed a second through the balancer beside the diners (a tenth of the 1,000-shop lunch's 50/s). */
const ORDERS_PER_S = 5;

/**
 * The bench's rolling restart, twice: at the lunch rate (LUNCH_OPS_PER_S; the figures with goals:
 * `cartsync_rolling_restart_*`), then at the cart-sync runs' rate of one operation a diner a second
 * (`cartsync_rolling_restart_stress_*`: 1,000 ops/s, which fills this machine's two cores before any
 * restart; CARTSYNC_ROLLING_STRESS=0 leaves it out). Prints what happened on stderr and the figures as
 * BENCH lines; false when a goal of the lunch run was missed or the stress run lost or doubled one.
 */
export async function rollingRestart(diners: number, rooms: number): Promise<boolean> {
  const lunchOps = process.env.CARTSYNC_ROLLING_OPS
    ? Number(process.env.CARTSYNC_ROLLING_OPS)
    : LUNCH_OPS_PER_S;
  const lunch = await rollingRun(diners, rooms, lunchOps, '', `lunch, ${lunchOps} ops/s`);
  if (process.env.CARTSYNC_ROLLING_STRESS === '0') return lunch.ok;
  const stress = await rollingRun(diners, rooms, diners, '_stress', `stress, ${diners} ops/s`);
  return lunch.ok && stress.lost === 0;
}

async function rollingRun(
  diners: number,
  rooms: number,
  opsPerSecond: number,
  suffix: string,
  label: string,
): Promise<{ ok: boolean; lost: number }> {
  const say = (line: string) => console.error(`[cart-sync rolling ${label}] ${line}`);
  const run = await runRollingRestart({
    databaseUrl: process.env.DATABASE_URL as string,
    database: `cartsync_rolling_${process.pid}${suffix}`,
    diners,
    rooms,
    inWorker: true,
    httpPerSecond: 50,
    opsPerSecond,
    ordersPerSecond: ORDERS_PER_S,
    // CARTSYNC_ROLLING_LEAD_S: seconds of load before the first SIGTERM (default 3)
    leadSeconds: process.env.CARTSYNC_ROLLING_LEAD_S
      ? Number(process.env.CARTSYNC_ROLLING_LEAD_S)
      : undefined,
    balancer: process.env.CARTSYNC_BALANCER === 'tcp' || !haproxyAvailable() ? 'tcp' : 'haproxy',
    log: say,
  });
  const r = run.result;
  // CARTSYNC_LOG_DIR: each node's output (and HAProxy's) kept as <dir>/<name>.log
  const logDir = process.env.CARTSYNC_LOG_DIR;
  if (logDir) {
    mkdirSync(logDir, { recursive: true });
    for (const [name, text] of Object.entries(run.logs))
      writeFileSync(path.join(logDir, `${name}${suffix}.log`), text);
  }
  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
  const ack = sorted(r.restartLatencies);
  const back = sorted(r.reconnects);
  const refused =
    Object.entries(r.refused)
      .map(([c, n]) => `${c}×${n}`)
      .join(' ') || 'none';
  say(
    `ops sent ${r.sent}, acknowledged ${r.acked}, in flight when their socket closed: ${r.committedInFlight} found committed, ${r.resent} sent again; refused ${refused}; unsettled ${r.unsettled}; ` +
      `ack latency during the restarts p50 ${fmt(percentile(ack, 50))} / p99 ${fmt(percentile(ack, 99))} / max ${fmt(ack[ack.length - 1] ?? NaN)} ms over ${ack.length} (all run p99 ${fmt(percentile(sorted(r.latencies), 99))} ms)`,
  );
  say(
    `sockets closed ${JSON.stringify(r.closeCodes)}, failed attempts ${r.failedAttempts}, back ${r.socketsBack} of ${diners}; close → snapshot p50 ${fmt(percentile(back, 50))} / p99 ${fmt(percentile(back, 99))} / max ${fmt(back[back.length - 1] ?? NaN)} ms over ${back.length}`,
  );
  say(
    `http reads ${r.http.sent}: ${JSON.stringify(r.http.status)}, failed ${r.http.errors}${r.http.errorSamples.length ? ` (${r.http.errorSamples.join('; ')})` : ''}`,
  );
  const o = r.orders;
  say(
    `orders ${o.sent}: acknowledged ${o.ackedIds.length}, refused ${JSON.stringify(o.refused)}, given up ${o.gaveUp}, attempts sent again ${o.retries}, 5xx ${o.fiveXx}; ` +
      `in the database ${run.orders.placed}: acknowledged but missing ${run.orders.missing}, beyond the acknowledged ${run.orders.extra}`,
  );
  say(
    `lost or doubled ${r.lost}, room versions off by ${r.roomVersionOff}, diners whose cart is not the room's ${r.divergent}, delivery problems ${r.deliveryProblems}`,
  );
  for (const d of r.lostDetails.slice(0, 5)) say(`  ${d}`);
  for (const x of run.restarts) {
    const probes = run.probes
      .filter((p) => p.port === x.port && p.at >= x.sigterm && p.at <= x.started)
      .map((p) => String(p.status));
    say(
      `node ${x.node}: exited ${String(x.exit)} ${x.exited - x.sigterm} ms after SIGTERM, ready again after ${x.ready - x.sigterm} ms; probes meanwhile ${probes.join(',')}`,
    );
    // a stop that did not end by itself: what the node said while closing (its close steps log as they end)
    if (x.exit !== 0) say(`node ${x.node} while closing:\n${x.closingOutput.slice(-4000)}`);
  }
  // HAProxy's own account of its servers: each check that changed a server's state, with its reason
  const haproxyLines = (run.logs.haproxy ?? '')
    .split('\n')
    .filter((l) => /Health check|is (UP|DOWN)|no server available/i.test(l));
  if (haproxyLines.length > 0) say(`HAProxy:\n  ${haproxyLines.slice(0, 60).join('\n  ')}`);
  const answered = sorted(run.probes.filter((p) => p.status !== 'refused').map((p) => p.ms));
  say(
    `balancer probes ${run.probes.length}: answer p50 ${fmt(percentile(answered, 50))} / p99 ${fmt(percentile(answered, 99))} ms, ` +
      `${run.probes.filter((p) => p.status === 'error').length} without an answer in 1 s`,
  );
  const outside = run.probes.filter(
    (p) =>
      p.status !== 200 &&
      !run.restarts.some((x) => x.port === p.port && p.at >= x.sigterm && p.at <= x.ready),
  );
  if (outside.length > 0)
    say(
      `probes failing outside a node's restart: ${outside.map((p) => `:${p.port} ${String(p.status)}`).join(', ')}`,
    );
  console.log(`BENCH cartsync_rolling_restart${suffix}_lost ${r.lost} count`);
  console.log(`BENCH cartsync_rolling_restart${suffix}_p99_ms ${fmt(percentile(ack, 99))} ms`);
  console.log(`BENCH cartsync_rolling_restart${suffix}_http_5xx ${r.http.fiveXx + o.fiveXx} count`);
  console.log(`BENCH cartsync_rolling_restart${suffix}_orders ${o.ackedIds.length} count`);
  console.log(
    `BENCH cartsync_rolling_restart${suffix}_orders_lost_or_doubled ${run.orders.missing + run.orders.extra} count`,
  );
  console.log(`BENCH cartsync_rolling_restart${suffix}_reconnect_p99_ms ${fmt(percentile(back, 99))} ms`);
  // beside the goals: reads that found no node ready (reset by the balancer), the longest stop
  console.log(`BENCH cartsync_rolling_restart${suffix}_reads_reset ${r.http.errors} count`);
  console.log(
    `BENCH cartsync_rolling_restart${suffix}_stop_max_ms ${Math.max(...run.restarts.map((x) => x.exited - x.sigterm))} ms`,
  );
  const ordersOff = run.orders.missing + run.orders.extra;
  return {
    ok:
      r.lost === 0 &&
      ordersOff === 0 &&
      r.http.fiveXx + o.fiveXx === 0 &&
      r.socketsBack === diners &&
      percentile(back, 99) <= 2000,
    lost: r.lost + ordersOff,
  };
}
