/**
 * `npm run bench:console`: the staff console's live board across two server nodes (CONSOLE-2;
 * docs/architecture.md §5, §6). Two server processes on one PostgreSQL database (a fresh one, created
 * next to the one DATABASE_URL names and dropped after) and one Redis (a redis-server started here);
 * N shops (copies of the demo's fast-food shop, bench/console/shops.ts, loaded with the demo seed,
 * which also writes each shop's demo console logins). For every shop:
 *  - one board: the shop's staff member signed in on node B, its live channel (`/console/ws?shopId=`)
 *    open on node B, the board fetched after `hello` as the console page does;
 *  - one customer on node A placing cash pickup orders (`order/confirm` with the quoted total: a
 *    cash order reaches the shop at once, so it is on the board as soon as it is committed);
 *  - the staff acting from the board: `accept` on a new card, then `complete` on the accepted one,
 *    each CONSOLE_BENCH_ACT_DELAY_MS after the card arrived, on node B, with the card's status as
 *    `expectedStatus`.
 * Orders are sent at a fixed total rate, round robin over the shops and evenly spaced: SHOPS ×
 * ORDERS_PER_MIN per minute (default 100 × 2 = 200 orders a minute, 3.33 a second, the shops' real
 * rate, not time-compressed). The first WARMUP seconds are not measured.
 *
 *   BENCH console_order_to_board_p50_ms   order placed on A → its card on the shop's board socket on B:
 *   BENCH console_order_to_board_p99_ms   from the moment the `order/confirm` request is SENT (so the
 *                                         order's own write, pricing included, is part of it) to the
 *                                         arrival of the first `order` frame carrying that order's id
 *                                         on the shop's board socket; an order never seen on its board
 *                                         counts at its age when the run ended (a lower bound)
 *   BENCH console_order_to_board_after_reply_p99_ms   the same from the moment `order/confirm`'s answer
 *                                         arrived (the order is committed then; negative when the card
 *                                         came first)
 *   BENCH console_place_order_p99_ms      the `order/confirm` call itself (send → answer)
 *   BENCH console_act_to_board_p99_ms     an `act` call sent → the card in its new status on the board
 *   BENCH console_floor_p50_ms / _p99_ms  the floor, same run, same load: a bare bus publish (the
 *                                         server's own RedisBus class, from this process) to the board
 *                                         room a node-B socket follows (services/console/feed.ts
 *                                         `consoleRoom`) → that socket receives it; one publish per
 *                                         order, half an interval after it, a frame of about a card's
 *                                         size
 *   BENCH console_order_to_board_p99_ms_vs_floor   ratio of the two p99s
 *   BENCH console_lost                    placed orders whose card never reached their board, plus
 *                                         actions whose new status never did
 *   BENCH console_duplicated              the same card state (id, status, updatedAt) received twice
 *   BENCH console_stale_cards             cards whose updatedAt is below that of the order's card
 *                                         received before: the console's board keeps the card with the
 *                                         larger updatedAt, so it would go on showing the older one
 *   BENCH console_board_missing           orders missing from (or twice on) the boards fetched at the end
 *
 * Goal: console_order_to_board_p99_ms ≤ 1000 ms.
 *
 * Env: CONSOLE_BENCH_SHOPS (100), CONSOLE_BENCH_SECONDS (60, measured), CONSOLE_BENCH_ORDERS_PER_MIN
 * (per shop, 2), CONSOLE_BENCH_ACT_DELAY_MS (1000), CONSOLE_BENCH_SMALL=1 for CI (5 shops, 10 s,
 * 12 orders a minute per shop = 1 order a second, 2 s warm-up); DATABASE_URL=postgres://… and a
 * redis-server on the PATH (REDIS_SERVER names another binary) are required: without them nothing
 * is measured (a note on stderr; exit 1 under CI=true). Every process and the database it starts are
 * removed at the end, also on failure and on SIGINT / SIGTERM. The nodes run on the suites' instant
 * (test/support/clock.ts), on one clock (B starts at A's reading); CONSOLE_BENCH_OWN_CLOCKS=1 starts
 * each at its own process start instead (seconds apart), to show what a clock skew does to the cards.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { RedisBus } from '../server/src/bus/redis';
import { consoleRoom } from '../server/src/services/console/feed';
import type { BoardOrder, ConsoleAction } from '../src/api/contract/console';
import { TEST_INSTANT } from '../test/support/clock';
import { spawnNode } from '../test/support/nodes';
import {
  createDatabase,
  redisServerBin,
  spawnRedis,
  type OwnDatabase,
  type RedisProcess,
  type ServerProcess,
} from '../test/support/processes';
import {
  act,
  ConsoleCallError,
  cashPickup,
  customerLogin,
  fetchBoard,
  openBoardSocket,
  placeOrder,
  quote,
  signIn,
  type BoardFrame,
  type BoardSocket,
} from './console/client';
import { loadBenchShops, type BenchShopLogin } from './console/shops';
import { CpuWindow, statOf, type CpuGroups } from './support/cpu';
import { pool } from './support/pool';
import { fmtMs as fmt, percentile } from './support/stats';

const numEnv = (name: string, d: number): number => {
  const raw = process.env[name];
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(n) && n > 0 ? n : d;
};
const intEnv = (name: string, d: number): number => Math.round(numEnv(name, d));

const SMALL = process.env.CONSOLE_BENCH_SMALL === '1';
const SHOPS = intEnv('CONSOLE_BENCH_SHOPS', SMALL ? 5 : 100);
const SECONDS = numEnv('CONSOLE_BENCH_SECONDS', SMALL ? 10 : 60);
const PER_MIN = numEnv('CONSOLE_BENCH_ORDERS_PER_MIN', SMALL ? 12 : 2);
const ACT_DELAY_MS = intEnv('CONSOLE_BENCH_ACT_DELAY_MS', 1000);
const WARMUP_S = SMALL ? 2 : 5;
/** How long after the last send cards and actions may still arrive. */
const DRAIN_MS = 10_000;
/** Orders per second over all shops. */
const RATE = (SHOPS * PER_MIN) / 60;
/** The floor's frames are about as large as a card (a card of the bench order is ~1.5 kB of JSON). */
const FLOOR_PAD = 'x'.repeat(1400);
const GROUP = 'console-bench';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// cleanup: everything started is stopped, in reverse order, once, also on a signal
// ---------------------------------------------------------------------------------------------

const cleanups: Array<{ what: string; run: () => Promise<unknown> }> = [];
let cleaning: Promise<void> | null = null;
/**
 * `start` is stopped by `stop` at cleanup — once it has started, when the cleanup comes while it is
 * still starting (a node being spawned, a database being created), so nothing is left behind.
 */
function owned<T>(what: string, start: Promise<T>, stop: (started: T) => Promise<unknown>): Promise<T> {
  // started after the cleanup began (the run went on beside a signal's cleanup): stopped at once
  if (cleaning) {
    return start.then(async (v) => {
      await stop(v);
      throw new Error(`${what}: the bench is stopping`);
    });
  }
  cleanups.push({
    what,
    run: async () => {
      const settled = await start.then(
        (v) => ({ v }),
        () => null,
      );
      if (settled) await stop(settled.v);
    },
  });
  return start;
}
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const c of cleanups.splice(0).reverse()) {
      await c.run().catch((e: unknown) => console.error(`[console] cleanup: ${c.what} failed:`, e));
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`[console] ${signal}: stopping what the bench started`);
    // what breaks while everything is torn down (a connection of the seed or of a node ended under
    // it) must not end the process before the database is dropped
    process.on('uncaughtException', (e) => console.error(`[console] while stopping: ${String(e)}`));
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// the run
// ---------------------------------------------------------------------------------------------

/** Why the bench cannot run here, or null. */
function missing(): string | null {
  if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? ''))
    return 'DATABASE_URL is not a postgres:// URL';
  const bin = redisServerBin();
  const onPath = bin.includes('/')
    ? [bin]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, bin));
  if (!onPath.some((f) => existsSync(f))) return `${bin} is not on the PATH (set REDIS_SERVER to its path)`;
  return null;
}

interface PlacedOrder {
  shop: number;
  id: number | null;
  sentAt: number;
  answeredAt: number;
  measured: boolean;
  error?: string;
}

interface ActDone {
  action: ConsoleAction;
  sentAt: number;
  /** The status the card should show after it. */
  to: string;
  measured: boolean;
  arrivedAt: number | null;
  error?: string;
}

interface Shop {
  index: number;
  login: BenchShopLogin;
  token: string;
  total: number;
  cookie: string;
  socket: BoardSocket | null;
  /** First arrival of each (order id, status) on the socket. */
  arrivals: Map<string, number>;
  /** Card states seen (id:status:updatedAt): a second one is a duplicate. */
  states: Set<string>;
  /** The largest updatedAt seen of each order. */
  lastUpdate: Map<number, number>;
  /** Orders acted on, by `${id}:${action}`. */
  acted: Map<string, ActDone>;
}

/** The lines a node logged, summed by message. */
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

async function run(): Promise<void> {
  const url = process.env.DATABASE_URL as string;
  const dbName = `console_bench_${process.pid}`;
  const measuredSends = Math.round(SECONDS * RATE);
  const warmupSends = Math.round(WARMUP_S * RATE);
  console.error(
    `[console] ${SHOPS} shops, ${PER_MIN} orders a minute each = ${(RATE * 60).toFixed(0)} orders/min (${RATE.toFixed(2)}/s) over all shops; ` +
      `${WARMUP_S} s warm-up + ${SECONDS} s measured (${measuredSends} measured orders); staff act ${ACT_DELAY_MS} ms after a card arrives`,
  );

  const setupStart = performance.now();
  const database: OwnDatabase = await owned(`database ${dbName}`, createDatabase(url, dbName), (d) =>
    d.drop(),
  );
  const admin = new Client({ connectionString: url });
  admin.on('error', () => undefined);
  await owned('admin connection', admin.connect(), () => admin.end());
  const redis: RedisProcess = await owned('redis-server', spawnRedis(), (r) => r.stop());
  const nodes: ServerProcess[] = [];
  const node = (name: string, clock: string | number) =>
    owned(
      `node ${name}`,
      spawnNode({
        name,
        group: GROUP,
        databaseUrl: database.url,
        redisUrl: redis.url,
        clock,
      }).then((n) => {
        nodes.push(n);
        return n;
      }),
      (n) => n.stop(),
    );
  // node A migrates and seeds the demo; the bench's shops (and their console logins) go in before B starts
  // The nodes run on the suites' instant (inside the shops' hours whatever the real time), and on ONE
  // clock: a TEST_CLOCK starts at its own process's start, so B starts at A's reading of the moment.
  // A card's `updatedAt` is the clock of the node that changed the order, and the board keeps the card
  // with the larger one: nodes whose clocks disagree by more than the time between two changes of an
  // order would make the board drop the newer card (counted below as `stale cards`).
  const a = await node('a', TEST_INSTANT);
  const logins = await loadBenchShops(database.url, SHOPS);
  const b = await node('b', process.env.CONSOLE_BENCH_OWN_CLOCKS === '1' ? TEST_INSTANT : a.now());
  const [clockA, clockB] = await Promise.all([a.readClock(), b.readClock()]);
  console.error(
    `[console] node clocks: B − A = ${clockB - clockA} ms (read at the same moment, ± the time of a request)`,
  );

  // the floor's publisher: the server's own bus class, on the same Redis
  const bus = new RedisBus({ url: redis.url });
  cleanups.push({ what: 'floor bus', run: () => bus.close() });

  const shops: Shop[] = logins.map((login, index) => ({
    index,
    login,
    token: '',
    total: 0,
    cookie: '',
    socket: null,
    arrivals: new Map(),
    states: new Set(),
    lastUpdate: new Map(),
    acted: new Map(),
  }));
  cleanups.push({
    what: 'board sockets',
    run: async () => {
      for (const s of shops) s.socket?.ws.terminate();
    },
  });

  // counters
  let duplicated = 0;
  let stale = 0;
  let resyncs = 0;
  let unexpectedCloses = 0;
  let closing = false;
  let measuring = false;
  const actErrors = new Map<string, number>();
  const floorSent = new Map<number, { at: number; measured: boolean }>();
  const floorArrived = new Map<number, number>();
  const placed: PlacedOrder[] = [];
  const pendingActs = new Set<Promise<unknown>>();

  const track = <T>(p: Promise<T>): void => {
    const t: Promise<unknown> = p.then(
      (): void => void pendingActs.delete(t),
      (): void => void pendingActs.delete(t),
    );
    pendingActs.add(t);
  };

  /** The staff's next step on a card, after the delay: accept a new one, complete an accepted one. */
  const stepOf = (o: BoardOrder): { action: ConsoleAction; to: string } | null => {
    if (o.status === 'pending' && o.actions.includes('accept')) return { action: 'accept', to: 'confirmed' };
    if (o.status === 'confirmed' && o.actions.includes('complete'))
      return { action: 'complete', to: 'successed' };
    return null;
  };

  const onFrame = (s: Shop) => (frame: BoardFrame, at: number) => {
    if (frame.type === 'floor') {
      if (!floorArrived.has(frame.n)) floorArrived.set(frame.n, at);
      return;
    }
    if (frame.type === 'resync') {
      resyncs++;
      // as the console page does: read the board again
      track(fetchBoard(b.base, s.login.shopId, s.cookie));
      return;
    }
    if (frame.type !== 'order') return;
    const o = frame.order;
    const state = `${o.id}:${o.status}:${o.updatedAt}`;
    if (s.states.has(state)) duplicated++;
    // a card whose updatedAt is below the last one of the order: the console's board (isNewer) would keep the older card
    const last = s.lastUpdate.get(o.id);
    if (last !== undefined && o.updatedAt < last) stale++;
    else s.lastUpdate.set(o.id, o.updatedAt);
    s.states.add(state);
    const key = `${o.id}:${o.status}`;
    if (!s.arrivals.has(key)) s.arrivals.set(key, at);
    // an action of this order whose new status this is has reached the board
    for (const action of ['accept', 'complete'] as const) {
      const d = s.acted.get(`${o.id}:${action}`);
      if (d && d.arrivedAt === null && !Number.isNaN(d.sentAt) && d.to === o.status) d.arrivedAt = at;
    }
    const step = stepOf(o);
    if (!step || s.acted.has(`${o.id}:${step.action}`)) return;
    const done: ActDone = {
      action: step.action,
      to: step.to,
      sentAt: NaN,
      measured: measuring,
      arrivedAt: null,
    };
    s.acted.set(`${o.id}:${step.action}`, done);
    track(
      sleep(ACT_DELAY_MS).then(async () => {
        if (closing) return;
        done.sentAt = performance.now();
        try {
          await act(b.base, s.cookie, s.login.shopId, o, step.action);
        } catch (e) {
          const code = e instanceof ConsoleCallError ? `${e.status} ${e.code ?? ''}` : String(e).slice(0, 80);
          done.error = code;
          actErrors.set(`${step.action}: ${code}`, (actErrors.get(`${step.action}: ${code}`) ?? 0) + 1);
        }
      }),
    );
  };

  // customers on A (and the total of their order), staff signed in on B, boards open on B
  await pool(shops, 8, async (s) => {
    s.token = await customerLogin(a.base, s.login.shopId, `console-bench-${s.index}`);
    s.total = await quote(a.base, s.token, cashPickup(s.login.productId));
    s.cookie = await signIn(b.base, s.login.username, s.login.password);
    const socket = openBoardSocket(b.base, s.login.shopId, s.cookie, onFrame(s));
    s.socket = socket;
    void socket.closed.then((code) => {
      if (!closing) {
        unexpectedCloses++;
        console.error(`[console] board socket of shop ${s.login.shopId} closed with ${code}`);
      }
    });
    await socket.hello;
    await fetchBoard(b.base, s.login.shopId, s.cookie);
  });
  const setupMs = performance.now() - setupStart;

  // CPU over the measured seconds: the nodes, the database's backends, Redis, this process
  const cpu = new CpuWindow();
  const groups = async (): Promise<CpuGroups> => {
    const backends = await admin
      .query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName])
      .catch(() => ({ rows: [] }));
    return new Map([
      ['node a', [statOf(a.child.pid)]],
      ['node b', [statOf(b.child.pid)]],
      ['postgres backends', backends.rows.map((r) => statOf(r.pid))],
      ['redis', [statOf(redis.child.pid)]],
      ['bench process (customers, boards, floor)', [statOf(process.pid)]],
    ]);
  };

  // the schedule: order k at t0 + k / RATE, shop k mod SHOPS; floor publish k half an interval later
  const total = warmupSends + measuredSends;
  const interval = 1000 / RATE;
  const t0 = performance.now() + 200;
  const late: number[] = [];
  let begun: Promise<void> = Promise.resolve();
  const sends: Array<Promise<void>> = [];
  await new Promise<void>((done) => {
    let k = 0;
    let f = 0;
    const loop = () => {
      const now = performance.now();
      while (k < total && t0 + k * interval <= now) {
        const measured = k >= warmupSends;
        if (measured && !measuring) {
          measuring = true;
          begun = groups().then((g) => cpu.begin(g));
        }
        if (measured) late.push(now - (t0 + k * interval));
        const s = shops[k % SHOPS];
        const p: PlacedOrder = {
          shop: s.index,
          id: null,
          sentAt: performance.now(),
          answeredAt: NaN,
          measured,
        };
        placed.push(p);
        sends.push(
          placeOrder(a.base, s.token, cashPickup(s.login.productId), s.total).then(
            (o) => {
              p.answeredAt = performance.now();
              p.id = o.id;
            },
            (e: unknown) => {
              p.answeredAt = performance.now();
              p.error = String(e).slice(0, 200);
            },
          ),
        );
        k++;
      }
      while (f < total && t0 + (f + 0.5) * interval <= now) {
        const s = shops[(f + Math.floor(SHOPS / 2)) % SHOPS];
        const n = f;
        floorSent.set(n, { at: performance.now(), measured: f >= warmupSends });
        void bus
          .publish({ room: consoleRoom(s.login.shopId), seq: 0, data: { type: 'floor', n, pad: FLOOR_PAD } })
          .catch(() => undefined);
        f++;
      }
      if (k >= total && f >= total) {
        done();
        return;
      }
      const next = Math.min(
        k < total ? t0 + k * interval : Infinity,
        f < total ? t0 + (f + 0.5) * interval : Infinity,
      );
      setTimeout(loop, Math.max(0, Math.floor(next - performance.now())));
    };
    setTimeout(loop, Math.max(0, t0 - performance.now()));
  });

  // drain: every order answered and on its board, every action answered and its new status on the board
  const shopOf = (p: PlacedOrder) => shops[p.shop];
  const onBoard = (p: PlacedOrder) => p.id !== null && shopOf(p).arrivals.has(`${p.id}:pending`);
  const drainEnd = performance.now() + DRAIN_MS;
  const settled = () =>
    placed.every((p) => !Number.isNaN(p.answeredAt) && (p.id === null || onBoard(p))) &&
    shops.every((s) => [...s.acted.values()].every((d) => d.error !== undefined || d.arrivedAt !== null)) &&
    [...floorSent.keys()].every((n) => floorArrived.has(n)) &&
    // no action waiting for its delay or its answer
    pendingActs.size === 0;
  while (performance.now() < drainEnd && !settled()) await sleep(100);
  await Promise.allSettled(sends);
  const drained = performance.now();
  await begun;
  cpu.end(await groups(), measuredSends);
  closing = true;
  await Promise.allSettled([...pendingActs]);

  // the boards as fetched at the end: every order placed on A is there once
  let boardMissing = 0;
  const boardProblems: string[] = [];
  await pool(shops, 8, async (s) => {
    const board = await fetchBoard(b.base, s.login.shopId, s.cookie);
    const ids = board.orders.map((o) => o.id);
    const mine = placed.filter((p) => p.shop === s.index && p.id !== null).map((p) => p.id as number);
    for (const id of mine) {
      const n = ids.filter((x) => x === id).length;
      if (n !== 1) {
        boardMissing++;
        if (boardProblems.length < 5)
          boardProblems.push(`shop ${s.login.shopId}: order ${id} is on the board ${n} times`);
      }
    }
  });

  // figures
  const fromSend: number[] = [];
  const fromReply: number[] = [];
  const placeMs: number[] = [];
  let lostOrders = 0;
  let failedOrders = 0;
  for (const p of placed) {
    if (!p.measured) continue;
    if (p.id === null) {
      failedOrders++;
      continue;
    }
    placeMs.push(p.answeredAt - p.sentAt);
    const at = shopOf(p).arrivals.get(`${p.id}:pending`);
    if (at === undefined) {
      lostOrders++;
      fromSend.push(drained - p.sentAt);
      continue;
    }
    fromSend.push(at - p.sentAt);
    fromReply.push(at - p.answeredAt);
  }
  const actMs: number[] = [];
  let lostActs = 0;
  let acts = 0;
  for (const s of shops) {
    for (const d of s.acted.values()) {
      if (Number.isNaN(d.sentAt) || d.error !== undefined) continue;
      acts++;
      if (d.arrivedAt === null) lostActs++;
      else if (d.measured) actMs.push(d.arrivedAt - d.sentAt);
    }
  }
  const floorMs: number[] = [];
  let floorLost = 0;
  for (const [n, sent] of floorSent) {
    const at = floorArrived.get(n);
    if (at === undefined) {
      floorLost++;
      if (sent.measured) floorMs.push(drained - sent.at);
    } else if (sent.measured) floorMs.push(at - sent.at);
  }
  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
  const [sSend, sReply, sPlace, sAct, sFloor] = [fromSend, fromReply, placeMs, actMs, floorMs].map(sorted);
  const line = (xs: number[]) =>
    `p50 ${fmt(percentile(xs, 50))} / p90 ${fmt(percentile(xs, 90))} / p99 ${fmt(percentile(xs, 99))} / max ${fmt(xs[xs.length - 1] ?? NaN)} ms over ${xs.length}`;
  console.error(
    `[console] setup ${(setupMs / 1000).toFixed(1)} s; sends late p99 ${fmt(percentile(sorted(late), 99))} ms`,
  );
  console.error(`[console] order sent on A → card on the board socket on B: ${line(sSend)}`);
  console.error(`[console] order/confirm answered → card on the board: ${line(sReply)}`);
  console.error(`[console] order/confirm call: ${line(sPlace)}`);
  console.error(
    `[console] act sent on B → card in its new status on the board: ${line(sAct)} (${acts} actions in all)`,
  );
  console.error(
    `[console] floor (bus publish → board socket): ${line(sFloor)}; floor frames lost ${floorLost}`,
  );
  console.error(
    `[console] orders failed ${failedOrders}, never on their board ${lostOrders}; actions whose new status never arrived ${lostActs}; ` +
      `action errors ${[...actErrors].map(([k, n]) => `${k} ×${n}`).join(', ') || 'none'}; duplicated card frames ${duplicated}; stale cards (updatedAt below the order's previous card) ${stale}; resyncs ${resyncs}; ` +
      `unexpected socket closes ${unexpectedCloses}; orders missing from or doubled on the final boards ${boardMissing}`,
  );
  for (const p of placed.filter((x) => x.error).slice(0, 3))
    console.error(`[console]   failed order: ${p.error}`);
  for (const pr of boardProblems) console.error(`[console]   ${pr}`);
  for (const n of cpu.notes) console.error(`[console]   ${n}`);
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'console-bench-logs-'));
  const notes = nodes.flatMap((n, i) => {
    const name = i === 0 ? 'a' : 'b';
    writeFileSync(path.join(logDir, `node-${name}.log`), n.outputSinceStart());
    return nodeNotes(name, n.outputSinceStart());
  });
  if (notes.length > 0) {
    for (const n of notes.slice(0, 20)) console.error(`[console]   ${n}`);
    console.error(`[console]   node logs: ${logDir}`);
  } else rmSync(logDir, { recursive: true, force: true });

  const p99 = percentile(sSend, 99);
  const floorP99 = percentile(sFloor, 99);
  console.log(`BENCH console_order_to_board_p50_ms ${fmt(percentile(sSend, 50))} ms`);
  console.log(`BENCH console_order_to_board_p99_ms ${fmt(p99)} ms`);
  console.log(`BENCH console_order_to_board_after_reply_p99_ms ${fmt(percentile(sReply, 99))} ms`);
  console.log(`BENCH console_place_order_p99_ms ${fmt(percentile(sPlace, 99))} ms`);
  console.log(`BENCH console_act_to_board_p99_ms ${fmt(percentile(sAct, 99))} ms`);
  console.log(`BENCH console_floor_p50_ms ${fmt(percentile(sFloor, 50))} ms`);
  console.log(`BENCH console_floor_p99_ms ${fmt(floorP99)} ms`);
  if (Number.isFinite(p99) && floorP99 > 0)
    console.log(`BENCH console_order_to_board_p99_ms_vs_floor ${(p99 / floorP99).toFixed(1)} x`);
  console.log(`BENCH console_orders_measured ${fromSend.length} count`);
  console.log(`BENCH console_lost ${lostOrders + lostActs} count`);
  console.log(`BENCH console_duplicated ${duplicated} count`);
  console.log(`BENCH console_stale_cards ${stale} count`);
  console.log(`BENCH console_board_missing ${boardMissing} count`);
  if (failedOrders > 0 || lostOrders > 0 || fromSend.length === 0) process.exitCode = 1;
}

async function main(): Promise<void> {
  const why = missing();
  if (why !== null) {
    console.error(`[console] console_order_to_board_p99_ms not measured: ${why}.`);
    if (process.env.CI === 'true') process.exitCode = 1;
    return;
  }
  try {
    await run();
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  async (err: unknown) => {
    console.error(err);
    await cleanup();
    process.exit(1);
  },
);
