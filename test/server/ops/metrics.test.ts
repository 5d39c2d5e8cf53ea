/**
 * OPS-1 metrics: `GET /metrics` does not exist without METRICS_KEY (404), answers 401 to any other
 * authorisation than `Bearer <METRICS_KEY>`, and 200 Prometheus text to it. The request histogram
 * counts exactly the requests made, under the route's pattern (never the URL, its ids or query);
 * the database histograms, the websocket gauges, the outbox depths read at scrape time and the
 * payment notification counters move with what happened; no phone, token or address is in a label.
 */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { API_BASE } from '../../../src/api/contract/common';
import { CUSTOMER_ORDERS_WS_PATH } from '../../../src/api/contract/console';
import { storeCalls } from '../../../src/api/contract/store';
import { tableCalls } from '../../../src/api/contract/table';
import { SHOP, TABLE, TABLE_CODE } from '../../../server/src/demo/ids';
import { refunds } from '../../../server/src/db/schema';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { connectRoom, type RoomClient } from '../../support/room-client';
import { postNotification, sandboxNotification } from '../../support/sandbox-provider';
import { waitUntil } from '../../support/processes';
import { completeTrade, dine, place, startPay, success } from '../orders/helpers';
import { appOn, samples, valueOf, type Sample } from './support';

jest.setTimeout(60_000);

const KEY = 'metrics-key-0123456789abcdef';
const PHONE = '13812345678';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ config: { metricsKey: KEY } });
}, 60_000);
afterAll(() => server.close());

const scrape = async (authorization?: string) => {
  const res = await server.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization === undefined ? {} : { authorization },
  });
  return { status: res.statusCode, headers: res.headers, text: res.body };
};
const metrics = async (): Promise<Sample[]> => {
  const res = await scrape(`Bearer ${KEY}`);
  expect(res.status).toBe(200);
  return samples(res.text);
};

const detail = (token: string) =>
  server.app.inject({
    method: 'POST',
    url: API_BASE + storeCalls.detail.path,
    headers: { 'content-type': 'application/json', token },
    payload: JSON.stringify({ id: SHOP.restaurant }),
  });

describe('access', () => {
  test('without METRICS_KEY there is no /metrics (404)', async () => {
    const app = await appOn(server, { metricsKey: null });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${KEY}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  test.each([
    ['no authorisation', undefined],
    ['a wrong key of the same length', `Bearer ${KEY.slice(0, -1)}x`],
    ['a wrong key of another length', 'Bearer metrics'],
    ['an empty bearer', 'Bearer '],
    ['the key without the Bearer scheme', KEY],
    ['the key as Basic credentials', `Basic ${Buffer.from(`x:${KEY}`).toString('base64')}`],
  ])('%s: 401, no figures', async (_how, authorization) => {
    const res = await scrape(authorization);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.text).not.toContain('http_request_duration_seconds');
  });

  test('the right key: 200 Prometheus text', async () => {
    const res = await scrape(`Bearer ${KEY}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'http_request_duration_seconds',
      'http_server_errors_total',
      'db_statement_duration_seconds',
      'db_transaction_duration_seconds',
      'websocket_connections',
      'table_rooms',
      'table_room_sockets',
      'outbox_depth',
      'outbox_oldest_open_seconds',
      'payment_notifications_total',
      'process_cpu_seconds_total',
    ]) {
      expect(res.text).toContain(`# TYPE ${name} `);
    }
  });
});

describe('the request histogram', () => {
  test('counts each request once under its route pattern, method and status class; 404s as unmatched, without their URL', async () => {
    const route = API_BASE + storeCalls.detail.path;
    const token = await server.login(SHOP.restaurant);
    const before = await metrics();
    const N = 3;
    for (let i = 0; i < N; i += 1) expect((await detail(token)).statusCode).toBe(200);
    // unknown addresses carrying a phone and an id: counted, never named
    for (const url of [`/nowhere/${PHONE}?phone=${PHONE}`, `/orders/98765?token=secret-token-1`]) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const after = await metrics();
    const count = (s: Sample[], labels: Record<string, string>) =>
      valueOf(s, 'http_request_duration_seconds_count', labels);
    const labels = { route, method: 'POST', status_class: '2xx' };
    expect(count(after, labels) - count(before, labels)).toBe(N);
    const unmatched = { route: 'unmatched', method: 'GET', status_class: '4xx' };
    expect(count(after, unmatched) - count(before, unmatched)).toBe(2);
    // the buckets the docs' lines are drawn at
    const les = after
      .filter(
        (s) =>
          s.name === 'http_request_duration_seconds_bucket' &&
          s.labels.route === route &&
          s.labels.method === 'POST',
      )
      .map((s) => s.labels.le);
    expect(les).toEqual(expect.arrayContaining(['0.05', '1', '+Inf']));
    const text = (await scrape(`Bearer ${KEY}`)).text;
    for (const secret of [PHONE, '98765', 'secret-token-1', '/nowhere', 'phone=', token])
      expect(text).not.toContain(secret);
  });

  test('a 5xx is counted as a server error of its route', async () => {
    // a node under pressure answers 503: a server error of the route it refused
    const app = await appOn(server, {
      metricsKey: KEY,
      pressure: {
        ...server.ctx.config.pressure,
        maxEventLoopDelayMs: 0,
        maxHeapUsedBytes: 1,
        sampleIntervalMs: 50,
      },
    });
    try {
      const route = API_BASE + storeCalls.detail.path;
      const refused = await waitUntil('a refusal under pressure', async () => {
        const res = await app.inject({
          method: 'POST',
          url: route,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ id: SHOP.restaurant }),
        });
        return res.statusCode === 503 ? res : false;
      });
      expect(refused.statusCode).toBe(503);
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${KEY}` },
      });
      expect(res.statusCode).toBe(200);
      const s = samples(res.body);
      expect(
        valueOf(s, 'http_server_errors_total', { route, method: 'POST', status: '503' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        valueOf(s, 'http_request_duration_seconds_count', { route, method: 'POST', status_class: '5xx' }),
      ).toBe(valueOf(s, 'http_server_errors_total', { route, method: 'POST', status: '503' }));
    } finally {
      await app.close();
    }
  });
});

describe('the database histograms', () => {
  test('count statements and transactions as they happen', async () => {
    const before = await metrics();
    const token = await server.login(SHOP.restaurant);
    // an online payment settles in a transaction
    const o = await place(server, token, dine({ payType: 'weixin' }));
    await completeTrade(server, await startPay(server, token, o.id, 'weixin'));
    const after = await metrics();
    const moved = (name: string) =>
      valueOf(after, name, { outcome: 'ok' }) - valueOf(before, name, { outcome: 'ok' });
    expect(moved('db_statement_duration_seconds_count')).toBeGreaterThan(0);
    expect(moved('db_transaction_duration_seconds_count')).toBeGreaterThan(0);
  });
});

describe('payment notifications', () => {
  test('an accepted notification and a refused (forged) one are counted by provider and result', async () => {
    const before = await metrics();
    const token = await server.login(SHOP.restaurant);
    const o = await place(server, token, dine({ payType: 'weixin' }));
    const start = await startPay(server, token, o.id, 'weixin');
    expect(await completeTrade(server, start)).toEqual({ outcome: 'settled' });
    const tradeNo = start.kind === 'wallet' ? start.tradeNo : '';
    const forged = sandboxNotification(
      { type: 'paid', tradeNo, amount: '1.00' },
      server.clock.now(),
      'not-the-secret',
    );
    expect((await postNotification(server.app, 'sandbox', forged)).status).not.toBe(200);
    const after = await metrics();
    const moved = (result: string) =>
      valueOf(after, 'payment_notifications_total', { provider: 'sandbox', result }) -
      valueOf(before, 'payment_notifications_total', { provider: 'sandbox', result });
    expect({ accepted: moved('accepted'), refused: moved('refused') }).toEqual({ accepted: 1, refused: 1 });
  });
});

describe('outbox depths', () => {
  beforeEach(() => server.reset());

  test("are read at scrape time: each open state, zero when empty, and the oldest open row's age", async () => {
    const empty = await metrics();
    expect(valueOf(empty, 'outbox_depth', { outbox: 'refunds', state: 'pending' })).toBe(0);
    expect(valueOf(empty, 'outbox_depth', { outbox: 'notices', state: 'pending' })).toBe(0);
    expect(valueOf(empty, 'outbox_oldest_open_seconds', { outbox: 'refunds' })).toBe(0);
    const now = server.clock.now();
    // two pending refunds, not due for an hour (the worker leaves them), the older queued 90 s ago
    await server.db.insert(refunds).values(
      [90_000, 30_000].map((ago, i) => ({
        paymentId: 999_000 + i,
        refundNo: `OPS-TEST-${i}`,
        amount: '1',
        reason: 'ops test',
        state: 'pending',
        nextAttemptAt: now + 3_600_000,
        createdAt: now - ago,
        updatedAt: now - ago,
      })),
    );
    const after = await metrics();
    expect(valueOf(after, 'outbox_depth', { outbox: 'refunds', state: 'pending' })).toBe(2);
    expect(valueOf(after, 'outbox_depth', { outbox: 'refunds', state: 'processing' })).toBe(0);
    expect(valueOf(after, 'outbox_oldest_open_seconds', { outbox: 'refunds' })).toBe(90);
  });
});

describe('websocket gauges', () => {
  let base = '';
  const sockets: WebSocket[] = [];
  let room: RoomClient | null = null;
  beforeAll(async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    room?.close();
    for (const s of sockets) s.close();
  });

  test("count this node's sockets, its table rooms and their diners", async () => {
    await server.reset();
    const token = await server.login(SHOP.restaurant);
    const order = success(
      await server.call(
        tableCalls.order,
        {
          person: 2,
          tableId: TABLE.A2,
          tableCode: TABLE_CODE.A2,
          openId: 'x',
          nickName: 'One',
          avatarUrl: '',
        },
        { token },
      ),
    );
    room = await connectRoom(base, order.roomId, token);
    room.send({ type: 'join', nickname: 'One', avatar: '' });
    await room.until((frames) => frames.some((f) => f.type === 'snapshot'));
    const page = new WebSocket(
      `${base.replace(/^http/, 'ws')}${CUSTOMER_ORDERS_WS_PATH}?token=${encodeURIComponent(token)}`,
    );
    sockets.push(page);
    await new Promise<void>((resolve, reject) => {
      page.once('message', () => resolve());
      page.once('error', reject);
    });
    const s = await metrics();
    expect({
      sockets: valueOf(s, 'websocket_connections'),
      rooms: valueOf(s, 'table_rooms'),
      diners: valueOf(s, 'table_room_sockets'),
    }).toEqual({ sockets: 2, rooms: 1, diners: 1 });
    const text = (await scrape(`Bearer ${KEY}`)).text;
    expect(text).not.toContain(token);
    expect(text).not.toContain(order.roomId);
  });
});
