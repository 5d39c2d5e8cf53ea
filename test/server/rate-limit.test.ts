/**
 * Rate limits through @fastify/rate-limit: the SMS code limits keep their message, a burst of
 * parallel sends lets exactly one through, and with REDIS_URL two server processes count together.
 */
import { spawnSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { API_BASE } from '../../src/api/contract/common';
import { userCalls } from '../../src/api/contract/user';
import { buildApp } from '../../server/src/app';
import { testConfig } from '../../server/src/config';
import { SHOP } from '../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../support/build-server';

const phone = '13900001111';

describe('in-process limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer();
  }, 60_000);
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  test('the counters are in memory without REDIS_URL', () => {
    expect(server.app.rateLimits.store).toBe('memory');
  });

  test('a burst of 12 parallel code requests for one phone sends exactly one code', async () => {
    const token = await server.login(SHOP.restaurant);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => server.call(userCalls.sendSmsCode, { phone }, { token, headers: { language: 'en' } })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.filter((r) => !r.ok);
    expect(new Set(refused.map((r) => r.code))).toEqual(new Set(['tooManyRequests']));
    expect(new Set(refused.map((r) => r.info))).toEqual(new Set(['Too many requests, please try again later']));
    expect(server.sms.outbox).toHaveLength(1);
  });

  test('the per-phone minute opens again when the server clock has moved a minute', async () => {
    const token = await server.login(SHOP.restaurant);
    expect((await server.call(userCalls.sendSmsCode, { phone }, { token })).ok).toBe(true);
    expect((await server.call(userCalls.sendSmsCode, { phone }, { token })).code).toBe('tooManyRequests');
    server.clock.advance(60_000);
    expect((await server.call(userCalls.sendSmsCode, { phone }, { token })).ok).toBe(true);
  });

  test('the eleventh code of an hour to one phone is refused', async () => {
    const token = await server.login(SHOP.restaurant);
    for (let i = 0; i < 10; i += 1) {
      expect((await server.call(userCalls.sendSmsCode, { phone }, { token })).ok).toBe(true);
      server.clock.advance(61_000);
    }
    expect((await server.call(userCalls.sendSmsCode, { phone }, { token })).code).toBe('tooManyRequests');
  });

  test('the shop quota still answers with its own message', async () => {
    const token = await server.login(SHOP.restaurant);
    await server.app.ctx.db.execute(`UPDATE shops SET sms_quota = 0 WHERE id = ${SHOP.restaurant}` as never);
    const res = await server.call(userCalls.sendSmsCode, { phone }, { token, headers: { language: 'en' } });
    expect(res.code).toEqual('noSmsLeft');
    expect(res.info).toEqual('No Sms Left');
  });

  test('putLogs takes thirty lines a minute from one address', async () => {
    const results = await Promise.all(Array.from({ length: 31 }, () => server.call(userCalls.putLogs, { log: 'x' })));
    expect(results.filter((r) => r.ok)).toHaveLength(30);
    expect(results.filter((r) => !r.ok).map((r) => r.code)).toEqual(['tooManyRequests']);
  });
});

// Redis on a port of its own: started here when the binary exists; CI must have it
const REDIS_PORT = 6390;
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
const redisBinary = spawnSync('redis-server', ['--version']).status === 0;
if (!redisBinary && !process.env.CI) {
  console.warn('redis-server is not installed: the Redis rate-limit tests are skipped');
}
const describeRedis = redisBinary || process.env.CI ? describe : describe.skip;

async function redisUp(): Promise<{ client: Redis; started: boolean }> {
  const ping = async () => {
    const c = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await c.connect();
      await c.ping();
      return c;
    } catch {
      c.disconnect();
      return null;
    }
  };
  let client = await ping();
  if (client) return { client, started: false };
  spawnSync('redis-server', ['--bind', '127.0.0.1', '--port', String(REDIS_PORT), '--save', '', '--appendonly', 'no', '--daemonize', 'yes']);
  for (let i = 0; i < 50 && !client; i += 1) {
    client = await ping();
    if (!client) await new Promise((r) => setImmediate(r));
  }
  if (!client) throw new Error(`redis-server did not start on port ${REDIS_PORT}`);
  return { client, started: true };
}

describeRedis('limits shared through Redis (REDIS_URL)', () => {
  let server: TestServer;
  let second: FastifyInstance;
  let redis: { client: Redis; started: boolean };

  beforeAll(async () => {
    redis = await redisUp();
    await redis.client.flushall();
    server = await buildTestServer({ config: { redisUrl: REDIS_URL } });
    // a second server process on the same database and the same Redis
    second = await buildApp({
      config: testConfig({ redisUrl: REDIS_URL }),
      database: server.ctx.database,
      clock: server.clock,
      seed: false,
      closeDatabase: false,
    });
    await second.ready();
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await server?.close();
    if (redis?.started) await redis.client.shutdown('NOSAVE').catch(() => undefined);
    redis?.client.disconnect();
  });

  const sendOn = async (app: FastifyInstance, token: string) => {
    const res = await app.inject({
      method: 'POST',
      url: API_BASE + userCalls.sendSmsCode.path,
      headers: { 'content-type': 'application/json', token },
      payload: JSON.stringify({ phone }),
    });
    return JSON.parse(res.body) as { result: boolean; code?: string };
  };

  test('the counters are in Redis', () => {
    expect(server.app.rateLimits.store).toEqual('redis');
    expect(second.rateLimits.store).toEqual('redis');
  });

  test('a burst split over two servers sends exactly one code to a phone', async () => {
    const token = await server.login(SHOP.restaurant);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => sendOn(i % 2 === 0 ? server.app : second, token)));
    expect(results.filter((r) => r.result)).toHaveLength(1);
    expect(new Set(results.filter((r) => !r.result).map((r) => r.code))).toEqual(new Set(['tooManyRequests']));
    expect(await redis.client.keys('shop-rate-limit:*')).toEqual(expect.arrayContaining([expect.stringContaining(phone)]));
  });
});
