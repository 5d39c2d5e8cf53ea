/**
 * The test clock route (server/src/routes/test-clock.ts): a TEST_CLOCK server lets a test move its
 * clock forward; a server without TEST_CLOCK, a production configuration or a process outside
 * NODE_ENV=test has no such route at all.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { loadConfig, testClockFrom, testClockMovable, testConfig, type ServerConfig } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/client';
import { TEST_CLOCK_PATH } from '../../server/src/routes/test-clock';
import { instantMs, TEST_INSTANT } from '../support/clock';

const INSTANT = instantMs(TEST_INSTANT);
/** An environment of variables as a process would have them. */
const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;
let database: Database;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await openDatabase('memory://');
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

/** An app on the shared database (no demo data: the route needs none) with a movable clock. */
async function appWith(config: ServerConfig) {
  const clock = testClockFrom(INSTANT, Date.now());
  const app = await buildApp({ config, database, clock, seed: false });
  apps.push(app);
  return { app, clock };
}

const move = (app: FastifyInstance, body: unknown) => app.inject({ method: 'POST', url: TEST_CLOCK_PATH, payload: body as object });

describe('a TEST_CLOCK server under NODE_ENV=test', () => {
  test('moves its clock forward by the milliseconds asked and answers its reading', async () => {
    const { app, clock } = await appWith(testConfig({ testClock: INSTANT }));
    expect(app.hasRoute({ method: 'POST', url: TEST_CLOCK_PATH })).toBe(true);
    const before = clock.now();
    const res = await move(app, { advanceMs: 61_000 });
    expect(res.statusCode).toBe(200);
    const { now } = res.json<{ now: number }>();
    // 61 s ahead of the reading before, plus the real time the call took
    expect(now - before).toBeGreaterThanOrEqual(61_000);
    expect(now - before).toBeLessThan(61_000 + 5_000);
    expect(clock.now()).toBeGreaterThanOrEqual(now);
    const read = await app.inject({ method: 'GET', url: TEST_CLOCK_PATH });
    expect(read.json<{ now: number }>().now).toBeGreaterThanOrEqual(now);
    // the server's own time is that clock's
    expect(app.ctx.clock.now()).toBeGreaterThanOrEqual(now);
  });

  test.each([[{ advanceMs: -1 }], [{ advanceMs: 1.5 }], [{ advanceMs: '60000' }], [{}]])('refuses %j with 400 and leaves the clock alone', async (body) => {
    const { app, clock } = await appWith(testConfig({ testClock: INSTANT }));
    const before = clock.now();
    const res = await move(app, body);
    expect(res.statusCode).toBe(400);
    expect(clock.now() - before).toBeLessThan(5_000);
  });
});

describe('no test clock route', () => {
  const cases: Array<[string, () => ServerConfig]> = [
    // production: no TEST_CLOCK can even be set there (loadConfig refuses it, below)
    ['a production configuration', () => testConfig({ production: true })],
    ['a production configuration given a test clock instant', () => testConfig({ testClock: INSTANT, production: true })],
    ['a development configuration (no TEST_CLOCK)', () => ({ ...loadConfig(env({ NODE_ENV: 'development' })), databaseUrl: 'memory://', staticDir: null, consoleDir: null, demoImagesDir: null, logger: false })],
    ['the tests\' configuration without TEST_CLOCK', () => testConfig()],
  ];

  test.each(cases)('%s: POST and GET answer 404 and the clock does not move', async (_name, config) => {
    const { app, clock } = await appWith(config());
    expect(app.hasRoute({ method: 'POST', url: TEST_CLOCK_PATH })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: TEST_CLOCK_PATH })).toBe(false);
    const before = clock.now();
    expect((await move(app, { advanceMs: 3_600_000 })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: TEST_CLOCK_PATH })).statusCode).toBe(404);
    expect(clock.now() - before).toBeLessThan(5_000);
  });

  test('outside NODE_ENV=test the clock is not movable even with a test clock instant', () => {
    const config = testConfig({ testClock: INSTANT });
    expect(testClockMovable(config, env({ NODE_ENV: 'test' }))).toBe(true);
    expect(testClockMovable(config, env({ NODE_ENV: 'production' }))).toBe(false);
    expect(testClockMovable(config, env({ NODE_ENV: 'development' }))).toBe(false);
    expect(testClockMovable(config, env({}))).toBe(false);
  });

  test('TEST_CLOCK itself is refused outside NODE_ENV=test', () => {
    expect(() => loadConfig(env({ NODE_ENV: 'production', TEST_CLOCK: TEST_INSTANT }))).toThrow(/TEST_CLOCK is for tests only/);
    expect(() => loadConfig(env({ TEST_CLOCK: TEST_INSTANT }))).toThrow(/TEST_CLOCK is for tests only/);
  });
});
