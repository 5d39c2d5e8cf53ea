/**
 * Accessibility of every page (axe-core in Chromium): the route walk's table (test/support/route-walk.ts)
 * opened by the demo member at the demo restaurant, after placing an order, saving an address and
 * putting a dish in the cart, each page checked with axe-core once it is still. No page may have a
 * serious or critical violation.
 *
 * The findings of the run (violations by route and impact) are written as JSON to AXE_OUT (default
 * test-results/axe.json), which bench/axe.ts reads.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { e2eReady, newPhone, ROOT, serverAndBrowser } from './harness';
import { pageSettled, prepareWalk } from './walk-setup';
import { WALK, walkUrl } from '../support/route-walk';

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



suite('accessibility of every page (axe-core)', () => {
  const env = serverAndBrowser();

  test('no page has a serious or critical axe violation', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    const report: AxeReport = { axeVersion: '', build: process.env.DIST_DIR || 'dist', routes: [], byImpact: {}, seriousOrCritical: 0 };
    try {
      const fixture = await prepareWalk(page, env.server.base);

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
