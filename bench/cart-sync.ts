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
 *   BENCH cartsync_lost            — acknowledged operations whose event some other diner of the room
 *                                    never received (1node + 2nodes; stderr tells how many of them the
 *                                    diner got a resync snapshot for instead)
 *   BENCH cartsync_duplicated      — events a socket received more than once (same room and version)
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
 * of 1node, floor, 2nodes (default all three: a figure left out is not printed); CARTSYNC_TRACE=<path
 * prefix> writes each measured operation's send time and latency to <prefix>-<run>.csv; DATABASE_URL for the
 * two-node figure (a fresh database is created next to the one named and dropped after); REDIS_SERVER
 * to name the redis-server binary (default: redis-server on the PATH). The servers run on the suites'
 * instant (test/support/clock.ts), inside the restaurant's opening hours, whatever the real time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Client } from 'pg';
import WebSocket, { WebSocketServer } from 'ws';
import { AREA, SHOP } from '../server/src/demo/ids';
import { API_BASE } from '../src/api/contract/common';
import { CartOperation, CartReplyCode } from '../src/domain/enums';
import { lineFlag } from '../src/domain/pricing';
import { instantMs, TEST_INSTANT } from '../test/support/clock';

const intEnv = (name: string, d: number): number => {
  const n = Number(process.env[name]);
  return process.env[name] !== undefined && process.env[name] !== '' && Number.isInteger(n) && n > 0 ? n : d;
};

const SECONDS = intEnv('CARTSYNC_SECONDS', 60);
const DINERS = intEnv('CARTSYNC_DINERS', 1000);
const ROOMS = intEnv('CARTSYNC_ROOMS', 250);
const RUNS = new Set((process.env.CARTSYNC_RUNS || '1node,floor,2nodes').split(',').map((r) => r.trim()));
const WARMUP_S = 3;
/** How long after the last send replies and events may still arrive. */
const DRAIN_MS = 10_000;
/** Ids of the bench's tables (the demo's are 5001…5014). */
const FIRST_TABLE_ID = 90_001;
/** Plain restaurant dishes (no specs, tastes, limits or sale times): one per diner of a room. */
const PRODUCTS = [10303, 10305, 10306, 10501, 10503, 10208, 10801];
const ROOT = path.resolve(__dirname, '..');

// ---------------------------------------------------------------------------------------------
// what the load worker is given and answers
// ---------------------------------------------------------------------------------------------

interface LoadPlan {
  label: string;
  /** 'app': logins, table/order and tokens; 'floor': bare rooms, no tokens. */
  mode: 'app' | 'floor';
  /** Server base URLs; diner k of a room connects to bases[k % bases.length]. */
  bases: string[];
  tableIds: number[];
  diners: number;
  rooms: number;
  seconds: number;
  warmupS: number;
  /** Keep every measured operation's send time and latency (CARTSYNC_TRACE). */
  trace: boolean;
}

interface LoadResult {
  label: string;
  sent: number;
  measured: number;
  latencies: number[];
  /** With `trace`: per measured operation, ms since the first send, latency ms, room. */
  trace: number[];
  acked: number;
  busy: number;
  refused: Record<string, number>;
  /** Operations without an answer when the run ended (the measured ones count in the latencies at their age then). */
  unanswered: number;
  lost: number;
  /** Of the lost: events whose socket got a later snapshot covering them (the server's resync). */
  lostCoveredBySnapshot: number;
  /** Of the lost and not covered: the longest time between the sender's answer and the end of the run. */
  lostAnsweredBeforeEndMs: number;
  duplicated: number;
  resyncSnapshots: number;
  errorFrames: string[];
  unexpectedCloses: number;
  sendLateP99Ms: number;
  setupMs: number;
}

// ---------------------------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

const fmt = (ms: number): string => (Number.isFinite(ms) ? ms.toFixed(1) : 'NaN');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

async function waitPort(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) return;
    await sleep(50);
  }
  throw new Error(`port ${port} did not open`);
}

/** Runs `fn` over `items` with at most `limit` at a time. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** /proc stat file of a process, or of one thread of this process. */
const statOf = (pid: number | undefined, thread?: number): string | undefined =>
  pid === undefined ? undefined : thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;

/** CPU time (ms) a process or thread has used, from its /proc stat file (null where there is none). */
function processCpuMs(statFile: string | undefined): number | null {
  if (statFile === undefined) return null;
  try {
    const stat = readFileSync(statFile, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15 of the line) in clock ticks of 10 ms
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * Time (ms) the main thread of a process (or the thread) of a stat file spent runnable but waiting for
 * a CPU, from the schedstat file next to it.
 */
function runQueueWaitMs(statFile: string | undefined): number | null {
  if (statFile === undefined) return null;
  try {
    const file = statFile.replace(/\/stat$/, '/schedstat');
    const [, waitNs] = readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
    return waitNs / 1e6;
  } catch {
    return null;
  }
}

/** Busy and total CPU time (ms) of the whole machine, from /proc/stat. */
function machineCpuMs(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.reduce((a, b) => a + b, 0) * 10;
    const idle = (v[3] + (v[4] ?? 0)) * 10;
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Named groups of processes or threads, each given by its /proc stat files. */
type CpuGroups = Map<string, Array<string | undefined>>;

/**
 * Where the CPU went between the start of the measured seconds and the end of the drain: the
 * machine's cores, and each named group of processes or threads (stat files read at both ends; one
 * that appeared in between counts whole).
 */
class CpuWindow {
  private startMachine: ReturnType<typeof machineCpuMs> = null;
  private startAt = 0;
  private readonly start = new Map<string, number | null>();
  private readonly startWait = new Map<string, number | null>();
  notes: string[] = [];

  begin(groups: CpuGroups): void {
    this.startAt = performance.now();
    this.startMachine = machineCpuMs();
    for (const files of groups.values()) {
      for (const f of files) {
        if (!f) continue;
        this.start.set(f, processCpuMs(f));
        this.startWait.set(f, runQueueWaitMs(f));
      }
    }
  }

  end(groups: CpuGroups, ops: number): void {
    const wall = performance.now() - this.startAt;
    const m = machineCpuMs();
    if (m && this.startMachine) {
      const cores = (m.total - this.startMachine.total) / wall;
      this.notes.push(
        `machine: ${(((m.busy - this.startMachine.busy) / (m.total - this.startMachine.total)) * 100).toFixed(0)} % busy over ${Math.round(cores)} cores during the measured ${(wall / 1000).toFixed(1)} s (other work on the machine included)`,
      );
    }
    const parts: string[] = [];
    for (const [name, files] of groups) {
      let used = 0;
      let waited = 0;
      let any = false;
      for (const f of files) {
        const now = processCpuMs(f);
        if (now === null || f === undefined) continue;
        any = true;
        used += now - (this.start.get(f) ?? 0);
        waited += (runQueueWaitMs(f) ?? 0) - (this.startWait.get(f) ?? 0);
      }
      if (any) {
        parts.push(
          `${name} ${(used / 1000).toFixed(1)} s (${Math.round((used / wall) * 100)} % of a core, ${ops > 0 ? (used / ops).toFixed(2) : '?'} ms/op; ` +
            `waiting for a CPU ${Math.round((waited / wall) * 100)} % of the time, main threads summed)`,
        );
      }
    }
    if (parts.length > 0) this.notes.push(`cpu: ${parts.join(', ')} for ${ops} operations`);
  }
}

/** The bench's tables, shaped as the demo seed stores its hall tables. */
function benchTables(count: number, maxPerson: number) {
  return Array.from({ length: count }, (_, i) => {
    const id = FIRST_TABLE_ID + i;
    const sName = `B${String(i + 1).padStart(3, '0')}`;
    const data = {
      id,
      sName,
      nAreaID: AREA.hall,
      areaName: '大厅',
      areaNameEn: 'Hall',
      nMaxPerson: maxPerson,
      nStatus: 0,
      nTableStatus: 1,
      fEachFee: 10,
      nFeeType: 0,
    };
    return { id, shopId: SHOP.restaurant, areaId: AREA.hall, name: sName, maxPerson, tableStatus: 1, eachFee: '10', feeType: 0, data };
  });
}

// ---------------------------------------------------------------------------------------------
// the load (worker thread)
// ---------------------------------------------------------------------------------------------

interface Diner {
  index: number;
  room: number;
  /** Position in the room. */
  seat: number;
  ws: WebSocket;
  productId: number;
  seq: number;
  /** The version of the diner's line after its last answered operation. */
  lineVersion: number;
  /** Operations sent, not yet answered. */
  inFlight: number;
  /** Versions of the room this socket received as events. */
  seen: Set<number>;
  /** Versions covered by snapshots after the first (resyncs). */
  snapshotVersions: number[];
  snapshots: number;
  pending: Map<number, Op>;
}

interface Op {
  diner: Diner;
  sentAt: number;
  measured: boolean;
  code: number | null;
  version: number;
  answeredAt: number;
}

async function post<T>(base: string, call: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${API_BASE}${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { result: boolean; info: T };
  if (!json.result) throw new Error(`${call}: ${JSON.stringify(json)}`);
  return json.info;
}

async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const setupStart = performance.now();
  const perRoom = Math.ceil(plan.diners / plan.rooms);
  const roomOf = (i: number) => i % plan.rooms;
  const seatOf = (i: number) => Math.floor(i / plan.rooms);
  const baseOf = (seat: number) => plan.bases[seat % plan.bases.length];
  const tag = `${plan.label}-${Date.now()}`;

  // tokens and rooms
  const tokens: Array<string | null> = new Array(plan.diners).fill(null);
  const roomIds: string[] = [];
  if (plan.mode === 'app') {
    await pool(tokens, 16, async (_t, i) => {
      const { token } = await post<{ token: string }>(baseOf(seatOf(i)), 'user/login', { id: SHOP.restaurant, code: `cartsync-${tag}-${i}` });
      tokens[i] = token;
    });
    const opened = await pool(plan.tableIds.slice(0, plan.rooms), 8, (tableId, r) =>
      post<{ roomId: string }>(baseOf(0), 'table/order', { person: perRoom, tableId, openId: 'x', nickName: `Diner ${r}`, avatarUrl: '' }, tokens[r]!),
    );
    for (const o of opened) roomIds.push(o.roomId);
  } else {
    for (let r = 0; r < plan.rooms; r++) roomIds.push(`floor_${r}`);
  }

  // arrivals: event versions per room, the time each seat received them
  const received: Array<Map<number, Float64Array>> = Array.from({ length: plan.rooms }, () => new Map());
  const ops: Op[] = [];
  let duplicated = 0;
  let unexpectedCloses = 0;
  let closing = false;
  const errorFrames: string[] = [];
  const dinersByRoom: Diner[][] = Array.from({ length: plan.rooms }, () => []);

  const connect = (i: number): Promise<Diner> =>
    new Promise((resolve, reject) => {
      const room = roomOf(i);
      const seat = seatOf(i);
      const token = tokens[i];
      const url = `${baseOf(seat).replace(/^http/, 'ws')}/ws/${roomIds[room]}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
      const ws = new WebSocket(url, { perMessageDeflate: false });
      const d: Diner = {
        index: i,
        room,
        seat,
        ws,
        productId: PRODUCTS[seat % PRODUCTS.length],
        seq: 0,
        lineVersion: 0,
        inFlight: 0,
        seen: new Set(),
        snapshotVersions: [],
        snapshots: 0,
        pending: new Map(),
      };
      ws.on('message', (data) => {
        const now = performance.now();
        const f = JSON.parse(data.toString()) as {
          type: string;
          seq?: number;
          code?: number | string;
          version?: number;
          latestProduct?: { version?: number } | null;
          info?: string;
        };
        switch (f.type) {
          case 'event': {
            const v = f.version!;
            if (d.seen.has(v)) {
              duplicated++;
              return;
            }
            d.seen.add(v);
            let times = received[room].get(v);
            if (!times) {
              times = new Float64Array(perRoom).fill(NaN);
              received[room].set(v, times);
            }
            times[seat] = now;
            return;
          }
          case 'reply': {
            const op = d.pending.get(f.seq!);
            if (!op) return;
            d.pending.delete(f.seq!);
            d.inFlight--;
            op.code = Number(f.code);
            op.answeredAt = now;
            op.version = f.version ?? 0;
            if (f.latestProduct && typeof f.latestProduct.version === 'number') d.lineVersion = f.latestProduct.version;
            else if (op.code === CartReplyCode.ok) d.lineVersion = 0;
            return;
          }
          case 'snapshot':
            d.snapshots++;
            if (d.snapshots === 1) resolve(d);
            else d.snapshotVersions.push(f.version ?? 0);
            return;
          case 'error':
            if (errorFrames.length < 20) errorFrames.push(`${f.code}: ${f.info}`);
            else errorFrames.push('');
            return;
          default:
        }
      });
      ws.once('open', () => ws.send(JSON.stringify({ type: 'join', nickname: `Diner ${i}`, avatar: '' })));
      ws.once('error', reject);
      ws.on('close', (code) => {
        if (!closing) unexpectedCloses++;
        reject(new Error(`socket of diner ${i} closed with ${code} before its snapshot`));
      });
    });

  const diners = await pool(
    Array.from({ length: plan.diners }, (_, i) => i),
    32,
    (i) => connect(i),
  );
  for (const d of diners) dinersByRoom[d.room].push(d);
  // the joins' events settle before the clock starts
  await sleep(1000);
  const setupMs = performance.now() - setupStart;

  // the schedule: diner i sends at t0 + k·1000 + i·1000/N ms, k = 0 … warmup + seconds − 1
  const ticks = plan.warmupS + plan.seconds;
  const total = ticks * plan.diners;
  const t0 = performance.now() + 200;
  const at = (p: number) => t0 + Math.floor(p / plan.diners) * 1000 + ((p % plan.diners) * 1000) / plan.diners;
  const late: number[] = [];
  let p = 0;

  const send = (d: Diner, k: number) => {
    d.seq++;
    const add = k % 2 === 0;
    const product = {
      id: d.productId,
      name: 'x',
      price: 0,
      quantity: 1,
      flag: lineFlag(d.productId),
      typeid: 1,
      // the version the line will have once this diner's operations in flight are done
      ...(add ? {} : { version: d.lineVersion + d.inFlight }),
    };
    const op: Op = { diner: d, sentAt: performance.now(), measured: k >= plan.warmupS, code: null, version: 0, answeredAt: NaN };
    d.pending.set(d.seq, op);
    d.inFlight++;
    ops.push(op);
    d.ws.send(JSON.stringify({ type: add ? 'add' : 'edit', seq: d.seq, product }));
  };

  await new Promise<void>((done) => {
    const loop = () => {
      const now = performance.now();
      while (p < total && at(p) <= now) {
        const k = Math.floor(p / plan.diners);
        const d = diners[p % plan.diners];
        // a diner whose previous operation is not answered yet still sends: the schedule is the load
        if (k >= plan.warmupS) {
          if (late.length === 0) parentPort?.postMessage({ phase: 'measuring' });
          late.push(performance.now() - at(p));
        }
        send(d, k);
        p++;
      }
      if (p >= total) {
        done();
        return;
      }
      setTimeout(loop, Math.max(0, Math.floor(at(p) - performance.now())));
    };
    setTimeout(loop, Math.max(0, t0 - performance.now()));
  });

  // drain: every operation answered and every acknowledged one delivered to the whole room
  const delivered = (op: Op): boolean => {
    const times = received[op.diner.room].get(op.version);
    if (!times) return false;
    for (const o of dinersByRoom[op.diner.room]) if (o !== op.diner && Number.isNaN(times[o.seat])) return false;
    return true;
  };
  const drainEnd = performance.now() + DRAIN_MS;
  while (performance.now() < drainEnd) {
    if (ops.every((op) => op.code !== null && (op.code !== CartReplyCode.ok || delivered(op)))) break;
    await sleep(100);
  }
  parentPort?.postMessage({ phase: 'drained' });
  const drained = performance.now();

  const latencies: number[] = [];
  const trace: number[] = [];
  let acked = 0;
  let busy = 0;
  let unanswered = 0;
  let lost = 0;
  let lostCovered = 0;
  let lostAnsweredBeforeEnd = 0;
  const refused: Record<string, number> = {};
  for (const op of ops) {
    if (op.code === null) {
      unanswered++;
      // still waiting at the end: counted at its age then, so the percentiles are lower bounds
      if (op.measured) latencies.push(drained - op.sentAt);
      continue;
    }
    if (op.code !== CartReplyCode.ok) {
      if (op.code === CartReplyCode.ProductBusy) busy++;
      else refused[String(op.code)] = (refused[String(op.code)] ?? 0) + 1;
      continue;
    }
    acked++;
    const times = received[op.diner.room].get(op.version);
    let last = -Infinity;
    let missing = false;
    let covered = true;
    for (const o of dinersByRoom[op.diner.room]) {
      if (o === op.diner) continue;
      const t = times ? times[o.seat] : NaN;
      if (Number.isNaN(t)) {
        missing = true;
        if (!o.snapshotVersions.some((v) => v >= op.version)) covered = false;
      } else if (t > last) last = t;
    }
    if (missing) {
      lost++;
      if (covered) lostCovered++;
      else lostAnsweredBeforeEnd = Math.max(lostAnsweredBeforeEnd, drained - op.answeredAt);
    } else if (op.measured) {
      latencies.push(last - op.sentAt);
      if (plan.trace) trace.push(op.sentAt - t0, last - op.sentAt, op.diner.room);
    }
  }
  closing = true;
  for (const d of diners) d.ws.close(1000);
  await sleep(200);
  late.sort((a, b) => a - b);
  return {
    label: plan.label,
    sent: ops.length,
    measured: ops.filter((o) => o.measured).length,
    latencies,
    trace,
    acked,
    busy,
    refused,
    unanswered,
    lost,
    lostCoveredBySnapshot: lostCovered,
    lostAnsweredBeforeEndMs: lostAnsweredBeforeEnd,
    duplicated,
    resyncSnapshots: diners.reduce((n, d) => n + d.snapshotVersions.length, 0),
    errorFrames: errorFrames.filter((e) => e !== '').concat(errorFrames.length > 20 ? [`… ${errorFrames.length} error frames in all`] : []),
    unexpectedCloses,
    sendLateP99Ms: percentile(late, 99),
    setupMs,
  };
}

/**
 * Runs the load in a worker thread of this process (its own event loop, its own core); `onPhase` is
 * called when the measured seconds start ('measuring') and when the last events are in ('drained').
 */
function loadInWorker(plan: LoadPlan, onPhase: (phase: 'measuring' | 'drained') => void = () => undefined): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(`require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(__filename)});`, {
      eval: true,
      workerData: plan,
    });
    let result: LoadResult | null = null;
    worker.on('message', (m: LoadResult | { phase: 'measuring' | 'drained' }) => {
      if ('phase' in m) {
        onPhase(m.phase);
        return;
      }
      result = m;
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`load worker exited with ${code}`))));
  });
}

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
async function loadBesideServer(p: LoadPlan): Promise<{ result: LoadResult; notes: string[] }> {
  const cpu = new CpuWindow();
  const groups: CpuGroups = new Map([
    ['server thread', [statOf(process.pid, process.pid)]],
    ['bench process (server and load)', [statOf(process.pid)]],
  ]);
  let elu: EventLoopUtilization | null = null;
  let busy = NaN;
  const result = await loadInWorker(p, (phase) => {
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
  const app = await buildApp({ config: testConfig({ seedLargeShop: false, databaseUrl: dataDir }), seed: true, clock });
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
    const { result, notes } = await loadBesideServer(plan('1node', 'app', [`http://127.0.0.1:${port}`]));
    return summarize(result, [...notes, ...[...warnings].map(([m, n]) => `server logged ${m} ×${n}`)]);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The floor: numbers each operation of a room and sends it to the room, as the app's fan-out does. */
async function floor(): Promise<Summary> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  const rooms = new Map<string, { sockets: Set<WebSocket>; version: number }>();
  wss.on('connection', (socket, req) => {
    const id = (req.url ?? '').replace(/^\/ws\//, '').replace(/\?.*$/, '');
    let room = rooms.get(id);
    if (!room) {
      room = { sockets: new Set(), version: 0 };
      rooms.set(id, room);
    }
    const r = room;
    r.sockets.add(socket);
    socket.on('close', () => r.sockets.delete(socket));
    socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { type: string; seq: number; product: unknown };
      if (m.type === 'join') {
        socket.send(JSON.stringify({ type: 'snapshot', products: [], version: r.version }));
        return;
      }
      r.version++;
      const by = { openId: 'x', nickname: 'x', avatar: '' };
      const operation = m.type === 'add' ? CartOperation.Add : CartOperation.Edit;
      const event = JSON.stringify({ type: 'event', operation, product: m.product, by, version: r.version });
      for (const s of r.sockets) s.send(event);
      socket.send(JSON.stringify({ type: 'reply', seq: m.seq, code: CartReplyCode.ok, reason: '', latestProduct: m.product, version: r.version }));
    });
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const { port } = wss.address() as net.AddressInfo;
  try {
    const { result, notes } = await loadBesideServer(plan('floor', 'floor', [`http://127.0.0.1:${port}`]));
    return summarize(result, notes);
  } finally {
    for (const c of wss.clients) c.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  }
}

interface NodeProc {
  base: string;
  child: ChildProcess;
  output: () => string;
  /** Its data and static directories (removed after it stops). */
  dirs: string[];
}

async function startNode(databaseUrl: string, redisUrl: string, name: string): Promise<NodeProc> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dirs = [mkdtempSync(path.join(os.tmpdir(), `cartsync-${name}-`)), mkdtempSync(path.join(os.tmpdir(), `cartsync-${name}-static-`))];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      TEST_CLOCK: TEST_INSTANT,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dirs[0],
      STATIC_DIR: dirs[1],
      PAYMENTS: 'sandbox',
      PAY_SANDBOX_SECRET: 'cart-sync-bench-sandbox',
      VIP_TOKEN_SECRET: 'cart-sync-bench-vip-token',
      ENCRYPT_PARAMS_SECRET: 'cart-sync-bench-params',
      DEMO_MODE: '1',
      DEMO_LARGE_SHOP: '0',
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const started = Date.now();
  while (!out.includes('API base:')) {
    if (Date.now() - started > 90_000 || child.exitCode !== null) {
      await stopChild(child);
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
      throw new Error(`node ${name} did not start:\n${out}`);
    }
    await sleep(100);
  }
  const bannerEnd = out.length;
  return { base, child, output: () => out.slice(bannerEnd), dirs };
}

function stopChild(child: ChildProcess | null | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
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
  const bin = process.env.REDIS_SERVER || 'redis-server';
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
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${db}`);
  const own = new URL(url);
  own.pathname = `/${db}`;
  let redis: ChildProcess | null = null;
  const nodes: NodeProc[] = [];
  try {
    const redisPort = await freePort();
    redis = spawn(process.env.REDIS_SERVER || 'redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitPort(redisPort);
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    // the first node migrates and seeds the database; the bench's tables go in before the second starts
    nodes.push(await startNode(own.toString(), redisUrl, 'a'));
    const client = new Client({ connectionString: own.toString() });
    await client.connect();
    try {
      const rows = benchTables(ROOMS, perRoom());
      await client.query(
        `INSERT INTO tables (id, shop_id, area_id, name, max_person, table_status, each_fee, fee_type, data)
         SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::int[], $6::int[], $7::numeric[], $8::int[], $9::jsonb[])`,
        [
          rows.map((t) => t.id),
          rows.map((t) => t.shopId),
          rows.map((t) => t.areaId),
          rows.map((t) => t.name),
          rows.map((t) => t.maxPerson),
          rows.map((t) => t.tableStatus),
          rows.map((t) => t.eachFee),
          rows.map((t) => t.feeType),
          rows.map((t) => JSON.stringify(t.data)),
        ],
      );
    } finally {
      await client.end();
    }
    nodes.push(await startNode(own.toString(), redisUrl, 'b'));
    // CPU of the nodes, Redis and the PostgreSQL backends of the bench's database
    const cpu = new CpuWindow();
    const groups = async (): Promise<CpuGroups> => {
      const backends = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [db]).catch(() => ({ rows: [] }));
      return new Map([
        ['node a', [statOf(nodes[0].child.pid)]],
        ['node b', [statOf(nodes[1].child.pid)]],
        ['postgres backends', backends.rows.map((r) => statOf(r.pid))],
        ['redis', [statOf(redis?.pid)]],
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
      writeFileSync(path.join(logDir, `node-${name}.log`), n.output());
      return nodeNotes(name, n.output());
    });
    if (notes.length > 0) notes.push(`node logs: ${logDir}`);
    else rmSync(logDir, { recursive: true, force: true });
    return summarize(r, [...cpu.notes, ...notes]);
  } finally {
    await Promise.all(nodes.map((n) => stopChild(n.child)));
    for (const d of nodes.flatMap((n) => n.dirs)) rmSync(d, { recursive: true, force: true });
    await stopChild(redis, 'SIGKILL');
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch((e: unknown) => console.error(`could not drop ${db}:`, e));
    await admin.end();
  }
}

async function main(): Promise<void> {
  console.error(`[cart-sync] ${DINERS} diners in ${ROOMS} rooms, 1 operation/s each, ${WARMUP_S} s warm-up + ${SECONDS} s measured`);
  const one = RUNS.has('1node') ? await oneNode() : null;
  const fl = RUNS.has('floor') ? await floor() : null;
  let two: Summary | null = null;
  let failed = false;
  if (RUNS.has('2nodes')) {
    const missing = twoNodesMissing();
    if (missing === null) {
      two = await twoNodes().catch((e: unknown) => {
        console.error('[cart-sync] the two-node run failed:', e);
        failed = true;
        return null;
      });
    } else console.error(`[cart-sync] cartsync_p99_ms_2nodes not measured: ${missing}.`);
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
  if (runs.length > 0) {
    console.log(`BENCH cartsync_lost ${runs.reduce((n, s) => n + s.result.lost, 0)} count`);
    console.log(`BENCH cartsync_duplicated ${runs.reduce((n, s) => n + s.result.duplicated, 0)} count`);
  }
  if (failed) process.exitCode = 1;
}

if (isMainThread) {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
} else {
  runLoad(workerData as LoadPlan).then(
    (r) => parentPort!.postMessage(r),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
