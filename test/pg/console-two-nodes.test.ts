/**
 * The staff console's live board on two server processes (CONSOLE-2; docs/architecture.md §5, §6):
 * one PostgreSQL, one Redis (a redis-server started here), two nodes, and a TCP load balancer in front
 * of them (test/support/tcp-proxy.ts) — one for the board's live channel, one for its calls, so each
 * connection's backend is known. The customer orders on node A; the board is the console page's own
 * code (console/src: `LiveChannel`'s reconnect rule, `BoardStore`, `ConsoleApi`) with the staff
 * member's session cookie, and the load balancer sends it to node B.
 *
 *  - an order placed on A reaches the board's socket on B (through the Redis bus);
 *  - node B gets kill -9 (and is marked down in the load balancer); the board's socket drops, an order
 *    is placed on A while it is down, then the channel's retry (its own backoff; this test only holds
 *    the retry until that order is committed) reconnects through the load balancer — to A — and on
 *    `hello` fetches the board: that board holds every order of the shop, none twice;
 *  - orders placed after the reconnect reach the socket on A once each; the final board, the board
 *    store and the database agree.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import WebSocket from 'ws';
import { ConsoleApi, type FetchLike } from '../../console/src/api';
import { BoardStore } from '../../console/src/stores/board';
import { ClockStore } from '../../console/src/stores/clock';
import { LiveChannel, seededRandom, type SocketLike, type Timers } from '../../console/src/stores/live';
import { SHOP } from '../../server/src/demo/ids';
import { API_BASE } from '../../src/api/contract/common';
import {
  CONSOLE_API_BASE,
  CONSOLE_SESSION_COOKIE,
  CONSOLE_WS_PATH,
  ConsoleWsMessage,
  type BoardOrder,
} from '../../src/api/contract/console';
import { TEST_INSTANT } from '../support/clock';
import { consumerCall, spawnNode } from '../support/nodes';
import { postgresUrlFor } from '../support/postgres';
import {
  createDatabase,
  spawnRedis,
  waitUntil,
  type OwnDatabase,
  type RedisProcess,
  type ServerProcess,
} from '../support/processes';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

const url = postgresUrlFor('test/pg/console-two-nodes');
const describeOnPostgres = url ? describe : describe.skip;

const GROUP = 'console-two-nodes';
const DB = 'app_console_two_nodes';
/** The demo's around-the-clock shop; its demo staff login (server/src/demo/staff.ts). */
const SHOP_ID = SHOP.retail;
const STAFF = { username: `staff-${SHOP_ID}`, password: `demo-staff-${SHOP_ID}` };
/** Chicken nuggets: a plain product (no specs or tastes). */
const NUGGETS = 20202;
/** A cash pickup order: it reaches the shop (and its board) as soon as it is committed. */
const ORDER = {
  type: 'selfPickup',
  payType: 'cash',
  products: [{ id: NUGGETS, quantity: 1, flag: 'a' }],
  pickupTime: 'ASAP',
  contact_name: 'Two Nodes',
  contact_phone: '+6591234567',
};
/** Generous limits for a busy machine: each is a deadline, not a pause. */
const WAIT = { timeoutMs: 20_000 };

type Frame = { socket: number; frame: ConsoleWsMessage };

/** order/confirm as the app sends it: the total quoted by the server, an idempotency key. */
async function confirm(
  node: ServerProcess,
  token: string,
  expectedTotal: number,
): Promise<{
  result: boolean;
  info: { id: number; status: string };
  code?: string;
  data?: { total: number };
}> {
  const res = await fetch(`${node.base}${API_BASE}order/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ ...ORDER, expectedTotal }),
  });
  return (await res.json()) as Awaited<ReturnType<typeof confirm>>;
}

describeOnPostgres('the console board on two processes through Redis, one of them killed', () => {
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let redis: RedisProcess | undefined;
  let database: OwnDatabase | undefined;
  /** The board's live channel and its calls each go through a load balancer of their own. */
  let wsProxy: TcpProxy | undefined;
  let httpProxy: TcpProxy | undefined;
  let live: LiveChannel | undefined;
  const sockets: WebSocket[] = [];
  let pg: Client | undefined;

  beforeAll(async () => {
    redis = await spawnRedis();
    database = await createDatabase(url as string, DB);
    // one after the other: the first applies the migrations and loads the demo (and its staff logins)
    a = await spawnNode({
      name: 'a',
      group: GROUP,
      databaseUrl: database.url,
      redisUrl: redis.url,
      clock: TEST_INSTANT,
    });
    // one clock for both (a TEST_CLOCK starts at its own process's start): B starts at A's reading
    b = await spawnNode({
      name: 'b',
      group: GROUP,
      databaseUrl: database.url,
      redisUrl: redis.url,
      clock: a.now(),
    });
    const preferB = (ports: readonly number[]) => (ports.includes(b!.port) ? b!.port : ports[0]);
    wsProxy = await startTcpProxy([a.port, b.port], { choose: preferB });
    httpProxy = await startTcpProxy([a.port, b.port], { choose: preferB });
  }, 200_000);

  afterAll(async () => {
    live?.stop();
    for (const s of sockets) s.terminate();
    await pg?.end().catch(() => undefined);
    await wsProxy?.close();
    await httpProxy?.close();
    await Promise.all([a, b].map((n) => n?.stop()));
    await redis?.stop();
    await database?.drop();
  });

  test('an order placed on A reaches the board on B; after kill -9 of B the board reconnects to A and holds every order once', async () => {
    const nodeA = a!;
    const nodeB = b!;
    const wsLb = wsProxy!;
    const httpLb = httpProxy!;

    // the customer, on A
    const { token } = await consumerCall<{ token: string }>(nodeA.base, 'user/login', {
      id: SHOP_ID,
      code: `${GROUP}-customer`,
    });
    const quoted = await confirm(nodeA, token, 0.0001);
    expect({ quote: quoted.code }).toEqual({ quote: 'amountError' });
    const total = quoted.data!.total;
    const placeOnA = async (): Promise<number> => {
      const r = await confirm(nodeA, token, total);
      expect({ placed: r.result, status: r.info?.status }).toEqual({ placed: true, status: 'pending' });
      return r.info.id;
    };

    // the staff member signs in through the load balancer (on B)
    const signIn = await fetch(`http://127.0.0.1:${httpLb.port}${CONSOLE_API_BASE}signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify(STAFF),
    });
    expect({ signIn: signIn.status }).toEqual({ signIn: 200 });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith(`${CONSOLE_SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();
    expect({ signInBackend: httpLb.routes[0].backend }).toEqual({ signInBackend: nodeB.port });

    // the console page's API layer, board store and live channel, as the browser runs them
    const boardAnswers: Array<{ afterHello: number; ids: number[] }> = [];
    let hellos = 0;
    let unauthorized = 0;
    const fetchWithCookie: FetchLike = async (u, init) => {
      const res = await fetch(u, {
        method: init.method,
        body: init.body,
        headers: { ...init.headers, cookie: cookie!, connection: 'close' },
      });
      const status = res.status;
      const text = await res.text();
      if (u.endsWith(`${CONSOLE_API_BASE}board`) && status === 200) {
        const info = (JSON.parse(text) as { info: { orders: BoardOrder[] } }).info;
        boardAnswers.push({ afterHello: hellos, ids: info.orders.map((o) => o.id) });
      }
      return { status, json: async () => JSON.parse(text) as unknown };
    };
    const api = new ConsoleApi({
      fetch: fetchWithCookie,
      base: `http://127.0.0.1:${httpLb.port}${CONSOLE_API_BASE}`,
    });
    const board = new BoardStore(api, new ClockStore(() => Date.now()), () => undefined);
    board.setShop(SHOP_ID);

    // every frame each socket received, checked against the contract here too (the channel drops what does not parse)
    const frames: Frame[] = [];
    const malformed: string[] = [];
    const socketFactory = (address: string): SocketLike => {
      const index = sockets.length;
      const ws = new WebSocket(address, { headers: { cookie: cookie! } });
      ws.on('error', () => undefined);
      ws.on('message', (data) => {
        const parsed = ConsoleWsMessage.safeParse(JSON.parse(String(data)));
        if (parsed.success) frames.push({ socket: index, frame: parsed.data });
        else malformed.push(String(data).slice(0, 300));
      });
      sockets.push(ws);
      return ws as unknown as SocketLike;
    };
    // the channel's own timers; its retry is held only while the test places the order of "while it was down"
    let gate: Promise<void> = Promise.resolve();
    const timers: Timers = {
      setTimeout: (fn, ms) => setTimeout(() => void gate.then(fn), ms),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    };
    live = new LiveChannel(
      {
        socket: socketFactory,
        timers,
        random: seededRandom(7),
        url: (shopId) => `ws://127.0.0.1:${wsLb.port}${CONSOLE_WS_PATH}?shopId=${shopId}`,
      },
      {
        onHello: () => {
          hellos += 1;
          void board.load();
        },
        onOrder: (order) => void board.upsert(order),
        onResync: () => void board.load(),
        onUnauthorized: () => {
          unauthorized += 1;
        },
      },
    );
    const channel = live;
    channel.connect(SHOP_ID);
    await waitUntil(
      'the board socket on B says hello and the board is loaded',
      () => hellos === 1 && boardAnswers.length === 1 && board.loaded,
      WAIT,
    );
    expect({ firstSocketBackend: wsLb.routes[0].backend }).toEqual({ firstSocketBackend: nodeB.port });

    const orderFrames = (socket: number, id: number) =>
      frames.filter(
        (f): f is { socket: number; frame: Extract<ConsoleWsMessage, { type: 'order' }> } =>
          f.socket === socket && f.frame.type === 'order' && f.frame.order.id === id,
      );

    // 1. placed on A, seen on the board socket on B
    const first = await placeOnA();
    await waitUntil(
      'order 1 on the board socket on B',
      () => orderFrames(0, first).length > 0 && board.orders.has(first),
      WAIT,
    );
    expect({ order: first, column: board.orders.get(first)?.column }).toEqual({
      order: first,
      column: 'new',
    });

    // 2. kill -9 B; the load balancer's health check marks it down
    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const bExit = await nodeB.kill9();
    expect({ bExit }).toEqual({ bExit: 'SIGKILL' });
    wsLb.markDown(nodeB.port);
    httpLb.markDown(nodeB.port);
    await waitUntil('the board socket dropped', () => channel.state === 'down', WAIT);

    // 3. an order placed while the board is down, then the channel's retry goes on
    const whileDown = await placeOnA();
    expect({ hellosWhileDown: hellos, boardHasIt: board.orders.has(whileDown) }).toEqual({
      hellosWhileDown: 1,
      boardHasIt: false,
    });
    release();
    await waitUntil(
      'the board socket reconnected (to A) and the board was fetched after its hello',
      () => hellos === 2 && boardAnswers.some((x) => x.afterHello === 2),
      WAIT,
    );
    expect({ secondSocketBackend: wsLb.routes[1]?.backend }).toEqual({ secondSocketBackend: nodeA.port });
    const afterReconnect = boardAnswers.find((x) => x.afterHello === 2)!;
    // every order so far, none twice
    expect({ ids: [...afterReconnect.ids].sort((x, y) => x - y) }).toEqual({
      ids: [first, whileDown].sort((x, y) => x - y),
    });
    await waitUntil(
      'the board store holds the order placed while down',
      () => board.orders.has(whileDown),
      WAIT,
    );

    // 4. orders placed after the reconnect reach the socket on A, once each
    const later = [await placeOnA(), await placeOnA()];
    await waitUntil(
      'the later orders on the board socket on A',
      () => later.every((id) => orderFrames(1, id).length > 0 && board.orders.has(id)),
      WAIT,
    );

    // the database's orders of the shop, the final board and the board store agree: every order once
    pg = new Client({ connectionString: database!.url });
    await pg.connect();
    const { rows } = await pg.query<{ id: number }>('SELECT id FROM orders WHERE shop_id = $1 ORDER BY id', [
      SHOP_ID,
    ]);
    const all = rows.map((r) => Number(r.id));
    expect({ all }).toEqual({ all: [first, whileDown, ...later].sort((x, y) => x - y) });
    const final = await api.call('board', { shopId: SHOP_ID });
    expect({ finalBoard: final.orders.map((o) => o.id).sort((x, y) => x - y) }).toEqual({ finalBoard: all });
    expect({ store: [...board.orders.keys()].sort((x, y) => x - y) }).toEqual({ store: all });
    for (const o of final.orders)
      expect({ id: o.id, status: o.status, column: o.column }).toEqual({
        id: o.id,
        status: 'pending',
        column: 'new',
      });

    // no card state came twice on either socket; nothing malformed, no refusal, no resync needed
    const states = frames
      .filter((f) => f.frame.type === 'order')
      .map((f) => {
        const o = (f.frame as Extract<ConsoleWsMessage, { type: 'order' }>).order;
        return `${f.socket}:${o.id}:${o.status}:${o.updatedAt}`;
      });
    expect({ duplicates: states.filter((s, i) => states.indexOf(s) !== i) }).toEqual({ duplicates: [] });
    expect({ malformed, unauthorized, sockets: sockets.length }).toEqual({
      malformed: [],
      unauthorized: 0,
      sockets: 2,
    });
    expect({
      onSocketOnB:
        orderFrames(0, whileDown).length + later.reduce((n, id) => n + orderFrames(0, id).length, 0),
    }).toEqual({ onSocketOnB: 0 });
    channel.stop();
  }, 180_000);
});
