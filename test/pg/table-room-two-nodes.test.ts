/**
 * One table room served by two server processes (TABLE-6, SERVER-2): one PostgreSQL, one Redis (a
 * redis-server started here). Diners connected to different processes fill one cart; every diner
 * receives every operation exactly once, in version order, and the carts converge.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { SHOP, TABLE } from '../../server/src/demo/ids';
import { lineFlag } from '../../src/domain/pricing';
import { CartReplyCode } from '../../src/domain/enums';
import { connectRoom, isReply, isSnapshot, type RoomClient } from '../support/room-client';

const url = process.env.DATABASE_URL ?? '';
const onPostgres = /^postgres(ql)?:\/\//.test(url);
if (!onPostgres) console.warn('test/pg/table-room-two-nodes skipped: DATABASE_URL is not a postgres:// URL.');
const describeOnPostgres = onPostgres ? describe : describe.skip;

const ROOT = path.resolve(__dirname, '../..');
const DB = 'app_room_two_nodes';

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
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`port ${port} did not open`);
}

interface Node {
  base: string;
  child: ChildProcess;
}

async function startNode(databaseUrl: string, redisUrl: string): Promise<Node> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'room-node-')),
      STATIC_DIR: mkdtempSync(path.join(os.tmpdir(), 'room-node-static-')),
      PAYMENTS: 'sandbox',
      PAY_SANDBOX_SECRET: 'room-two-nodes-sandbox',
      VIP_TOKEN_SECRET: 'room-two-nodes-vip-token',
      ENCRYPT_PARAMS_SECRET: 'room-two-nodes-params',
      DEMO_MODE: '1',
      DEMO_LARGE_SHOP: '0',
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const started = Date.now();
  while (!output.includes('API base:')) {
    if (Date.now() - started > 90_000 || child.exitCode !== null) throw new Error(`node did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, child };
}

async function call<T>(node: Node, pathName: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${node.base}/new/consumer/${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { result: boolean; info: T };
  if (!json.result) throw new Error(`${pathName}: ${JSON.stringify(json)}`);
  return json.info;
}

const TOMATO_EGG = 10303;
const line = { id: TOMATO_EGG, name: 'x', price: 0, quantity: 1, flag: lineFlag(TOMATO_EGG), typeid: 1 };

describeOnPostgres('one room on two processes through Redis', () => {
  let a: Node;
  let b: Node;
  let redis: ChildProcess;
  beforeAll(async () => {
    const redisPort = await freePort();
    redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitPort(redisPort);
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB}`);
    await admin.end();
    const own = new URL(url);
    own.pathname = `/${DB}`;
    a = await startNode(own.toString(), `redis://127.0.0.1:${redisPort}`);
    b = await startNode(own.toString(), `redis://127.0.0.1:${redisPort}`);
  }, 200_000);
  afterAll(async () => {
    for (const n of [a, b]) n?.child.kill('SIGTERM');
    redis?.kill('SIGKILL');
  });

  test('diners on A and on B each see every operation exactly once and end with the same cart', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { token } = await call<{ token: string }>(i % 2 ? b : a, 'user/login', { id: SHOP.restaurant, code: `room-two-nodes-${i}` });
      tokens.push(token);
    }
    const order = await call<{ id: number; roomId: string }>(a, 'table/order', { person: 4, tableId: TABLE.A4, openId: 'x', nickName: 'n', avatarUrl: '' }, tokens[0]);
    const clients: RoomClient[] = [];
    for (let i = 0; i < 4; i++) {
      const c = await connectRoom(i % 2 ? b.base : a.base, order.roomId, tokens[i]);
      c.send({ type: 'join', nickname: `Diner ${i}`, avatar: '' });
      await c.next(isSnapshot);
      clients.push(c);
    }
    // 4 diners × 5 adds, all in flight at once (each diner's own ops one at a time, as the app sends them)
    await Promise.all(
      clients.map(async (c) => {
        for (let s = 1; s <= 5; s++) {
          c.send({ type: 'add', seq: s, product: line });
          const r = await c.next(isReply(s), 10_000);
          expect(r.code).toBe(CartReplyCode.ok);
        }
      }),
    );
    // joins (4) + adds (20) = version 24
    const last = (c: RoomClient) => Math.max(...c.frames.map((f) => ('version' in f && f.type !== 'reply' ? f.version : 0)));
    await Promise.all(clients.map((c) => c.until(() => last(c) >= 24, 10_000)));
    for (const c of clients) {
      const snap = c.frames.find((f) => f.type === 'snapshot');
      const events = c.frames.filter((f) => f.type === 'event').map((f) => (f as { version: number }).version);
      // after its first snapshot a diner gets each later version once, in order (or a snapshot covering a gap)
      const resyncs = c.frames.filter((f) => f.type === 'snapshot').length - 1;
      expect(new Set(events).size).toBe(events.length);
      expect(events).toEqual([...events].sort((x, y) => x - y));
      if (resyncs === 0) expect(events).toEqual(Array.from({ length: 24 - (snap as { version: number }).version }, (_, i) => (snap as { version: number }).version + i + 1));
    }
    const cartA = await call<{ products: Array<{ quantity: number }>; version: number }>(a, 'consumer/cart-sync', { room: order.roomId }, tokens[0]);
    const cartB = await call<{ products: Array<{ quantity: number }>; version: number }>(b, 'consumer/cart-sync', { room: order.roomId }, tokens[1]);
    expect(cartA).toEqual(cartB);
    expect(cartA.products.map((p) => p.quantity)).toEqual([20]);
    clients.forEach((c) => c.close());
  }, 120_000);
});
