/**
 * Accessibility of every page (axe-core in Chromium): the route walk's table (test/support/route-walk.ts)
 * opened by the demo member at the demo restaurant, after placing an order, saving an address and
 * putting a dish in the cart, each page checked with axe-core once it is still. No page may have a
 * serious or critical violation.
 *
 * The findings of the run (violations by route and impact) are written as JSON to AXE_OUT (default
 * test-results/axe.json), which bench/axe.ts reads.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DEMO_MEMBER, RESTAURANT_PRODUCT as R, SHOP, lineFlag } from './demo';
import { RESTAURANT_CATEGORY } from '../../server/src/demo/ids';
import { apiCall, e2eReady, launch, newPhone, ROOT, serverAndBrowser, settled, tap, type } from './harness';
import { WALK, walkUrl, type WalkFixture } from '../support/route-walk';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(900_000);

/** Where the findings go. */
const OUT = path.resolve(ROOT, process.env.AXE_OUT || 'test-results/axe.json');

/** The impacts that fail a page. */
const FAILING = new Set(['serious', 'critical']);

/** One rule's violation on one page. */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** How many elements break the rule, and the first few of them (CSS selectors). */
  nodes: number;
  targets: string[];
  /** What axe says of the first few (for contrast: the colours, the font and the ratio). */
  details: string[];
}

/** What bench/axe.ts reads. */
export interface AxeReport {
  axeVersion: string;
  build: string;
  routes: Array<{ route: string; url: string; violations: AxeFinding[]; error?: string }>;
  /** Violations (rule × page) by impact over all routes. */
  byImpact: Record<string, number>;
  seriousOrCritical: number;
}

/** A dine-in cash order of one xiaolongbao at `table`, through the API with the page's token. */
async function placeOrder(page: Page, table: string): Promise<number> {
  const body = { type: 'dine', payType: 'cash', table, people: 1, products: [{ id: R.xiaolongbao, quantity: 1, flag: lineFlag(R.xiaolongbao, undefined, [], []) }] };
  // a wrong expectedTotal is refused with the server's own total
  const probe = (await apiCall(page, 'order/confirm', { ...body, expectedTotal: 0.01 }, { 'Idempotency-Key': randomUUID() })) as { code?: string; data?: { total: number } };
  if (probe.code !== 'amountError' || !probe.data) throw new Error(`expected amountError, got ${JSON.stringify(probe)}`);
  const res = await apiCall(page, 'order/confirm', { ...body, expectedTotal: probe.data.total }, { 'Idempotency-Key': randomUUID() });
  if (!res.result) throw new Error(`order/confirm failed: ${JSON.stringify(res)}`);
  return (res.info as { id: number }).id;
}

/** Waits until the page has no skeleton rows and no request is out, then until it is still. */
async function pageSettled(page: Page, pending: () => number): Promise<void> {
  const deadline = Date.now() + 20_000;
  let quiet = 0;
  while (Date.now() < deadline && quiet < 3) {
    await new Promise((r) => setTimeout(r, 150));
    const busy = await page
      .evaluate(() => {
        const pages = Array.from(document.querySelectorAll<HTMLElement>('.taro_page')).filter((el) => getComputedStyle(el).display !== 'none');
        const current = pages[pages.length - 1];
        return !current || current.querySelector('[aria-busy="true"]') !== null;
      })
      .catch(() => true);
    quiet = busy || pending() > 0 ? 0 : quiet + 1;
  }
  await settled(page).catch(() => undefined);
}

suite('accessibility of every page (axe-core)', () => {
  const env = serverAndBrowser();

  test('no page has a serious or critical axe violation', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    const report: AxeReport = { axeVersion: '', build: process.env.DIST_DIR || 'dist', routes: [], byImpact: {}, seriousOrCritical: 0 };
    try {
      // the demo member at the restaurant, signed in by SMS code
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await page.locator('#home-takeaway').waitFor({ timeout: 60_000 });
      await page.goto(`${env.server.base}/#/pages/user/login`);
      await type(page, '#login-phone', DEMO_MEMBER.phone);
      const sent = await apiCall(page, 'user/sendSmsCode', { phone: DEMO_MEMBER.phone, test: true });
      expect(sent).toMatchObject({ result: true });
      await type(page, '#login-code', String((sent.info as { testCode: string }).testCode));
      await tap(page, '#login-submit');
      await page.locator('#home-dine').waitFor({ timeout: 30_000 });

      // an order, an address and a dish in the cart, for the pages that show them
      const orderId = await placeOrder(page, 'A1');
      const saved = await apiCall(page, 'address/add', { name: '张三', phone: '13800000000', address: '南京东路 100 号', addressGps: '31.2350,121.4800', gender: 1, isDefault: true });
      expect(saved).toMatchObject({ result: true });
      const addressId = (saved.info as { id: number }).id;
      await page.goto(`${env.server.base}/#/pages/user/index-tab`);
      await tap(page, '#home-takeaway');
      await page.locator('#product-list').waitFor({ timeout: 30_000 });
      await tap(page, `#category-${RESTAURANT_CATEGORY.noodles}`);
      await tap(page, `#add-${R.xiaolongbao}`);
      const fixture: WalkFixture = { orderId, addressId, webPage: `${env.server.base}/demo-images/avatar-li-si.svg` };

      await page.setViewportSize({ width: 375, height: 667 });
      let pending = 0;
      page.on('request', () => (pending += 1));
      page.on('requestfinished', () => (pending -= 1));
      page.on('requestfailed', () => (pending -= 1));

      for (const entry of WALK) {
        const url = walkUrl(entry, fixture);
        try {
          await page.goto(`${env.server.base}/#${url}`);
          await pageSettled(page, () => pending);
          // a dialog or toast an earlier page opened is not this page's
          const results = await new AxeBuilder({ page }).exclude('.taro__toast').analyze();
          report.axeVersion = results.testEngine.version;
          const violations: AxeFinding[] = results.violations.map((v) => ({
            id: v.id,
            impact: v.impact ?? 'unknown',
            help: v.help,
            nodes: v.nodes.length,
            targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
            details: v.nodes.slice(0, 5).map((n) => (n.failureSummary ?? '').replace(/^Fix (?:any|all) of the following:\s*/, '').replace(/\s+/g, ' ').trim()),
          }));
          report.routes.push({ route: entry.route, url, violations });
        } catch (e) {
          report.routes.push({ route: entry.route, url, violations: [], error: String((e as Error).message).split('\n')[0] });
          await page.waitForLoadState('load').catch(() => undefined);
        }
      }
    } finally {
      await context.close();
    }

    for (const r of report.routes) for (const v of r.violations) report.byImpact[v.impact] = (report.byImpact[v.impact] ?? 0) + 1;
    const failing = report.routes.flatMap((r) => r.violations.filter((v) => FAILING.has(v.impact)).map((v) => `${r.route}: ${v.impact} ${v.id} (${v.nodes}) ${v.targets.join(', ')}`));
    report.seriousOrCritical = failing.length;
    mkdirSync(path.dirname(OUT), { recursive: true });
    writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`);
    console.info(
      `axe [${report.routes.length} pages]\n${report.routes
        .map((r) => `${r.route}: ${r.error ? `could not be read: ${r.error}` : r.violations.length ? r.violations.map((v) => `${v.impact} ${v.id}×${v.nodes}`).join(', ') : 'ok'}`)
        .join('\n')}`,
    );
    expect(report.routes.filter((r) => r.error).map((r) => `${r.route}: ${r.error}`)).toEqual([]);
    expect(failing).toEqual([]);
  });
});
