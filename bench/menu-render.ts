/**
 * Menu rendering benchmark (MENU-8): the ordering tab of the large demo shop (1,000 products) in
 * headless Chromium at 375×812 with 4× CPU throttling (CDP Emulation.setCPUThrottlingRate).
 *   BENCH menu_first_product_ms — navigation start to the first product row on screen, first launch
 *                                 (no token, no cached menu; goal ≤ 1,000)
 *   BENCH menu_first_product_warm_ms — the same for a returning customer (token and menu cached)
 *   BENCH menu_longest_task_ms  — the longest main-thread task while scrolling to the end of the
 *                                 list once the screen has settled (PerformanceObserver "longtask";
 *                                 goal ≤ 50)
 *   BENCH menu_floor_first_paint_ms — the floor, measured the same way in the same run: the same
 *                                 build, server, phone and throttling opening the app's smallest page,
 *                                 the empty order list of a new visitor (Taro's H5 runtime, the app
 *                                 chunk and one page's first paint, no menu), to its `.empty-state`
 *   BENCH menu_vs_floor           — menu_first_product_ms / menu_floor_first_paint_ms: the cost of the
 *                                 menu itself, steady on a shared, noisy machine
 *   BENCH menu_floor_bare_taro_ms — the framework's floor: a bare Taro 4 + React H5 app of one page
 *                                 drawing 20 rows like the menu's (bench/floors/bare-taro), built by
 *                                 this bench with the project's own Taro, babel and webpack settings
 *                                 (config/index.ts with BARE_TARO=1; its launch chunks preloaded as the
 *                                 app's are) and served precompressed by the same server, launched
 *                                 interleaved with the menu's launches, to its first row
 *   BENCH menu_floor_bare_taro_warm_ms — the bare page's second launch in the same browser context
 *   BENCH menu_vs_bare_taro       — the median of each round's menu / bare-page ratio (goal ≤ 1.5)
 *   BENCH menu_floor_first_paint_vs_bare_taro — the app's smallest page / bare page (goal ≤ 1.2): how
 *                                 much of the launch is the app's own start-up
 *   BENCH menu_warm_vs_bare_taro_warm — a returning customer's menu / the bare page's warm launch (≤ 1.5)
 *   BENCH menu_scripts_before_first_row, menu_script_gzip_bytes_before_first_row (and the same for
 *                                 the bare page and the smallest page) — the scripts each launch had
 *                                 loaded when its first row showed, and their gzip size (goal ≤ 130 KB)
 * Needs the H5 build (npm run build:h5) and Chromium; starts the server itself on a free port, on the
 * suites' instant (TEST_CLOCK, test/support/clock.ts), and the page clocks start at the server's reading.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { SHOP } from '../server/src/demo/ids';
import { H5_DIR, e2eReady, launchBrowser, newPhone, nextFrame, startServer, type RunningServer } from '../test/e2e/harness';

const CPU_THROTTLING = 4;
/** Rounds, each launching the menu, the bare page and the smallest page once (interleaved); BENCH_MENU_RUNS for a quick look. */
const RUNS = Number(process.env.BENCH_MENU_RUNS || 9);
/** Rounds whose menu is also scrolled to its end for the longest task (scrolling is slow). */
const SCROLL_RUNS = 3;
const ROOT = path.resolve(__dirname, '..');
const BARE_DIR = path.join(ROOT, process.env.DIST_DIR || 'dist', 'bare-taro');

/**
 * The first real product row (not a loading placeholder) laid out, watched from inside the page at
 * every animation frame from the start of the document and reported through a binding. Waiting from
 * outside (Playwright's waitForFunction) would inject Playwright's own helper script (about 300 KB)
 * into the page in the middle of the launch, and its evaluation would be counted as the app's.
 */
const FIRST_PRODUCT_WATCH = `(() => {
  const check = () => {
    const row = document.querySelector('.product-row:not(.product-row--loading)');
    if (row !== null && row.getBoundingClientRect().height > 0)
      window.__firstProduct();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** The floor's mark: the empty state of the order list laid out. */
const EMPTY_STATE_WATCH = FIRST_PRODUCT_WATCH.replace(".product-row:not(.product-row--loading)", '.empty-state');

/** The moments (real time, ms) the page reports its first product row, one per navigation. */
async function watchFirstProduct(page: Page, watch: string = FIRST_PRODUCT_WATCH): Promise<() => Promise<number>> {
  const where = () => page.url();
  const reported: number[] = [];
  let waiting: ((t: number) => void) | null = null;
  // the time is taken here, in real time: the page runs on the suites' fixed clock (Playwright's page
  // clock), whose performance.now() counts from the clock's installation, not from the navigation
  await page.exposeBinding('__firstProduct', () => {
    const t = Date.now();
    if (waiting) {
      waiting(t);
      waiting = null;
    } else reported.push(t);
  });
  await page.addInitScript({ content: watch });
  return () => {
    const early = reported.shift();
    if (early !== undefined) return Promise.resolve(early);
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no first row within 60 s at ${where()}`)), 60_000);
      waiting = (t) => {
        clearTimeout(timer);
        resolve(t);
      };
    });
  };
}

interface LongTaskWindow extends Window {
  __longTasks?: Array<{ start: number; duration: number }>;
}

/** Builds the bare Taro app with the project's settings (config/index.ts, BARE_TARO=1) into dist/bare-taro. */
function buildBareTaro(): void {
  execFileSync(process.execPath, [require.resolve('@tarojs/cli/bin/taro'), 'build', '--type', 'h5'], {
    cwd: ROOT,
    env: { ...process.env, BARE_TARO: '1', NODE_ENV: 'production' },
    stdio: 'pipe',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!existsSync(path.join(BARE_DIR, 'index.html'))) throw new Error('the bare Taro app did not build');
}

/** The scripts of a launch and their gzip bytes (the build's precompressed `.gz` next to each file). */
function scriptWeight(urls: string[], dir: string): { scripts: number; gzip: number } {
  let gzip = 0;
  const files = new Set(urls.map((u) => new URL(u).pathname.replace(/^\//, '')));
  for (const file of files) {
    const plain = path.join(dir, file);
    const gz = `${plain}.gz`;
    gzip += existsSync(gz) ? statSync(gz).size : existsSync(plain) ? statSync(plain).size : 0;
  }
  return { scripts: files.size, gzip };
}

interface Launch {
  ms: number;
  scripts: number;
  gzip: number;
}

/** One first launch in a new browser context under the CPU throttle: to the mark the watch reports. */
async function launchOnce(
  browser: Browser,
  server: RunningServer,
  url: string,
  watch: string,
  dir: string,
  then?: (page: Page, mark: () => Promise<number>) => Promise<void>,
): Promise<Launch> {
  const { context, page } = await newPhone(browser, server);
  try {
    const mark = await watchFirstProduct(page, watch);
    // the scripts, by the moment each finished loading: the page's own resource timing cannot tell
    // (Playwright's page clock replaces `performance`, whose entries are then empty)
    const loaded: Array<{ url: string; at: number }> = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') loaded.push({ url: request.url(), at: Date.now() });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    const opened = Date.now();
    await page.goto(url);
    const at = await mark();
    const ms = at - opened;
    const weight = scriptWeight(
      loaded.filter((l) => l.at <= at).map((l) => l.url),
      dir,
    );
    if (then) await then(page, mark);
    return { ms, ...weight };
  } finally {
    await context.close();
  }
}

/** The warm launch: the page opened again in the context of a first launch (scripts and storage cached). */
async function relaunch(page: Page, url: string): Promise<number> {
  await page.goto('about:blank');
  const opened = Date.now();
  await page.goto(url);
  return opened;
}

async function main(): Promise<void> {
  if (!e2eReady()) process.exit(process.env.CI === 'true' ? 1 : 0);
  buildBareTaro();
  // the same server code serves both builds precompressed: the app's, and the bare one's
  const [server, bare] = await Promise.all([startServer(), startServer({ STATIC_DIR: BARE_DIR })]);
  const browser = await launchBrowser();
  const menuUrl = `${server.base}/#/pages/user/index-tab-1?id=${SHOP.large}`;
  const bareUrl = `${bare.base}/#/pages/index/index`;
  try {
    // a customer's first launch meets a server that has served others before: one visit, not
    // measured, fills its caches (prepared statements, the large menu) as any earlier customer would.
    // Each measured launch is a new browser context: no token, no stored menu, no cached scripts.
    await launchOnce(browser, server, menuUrl, FIRST_PRODUCT_WATCH, H5_DIR);
    await launchOnce(browser, bare, bareUrl, FIRST_PRODUCT_WATCH, BARE_DIR);
    const firsts: Launch[] = [];
    const warms: number[] = [];
    const floors: Launch[] = [];
    const bares: Launch[] = [];
    const bareWarms: number[] = [];
    let longest = 0;
    for (let run = 0; run < RUNS; run += 1) {
      // the order within a round turns, so no launch always follows the same one
      const order = [0, 1, 2].map((i) => (i + run) % 3);
      for (const which of order) {
        if (which === 0) {
          let warm = 0;
          const first = await launchOnce(browser, server, menuUrl, FIRST_PRODUCT_WATCH, H5_DIR, async (page, mark) => {
            if (run < SCROLL_RUNS) longest = Math.max(longest, await scrollToEnd(page, run));
            // a returning customer: token and menu are in storage (MENU-5 version cache)
            const opened = await relaunch(page, menuUrl);
            warm = (await mark()) - opened;
          });
          firsts.push(first);
          warms.push(warm);
        } else if (which === 1) {
          let warm = 0;
          bares.push(
            await launchOnce(browser, bare, bareUrl, FIRST_PRODUCT_WATCH, BARE_DIR, async (page, mark) => {
              const opened = await relaunch(page, bareUrl);
              warm = (await mark()) - opened;
            }),
          );
          bareWarms.push(warm);
        } else {
          // the app's smallest page: the empty order list of a new visitor
          floors.push(await launchOnce(browser, server, `${server.base}/#/pages/user/order/list`, EMPTY_STATE_WATCH, H5_DIR));
        }
      }
      const f = firsts[firsts.length - 1];
      const b = bares[bares.length - 1];
      console.log(
        `round ${run + 1}: menu ${Math.round(f.ms)} ms (warm ${Math.round(warms[warms.length - 1])}), bare Taro ${Math.round(b.ms)} ms (warm ${Math.round(bareWarms[bareWarms.length - 1])}), smallest page ${Math.round(floors[floors.length - 1].ms)} ms`,
      );
    }
    // the median run: one slow start (JIT, disk cache) does not decide the figure
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ms = (xs: Launch[]) => xs.map((x) => x.ms);
    const ratio = (xs: number[], ys: number[]) => median(xs.map((x, i) => x / ys[i])).toFixed(2);
    console.log(`BENCH menu_first_product_ms ${Math.round(median(ms(firsts)))} ms`);
    console.log(`BENCH menu_first_product_warm_ms ${Math.round(median(warms))} ms`);
    // the longtask API reports tasks of 50 ms and more: 0 means none reached 50 ms
    console.log(`BENCH menu_longest_task_ms ${Math.round(longest)} ms`);
    console.log(`BENCH menu_floor_first_paint_ms ${Math.round(median(ms(floors)))} ms`);
    console.log(`BENCH menu_vs_floor ${ratio(ms(firsts), ms(floors))}`);
    console.log(`BENCH menu_floor_bare_taro_ms ${Math.round(median(ms(bares)))} ms`);
    console.log(`BENCH menu_floor_bare_taro_warm_ms ${Math.round(median(bareWarms))} ms`);
    console.log(`BENCH menu_vs_bare_taro ${ratio(ms(firsts), ms(bares))}`);
    console.log(`BENCH menu_floor_first_paint_vs_bare_taro ${ratio(ms(floors), ms(bares))}`);
    console.log(`BENCH menu_warm_vs_bare_taro_warm ${ratio(warms, bareWarms)}`);
    for (const [name, xs] of [
      ['menu', firsts],
      ['bare_taro', bares],
      ['smallest_page', floors],
    ] as const) {
      const last = xs[xs.length - 1];
      console.log(`BENCH ${name}_scripts_before_first_row ${last.scripts} scripts`);
      console.log(`BENCH ${name}_script_gzip_bytes_before_first_row ${last.gzip} bytes`);
    }
  } finally {
    await browser.close();
    await Promise.all([server.stop(), bare.stop()]);
  }
}

/** Scrolls the menu to its end once the screen has settled; the longest main-thread task meanwhile. */
async function scrollToEnd(page: Page, run: number): Promise<number> {
  let longest = 0;
  // scrolling starts once the screen has settled (shop header shown, start-up calls answered):
  // the figure is about scrolling, not about the start-up work that follows the first product
  await page.locator('#shop-name').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const w = window as LongTaskWindow;
    w.__longTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks!.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask' });
    } catch {
      // longtask entries unsupported: the figure stays 0
    }
  });
  // scroll to the end in steps, letting each frame render
  for (let i = 0; i < 2000; i += 1) {
    const done = await page.evaluate(() => {
      const el = document.querySelector('#product-list') as HTMLElement | null;
      if (!el) return true;
      el.scrollTop += 500;
      return el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
    });
    await nextFrame(page);
    if (done) break;
  }
  // the last frames of the scroll render before the long tasks are read
  for (let i = 0; i < 3; i += 1) await nextFrame(page);
  const tasks = await page.evaluate(() => (window as LongTaskWindow).__longTasks ?? []);
  for (const t of tasks) longest = Math.max(longest, t.duration);
  // a chunked menu loads the category on screen once the list rests there (OrderingScreen's
  // CHUNK_LOAD_DELAY_MS): the customer at the end waits for its rows, and so does the bench
  const lastVisible = await page
    .waitForFunction(() => document.querySelectorAll('.product-row:not(.product-row--loading)').length, undefined, { timeout: 15_000 })
    .then((h) => h.jsonValue())
    .catch(() => 0);
  if (lastVisible === 0) throw new Error('no product rows after scrolling');
  const extent = await page.evaluate(() => {
    const el = document.querySelector('#product-list') as HTMLElement;
    return { top: Math.round(el.scrollTop + el.clientHeight), height: el.scrollHeight };
  });
  if (extent.top < extent.height - 2) throw new Error(`the list did not reach its end: ${extent.top} of ${extent.height}`);
  console.log(`round ${run + 1}: scrolled ${extent.top} of ${extent.height} px, ${tasks.length} long task(s)`);
  return longest;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
