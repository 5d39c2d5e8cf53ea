/**
 * Time in the browser suites. The server's TEST_CLOCK (tests only: refused unless NODE_ENV=test) and
 * the page clock start at one instant from test/support/clock.ts, so the suites give the same
 * answer at any real hour; a suite at a fixed closed hour proves the closed path.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadConfig, testClockFrom } from '../../server/src/config';
import { CLOSED_INSTANT, DEFAULT_TEST_INSTANT, instantMs, TEST_INSTANT } from '../support/clock';
import { SHOP } from './demo';
import { e2eReady, launch, newPhone, ROOT, serverAndBrowser, tap } from './harness';

jest.setTimeout(240_000);

/** An environment of only these variables. */
const env = (vars: Record<string, string>): NodeJS.ProcessEnv => vars as unknown as NodeJS.ProcessEnv;

/** Runs the server's entry with `env` until it exits; answers its exit code and output. */
function runMain(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts')], {
      cwd: ROOT,
      // port 0 and an in-memory database: should it start, it would bind nothing shared
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', REDIS_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('TEST_CLOCK', () => {
  test('the server refuses to start with TEST_CLOCK outside NODE_ENV=test, saying why', async () => {
    const [production, unset] = await Promise.all([
      runMain({ NODE_ENV: 'production', TEST_CLOCK: TEST_INSTANT }),
      runMain({ NODE_ENV: undefined, TEST_CLOCK: TEST_INSTANT }),
    ]);
    expect(production.code).toBe(1);
    expect(production.output).toContain('TEST_CLOCK is for tests only: it is refused unless NODE_ENV=test (NODE_ENV is "production")');
    expect(unset.code).toBe(1);
    expect(unset.output).toContain('TEST_CLOCK is for tests only: it is refused unless NODE_ENV=test (NODE_ENV is unset)');
  });

  test('the configuration reads TEST_CLOCK only under NODE_ENV=test and only as an ISO instant', () => {
    expect(loadConfig(env({ NODE_ENV: 'test', TEST_CLOCK: '2026-03-04T04:00:00Z' })).testClock).toBe(Date.UTC(2026, 2, 4, 4, 0, 0));
    expect(loadConfig(env({ NODE_ENV: 'test' })).testClock).toBeNull();
    expect(loadConfig(env({ NODE_ENV: 'development' })).testClock).toBeNull();
    expect(() => loadConfig(env({ NODE_ENV: 'development', TEST_CLOCK: TEST_INSTANT }))).toThrow(/refused unless NODE_ENV=test/);
    expect(() => loadConfig(env({ NODE_ENV: 'test', TEST_CLOCK: 'tomorrow' }))).toThrow('TEST_CLOCK must be an ISO instant');
  });

  test('the TEST_CLOCK clock reads the instant at its origin and ticks in real time from there', () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    try {
      const origin = Date.now();
      const clock = testClockFrom(instantMs(TEST_INSTANT), origin);
      expect(new Date(clock.now()).toISOString()).toBe(TEST_INSTANT);
      jest.advanceTimersByTime(12_000);
      expect(clock.now() - instantMs(TEST_INSTANT)).toBe(12_000);
    } finally {
      jest.useRealTimers();
    }
    // the default origin (the process start) has a fraction of a millisecond: readings stay whole
    // milliseconds, as the database's bigint columns need
    expect(Number.isInteger(testClockFrom(instantMs(TEST_INSTANT)).now())).toBe(true);
  });

  test('the suites default to an instant inside the restaurant hours (06:00–02:00 China time) and the closed one is outside', () => {
    // 04:00 UTC + 8 h = 12:00; 19:30 UTC + 8 h = 03:30 the next day, between 02:00 and 06:00
    expect(TEST_INSTANT).toBe(DEFAULT_TEST_INSTANT);
    expect(new Date(instantMs(TEST_INSTANT) + 8 * 3600_000).getUTCHours()).toBe(12);
    expect(new Date(instantMs(CLOSED_INSTANT) + 8 * 3600_000).getUTCHours()).toBe(3);
  });
});

const suite = e2eReady() ? describe : describe.skip;

suite('the restaurant at a closed hour', () => {
  const env = serverAndBrowser({}, CLOSED_INSTANT);

  test('opening the takeaway menu at 03:30 shows the closed dialog and the page clock agrees with the server', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      const pageNow = await page.evaluate(() => Date.now());
      // the page clock was installed at the server's reading a moment ago: both read about 03:30
      expect(Math.abs(pageNow - env.server.now())).toBeLessThan(10_000);
      expect(Math.abs(pageNow - instantMs(CLOSED_INSTANT))).toBeLessThan(120_000);
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await tap(page, '#home-takeaway');
      // the closed notice (C§5), then the cart bar keeps saying so
      const modal = page.locator('.taro-modal__content', { hasText: '门店休息中' });
      await modal.waitFor({ state: 'visible', timeout: 30_000 });
      expect(await page.locator('#cart-bar').textContent()).toContain('门店休息中');
    } finally {
      await context.close();
    }
  });
});
