/**
 * The route walk in Chromium (APP-3): every page of src/app.config.ts opened with its query (the table
 * in test/support/route-walk.ts) by the demo member at the demo restaurant, after placing an order,
 * saving an address and putting a dish in the cart. A page fails on a console error, an uncaught
 * exception, a message key shown instead of its text, or an empty state with nothing else on the page
 * where the spec gives the page content.
 * Each page is saved as <SCREENS_DIR>/routes/<route>.png at 375×667.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { e2eReady, newPhone, SCREENS_DIR, serverAndBrowser } from './harness';
import { pageSettled, prepareWalk } from './walk-setup';
import { appConfigRoutes, IN_PROGRESS, messageKeyShown, reportWalk, WALK, walkFailures, walkUrl, type WalkResult } from '../support/route-walk';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(900_000);


/**
 * What the page on screen shows, once it is still: whether it is only an empty state (the EmptyState
 * component, and no other text, picture, field or frame on the page).
 */
async function onlyEmptyState(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const pages = Array.from(document.querySelectorAll<HTMLElement>('.taro_page')).filter((el) => getComputedStyle(el).display !== 'none');
    const current = pages[pages.length - 1];
    if (!current || !current.querySelector('.empty-state')) return false;
    const copy = current.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.empty-state').forEach((el) => el.remove());
    const text = (copy.textContent ?? '').replace(/\s+/g, '');
    return text === '' && copy.querySelector('img, input, textarea, iframe, canvas') === null;
  });
}


const fileName = (route: string) => route.replace(/^pages\//, '').replace(/\//g, '-');

suite('route walk (Chromium)', () => {
  const env = serverAndBrowser();

  test('the table names every page of the app config, and only those', () => {
    expect(WALK.map((w) => w.route).sort()).toEqual(appConfigRoutes().sort());
    for (const r of IN_PROGRESS) expect(appConfigRoutes()).toContain(r);
  });

  test('every page opens with its query: no console error, no exception, real content', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    const dir = path.join(SCREENS_DIR, 'routes');
    mkdirSync(dir, { recursive: true });
    try {
      const fixture = await prepareWalk(page, env.server.base);

      await page.setViewportSize({ width: 375, height: 667 });
      let current = '';
      const problems = new Map<string, string[]>();
      const note = (what: string) => {
        if (current) problems.set(current, [...(problems.get(current) ?? []), what]);
      };
      page.on('console', (msg) => {
        if (msg.type() === 'error') note(`console error: ${msg.text().slice(0, 300)}`);
      });
      page.on('pageerror', (err) => note(`exception: ${err.message.split('\n')[0]}`));
      let pending = 0;
      page.on('request', () => (pending += 1));
      page.on('requestfinished', () => (pending -= 1));
      page.on('requestfailed', () => (pending -= 1));

      const results: WalkResult[] = [];
      for (const entry of WALK) {
        current = entry.route;
        problems.set(current, []);
        try {
          await page.goto(`${env.server.base}/#${walkUrl(entry, fixture)}`);
          await pageSettled(page, () => pending);
          if (!entry.emptyOk && (await onlyEmptyState(page))) note('shows only an empty state');
          const key = messageKeyShown(
            await page.evaluate(() => {
              const pages = Array.from(document.querySelectorAll<HTMLElement>('.taro_page')).filter((el) => getComputedStyle(el).display !== 'none');
              return pages[pages.length - 1]?.textContent ?? '';
            }),
          );
          if (key) note(key);
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: path.join(dir, `${fileName(entry.route)}.png`) });
          // a dialog a page opened stays with that page
          await page.evaluate(() => document.querySelectorAll('.taro__modal, .taro__toast').forEach((el) => ((el as HTMLElement).style.display = 'none')));
        } catch (e) {
          // the page left the app's document while it was read (a reload or another site)
          note(`could not be read: ${String((e as Error).message).split('\n')[0]}`);
          await page.waitForLoadState('load').catch(() => undefined);
        }
        results.push({ route: entry.route, problems: problems.get(entry.route) ?? [] });
      }
      current = '';
      reportWalk('chromium', results);
      expect(walkFailures(results)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
