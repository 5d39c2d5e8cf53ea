/**
 * The route walk in Chromium (APP-3): every page of src/app.config.ts opened with its query (the table
 * in test/support/route-walk.ts) by the demo member at the demo restaurant, after placing an order,
 * saving an address and putting a dish in the cart. A page fails on a console error, an uncaught
 * exception, a message key shown instead of its text, or an empty state with nothing else on the page
 * where the spec gives the page content.
 * Each page is saved as <SCREENS_DIR>/routes/<route>.png at 375×667.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_MEMBER, RESTAURANT_PRODUCT as R, SHOP, lineFlag } from './demo';
import { RESTAURANT_CATEGORY } from '../../server/src/demo/ids';
import { apiCall, e2eReady, launch, newPhone, SCREENS_DIR, serverAndBrowser, settled, tap, type } from './harness';
import { appConfigRoutes, IN_PROGRESS, messageKeyShown, reportWalk, WALK, walkFailures, walkUrl, type WalkFixture, type WalkResult } from '../support/route-walk';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(900_000);

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

/** Waits until the page has no skeleton rows and no request is out, then until it is still. */
async function pageSettled(page: Page, pending: () => number): Promise<void> {
  const deadline = Date.now() + 20_000;
  let quiet = 0;
  while (Date.now() < deadline && quiet < 3) {
    await new Promise((r) => setTimeout(r, 150));
    // a page that leaves for another document (a provider's cashier) is busy until that one is there
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
