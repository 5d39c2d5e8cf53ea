/**
 * The cart-sync bench's load generator: diners as real websockets on loopback, each sending one cart
 * operation a second through its room's live channel, spread evenly over each second; the latency of
 * an operation is the time from its send until every OTHER diner of the room has received its event.
 * It runs in a worker thread of the bench (load-worker.ts), all times read there with
 * performance.now(). See bench/cart-sync.ts for what is measured and printed.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { SHOP, TABLE, codeOfTable } from '../../server/src/demo/ids';
import { benchTableCode } from './tables';
import { CartReplyCode } from '../../src/domain/enums';
import { lineFlag } from '../../src/domain/pricing';
import { consumerCall } from '../../test/support/nodes';
import { pool } from '../support/pool';
import { percentile } from '../support/stats';

/** How long after the last send replies and events may still arrive. */
export const DRAIN_MS = 10_000;
/** Plain restaurant dishes (no specs, tastes, limits or sale times): one per diner of a room. */
const PRODUCTS = [10303, 10305, 10306, 10501, 10503, 10208, 10801];

/** When the measured seconds start, and when the last events are in. */
export type LoadPhase = 'measuring' | 'drained';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface LoadPlan {
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

export interface LoadResult {
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

export async function runLoad(plan: LoadPlan, report: (phase: LoadPhase) => void = () => undefined): Promise<LoadResult> {
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
      const { token } = await consumerCall<{ token: string }>(baseOf(seatOf(i)), 'user/login', { id: SHOP.restaurant, code: `cartsync-${tag}-${i}` });
      tokens[i] = token;
    });
    const tables = plan.tableIds.slice(0, plan.rooms);
    // the demo's tables have their demo codes, the bench's own tables theirs
    const demoIds: readonly number[] = Object.values(TABLE);
    const codeOf = (id: number) => (demoIds.includes(id) ? codeOfTable(id) : benchTableCode(id));
    const opened = await pool(tables, 8, (tableId, r) =>
      consumerCall<{ roomId: string }>(baseOf(0), 'table/order', { person: perRoom, tableId, tableCode: codeOf(tableId), openId: 'x', nickName: `Diner ${r}`, avatarUrl: '' }, tokens[r]!),
    );
    for (const o of opened) roomIds.push(o.roomId);
    // TABLE-7: every diner scans their table's code, which seats them in its session (the room admits no one else)
    await pool(tokens, 16, async (token, i) => {
      if (i < plan.rooms) return;
      const tableId = tables[roomOf(i)];
      await consumerCall(baseOf(seatOf(i)), 'table/order', { person: perRoom, tableId, tableCode: codeOf(tableId), openId: 'x', nickName: `Diner ${i}`, avatarUrl: '' }, token!);
    });
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
          if (late.length === 0) report('measuring');
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
  report('drained');
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
