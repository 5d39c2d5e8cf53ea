/**
 * The first screens hold still while they load (MENU-8, APP-4): a new customer opening the menu, a
 * member opening the order confirmation and the member center see no layout shift — the page is not pushed down by Taro's
 * navigation bar leaving, by the shop's activity tags arriving after the first products, or by a
 * stylesheet arriving late. Headless Chromium against the H5 build and the real server; the shifts
 * are Chromium's own layout-shift entries (the figure Lighthouse sums as CLS), counted from the
 * first paint until the screen is still.
 */
import type { Page } from 'playwright-core';
import { RESTAURANT_CATEGORY } from '../../server/src/demo/ids';
import { DEFAULT_TEST_INSTANT } from '../support/clock';
import { RESTAURANT_PRODUCT, SHOP } from './demo';
import { menuStorageKey } from '../../src/stores/menu';
import { e2eReady, newPhone, nextFrame, serverAndBrowser, settled, signInDemoMember, tap } from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(240_000);

/** Records every layout shift of the page from the start of each document (no recent input). */
const RECORD_SHIFTS = `(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__shifts.push({ value: e.value, nodes: (e.sources || []).map((s) => (s.node && (s.node.className || s.node.nodeName)) || '?') });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

interface Shift {
  value: number;
  nodes: string[];
}

/**
 * The shifts recorded once the network is idle and the screen is still. Chromium reports a
 * zero-distance "shift" when a tab label's text repaints: only real moves count.
 */
async function realShiftsWhenStill(page: Page): Promise<Shift[]> {
  await page.waitForLoadState('networkidle');
  await settled(page);
  const found = (await page.evaluate('window.__shifts')) as Shift[];
  return found.filter((s) => s.value >= 0.001);
}

suite('the first screens hold still while they load', () => {
  // at lunchtime in the shops' zone whatever the suites' instant: the member adds a dish, which a
  // closed restaurant refuses (its closed screen is clock.test.ts's)
  const env = serverAndBrowser({}, DEFAULT_TEST_INSTANT);

  test('a new customer opening the menu: no layout shift until the menu is still', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await page.addInitScript({ content: RECORD_SHIFTS });
      await page.goto(`${env.server.base}/#/pages/user/index-tab-1?id=${SHOP.restaurant}`);
      await page.locator('.product-row:not(.product-row--loading)').first().waitFor({ timeout: 60_000 });
      // the shop's activity tags are on screen with the first products
      await page.locator('.shop-header__tags .tag--activity').first().waitFor({ timeout: 1_000 });
      expect(await realShiftsWhenStill(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a new customer opening the menu while the shop's answer comes last: no layout shift", async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await page.addInitScript({ content: RECORD_SHIFTS });
      // the category list (which brings the whole small menu) is answered before the shop: the header
      // must not arrive above rows already on screen
      let typesAnswered: () => void = () => undefined;
      const typesIn = new Promise<void>((resolve) => (typesAnswered = resolve));
      await page.route('**/new/consumer/store/{productTypes,publicProductTypes}', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response });
        typesAnswered();
      });
      await page.route('**/new/consumer/store/detail', async (route) => {
        const response = await route.fetch();
        await typesIn;
        // the app has put the whole menu into its store once it has written the menu's cache; two
        // frames later anything the store lets render is on screen
        await page.waitForFunction((key) => localStorage.getItem(key) !== null, menuStorageKey(SHOP.restaurant));
        await nextFrame(page);
        await nextFrame(page);
        await route.fulfill({ response });
      });
      await page.goto(`${env.server.base}/#/pages/user/index-tab-1?id=${SHOP.restaurant}`);
      await page.locator('.product-row:not(.product-row--loading)').first().waitFor({ timeout: 60_000 });
      await page.locator('#shop-name').waitFor({ timeout: 1_000 });
      expect(await realShiftsWhenStill(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the member opening the member center, then the order confirmation with a dish in the cart: no layout shift until each is still', async () => {
    // one sign-in for both pages (the server sends one SMS code a minute to a phone)
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await signInDemoMember(page, env.server.base);
      await page.addInitScript({ content: RECORD_SHIFTS });
      await page.goto('about:blank');
      await page.goto(`${env.server.base}/#/pages/member/index`);
      await page.locator('#member-codes').waitFor({ timeout: 60_000 });
      expect(await realShiftsWhenStill(page)).toEqual([]);

      await page.goto(`${env.server.base}/#/pages/user/index-tab`);
      await tap(page, '#home-takeaway');
      await tap(page, `#category-${RESTAURANT_CATEGORY.noodles}`);
      await tap(page, `#add-${RESTAURANT_PRODUCT.xiaolongbao}`);
      await page.locator('.cart-bar__badge').first().waitFor({ timeout: 10_000 });
      // Lighthouse's phone: a wider screen, files fetched anew, a 4× slower CPU (the member card then
      // arrives after the first render unless the page waits for it)
      await page.setViewportSize({ width: 412, height: 823 });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto('about:blank');
      await page.goto(`${env.server.base}/#/pages/order/confirm`);
      await page.locator('#confirm-lines').waitFor({ timeout: 60_000 });
      expect(await realShiftsWhenStill(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
