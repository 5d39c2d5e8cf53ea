/**
 * OPS-1 health endpoints: `/healthz` (liveness) answers 200 whatever the node's state; `/readyz`
 * answers 200 `{ready: true}` when the database answers in time and holds every migration, Redis
 * answers PING and the node is not shutting down, and otherwise 503 naming the check that failed;
 * a node under pressure (@fastify/under-pressure) answers 503 with Retry-After, except /healthz.
 */
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { storeCalls } from '../../../src/api/contract/store';
import { API_BASE } from '../../../src/api/contract/common';
import { SHOP } from '../../../server/src/demo/ids';
import { loadConfig, testConfig } from '../../../server/src/config';
import { messageFor } from '../../../server/src/i18n/messages';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { spawnRedis, waitUntil, type RedisProcess } from '../../support/processes';
import { appOn } from './support';

jest.setTimeout(60_000);

let server: TestServer;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
  await server.close();
});

const node = async (config: Parameters<typeof appOn>[1]) => {
  const app = await appOn(server, config);
  apps.push(app);
  return app;
};

const get = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: JSON.parse(res.body) as Record<string, unknown>,
  };
};

describe('/healthz', () => {
  test('answers 200 while the process runs', async () => {
    expect(await get(server.app, '/healthz')).toMatchObject({ status: 200, body: { live: true } });
  });
});

describe('/readyz', () => {
  test('answers 200 {ready: true} when the database answers and holds every migration', async () => {
    const res = await get(server.app, '/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ready: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('answers 503 naming the database while it does not answer within the bound, 200 once it does', async () => {
    const app = await node({ readyTimeoutMs: 100 });
    // a transaction holds the embedded database's only connection: the probe's query waits for it
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    const tx = server.ctx.db.transaction(async () => {
      holding = true;
      await held;
    });
    try {
      await waitUntil('the transaction to hold the connection', () => holding);
      const res = await get(app, '/readyz');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.body).toEqual({
        ready: false,
        failed: ['database'],
        checks: { shutdown: { ok: true }, database: { ok: false, reason: 'timeout' } },
      });
    } finally {
      release();
      await tx;
    }
    expect(await get(app, '/readyz')).toMatchObject({ status: 200, body: { ready: true } });
  });

  test('answers 503 naming the migrations when the database lacks the newest one this node knows', async () => {
    const last = sql`(SELECT max(created_at) FROM drizzle.__drizzle_migrations)`;
    await server.db.execute(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE created_at = ${last}`,
    );
    try {
      const res = await get(server.app, '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        ready: false,
        failed: ['migrations'],
        checks: { database: { ok: true }, migrations: { ok: false, reason: 'behind' } },
      });
    } finally {
      await server.db.execute(
        sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 1 WHERE created_at = ${last}`,
      );
    }
    expect((await get(server.app, '/readyz')).status).toBe(200);
  });
});

const hasRedis = spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;

(hasRedis ? describe : describe.skip)('/readyz with REDIS_URL', () => {
  let redis: RedisProcess | null = null;
  afterAll(async () => {
    await redis?.stop();
  });

  test('is ready while Redis answers PING, 503 naming redis while it is down, ready again once it is back', async () => {
    redis = await spawnRedis();
    // closed here, while its Redis runs: its clients say goodbye instead of reconnecting for ever
    const app = await appOn(server, { redisUrl: redis.url, readyTimeoutMs: 300 });
    try {
      await waitUntil('ready with Redis up', async () => (await get(app, '/readyz')).status === 200);
      const port = redis.port;
      await redis.stop();
      const down = await waitUntil('not ready with Redis down', async () => {
        const res = await get(app, '/readyz');
        return res.status === 503 ? res : false;
      });
      expect(down.body).toMatchObject({
        ready: false,
        failed: ['redis'],
        checks: { database: { ok: true }, redis: { ok: false } },
      });
      redis = await spawnRedis({ port });
      await waitUntil('ready again with Redis back', async () => (await get(app, '/readyz')).status === 200, {
        timeoutMs: 30_000,
      });
    } finally {
      await app.close();
    }
  });
});

describe('under pressure', () => {
  test('the node answers 503 with Retry-After and the failure shape; /healthz still answers 200; /readyz names the pressure', async () => {
    // a heap limit of one byte: the first sample (50 ms) puts the node under pressure; the event-loop
    // check is off here (a sample window with no tick of its own reads as an infinite delay)
    const app = await node({
      pressure: {
        ...testConfig().pressure,
        maxEventLoopDelayMs: 0,
        maxHeapUsedBytes: 1,
        sampleIntervalMs: 50,
        retryAfterS: 7,
      },
    });
    const call = () =>
      app.inject({
        method: 'POST',
        url: API_BASE + storeCalls.detail.path,
        headers: { 'content-type': 'application/json', language: 'en' },
        payload: JSON.stringify({ id: SHOP.restaurant }),
      });
    const refused = await waitUntil('a refusal under pressure', async () => {
      const res = await call();
      return res.statusCode === 503 ? res : false;
    });
    expect(refused.headers['retry-after']).toBe('7');
    expect(JSON.parse(refused.body)).toEqual({
      result: false,
      code: 'serverError',
      info: messageFor('serverError', 'en'),
    });
    expect(await get(app, '/healthz')).toMatchObject({ status: 200, body: { live: true } });
    const ready = await get(app, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.headers['retry-after']).toBe('7');
    expect(ready.body).toMatchObject({
      ready: false,
      failed: ['pressure'],
      checks: { pressure: { ok: false, reason: 'heapUsedBytes' } },
    });
  });

  test('the default thresholds are the documented ones: event-loop delay 1 s, the heap at 90 % of its limit', () => {
    const p = loadConfig({} as NodeJS.ProcessEnv).pressure;
    expect(p.maxEventLoopDelayMs).toBe(1000);
    expect(p.maxHeapUsedBytes).toBeGreaterThan(process.memoryUsage().heapUsed);
    expect({
      rss: p.maxRssBytes,
      elu: p.maxEventLoopUtilization,
      retryAfter: p.retryAfterS,
      sample: p.sampleIntervalMs,
    }).toEqual({ rss: 0, elu: 0, retryAfter: 10, sample: 1000 });
  });

  test('test servers refuse nothing for overload (a busy test worker is not a node to protect)', () => {
    const p = testConfig().pressure;
    expect([p.maxEventLoopDelayMs, p.maxHeapUsedBytes, p.maxRssBytes, p.maxEventLoopUtilization]).toEqual([0, 0, 0, 0]);
  });
});
