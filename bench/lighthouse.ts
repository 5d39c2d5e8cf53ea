/**
 * Lighthouse on the H5 build (mobile emulation, Lighthouse's default config with its simulated
 * throttling): performance, accessibility and best practices of five pages served by the real server.
 *   entry   — a bare launch on a new phone: the shop list
 *   menu    — the demo restaurant's ordering tab on a new phone
 *   confirm — the confirm page of the demo member with a dish in the cart
 *   member  — the member center of the demo member
 *   console — the staff console's sign-in page (served by the same server)
 * The last two are navigations with a prepared storage state: the member signs in and fills the cart
 * in the same browser tab first, and Lighthouse keeps the storage (disableStorageReset) while the HTTP
 * cache is cleared before the measured load.
 *   BENCH lighthouse_<page>_<category> <score> points   (0–100; performance, accessibility, best_practices)
 *   BENCH lighthouse_<page>_fcp_ms / _lcp_ms / _tbt_ms  (ms) and _cls
 *   BENCH axe_serious_critical <n> violations           (from test-results/axe.json, when the axe suite wrote it)
 * The JSON reports are saved in a temp directory (printed); a summary goes to LIGHTHOUSE_OUT (default
 * bench/results/lighthouse.json). LIGHTHOUSE_PAGES=menu,member measures only those pages. Each page is
 * measured LIGHTHOUSE_RUNS times (default 3, as Lighthouse's own guidance on variance suggests several
 * runs) and the run with the median performance score gives every figure of that page. Needs the H5
 * build (DIST_DIR, default dist) and Chromium.
 *
 * The server runs on the suites' instant (TEST_CLOCK) and the page's Date is moved to the server's
 * reading, so the shop is open and the member's token is fresh at any real hour. The performance score
 * depends on the machine's load: figures taken while other work runs are noisy.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_MEMBER, RESTAURANT_CATEGORY, RESTAURANT_PRODUCT, SHOP } from '../server/src/demo/ids';
import { CHROMIUM, CHROMIUM_FLAGS, e2eReady, ROOT, startServer, type RunningServer } from '../test/e2e/harness';

const OUT = path.resolve(ROOT, process.env.LIGHTHOUSE_OUT || 'bench/results/lighthouse.json');
/** Measurements per page; the one with the median performance score is reported. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);
const AXE = path.resolve(ROOT, process.env.AXE_OUT || 'test-results/axe.json');

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const METRICS = [
  ['first-contentful-paint', 'fcp_ms'],
  ['largest-contentful-paint', 'lcp_ms'],
  ['total-blocking-time', 'tbt_ms'],
  ['cumulative-layout-shift', 'cls'],
] as const;

// the subset of puppeteer-core's Page this script uses (puppeteer-core and lighthouse load as ES modules)
interface PPage {
  goto(url: string, opts?: { waitUntil?: string; timeout?: number }): Promise<unknown>;
  evaluate<T, A>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<T>;
  evaluateOnNewDocument(source: string): Promise<unknown>;
  waitForSelector(selector: string, opts?: { visible?: boolean; timeout?: number }): Promise<{ click(): Promise<void> } | null>;
  type(selector: string, text: string): Promise<void>;
  createCDPSession(): Promise<{ send(method: string, params?: object): Promise<unknown>; detach(): Promise<void> }>;
  setViewport(v: { width: number; height: number; deviceScaleFactor?: number; isMobile?: boolean; hasTouch?: boolean }): Promise<void>;
  close(): Promise<void>;
}
interface PBrowser {
  newPage(): Promise<PPage>;
  disconnect(): Promise<void>;
}

/** The page's Date moved to the server's clock (the server runs on TEST_CLOCK). */
function clockShim(server: RunningServer): string {
  const offset = Math.round(server.now() - Date.now());
  return `(() => {
    const RealDate = Date;
    const offset = ${offset};
    function ShiftedDate(...args) {
      if (!new.target) return new RealDate(RealDate.now() + offset).toString();
      return args.length === 0 ? new RealDate(RealDate.now() + offset) : new RealDate(...args);
    }
    ShiftedDate.prototype = RealDate.prototype;
    ShiftedDate.now = () => RealDate.now() + offset;
    ShiftedDate.parse = RealDate.parse;
    ShiftedDate.UTC = RealDate.UTC;
    window.Date = ShiftedDate;
  })();`;
}

/** Empties the browser's HTTP cache. */
async function clearCache(page: PPage): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

async function tap(page: PPage, selector: string): Promise<void> {
  const el = await page.waitForSelector(selector, { visible: true, timeout: 30_000 });
  await el!.click();
}

/** Types into the input inside a Taro Input (the id sits on its wrapper). */
async function typeInto(page: PPage, selector: string, text: string): Promise<void> {
  await page.waitForSelector(`${selector} input`, { visible: true, timeout: 30_000 });
  await page.type(`${selector} input`, text);
}

/** The demo member signs in by SMS code and puts a dish in the cart, in `page`. */
async function prepareMember(page: PPage, base: string): Promise<void> {
  await page.goto(`${base}/#/pages/index/index?id=${SHOP.restaurant}`);
  await page.waitForSelector('#home-takeaway', { timeout: 60_000 });
  await page.goto(`${base}/#/pages/user/login`);
  await typeInto(page, '#login-phone', DEMO_MEMBER.phone);
  const sent = await page.evaluate(async (phone: string) => {
    // the app's token (Taro storage wraps values as {data}; the token store keeps {value, expiresAt})
    let token: unknown = window.localStorage.getItem('token') ?? '';
    try {
      token = JSON.parse(token as string);
    } catch {
      // a bare string
    }
    if (token && typeof token === 'object' && 'data' in token) token = (token as { data: unknown }).data;
    if (token && typeof token === 'object' && 'value' in token) token = (token as { value: unknown }).value;
    const res = await fetch('/new/consumer/user/sendSmsCode', {
      method: 'POST',
      headers: { 'content-type': 'application/json', language: 'zh', token: String(token ?? '') },
      body: JSON.stringify({ phone, test: true }),
    });
    return (await res.json()) as { result: boolean; info: { testCode: string } };
  }, DEMO_MEMBER.phone);
  if (!sent.result) throw new Error(`sendSmsCode failed: ${JSON.stringify(sent)}`);
  await typeInto(page, '#login-code', String(sent.info.testCode));
  await tap(page, '#login-submit');
  await page.waitForSelector('#home-dine', { timeout: 30_000 });
  await page.goto(`${base}/#/pages/user/index-tab`);
  await tap(page, '#home-takeaway');
  await page.waitForSelector('#product-list', { timeout: 30_000 });
  await tap(page, `#category-${RESTAURANT_CATEGORY.noodles}`);
  await tap(page, `#add-${RESTAURANT_PRODUCT.xiaolongbao}`);
  // the cart is written to storage after the tap
  await new Promise((r) => setTimeout(r, 1500));
}

interface LhResult {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { id: string; title: string; score: number | null; scoreDisplayMode: string; numericValue?: number; displayValue?: string }>;
    runtimeError?: { code: string; message: string };
  };
  report: string | string[];
}

interface PageSummary {
  page: string;
  url: string;
  scores: Record<string, number>;
  metrics: Record<string, number>;
  /** The audits that lose points (score < 0.9), by category. */
  failing: Record<string, Array<{ id: string; title: string; score: number | null; displayValue?: string }>>;
  report: string;
}

async function main(): Promise<void> {
  if (!e2eReady()) process.exit(process.env.CI === 'true' ? 1 : 0);
  const { default: lighthouse } = (await import('lighthouse')) as unknown as {
    default: (url: string, flags: object, config?: object, page?: unknown) => Promise<LhResult | undefined>;
  };
  const chromeLauncher = (await import('chrome-launcher')) as unknown as {
    launch(opts: object): Promise<{ port: number; kill(): Promise<void> | void }>;
  };
  const { default: puppeteer } = (await import('puppeteer-core')) as unknown as {
    default: { connect(opts: { browserURL: string; defaultViewport: null }): Promise<PBrowser> };
  };

  const reportsDir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  const server = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const summaries: PageSummary[] = [];
  try {
    // one unmeasured visit fills the server's caches (prepared statements, menus), as earlier customers would
    {
      const page = await browser.newPage();
      await page.evaluateOnNewDocument(clockShim(server));
      await page.goto(`${server.base}/#/pages/user/index-tab-1?id=${SHOP.restaurant}`, { waitUntil: 'networkidle0', timeout: 60_000 });
      await page.close();
    }
    const all: Array<{ name: string; url: string; member: boolean }> = [
      { name: 'entry', url: `${server.base}/`, member: false },
      { name: 'menu', url: `${server.base}/#/pages/user/index-tab-1?id=${SHOP.restaurant}`, member: false },
      { name: 'confirm', url: `${server.base}/#/pages/order/confirm`, member: true },
      { name: 'member', url: `${server.base}/#/pages/member/index`, member: true },
      // the staff console's first page, as staff open it on a phone or a counter tablet: its sign-in
      { name: 'console', url: `${server.base}/console/`, member: false },
    ];
    // LIGHTHOUSE_PAGES=menu,member measures some of them
    const only = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
    const pages = only.length ? all.filter((p) => only.includes(p.name)) : all;
    // the member signs in once (the server allows one SMS code a minute); the storage stays for both pages
    let signedIn = false;
    for (const p of pages) {
      // Lighthouse's performance score moves from run to run on one machine: each page is measured
      // LIGHTHOUSE_RUNS times (default 3) and the run with the median performance score is reported
      const runs: LhResult[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const page = await browser.newPage();
        await page.evaluateOnNewDocument(clockShim(server));
        if (p.member) {
          if (!signedIn) {
            await page.setViewport({ width: 375, height: 812, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
            // a first visit: the earlier measurements' files are not in the cache
            await clearCache(page);
            await prepareMember(page, server.base).catch(async (e: unknown) => {
              const where = await page.evaluate(() => `${location.href}: ${document.body.innerText.slice(0, 300)}`, null).catch(() => '');
              throw new Error(`preparing the member for ${p.name} failed at ${where}: ${String(e)}`);
            });
            await page.goto('about:blank');
            signedIn = true;
          }
          // the measured load fetches every file
          await clearCache(page);
        }
        const result = await lighthouse(
          p.url,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: p.member },
          undefined,
          page,
        );
        if (!result) throw new Error(`lighthouse gave no result for ${p.name}`);
        runs.push(result);
        await page.close();
      }
      const perf = (r: LhResult) => r.lhr.categories.performance?.score ?? 0;
      const ordered = [...runs].sort((a, b) => perf(a) - perf(b));
      const result = ordered[Math.floor(ordered.length / 2)];
      console.log(`${p.name}: performance ${runs.map((r) => Math.round(perf(r) * 100)).join(', ')} over ${runs.length} runs; the median run is reported`);
      const { lhr } = result;
      if (lhr.runtimeError) console.warn(`${p.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const file = path.join(reportsDir, `${p.name}.json`);
      writeFileSync(file, typeof result.report === 'string' ? result.report : result.report[0]);
      const summary: PageSummary = { page: p.name, url: p.url, scores: {}, metrics: {}, failing: {}, report: file };
      for (const c of CATEGORIES) {
        const score = Math.round((lhr.categories[c]?.score ?? 0) * 100);
        summary.scores[c] = score;
        console.log(`BENCH lighthouse_${p.name}_${c.replace('-', '_')} ${score} points`);
      }
      for (const [audit, name] of METRICS) {
        const value = lhr.audits[audit]?.numericValue ?? NaN;
        summary.metrics[name] = name === 'cls' ? Number(value.toFixed(3)) : Math.round(value);
        console.log(name === 'cls' ? `BENCH lighthouse_${p.name}_cls ${value.toFixed(3)}` : `BENCH lighthouse_${p.name}_${name} ${Math.round(value)} ms`);
      }
      const categoryAudits = (lhr as unknown as { categories: Record<string, { auditRefs: Array<{ id: string; weight: number }> }> }).categories;
      for (const c of CATEGORIES) {
        summary.failing[c] = (categoryAudits[c]?.auditRefs ?? [])
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
          .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue }));
      }
      summaries.push(summary);
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
    await server.stop();
  }
  for (const s of summaries) {
    for (const c of CATEGORIES) {
      if (s.failing[c].length) console.log(`${s.page} ${c}: ${s.failing[c].map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`).join(', ')}`);
    }
  }
  if (existsSync(AXE)) {
    const axe = JSON.parse(readFileSync(AXE, 'utf8')) as { seriousOrCritical: number };
    console.log(`BENCH axe_serious_critical ${axe.seriousOrCritical} violations`);
  }
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify({ build: process.env.DIST_DIR || 'dist', load: os.loadavg(), pages: summaries }, null, 2)}\n`);
  console.log(`reports: ${reportsDir}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
