/**
 * The first minute of a new customer in a browser (C§2 entry, C§8; APP-5, APP-6, SHOP-1), headless
 * Chromium against the H5 build and the real server: the bare URL shows the shop list (never the
 * failure text), nearest first when the position is allowed and by name when it is not; choosing a
 * shop opens its home and menu, and the next bare visit goes straight back to it. Table links: the
 * scan-to-order choice, a table number not found and an invalid QR code, each with a way back to the
 * shop list; a launch onto a page that does not exist starts again at the entry page.
 */
import type { Page } from 'playwright-core';
import { SHOP } from './demo';
import { e2eReady, newPhone, serverAndBrowser, shot, tap } from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(240_000);

/** The ids of the shop rows on screen, top to bottom. */
const rowIds = (page: Page): Promise<number[]> =>
  page.$$eval('.shop-list .shop-item', (els) => els.map((el) => Number(el.id.replace(/^shop-/, ''))));

/** Whether `ids` appear in this order in `rows` (other demo shops may stand between them). */
const inOrder = (rows: number[], ids: number[]): boolean => ids.every((id, i) => rows.includes(id) && (i === 0 || rows.indexOf(ids[i - 1]) < rows.indexOf(id)));

/** The page text (for "no failure text anywhere" checks). */
const bodyText = (page: Page): Promise<string> => page.evaluate(() => document.body.innerText);

/** Opens a URL as a fresh load (not a hash change of the page already open). */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
}

/**
 * A customer whose network address no maps service places (a public address the loopback locator
 * does not know, given as the balancer's X-Forwarded-For: the suite's server trusts its proxy).
 * Without it the browser's loopback address is placed in the demo's city (C7.28 IP location).
 */
const UNPLACED_ADDRESS = { 'X-Forwarded-For': '203.0.113.7' };

suite('entry without a shop in a browser', () => {
  const env = serverAndBrowser({ TRUST_PROXY: '1' });

  test('bare URL → shop list by name → choose the bistro → its home and menu; the next bare visit lands on the bistro', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    await context.setExtraHTTPHeaders(UNPLACED_ADDRESS);
    try {
      await visit(page, `${env.server.base}/`);
      await page.locator('.shop-list--entry').waitFor({ timeout: 30_000 });
      // the position is not allowed in this browser and the network address places nobody: by name, and the list says so
      await page.locator('#shop-list-order', { hasText: '未获取到位置，按店名排序' }).waitFor({ timeout: 20_000 });
      // 好 hǎo < 沪 hù < 悦 yuè
      expect(inOrder(await rowIds(page), [SHOP.retail, SHOP.restaurant, SHOP.beauty])).toBe(true);
      const text = await bodyText(page);
      expect(text).toContain('沪味小馆（南京东路店）');
      expect(text).toContain('营业中');
      expect(text).not.toContain('加载失败');
      expect(text).not.toContain('获取门店数据失败');
      await shot(page, 'entry-shop-list');
      // the smallest phone the list is judged on
      await page.setViewportSize({ width: 375, height: 667 });
      await shot(page, 'entry-shop-list-375x667');
      await page.setViewportSize({ width: 375, height: 812 });

      await tap(page, `#shop-${SHOP.restaurant}`);
      await page.locator('#home-shop-name', { hasText: '沪味小馆' }).waitFor({ timeout: 30_000 });
      await tap(page, '#home-takeaway');
      await page.locator('#product-list').waitFor({ timeout: 30_000 });

      // a second visit of the bare URL: straight to the remembered shop, no list
      await visit(page, `${env.server.base}/`);
      await page.locator('#home-shop-name', { hasText: '沪味小馆' }).waitFor({ timeout: 30_000 });
      expect(page.url()).toContain('pages/user/index-tab');
      expect(await page.locator('.shop-list--entry').count()).toBe(0);

      // the list is still one tap away, with the remembered shop marked
      await visit(page, `${env.server.base}/#/pages/store/list?entry=1`);
      await page.locator(`#shop-${SHOP.restaurant} .tag--main`, { hasText: '上次光临' }).waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  test('with the position allowed the list runs nearest first with distances', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      // standing at the beauty salon (WGS-84 from the browser; the server converts it)
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 31.2306, longitude: 121.4435 });
      await visit(page, `${env.server.base}/`);
      await page.locator('#shop-list-order', { hasText: '按距离由近到远' }).waitFor({ timeout: 30_000 });
      const rows = await rowIds(page);
      expect(rows[0]).toBe(SHOP.beauty);
      expect(inOrder(rows, [SHOP.beauty, SHOP.restaurant, SHOP.retail])).toBe(true);
      // the bistro is about 2.4 km from the salon
      expect(await page.locator(`#shop-${SHOP.restaurant} .shop-item__distance`).textContent()).toMatch(/^2\.\d公里$/);
      await shot(page, 'entry-shop-list-nearest');
    } finally {
      await context.close();
    }
  });

  test('without a position, the network address’s area orders the list (C7.28 IP location)', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await visit(page, `${env.server.base}/`);
      // the loopback address is placed at Huangpu's seat (31.2304, 121.4737): the bistro stands there
      // (0 km), the salon about 2.5 km west, the retail shop in Singapore
      await page.locator('#shop-list-order', { hasText: '按网络所在地区（上海市）由近到远' }).waitFor({ timeout: 30_000 });
      const rows = await rowIds(page);
      expect(rows[0]).toBe(SHOP.restaurant);
      expect(inOrder(rows, [SHOP.restaurant, SHOP.beauty, SHOP.retail])).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('a brand link lists that brand’s shops only', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    await context.setExtraHTTPHeaders(UNPLACED_ADDRESS);
    try {
      await visit(page, `${env.server.base}/#/pages/index/index?brand=1`);
      await page.locator('.shop-list--entry').waitFor({ timeout: 30_000 });
      await page.locator('#shop-list-order', { hasText: '按店名排序' }).waitFor({ timeout: 20_000 });
      const rows = await rowIds(page);
      expect(inOrder(rows, [SHOP.retail, SHOP.restaurant])).toBe(true);
      expect(rows).not.toContain(SHOP.beauty);
      expect(rows).not.toContain(SHOP.large);
    } finally {
      await context.close();
    }
  });

  test('a table link at a shop taking dine-in and pickup asks how the customer eats; pickup opens the menu', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await visit(page, `${env.server.base}/#/pages/index/index?id=${SHOP.restaurant}&table=A1`);
      await page.locator('#scan-choice').waitFor({ timeout: 30_000 });
      expect(await page.locator('#scan-choice').innerText()).toContain('A1 号桌');
      await shot(page, 'entry-scan-choice');
      await tap(page, '#scan-choice-selfPickup');
      await page.locator('#product-list').waitFor({ timeout: 30_000 });
      expect(page.url()).toContain('pages/product/index');
    } finally {
      await context.close();
    }
  });

  test('a table number the shop does not have: the spec’s message, and the shop list one tap away', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await visit(page, `${env.server.base}/#/pages/index/index?id=${SHOP.restaurant}&isDine=1&table=Z99`);
      await page.locator('.empty-state__title', { hasText: '桌号不存在' }).waitFor({ timeout: 30_000 });
      await shot(page, 'entry-table-not-found');
      await tap(page, '.empty-state__action');
      await page.locator('.shop-list--entry').waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });

  test('an invalid QR code: the spec’s message, and the shop list one tap away', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await visit(page, `${env.server.base}/#/pages/index/index?id=bistro`);
      await page.locator('.empty-state__title', { hasText: '无效的二维码' }).waitFor({ timeout: 30_000 });
      expect(await bodyText(page)).not.toContain('获取门店数据失败');
      await tap(page, '.empty-state__action');
      await page.locator('.shop-list--entry').waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });

  test('a link to a page that does not exist starts again at the entry page with its shop', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await visit(page, `${env.server.base}/#/pages/old/menu?id=${SHOP.restaurant}`);
      await page.locator('#home-shop-name', { hasText: '沪味小馆' }).waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });
});
