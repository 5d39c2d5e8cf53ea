/**
 * One table room on two server processes (one PostgreSQL, one Redis) behind a TCP load balancer
 * (test/support/tcp-proxy.ts), and one process killed with SIGKILL in the middle of the session
 * (TABLE-6, SERVER-2).
 *
 * Six diners, three on each process, each owning one line of the shared cart (one dish each), send
 * adds, edits and deletes of their line concurrently, one operation at a time each (as the app's
 * queue sends them). An operation counts as acknowledged when its reply has code 10000. After about a
 * third of the operations process A gets `kill -9` and is marked down in the proxy; the sockets of
 * its diners drop, they reconnect through the proxy (to B), join again, read the snapshot, settle
 * the operation they had in flight and go on. So that both kinds of unanswered operation happen on
 * every run, the proxy holds diner 0's reply (its operation commits on A, the answer dies with A)
 * and diner 2's request (it never reaches A) just before the kill; diner 4 runs freely into it.
 *
 * The operation in flight when a socket dropped is settled from the snapshot: a diner's line is
 * changed by that diner only, and every accepted change raises the line's version by one, so the line
 * in the snapshot is either exactly the state before that operation (it was lost: the diner sends it
 * again) or exactly the state after it (it was committed before the process died: it is not sent
 * again). Anything else is a lost or doubled operation and fails. The join on reconnecting takes the
 * room's row lock, so a transaction of the dead process still holding the lock has committed or
 * rolled back before the snapshot is read: the snapshot cannot miss a commit that lands later.
 *
 * Asserted at the end:
 *  - every reply 10000 names the line the diner's own count predicts (nothing lost or doubled so far)
 *    and a room version no other reply names;
 *  - the room's version is the diners' first joins plus the committed operations (acknowledged ones
 *    and in-flight ones found committed), no more: no version was spent on a duplicate;
 *  - on every socket, events follow the snapshot one version at a time: no frame twice, none skipped
 *    without a fresh snapshot; no reply twice;
 *  - every diner's cart (snapshot + events of its last socket) is the same, equals the cart computed
 *    from the diners' own counts, the rooms row in PostgreSQL, cart-sync on B, and the snapshot a late
 *    socket gets from B after the proxy tried the dead process first.
 */
import net from 'node:net';
import { Client } from 'pg';
import { SHOP, TABLE, TABLE_CODE } from '../../server/src/demo/ids';
import { lineFlag } from '../../src/domain/pricing';
import { CartOperation, CartReplyCode } from '../../src/domain/enums';
import type { CartLine } from '../../src/domain/types';
import { CartLineSchema } from '../../src/api/contract/message';
import type { WsServerMessage } from '../../src/api/contract/ws';
import { consumerCall, spawnNode } from '../support/nodes';
import { createDatabase, freePort, spawnRedis, type OwnDatabase, type RedisProcess, type ServerProcess } from '../support/processes';
import { connectRoom, isSnapshot, type RoomClient } from '../support/room-client';
import { seededRandom } from '../support/seeded';
import { startTcpProxy, type TcpDirection, type TcpProxy } from '../support/tcp-proxy';

const url = process.env.DATABASE_URL ?? '';
const onPostgres = /^postgres(ql)?:\/\//.test(url);
if (!onPostgres) console.warn('test/pg/table-room-failover skipped: DATABASE_URL is not a postgres:// URL.');
const describeOnPostgres = onPostgres ? describe : describe.skip;

const GROUP = 'room-failover';
const DB = 'app_room_failover';

type Node = ServerProcess;

const call = consumerCall;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Reply = Extract<WsServerMessage, { type: 'reply' }>;
type Snapshot = Extract<WsServerMessage, { type: 'snapshot' }>;

/**
 * The first frame on `c` matching `pred` (already received or coming), or null once the socket is
 * closing or closed without one.
 */
function frameOrDrop<T extends WsServerMessage>(c: RoomClient, pred: (f: WsServerMessage) => f is T, timeoutMs = 15_000): Promise<T | null> {
  return new Promise<T | null>((resolve, reject) => {
    const finish = (v: T | null) => {
      clearTimeout(timer);
      c.ws.off('message', check);
      c.ws.off('close', check);
      resolve(v);
    };
    // registered after the client's own listener, so `frames` already holds the new frame
    const check = () => {
      const f = c.frames.find(pred);
      if (f) finish(f);
      else if (c.ws.readyState === c.ws.CLOSING || c.ws.readyState === c.ws.CLOSED) finish(null);
    };
    const timer = setTimeout(() => {
      c.ws.off('message', check);
      c.ws.off('close', check);
      reject(new Error(`no matching frame within ${timeoutMs} ms; frames ${JSON.stringify(c.frames)}`));
    }, timeoutMs);
    c.ws.on('message', check);
    c.ws.on('close', check);
    check();
  });
}

const replyTo = (seq: number) => (f: WsServerMessage): f is Reply => f.type === 'reply' && f.seq === seq;

/** A diner's line as the diner knows it: null when not in the cart. */
type LineState = { quantity: number; version: number } | null;

type PlannedOp = { type: 'add'; quantity: number } | { type: 'edit'; quantity: number } | { type: 'delete' };

/** The line after `op`, computed from the diner's own count (every accepted change raises the version by one). */
function after(state: LineState, op: PlannedOp): LineState {
  if (op.type === 'add') return state ? { quantity: state.quantity + op.quantity, version: state.version + 1 } : { quantity: op.quantity, version: 1 };
  if (op.type === 'delete' || op.quantity === 0) return null;
  return { quantity: op.quantity, version: state!.version + 1 };
}

/** A diner's next operation on its line: an add while it has none, else an add, an edit or a delete. */
function nextOp(random: () => number, line: LineState): PlannedOp {
  const units = () => 1 + Math.floor(random() * 3);
  if (line === null) return { type: 'add', quantity: units() };
  const r = random();
  if (r < 0.5) return { type: 'add', quantity: units() };
  if (r < 0.85) return { type: 'edit', quantity: 1 + Math.floor(random() * 9) };
  return { type: 'delete' };
}

/** An operation a diner sent, with its line just before it. */
interface Pending {
  before: LineState;
  op: PlannedOp;
}

const stateOf = (line: CartLine | undefined | null): LineState => (line ? { quantity: line.quantity, version: line.version ?? -1 } : null);

/** The cart a socket holds: its snapshots and the events after them, applied in order. */
function cartOf(frames: readonly WsServerMessage[]): { lines: CartLine[]; version: number } {
  let lines: CartLine[] = [];
  let version = -1;
  for (const f of frames) {
    if (f.type === 'snapshot') {
      if (f.version >= version) {
        lines = f.products;
        version = f.version;
      }
    } else if (f.type === 'event') {
      version = f.version;
      const flag = f.product?.flag;
      if (f.operation === CartOperation.Add || f.operation === CartOperation.Edit) {
        const i = lines.findIndex((l) => l.flag === flag);
        lines = i < 0 ? [...lines, f.product!] : lines.map((l, j) => (j === i ? f.product! : l));
      } else if (f.operation === CartOperation.Delete) {
        lines = lines.filter((l) => l.flag !== flag);
      } else if (f.operation === CartOperation.Clear || f.operation === CartOperation.Submitted) {
        lines = [];
      }
    }
  }
  return { lines, version };
}

/**
 * Checks one socket's frames: after its first snapshot every event is the next version (a later
 * snapshot may move it on), so no change reaches the socket twice and none is skipped unseen; no
 * reply comes twice. Returns the problems found.
 */
function deliveryProblems(frames: readonly WsServerMessage[]): string[] {
  const problems: string[] = [];
  let known: number | null = null;
  const replies = new Set<number>();
  frames.forEach((f, i) => {
    if (f.type === 'snapshot') known = Math.max(known ?? 0, f.version);
    else if (f.type === 'event') {
      if (known === null) problems.push(`frame ${i}: event v${f.version} before any snapshot`);
      else if (f.version <= known) problems.push(`frame ${i}: event v${f.version} delivered again (socket already at v${known})`);
      else if (f.version !== known + 1) problems.push(`frame ${i}: event v${f.version} after v${known} without a snapshot`);
      known = f.version;
    } else if (f.type === 'reply') {
      if (replies.has(f.seq)) problems.push(`frame ${i}: reply to seq ${f.seq} twice`);
      replies.add(f.seq);
    }
  });
  return problems;
}

/** Dishes without required choices, one per diner (their flags are the product id alone). */
const DISHES = [10303, 10305, 10306, 10501, 10503, 10208];
const OPS_PER_DINER = 36;
/** Process A is killed once this many operations have been acknowledged in all. */
const KILL_AFTER_ACKS = 70;

interface Socket {
  client: RoomClient;
  /** Index in the proxy's routes. */
  route: number;
}

interface Diner {
  index: number;
  token: string;
  flag: string;
  product: number;
  sockets: Socket[];
  /** The diner's own line as acknowledged so far. */
  line: LineState;
  seq: number;
  /** Acknowledged operations, with the index of the socket that carried them. */
  acked: Array<{ seq: number; op: PlannedOp; version: number; socket: number }>;
  /** Operations in flight when a socket dropped, and what the snapshot showed of them. */
  inFlight: Array<{ op: PlannedOp; outcome: 'committed' | 'lost' }>;
  joins: number;
}

describeOnPostgres('a room survives kill -9 of one of its two processes behind a load balancer', () => {
  let a: Node;
  let b: Node;
  let redis: RedisProcess | undefined;
  let database: OwnDatabase | undefined;
  let proxy: TcpProxy;
  let databaseUrl: string;
  /** The backend the next connection through the proxy should go to, while it is live. */
  let prefer = 0;
  /** Everything the test opens, closed in afterAll even when an assertion failed half-way. */
  const sockets: RoomClient[] = [];
  let pg: Client | undefined;

  beforeAll(async () => {
    redis = await spawnRedis();
    database = await createDatabase(url, DB);
    databaseUrl = database.url;
    a = await spawnNode({ name: 'a', group: GROUP, databaseUrl, redisUrl: redis.url });
    b = await spawnNode({ name: 'b', group: GROUP, databaseUrl, redisUrl: redis.url });
    proxy = await startTcpProxy([a.port, b.port], { choose: (live) => (live.includes(prefer) ? prefer : live[0]) });
  }, 200_000);

  afterAll(async () => {
    for (const c of sockets) c.ws.terminate();
    await pg?.end().catch(() => undefined);
    await proxy?.close();
    await Promise.all([a, b].map((n) => n?.stop()));
    await redis?.stop();
    await database?.drop();
  });

  test('its diners reconnect to the other process, no acknowledged operation is lost and the carts converge', async () => {
    const proxyBase = `http://127.0.0.1:${proxy.port}`;
    const diners: Diner[] = [];
    for (let i = 0; i < DISHES.length; i++) {
      const { token } = await call<{ token: string }>(i % 2 ? b.base : a.base, 'user/login', { id: SHOP.restaurant, code: `room-failover-${i}` });
      diners.push({ index: i, token, product: DISHES[i], flag: lineFlag(DISHES[i]), sockets: [], line: null, seq: 0, acked: [], inFlight: [], joins: 0 });
    }
    // every diner scans the table's code (TABLE-7): seated in its session
    const order = await call<{ id: number; roomId: string }>(a.base, 'table/order', { person: 4, tableId: TABLE.A4, tableCode: TABLE_CODE.A4, openId: 'x', nickName: 'n', avatarUrl: '' }, diners[0].token);
    for (const d of diners.slice(1)) await call(a.base, 'table/order', { person: 4, tableId: TABLE.A4, tableCode: TABLE_CODE.A4, openId: 'x', nickName: 'n', avatarUrl: '' }, d.token);

    // connections are opened one at a time, so the proxy's next route is the one a socket gets
    let connecting: Promise<unknown> = Promise.resolve();
    /** Opens a socket through the proxy, joins and waits for the snapshot; null if no socket opened. */
    const enter = async (d: Diner): Promise<{ socket: Socket; snapshot: Snapshot } | null> => {
      let route = -1;
      const connected = connecting.then(() => {
        route = proxy.routes.length;
        return connectRoom(proxyBase, order.roomId, d.token).catch(() => null);
      });
      connecting = connected;
      const client = await connected;
      if (!client) return null;
      sockets.push(client);
      // a reset connection reports an error before its close: the close is what counts here
      client.ws.on('error', () => undefined);
      const socket = { client, route };
      d.sockets.push(socket);
      client.send({ type: 'join', nickname: `Diner ${d.index}`, avatar: '' });
      d.joins++;
      const snapshot = await frameOrDrop(client, isSnapshot);
      // only A dies here, and no socket goes to A once it is down: a join left unanswered is a failure
      if (!snapshot) throw new Error(`diner ${d.index}: socket through route ${route} dropped before its snapshot`);
      return { socket, snapshot };
    };

    // diners 0, 2, 4 on A and 1, 3, 5 on B (connected one by one, so each route is known)
    for (const d of diners) {
      prefer = d.index % 2 ? b.port : a.port;
      const opened = await enter(d);
      expect(opened).not.toBeNull();
      expect(proxy.routes[opened!.socket.route].backend).toBe(prefer);
    }
    const onA = diners.filter((d) => d.index % 2 === 0);
    const onB = diners.filter((d) => d.index % 2 === 1);

    const db = new Client({ connectionString: databaseUrl });
    pg = db;
    await db.connect();
    const readRow = async () => {
      const { rows } = await db.query<{ version: number; lines: unknown[] }>('SELECT version, lines FROM rooms WHERE id = $1', [order.roomId]);
      return { version: rows[0].version, lines: rows[0].lines.map((l) => CartLineSchema.parse(l)) };
    };

    /*
     * The kill. Once KILL_AFTER_ACKS operations are acknowledged, two of A's diners send their next
     * operation through a held connection: diner 0's reply is held by the proxy (the operation commits
     * on A, the answer never arrives) and diner 2's request is held (it never reaches A). When A has
     * committed diner 0's operation, A is killed while diner 4 on A and B's diners are sending freely.
     */
    const held: Partial<Record<number, { direction: TcpDirection; sent: (p: Pending) => void; pending: Promise<Pending> }>> = {};
    for (const [index, direction] of [
      [0, 'toClient'],
      [2, 'toBackend'],
    ] as const) {
      let sent!: (p: Pending) => void;
      const pending = new Promise<Pending>((resolve) => (sent = resolve));
      held[index] = { direction, sent, pending };
    }
    let acks = 0;
    let armed = false;
    const kill = { at: 0, routesBefore: 0, done: Promise.resolve() };
    const aExited = a.exited;
    const killA = async () => {
      const replyHeld = await held[0]!.pending;
      await held[2]!.pending;
      const committed = after(replyHeld.before, replyHeld.op);
      for (let i = 0; ; i++) {
        const { lines } = await readRow();
        if (JSON.stringify(stateOf(lines.find((l) => l.flag === diners[0].flag))) === JSON.stringify(committed)) break;
        if (i > 1000) throw new Error('diner 0: the operation whose reply is held did not commit on A');
        await sleep(5);
      }
      kill.at = Date.now();
      kill.routesBefore = proxy.routes.length;
      a.child.kill('SIGKILL');
      // the load balancer's health check: no new connection goes to A
      proxy.markDown(a.port);
    };

    const run = async (d: Diner) => {
      const random = seededRandom(1000 + d.index);
      for (let n = 0; n < OPS_PER_DINER; n++) {
        const op = nextOp(random, d.line);
        for (;;) {
          const socket = d.sockets[d.sockets.length - 1];
          const seq = ++d.seq;
          const before = d.line;
          const product: CartLine = {
            id: d.product,
            name: 'x',
            price: 0,
            typeid: 1,
            flag: d.flag,
            quantity: op.type === 'delete' ? before?.quantity ?? 0 : op.quantity,
            ...(op.type === 'add' ? {} : { version: before!.version }),
          };
          const hold = held[d.index];
          if (armed && hold && d.sockets.length === 1) proxy.hold(socket.route, hold.direction);
          socket.client.send({ type: op.type, seq, product });
          if (armed && hold && d.sockets.length === 1) hold.sent({ before, op });
          const reply = await frameOrDrop(socket.client, replyTo(seq));
          if (reply) {
            expect({ diner: d.index, seq, code: reply.code, reason: reply.reason }).toEqual({ diner: d.index, seq, code: CartReplyCode.ok, reason: '' });
            d.line = after(before, op);
            // the server's line after this operation is the one the diner's own count predicts
            expect({ diner: d.index, seq, line: stateOf(reply.latestProduct) }).toEqual({ diner: d.index, seq, line: d.line });
            d.acked.push({ seq, op, version: reply.version, socket: d.sockets.length - 1 });
            if (++acks === KILL_AFTER_ACKS) {
              armed = true;
              kill.done = killA();
              kill.done.catch(() => undefined);
            }
            break;
          }
          // the socket dropped with the operation unanswered: reconnect through the proxy and settle it
          let opened: Awaited<ReturnType<typeof enter>> = null;
          for (let attempt = 0; !opened; attempt++) {
            if (attempt > 50) throw new Error(`diner ${d.index} could not reconnect`);
            await sleep(20);
            opened = await enter(d);
          }
          const seen = stateOf(opened.snapshot.products.find((l) => l.flag === d.flag));
          const done = after(before, op);
          if (JSON.stringify(seen) === JSON.stringify(done)) {
            d.inFlight.push({ op, outcome: 'committed' });
            d.line = done;
            break;
          }
          // not committed: the line is exactly as before it, and the operation is sent again
          expect({ diner: d.index, seq, op, line: seen }).toEqual({ diner: d.index, seq, op, line: before });
          d.inFlight.push({ op, outcome: 'lost' });
        }
      }
    };

    const started = Date.now();
    await Promise.all(diners.map(run));
    const sessionMs = Date.now() - started;
    await kill.done;
    await aExited;
    expect(kill.at).toBeGreaterThan(0);

    // the operation whose reply was held is found committed (and not sent again); the one whose
    // request was held is found missing and sent again; diner 4's is whatever the kill left it
    expect(diners[0].inFlight.map((x) => x.outcome)).toEqual(['committed']);
    expect(diners[2].inFlight.map((x) => x.outcome)).toEqual(['lost']);
    expect(diners[4].inFlight.length).toBeLessThanOrEqual(1);

    // A's diners each lost their socket once and came back through the proxy, on B; B's never dropped
    for (const d of onA) {
      expect({ diner: d.index, sockets: d.sockets.length }).toEqual({ diner: d.index, sockets: 2 });
      expect(proxy.routes[d.sockets[1].route].backend).toBe(b.port);
      // ...and went on sending there
      expect(d.acked.filter((x) => x.socket === 1).length).toBeGreaterThan(0);
    }
    for (const d of onB) expect({ diner: d.index, sockets: d.sockets.length }).toEqual({ diner: d.index, sockets: 1 });
    for (const r of proxy.routes.slice(kill.routesBefore)) expect(r.backend).toBe(b.port);

    // every acknowledged operation has a version of its own
    const ackVersions = diners.flatMap((d) => d.acked.map((x) => x.version));
    expect(new Set(ackVersions).size).toBe(ackVersions.length);

    // the room as PostgreSQL holds it
    const row = await readRow();

    // each diner's first join + committed operations, nothing else: no version spent on a lost or
    // doubled operation (a reconnect joins again under the same name and writes nothing)
    const joins = diners.reduce((n, d) => n + Math.min(d.joins, 1), 0);
    const committed = diners.reduce((n, d) => n + d.acked.length + d.inFlight.filter((x) => x.outcome === 'committed').length, 0);
    expect(row.version).toBe(joins + committed);

    // the cart the diners' own counts give
    const bySeen = (lines: CartLine[]) => [...lines].sort((x, y) => x.flag.localeCompare(y.flag)).map((l) => ({ flag: l.flag, ...stateOf(l) }));
    const expected = diners
      .filter((d) => d.line !== null)
      .map((d) => ({ flag: d.flag, ...d.line! }))
      .sort((x, y) => x.flag.localeCompare(y.flag));
    expect(bySeen(row.lines)).toEqual(expected);

    // every diner's last socket reaches the final version and holds that very cart
    await Promise.all(diners.map((d) => d.sockets[d.sockets.length - 1].client.until((frames) => cartOf(frames).version >= row.version, 10_000)));
    for (const d of diners) {
      for (const s of d.sockets) expect({ diner: d.index, route: s.route, problems: deliveryProblems(s.client.frames) }).toEqual({ diner: d.index, route: s.route, problems: [] });
      const cart = cartOf(d.sockets[d.sockets.length - 1].client.frames);
      expect({ diner: d.index, ...cart }).toEqual({ diner: d.index, version: row.version, lines: row.lines });
    }

    // B answers with the same cart over HTTP...
    const synced = await call<{ products: CartLine[]; version: number }>(b.base, 'consumer/cart-sync', { room: order.roomId }, diners[1].token);
    expect({ version: synced.version, lines: synced.products.map((l) => CartLineSchema.parse(l)) }).toEqual(row);
    // ...and to a late socket the proxy first sends to A (back in its list as a stale health check
    // would put it): the connection to the dead process fails and falls over to B
    proxy.markUp(a.port);
    prefer = a.port;
    const { token: lateToken } = await call<{ token: string }>(b.base, 'user/login', { id: SHOP.restaurant, code: 'room-failover-late' });
    // a late diner scans the table's code too: only the session's diners enter its room (TABLE-7)
    await call(b.base, 'table/order', { person: 4, tableId: TABLE.A4, tableCode: TABLE_CODE.A4, openId: 'x', nickName: 'n', avatarUrl: '' }, lateToken);
    const lateRoute = proxy.routes.length;
    const late = await connectRoom(proxyBase, order.roomId, lateToken);
    sockets.push(late);
    expect(proxy.routes[lateRoute]).toEqual({ backend: b.port, failedOver: [a.port] });
    late.send({ type: 'sync', seq: 1 });
    const snap = await late.next((f): f is Snapshot => f.type === 'snapshot' && f.seq === 1, 10_000);
    expect({ version: snap.version, lines: snap.products }).toEqual(row);
    proxy.markDown(a.port);
    late.close();

    const inFlight = diners.flatMap((d) => d.inFlight);
    console.info(
      `failover: ${acks} operations acknowledged, session ${sessionMs} ms (A killed after ${kill.at - started} ms); ` +
        `in flight on A when it died: ${inFlight.filter((x) => x.outcome === 'committed').length} committed, ${inFlight.filter((x) => x.outcome === 'lost').length} lost and sent again; ` +
        `room version ${row.version} (${joins} joins)`,
    );
    for (const d of diners) for (const s of d.sockets) s.client.close();
  }, 180_000);
});

describe('tcp proxy', () => {
  /** A backend that answers every chunk with its port and the chunk. */
  const echo = async () => {
    const conns = new Set<net.Socket>();
    const server = net.createServer((s) => {
      conns.add(s);
      s.on('close', () => conns.delete(s));
      s.on('error', () => undefined);
      s.on('data', (d) => s.write(`${(server.address() as net.AddressInfo).port}:${d.toString()}`));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as net.AddressInfo).port;
    return { port, conns, close: () => new Promise<void>((r) => { for (const c of conns) c.destroy(); server.close(() => r()); }) };
  };
  const talk = (port: number) =>
    new Promise<{ socket: net.Socket; ask: (text: string) => Promise<string>; closed: Promise<void> }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      const closed = new Promise<void>((r) => socket.once('close', () => r()));
      const ask = (text: string) =>
        new Promise<string>((res, rej) => {
          socket.once('data', (d) => res(d.toString()));
          socket.once('close', () => rej(new Error('closed')));
          socket.write(text);
        });
      socket.once('connect', () => resolve({ socket, ask, closed }));
      socket.once('error', reject);
    });

  test('round robin, markDown, fall-over from a dead backend, hold and release, drop on backend loss, close', async () => {
    const one = await echo();
    const two = await echo();
    const deadPort = await freePort();
    const proxy = await startTcpProxy([one.port, deadPort, two.port]);
    try {
      // round robin over the list; the dead port refuses and the connection falls over to the next
      const answers: string[] = [];
      for (let i = 0; i < 3; i++) {
        const c = await talk(proxy.port);
        answers.push(await c.ask('hi'));
        c.socket.destroy();
      }
      expect(answers).toEqual([`${one.port}:hi`, `${two.port}:hi`, `${two.port}:hi`]);
      expect(proxy.routes.map((r) => r.failedOver)).toEqual([[], [deadPort], []]);

      // marked down: no new connection goes there
      proxy.markDown(one.port);
      proxy.markDown(deadPort);
      for (let i = 0; i < 2; i++) {
        const c = await talk(proxy.port);
        expect(await c.ask('x')).toBe(`${two.port}:x`);
        c.socket.destroy();
      }

      // held: the bytes wait in the proxy until released, in either direction
      const slow = await talk(proxy.port);
      const slowRoute = proxy.routes.length - 1;
      proxy.hold(slowRoute, 'toClient');
      let answered = '';
      const answer = slow.ask('late').then((t) => (answered = t));
      await new Promise((r) => setTimeout(r, 50));
      expect(answered).toBe('');
      proxy.release(slowRoute, 'toClient');
      await answer;
      expect(answered).toBe(`${two.port}:late`);
      proxy.hold(slowRoute, 'toBackend');
      let heard = '';
      const unheard = slow.ask('later').then((t) => (heard = t));
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toBe('');
      proxy.release(slowRoute, 'toBackend');
      await unheard;
      expect(heard).toBe(`${two.port}:later`);
      // a held answer is lost when the backend goes away, and the client is dropped at once
      proxy.hold(slowRoute, 'toClient');
      const lost = slow.ask('never');
      await new Promise((r) => setTimeout(r, 50));
      for (const s of two.conns) s.destroy();
      await expect(lost).rejects.toThrow('closed');
      await slow.closed;

      // the backend goes away: the client's connection ends too
      const kept = await talk(proxy.port);
      expect(await kept.ask('y')).toBe(`${two.port}:y`);
      for (const s of two.conns) s.destroy();
      await kept.closed;

      // close ends open connections
      proxy.markUp(one.port);
      const open = await talk(proxy.port);
      await open.ask('z');
      await proxy.close();
      await open.closed;
    } finally {
      await proxy.close().catch(() => undefined);
      await one.close();
      await two.close();
    }
  });
});
