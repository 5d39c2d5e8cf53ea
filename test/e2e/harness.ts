/**
 * End-to-end harness: the real server (child process of server/src/main.ts on the embedded database
 * with the demo data, a temp DATA_DIR, a free port) serving the H5 build, and headless Chromium at
 * 375×812 through playwright-core. Without Chromium or the H5 build the suites skip with a warning —
 * unless CI=true, where that is a failure.
 *
 * Time: the server runs on TEST_CLOCK (it reads the instant when its process starts and ticks in real
 * time) and every phone's page clock is installed at the server's current reading and runs from
 * there, so the server and the page agree and the suites give the same answer at any real hour.
 * `moveClock` moves both forward at once (the server's test clock route and the page clocks), so a
 * story that waits minutes takes no real time. The server process itself comes from
 * test/support/processes.ts.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Clock, type Page } from 'playwright-core';
import { TEST_INSTANT } from '../support/clock';
import { spawnServer, type ServerProcess } from '../support/processes';
import { DEMO_MEMBER as DEMO_ACCOUNT, SHOP as DEMO_SHOP } from '../../server/src/demo/ids';

const DEMO_PHONE = DEMO_ACCOUNT.phone;

export const ROOT = path.resolve(__dirname, '../..');
export const CHROMIUM = '/usr/bin/chromium';
/** The H5 build served by the server (DIST_DIR selects another build root than `dist`). */
export const H5_DIR = path.resolve(ROOT, process.env.DIST_DIR || 'dist', 'h5');
export const H5_INDEX = path.join(H5_DIR, 'index.html');
/**
 * Where `shot` writes: test-results/screens (ignored by git) for a test run, so running the tests
 * never rewrites the committed docs/screens; `npm run screens` sets SCREENS_DIR=docs/screens.
 */
export const SCREENS_DIR = path.resolve(ROOT, process.env.SCREENS_DIR || 'test-results/screens');

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORT = { width: 375, height: 812 };

/** Whether the suite can run; with CI=true a missing prerequisite throws instead. */
export function e2eReady(): boolean {
  const missing: string[] = [];
  if (!existsSync(CHROMIUM)) missing.push(`Chromium at ${CHROMIUM}`);
  if (!existsSync(H5_INDEX)) missing.push('the H5 build (npm run build:h5 → dist/h5)');
  if (missing.length === 0) return true;
  const message = `e2e: missing ${missing.join(' and ')}`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`${message} — the end-to-end suite is skipped.`);
  return false;
}

export type RunningServer = ServerProcess;

/**
 * Starts the server on a free port with a fresh data directory (or env.DATA_DIR) serving the H5
 * build; resolves once it listens. Its clock starts at `instant` (TEST_CLOCK, default the suites'
 * instant); `moveClock` below moves it and the phones' clocks together.
 */
export function startServer(env: Record<string, string> = {}, instant: string = TEST_INSTANT): Promise<RunningServer> {
  return spawnServer({
    name: 'e2e server',
    clock: instant,
    dataDir: env.DATA_DIR,
    staticDir: H5_DIR,
    logLevel: 'silent',
    startTimeoutMs: 240_000,
    env,
  });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
}

/**
 * A suite's server (with `env`) and browser: both start before its first test and stop after its
 * last. Read them as `env.server` / `env.browser` inside the tests.
 */
export function serverAndBrowser(serverEnv: Record<string, string> = {}, instant: string = TEST_INSTANT): { server: RunningServer; browser: Browser } {
  const env = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer(serverEnv, instant), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/**
 * A fresh phone-sized browser context (its own storage: a first launch of the app) whose clock starts
 * at the server's current reading and runs in real time (timers fire, countdowns count down).
 */
export async function newPhone(browser: Browser, server: Pick<RunningServer, 'now'>): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  await context.clock.install({ time: server.now() });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Moves time `ms` forward for the server and the given phones together: the server's clock (its test
 * clock route) and each phone's page clock (Playwright's `clock.fastForward`: timers due in the jump
 * fire once, as after a phone's sleep). A wait of minutes in the story takes none in the test.
 */
export async function moveClock(server: Pick<RunningServer, 'moveClock'>, phones: ReadonlyArray<{ clock: Clock }>, ms: number): Promise<void> {
  await server.moveClock(ms);
  for (const phone of phones) await phone.clock.fastForward(ms);
}

/** Saves a screenshot of the page as <SCREENS_DIR>/<name>.png. */
export async function shot(page: Page, name: string, opts: { keepScroll?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  // the screen as it opens: clicks may have scrolled the document
  if (!opts.keepScroll) {
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      for (const el of Array.from(document.querySelectorAll('.taro_page, .taro_router, body, html'))) el.scrollTop = 0;
    });
  }
  await settled(page);
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`) });
}

/**
 * Waits until the screen is still: every image loaded and no finite animation or transition running
 * (endless ones, such as a scrolling notice, are left alone).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      Array.from(document.images).every((img) => img.complete) &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

/** The next animation frame of the page (its own clock's frame). */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

/** The token the app stored (Taro storage wraps values as {data}; the token store keeps {value, expiresAt}). */
export async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('token'));
  if (!raw) return '';
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    return raw;
  }
  if (value && typeof value === 'object' && 'data' in value) value = (value as { data: unknown }).data;
  if (typeof value === 'string') return value;
  // the token store keeps {value, expiresAt}
  if (value && typeof value === 'object' && 'value' in value) return String((value as { value: unknown }).value);
  return '';
}

/** POSTs a consumer API call from the page with the app's token; answers the raw {result, info, code}. */
export async function apiCall(
  page: Page,
  call: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ result: boolean; info: unknown; code?: string }> {
  const token = await storedToken(page);
  return page.evaluate(
    async ({ call, body, token, headers }) => {
      const res = await fetch(`/new/consumer/${call}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token, language: 'zh', ...headers },
        body: JSON.stringify(body),
      });
      return res.json();
    },
    { call, body, token, headers },
  );
}

/** Opens the app's entry page with a launch query (C§2 start-up parameters). */
export async function launch(page: Page, base: string, query: string): Promise<void> {
  await page.goto(`${base}/#/pages/index/index?${query}`);
}

/**
 * The demo member signs in by SMS code at the demo restaurant, as a customer would: the entry page,
 * then the login page with the code the server hands out in test mode. Ends on the home tab.
 */
export async function signInDemoMember(page: Page, base: string): Promise<void> {
  await launch(page, base, `id=${DEMO_SHOP.restaurant}`);
  await page.locator('#home-takeaway').waitFor({ timeout: 60_000 });
  await page.goto(`${base}/#/pages/user/login`);
  await type(page, '#login-phone', DEMO_PHONE);
  const sent = await apiCall(page, 'user/sendSmsCode', { phone: DEMO_PHONE, test: true });
  if (!sent.result) throw new Error(`sendSmsCode refused: ${JSON.stringify(sent)}`);
  await type(page, '#login-code', String((sent.info as { testCode: string }).testCode));
  await tap(page, '#login-submit');
  await page.locator('#home-dine').waitFor({ timeout: 30_000 });
}

/** Clicks the first visible element matching the selector. */
export async function tap(page: Page, selector: string): Promise<void> {
  const el = page.locator(selector).first();
  await el.waitFor({ state: 'visible', timeout: 20_000 });
  await el.click();
}

/** Types into the input inside a Taro Input (the id sits on its wrapper). */
export async function type(page: Page, selector: string, text: string): Promise<void> {
  const input = page.locator(`${selector} input, input${selector}`).first();
  await input.waitFor({ state: 'visible', timeout: 20_000 });
  await input.fill(text);
}

/** The text of the toast on screen (Taro's H5 toast: a fixed box inside a zero-size holder). */
export async function toastText(page: Page): Promise<string> {
  const handle = await page.waitForFunction(
    () => {
      const el = document.querySelector('.taro__toast') as HTMLElement | null;
      if (!el || el.style.display === 'none' || el.style.opacity === '0') return null;
      return el.textContent || null;
    },
    undefined,
    { timeout: 10_000 },
  );
  return String(await handle.jsonValue());
}

/** Confirms the modal dialog on screen, returning its text. */
export async function answerModal(page: Page, button: string): Promise<string> {
  const modal = page.locator('.taro__modal').first();
  await modal.waitFor({ state: 'visible', timeout: 10_000 });
  const text = (await modal.textContent()) ?? '';
  await modal.getByText(button, { exact: true }).click();
  return text;
}

/** An amount as the page writes it ("¥123.40" → 123.4). */
export function amountOf(text: string | null): number {
  const m = /-?\d+(?:\.\d+)?/.exec((text ?? '').replace(/[,\s]/g, ''));
  return m ? Number(m[0]) : NaN;
}
