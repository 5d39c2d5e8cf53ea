/**
 * OPS-1 graceful shutdown: a node that is shutting down answers /readyz 503 `shutdown` (while
 * /healthz and the other nodes stay as they were), and a closing server closes its live channels with
 * 1012 (Service Restart) so a client can reconnect at once — one pre-close for every websocket of the
 * server; a table room's and a customer's order page are tried here. The process itself: SIGTERM turns
 * it not-ready for SHUTDOWN_GRACE_MS, a second signal is ignored, its sockets get 1012 and it exits 0.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { CUSTOMER_ORDERS_WS_PATH } from '../../../src/api/contract/console';
import { tableCalls } from '../../../src/api/contract/table';
import { SHOP, TABLE, TABLE_CODE } from '../../../server/src/demo/ids';
import { markShuttingDown } from '../../../server/src/services/ops/readiness';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { login } from '../../support/faults';
import { spawnServer, waitUntil, type ServerProcess } from '../../support/processes';
import { success } from '../orders/helpers';
import { appOn } from './support';

jest.setTimeout(120_000);

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());

const get = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
};

/** A websocket that has opened (and, for a channel that greets, said hello); `closed` resolves with its close code. */
async function openSocket(url: string, greets: boolean): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(url);
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once(greets ? 'message' : 'open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, closed };
}

test('a node shutting down answers /readyz 503 naming the shutdown; its liveness and the other nodes are unchanged', async () => {
  const app = await appOn(server);
  try {
    expect(await get(app, '/readyz')).toEqual({ status: 200, body: { ready: true } });
    markShuttingDown(app.ctx);
    expect(await get(app, '/readyz')).toEqual({
      status: 503,
      body: { ready: false, failed: ['shutdown'], checks: { shutdown: { ok: false, reason: 'closing' } } },
    });
    expect(await get(app, '/healthz')).toEqual({ status: 200, body: { live: true } });
    expect(await get(server.app, '/readyz')).toEqual({ status: 200, body: { ready: true } });
  } finally {
    await app.close();
  }
});

test('closing the server closes the table room and order page sockets with 1012 (Service Restart)', async () => {
  const app = await appOn(server);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const ws = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const token = await server.login(SHOP.restaurant);
  const order = success(
    await server.call(
      tableCalls.order,
      { person: 2, tableId: TABLE.A2, tableCode: TABLE_CODE.A2, openId: 'x', nickName: 'One', avatarUrl: '' },
      { token },
    ),
  );
  const room = await openSocket(`${ws}/ws/${order.roomId}?token=${encodeURIComponent(token)}`, false);
  const page = await openSocket(`${ws}${CUSTOMER_ORDERS_WS_PATH}?token=${encodeURIComponent(token)}`, true);
  await app.close();
  expect({ room: await room.closed, page: await page.closed }).toEqual({ room: 1012, page: 1012 });
});

describe('the server process', () => {
  let proc: ServerProcess | null = null;
  afterAll(async () => {
    await proc?.stop();
  });

  test('SIGTERM: not ready during the grace, a second signal ignored, live sockets closed with 1012, exit 0', async () => {
    proc = await spawnServer({
      name: 'ops-shutdown',
      env: { SHUTDOWN_GRACE_MS: '4000', DEMO_LARGE_SHOP: '0' },
    });
    const s = proc;
    const status = async (path: string) =>
      (await fetch(`${s.base}${path}`, { headers: { connection: 'close' } })).status;
    expect(await status('/readyz')).toBe(200);
    const token = await login(s.base, SHOP.restaurant);
    const page = await openSocket(
      `${s.base.replace(/^http/, 'ws')}${CUSTOMER_ORDERS_WS_PATH}?token=${encodeURIComponent(token)}`,
      true,
    );

    s.child.kill('SIGTERM');
    await waitUntil('not ready after SIGTERM', async () => (await status('/readyz')) === 503, {
      everyMs: 20,
    });
    // still alive and serving while the balancer takes it out
    expect(await status('/healthz')).toBe(200);
    s.child.kill('SIGTERM');
    expect(await page.closed).toBe(1012);
    expect(await s.exited).toBe(0);
    expect(s.outputSinceStart()).toMatch(/SIGTERM while closing: ignored/);
  });
});
