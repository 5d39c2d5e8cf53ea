/**
 * The rolling-restart load (OPS-1): the cart-sync bench's diners (bench/cart-sync/load.ts: logins,
 * TABLE-7 seating, one dish each, one cart operation a second spread over the second), all through
 * one balancer, as the app's room channel (src/realtime/channel.ts) behaves while nodes restart:
 *
 *  - each diner sends its operations one at a time (an operation waits in the diner's queue while
 *    one is in flight or the socket is down, as the app's queue does), alternating an add and an
 *    edit of its own line;
 *  - a closed socket reconnects through the balancer on 1012/1001 (the first loss of a run) after a
 *    jitter below RESTART_JITTER_MS, after the C§9 backoff otherwise (src/domain/reconnect.ts
 *    `reconnectDelay`), joins again and reads the snapshot;
 *  - the operation in flight when the socket closed is settled from that snapshot: a diner's line
 *    changes by that diner only and every accepted change raises its version by one, so the line is
 *    either exactly as before the operation (not committed: sent again) or exactly as after it
 *    (committed: not sent again); anything else is a lost or doubled operation.
 *
 * Beside the sockets, a stream of HTTP reads (`consumer/cart-sync`, one connection each) goes through
 * the balancer, and every answer's status is counted. At the end each room's cart is read over HTTP
 * and compared with the line each diner's acknowledged operations predict, and with every diner's own
 * cart (its snapshot and the events after it).
 *
 * `control` is shared with the thread that restarts the nodes: 0 before, 1 while restarting, 2 once
 * done (the load then goes on for `tailSeconds` and ends). It runs in a worker thread of the bench
 * (rolling-worker.ts) or in the test's own process.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { randomUUID } from 'node:crypto';
import { RETAIL_PRODUCT, SHOP } from '../../server/src/demo/ids';
import { API_BASE } from '../../src/api/contract/common';
import { CartOperation, CartReplyCode } from '../../src/domain/enums';
import { lineFlag } from '../../src/domain/pricing';
import { reconnectDelay } from '../../src/domain/reconnect';
import { consumerCall } from '../../test/support/nodes';
import { pool } from '../support/pool';
import { benchTableCode } from './tables';

/** Plain restaurant dishes (no specs, tastes, limits or sale times): one per diner of a room. */
const PRODUCTS = [10303, 10305, 10306, 10501, 10503, 10208, 10801];

/** The order stream's customers, its order (a cash pickup at the retail shop), and its retries. */
const ORDER_CUSTOMERS = 20;
const RETAIL_ORDER = {
  type: 'selfPickup',
  payType: 'cash',
  products: [{ id: RETAIL_PRODUCT.nuggets, quantity: 1, flag: 'a' }],
  pickupTime: 'ASAP',
  contact_name: 'Rolling Restart',
  contact_phone: '+6591234567',
};
const ORDER_ATTEMPTS = 10;
const ORDER_RETRY_MS = 300;

/** The total the server quotes for RETAIL_ORDER (it answers amountError with the total to a wrong one). */
async function quoteOrder(base: string, token: string): Promise<number> {
  const res = await fetch(`${base}${API_BASE}order/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ ...RETAIL_ORDER, expectedTotal: 0.0001 }),
  });
  const body = (await res.json()) as { code?: string; data?: { total: number } };
  if (body.code !== 'amountError' || !body.data)
    throw new Error(`the order stream's quote failed: ${JSON.stringify(body)}`);
  return body.data.total;
}

/** The restarting thread's state in `control[0]`. */
export const ROLLING = { before: 0, restarting: 1, done: 2 } as const;

export interface RollingPlan {
  label: string;
  /** The balancer's base URL: every call and socket goes through it. */
  base: string;
  tableIds: number[];
  diners: number;
  rooms: number;
  /** Seconds of load before the restarts start. */
  leadSeconds: number;
  /** Seconds of load once the restarts are done. */
  tailSeconds: number;
  /** The load ends after this long in any case. */
  maxSeconds: number;
  /** HTTP reads a second through the balancer. */
  httpPerSecond: number;
  /**
   * Cart operations a second over all diners (default one per diner a second); each diner's
   * operations stay evenly spaced, a round of one operation per diner taking diners/opsPerSecond s.
   */
  opsPerSecond?: number;
  /**
   * Orders placed a second through the balancer (default 0): cash pickup orders at the retail shop
   * (open all day) by 20 customers, each with an idempotency key, sent again under the same key after a
   * network error or a 5xx, as the app does.
   */
  ordersPerSecond?: number;
  /** Int32Array(1) over this: ROLLING.*. */
  control: SharedArrayBuffer;
  /** How long the end may wait for operations and sockets to settle. */
  drainMs: number;
}

export type RollingPhase = 'measuring' | 'drained';

export interface RollingResult {
  label: string;
  sent: number;
  acked: number;
  /** Operations in flight when their socket closed, found committed in the next snapshot. */
  committedInFlight: number;
  /** Operations in flight when their socket closed, found not committed and sent again. */
  resent: number;
  refused: Record<string, number>;
  /** Operations never settled when the run ended. */
  unsettled: number;
  /** Acknowledgement latency (enqueue → reply or settling snapshot), ms, of every operation. */
  latencies: number[];
  /** The same, of the operations enqueued while the nodes restarted. */
  restartLatencies: number[];
  /** Close → snapshot on the next socket, ms, per socket that closed. */
  reconnects: number[];
  closeCodes: Record<string, number>;
  /** Connection attempts that failed before a socket opened and joined. */
  failedAttempts: number;
  /** Diners whose socket is open with a snapshot at the end. */
  socketsBack: number;
  /** Lost or doubled: snapshots on reconnect and replies that were not what the diner's count predicts, and lines off at the end. */
  lost: number;
  lostDetails: string[];
  /** Per room: its final version minus (diners joined + committed operations); 0 when no version went to a lost or doubled operation. */
  roomVersionOff: number;
  /** Diners whose own cart at the end is not the room's. */
  divergent: number;
  /** Events a socket received twice, or out of order without a snapshot. */
  deliveryProblems: number;
  http: {
    sent: number;
    status: Record<string, number>;
    errors: number;
    fiveXx: number;
    errorSamples: string[];
  };
  orders: {
    /** Orders asked for (one idempotency key each). */
    sent: number;
    /** The order ids the server acknowledged, one per key. */
    ackedIds: number[];
    /** Attempts sent again under the same key (after a network error or a 5xx). */
    retries: number;
    /** 5xx answers to an attempt. */
    fiveXx: number;
    /** Keys given up on after every attempt failed. */
    gaveUp: number;
    /** Refusals by code (a business answer: not sent again). */
    refused: Record<string, number>;
  };
}

type LineState = { quantity: number; version: number } | null;
type Line = { flag: string; quantity: number; version?: number; [k: string]: unknown };

interface Op {
  type: 'add' | 'edit';
  enqueuedAt: number;
  during: boolean;
}

interface InFlight extends Op {
  seq: number;
  before: LineState;
}

interface Diner {
  index: number;
  room: number;
  seat: number;
  token: string;
  productId: number;
  flag: string;
  ws: WebSocket | null;
  joined: boolean;
  seq: number;
  syncSeq: number;
  line: LineState;
  queue: Op[];
  inFlight: InFlight | null;
  opsMade: number;
  attempt: number;
  closedAt: number | null;
  joins: number;
  committed: number;
  cart: { lines: Line[]; version: number };
  /** The diner's own seeded random source (the restart jitter). */
  random: () => number;
}

/** mulberry32: a small seeded random source, so the bench's jitter repeats from run to run. */
function seededRandom(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const same = (a: LineState, b: LineState) =>
  a === null || b === null ? a === b : a.quantity === b.quantity && a.version === b.version;
const stateOf = (l: Line | null | undefined): LineState =>
  l ? { quantity: l.quantity, version: l.version ?? -1 } : null;
const show = (s: LineState) => (s ? `q${s.quantity} v${s.version}` : 'none');

/** The line after an operation the server accepted (every accepted change raises its version by one). */
function after(state: LineState, type: Op['type']): LineState {
  if (type === 'add')
    return state ? { quantity: state.quantity + 1, version: state.version + 1 } : { quantity: 1, version: 1 };
  return { quantity: 1, version: (state?.version ?? 0) + 1 };
}

export async function runRollingLoad(
  plan: RollingPlan,
  report: (phase: RollingPhase) => void = () => undefined,
): Promise<RollingResult> {
  const control = new Int32Array(plan.control);
  const perRoom = Math.ceil(plan.diners / plan.rooms);
  const roomOf = (i: number) => i % plan.rooms;
  const seatOf = (i: number) => Math.floor(i / plan.rooms);
  const tag = `${plan.label}-${Date.now()}`;
  const tables = plan.tableIds.slice(0, plan.rooms);

  // tokens and rooms, as the cart-sync load seats its diners (every call through the balancer)
  const tokens: string[] = new Array(plan.diners).fill('');
  await pool(tokens, 16, async (_t, i) => {
    tokens[i] = (
      await consumerCall<{ token: string }>(plan.base, 'user/login', {
        id: SHOP.restaurant,
        code: `cartsync-${tag}-${i}`,
      })
    ).token;
  });
  const seat = (tableId: number, i: number) =>
    consumerCall<{ roomId: string }>(
      plan.base,
      'table/order',
      {
        person: perRoom,
        tableId,
        tableCode: benchTableCode(tableId),
        openId: 'x',
        nickName: `Diner ${i}`,
        avatarUrl: '',
      },
      tokens[i],
    );
  const roomIds = (await pool(tables, 8, (tableId, r) => seat(tableId, r))).map((o) => o.roomId);
  await pool(tokens, 16, async (_t, i) => {
    if (i >= plan.rooms) await seat(tables[roomOf(i)], i);
  });

  // the order stream's customers at the retail shop, and the total the server quotes for their order
  const ordersPerSecond = plan.ordersPerSecond ?? 0;
  const buyers: string[] = new Array(ordersPerSecond > 0 ? ORDER_CUSTOMERS : 0).fill('');
  await pool(buyers, 8, async (_t, i) => {
    buyers[i] = (
      await consumerCall<{ token: string }>(plan.base, 'user/login', {
        id: SHOP.retail,
        code: `cartsync-${tag}-buyer-${i}`,
      })
    ).token;
  });
  const orderTotal = buyers.length > 0 ? await quoteOrder(plan.base, buyers[0]) : 0;

  const result: RollingResult = {
    label: plan.label,
    sent: 0,
    acked: 0,
    committedInFlight: 0,
    resent: 0,
    refused: {},
    unsettled: 0,
    latencies: [],
    restartLatencies: [],
    reconnects: [],
    closeCodes: {},
    failedAttempts: 0,
    socketsBack: 0,
    lost: 0,
    lostDetails: [],
    roomVersionOff: 0,
    divergent: 0,
    deliveryProblems: 0,
    http: { sent: 0, status: {}, errors: 0, fiveXx: 0, errorSamples: [] },
    orders: { sent: 0, ackedIds: [], retries: 0, fiveXx: 0, gaveUp: 0, refused: {} },
  };
  const lostOne = (d: Diner, why: string) => {
    result.lost++;
    if (result.lostDetails.length < 20) result.lostDetails.push(`diner ${d.index} (room ${d.room}): ${why}`);
  };
  let finishing = false;

  const diners: Diner[] = Array.from({ length: plan.diners }, (_, i) => {
    const productId = PRODUCTS[seatOf(i) % PRODUCTS.length];
    return {
      index: i,
      room: roomOf(i),
      seat: seatOf(i),
      token: tokens[i],
      productId,
      flag: lineFlag(productId),
      ws: null,
      joined: false,
      seq: 0,
      syncSeq: -1,
      line: null,
      queue: [],
      inFlight: null,
      opsMade: 0,
      attempt: 0,
      closedAt: null,
      joins: 0,
      committed: 0,
      cart: { lines: [], version: -1 },
      random: seededRandom(i + 1),
    };
  });

  const settled = (d: Diner, op: Op, now: number) => {
    result.latencies.push(now - op.enqueuedAt);
    if (op.during) result.restartLatencies.push(now - op.enqueuedAt);
  };

  const pump = (d: Diner) => {
    if (!d.ws || !d.joined || d.inFlight || d.queue.length === 0 || d.ws.readyState !== WebSocket.OPEN)
      return;
    const op = d.queue.shift()!;
    const seq = ++d.seq;
    d.inFlight = { ...op, seq, before: d.line };
    // an edit names the version of the line as the diner last knew it (the app's optimistic check)
    const product = {
      id: d.productId,
      name: 'x',
      price: 0,
      quantity: 1,
      flag: d.flag,
      typeid: 1,
      ...(op.type === 'edit' ? { version: d.line?.version ?? 0 } : {}),
    };
    result.sent++;
    d.ws.send(JSON.stringify({ type: op.type, seq, product }));
  };

  const applyEvent = (d: Diner, f: { version: number; operation: number; product?: Line | null }) => {
    if (f.version <= d.cart.version) {
      result.deliveryProblems++;
      return;
    }
    if (f.version !== d.cart.version + 1) {
      // a gap: the channel asks for a snapshot, as the app's does
      result.deliveryProblems++;
      d.syncSeq = ++d.seq;
      d.ws?.send(JSON.stringify({ type: 'sync', seq: d.syncSeq }));
      return;
    }
    d.cart.version = f.version;
    const flag = f.product?.flag;
    if (f.operation === CartOperation.Add || f.operation === CartOperation.Edit) {
      const i = d.cart.lines.findIndex((l) => l.flag === flag);
      if (i < 0) d.cart.lines.push(f.product!);
      else d.cart.lines[i] = f.product!;
    } else if (f.operation === CartOperation.Delete)
      d.cart.lines = d.cart.lines.filter((l) => l.flag !== flag);
    else if (f.operation === CartOperation.Clear || f.operation === CartOperation.Submitted)
      d.cart.lines = [];
  };

  /** Opens a socket through the balancer and joins; `first` resolves once the first snapshot came (or the socket closed before it). */
  const connect = (d: Diner, first?: (ok: boolean) => void) => {
    const ws = new WebSocket(
      `${plan.base.replace(/^http/, 'ws')}/ws/${roomIds[d.room]}?token=${encodeURIComponent(d.token)}`,
      { perMessageDeflate: false },
    );
    d.ws = ws;
    d.joined = false;
    ws.on('error', () => undefined);
    ws.once('open', () => {
      d.joins++;
      ws.send(JSON.stringify({ type: 'join', nickname: `Diner ${d.index}`, avatar: '' }));
    });
    ws.on('message', (data) => {
      if (d.ws !== ws) return;
      const now = performance.now();
      const f = JSON.parse(data.toString()) as {
        type: string;
        seq?: number;
        code?: number | string;
        version: number;
        operation: number;
        latestProduct?: Line | null;
        product?: Line | null;
        products?: Line[];
      };
      if (f.type === 'snapshot') {
        if (d.joined && f.seq !== d.syncSeq) return;
        d.cart = { lines: [...(f.products ?? [])], version: f.version };
        if (d.joined) return;
        // the socket's first snapshot: the diner is (back) in the room
        d.joined = true;
        d.attempt = 0;
        first?.(true);
        first = undefined;
        if (d.closedAt !== null) {
          result.reconnects.push(now - d.closedAt);
          d.closedAt = null;
        }
        const seen = stateOf((f.products ?? []).find((l) => l.flag === d.flag));
        const q = d.inFlight;
        if (q) {
          d.inFlight = null;
          const done = after(q.before, q.type);
          if (same(seen, done)) {
            result.committedInFlight++;
            d.committed++;
            d.line = done;
            settled(d, q, now);
          } else if (same(seen, q.before)) {
            result.resent++;
            d.queue.unshift({ type: q.type, enqueuedAt: q.enqueuedAt, during: q.during });
          } else {
            lostOne(d, `in-flight ${q.type} from ${show(q.before)}: snapshot shows ${show(seen)}`);
            d.line = seen;
          }
        } else if (!same(seen, d.line)) {
          lostOne(d, `no operation in flight, line ${show(d.line)}: snapshot shows ${show(seen)}`);
          d.line = seen;
        }
        pump(d);
      } else if (f.type === 'reply') {
        const q = d.inFlight;
        if (!q || f.seq !== q.seq) return;
        d.inFlight = null;
        if (Number(f.code) === CartReplyCode.ok) {
          result.acked++;
          d.committed++;
          const predicted = after(q.before, q.type);
          const got = stateOf(f.latestProduct);
          if (!same(got, predicted))
            lostOne(
              d,
              `${q.type} acknowledged with ${show(got)}, the diner's count predicts ${show(predicted)}`,
            );
          d.line = got;
          settled(d, q, now);
        } else {
          result.refused[String(f.code)] = (result.refused[String(f.code)] ?? 0) + 1;
        }
        pump(d);
      } else if (f.type === 'event') {
        if (d.joined) applyEvent(d, f);
      }
    });
    ws.once('close', (code) => {
      if (d.ws !== ws) return;
      d.ws = null;
      const wasJoined = d.joined;
      d.joined = false;
      if (first) {
        first(false);
        first = undefined;
      }
      if (finishing) return;
      result.closeCodes[String(code)] = (result.closeCodes[String(code)] ?? 0) + 1;
      if (wasJoined) d.closedAt = performance.now();
      else result.failedAttempts++;
      // the app's channel: after a restarting node's 1012 (first loss of a run) within the restart
      // jitter, else the backoff; the jitter is seeded per diner, so a run can be repeated
      const delay = reconnectDelay(code, d.attempt, d.random);
      d.attempt++;
      setTimeout(() => {
        if (!finishing) connect(d);
      }, delay);
    });
  };

  await pool(
    diners,
    32,
    (d) =>
      new Promise<void>((resolve, reject) =>
        connect(d, (ok) =>
          ok ? resolve() : reject(new Error(`diner ${d.index}: socket closed before its snapshot`)),
        ),
      ),
  );

  // HTTP reads through the balancer, one connection each
  const httpInFlight = new Set<Promise<void>>();
  const ordersInFlight = new Set<Promise<void>>();
  /** One order under its own key: sent again under that key after a network error or a 5xx. */
  const placeOrder = (n: number) => {
    result.orders.sent++;
    const key = randomUUID();
    const token = buyers[n % buyers.length];
    const p = (async () => {
      for (let attempt = 0; attempt < ORDER_ATTEMPTS; attempt++) {
        if (attempt > 0) {
          result.orders.retries++;
          await sleep(ORDER_RETRY_MS);
        }
        try {
          const res = await fetch(`${plan.base}${API_BASE}order/confirm`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              connection: 'close',
              token,
              'idempotency-key': key,
            },
            body: JSON.stringify({ ...RETAIL_ORDER, expectedTotal: orderTotal }),
            signal: AbortSignal.timeout(10_000),
          });
          if (res.status >= 500) {
            result.orders.fiveXx++;
            await res.arrayBuffer();
            continue;
          }
          const body = (await res.json()) as { result: boolean; info: { id: number }; code?: string };
          if (body.result) result.orders.ackedIds.push(body.info.id);
          else
            result.orders.refused[body.code ?? 'unknown'] =
              (result.orders.refused[body.code ?? 'unknown'] ?? 0) + 1;
          return;
        } catch {
          // no answer: the order may or may not be placed; the same key tells the server it is this one
        }
      }
      result.orders.gaveUp++;
    })();
    ordersInFlight.add(p);
    void p.finally(() => ordersInFlight.delete(p));
  };

  const httpRead = (i: number) => {
    const d = diners[i % diners.length];
    result.http.sent++;
    const p = fetch(`${plan.base}${API_BASE}consumer/cart-sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close', token: d.token },
      body: JSON.stringify({ room: roomIds[d.room] }),
      signal: AbortSignal.timeout(10_000),
    }).then(
      async (res) => {
        await res.arrayBuffer();
        result.http.status[String(res.status)] = (result.http.status[String(res.status)] ?? 0) + 1;
        if (res.status >= 500) result.http.fiveXx++;
      },
      (e: unknown) => {
        result.http.errors++;
        const cause = (e as { cause?: { code?: string; message?: string } }).cause;
        if (result.http.errorSamples.length < 5)
          result.http.errorSamples.push(`${String(e)}${cause ? ` (${cause.code ?? cause.message})` : ''}`);
      },
    );
    httpInFlight.add(p);
    void p.finally(() => httpInFlight.delete(p));
  };

  // the schedule: operation p (diner p mod N) is enqueued at t0 + p·1000/rate ms; the restarts start
  // after leadSeconds, and the load ends on a whole round (one operation per diner)
  const t0 = performance.now() + 200;
  const N = plan.diners;
  const period = 1000 / (plan.opsPerSecond ?? N);
  const at = (p: number) => t0 + p * period;
  const httpAt = (h: number) => t0 + (h * 1000) / Math.max(1, plan.httpPerSecond);
  const orderAt = (o: number) => t0 + (o * 1000) / Math.max(1, ordersPerSecond);
  let p = 0;
  let h = 0;
  let o = 0;
  let doneAtTick = -1;
  let measuring = false;
  await new Promise<void>((resolve) => {
    const loop = () => {
      const now = performance.now();
      const state = Atomics.load(control, 0);
      // whole seconds of schedule issued so far
      const tick = Math.floor((p * period) / 1000);
      if (!measuring && tick >= plan.leadSeconds) {
        measuring = true;
        report('measuring');
      }
      if (state === ROLLING.done && doneAtTick < 0) doneAtTick = tick;
      const over =
        (doneAtTick >= 0 && tick >= doneAtTick + plan.tailSeconds) || now - t0 > plan.maxSeconds * 1000;
      if (over && p % N === 0) {
        resolve();
        return;
      }
      while (at(p) <= now) {
        const d = diners[p % N];
        d.queue.push({
          type: d.line === null || d.opsMade % 2 === 0 ? 'add' : 'edit',
          enqueuedAt: performance.now(),
          during: state === ROLLING.restarting,
        });
        d.opsMade++;
        pump(d);
        p++;
        if (p % N === 0) break;
      }
      if (plan.httpPerSecond > 0) {
        while (httpAt(h) <= now) httpRead(h++);
      }
      if (ordersPerSecond > 0) {
        while (orderAt(o) <= now) placeOrder(o++);
      }
      const next = Math.min(
        at(p),
        plan.httpPerSecond > 0 ? httpAt(h) : Infinity,
        ordersPerSecond > 0 ? orderAt(o) : Infinity,
      );
      setTimeout(loop, Math.max(0, Math.floor(next - performance.now())));
    };
    setTimeout(loop, Math.max(0, t0 - performance.now()));
  });

  // drain: every operation settled and every diner back in its room
  const drainEnd = performance.now() + plan.drainMs;
  while (
    performance.now() < drainEnd &&
    !diners.every((d) => d.joined && !d.inFlight && d.queue.length === 0)
  )
    await sleep(50);
  await Promise.all([...httpInFlight, ...ordersInFlight]);
  report('drained');
  result.socketsBack = diners.filter((d) => d.joined).length;
  result.unsettled = diners.reduce((n, d) => n + d.queue.length + (d.inFlight ? 1 : 0), 0);

  // the rooms as the server holds them, over HTTP through the balancer
  const rooms = await pool(roomIds, 8, (room, r) =>
    consumerCall<{ products: Line[]; version: number }>(
      plan.base,
      'consumer/cart-sync',
      { room },
      diners[r].token,
    ),
  );
  const roomEnd = performance.now() + plan.drainMs;
  while (performance.now() < roomEnd && !diners.every((d) => d.cart.version >= rooms[d.room].version))
    await sleep(50);
  const sortLines = (lines: Line[]) =>
    JSON.stringify(
      [...lines].sort((x, y) => x.flag.localeCompare(y.flag)).map((l) => [l.flag, l.quantity, l.version]),
    );
  for (const d of diners) {
    const final = stateOf(rooms[d.room].products.find((l) => l.flag === d.flag));
    if (!same(final, d.line)) {
      const off = Math.abs((final?.version ?? 0) - (d.line?.version ?? 0));
      for (let k = 0; k < Math.max(1, off); k++)
        lostOne(d, `final line ${show(final)}, the diner's acknowledged operations give ${show(d.line)}`);
    }
    if (
      d.cart.version !== rooms[d.room].version ||
      sortLines(d.cart.lines) !== sortLines(rooms[d.room].products)
    )
      result.divergent++;
  }
  for (let r = 0; r < plan.rooms; r++) {
    const own = diners.filter((d) => d.room === r);
    // a diner's first join adds them to the room (a version); joining again under the same name,
    // as every reconnect does, writes nothing
    const expected = own.reduce((n, d) => n + Math.min(d.joins, 1) + d.committed, 0);
    result.roomVersionOff += Math.abs(rooms[r].version - expected);
  }

  finishing = true;
  const open = diners.map((d) => d.ws).filter((ws): ws is WebSocket => ws !== null);
  const closed = Promise.all(
    open.map(
      (ws) =>
        new Promise<void>((r) => (ws.readyState === WebSocket.CLOSED ? r() : ws.once('close', () => r()))),
    ),
  );
  for (const ws of open) ws.close(1000);
  let cut: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise<void>((r) => (cut = setTimeout(r, 2000)))]);
  clearTimeout(cut);
  for (const ws of open) ws.terminate();
  return result;
}
