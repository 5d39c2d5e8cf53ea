/**
 * The category rail's jump on H5 (MENU-1): tapping a category far down the menu moves the product
 * list to it and its rows are on screen; back to the first category and to the same one again, each
 * tap moves the list (the mini programs' jump: test/mini/scenarios.test.ts "menu navigation").
 */
import { RESTAURANT_CATEGORY as C } from '../../server/src/demo/ids';
import { RESTAURANT_PRODUCT, SHOP } from './demo';
import { e2eReady, launch, newPhone, serverAndBrowser, tap } from './harness';

jest.setTimeout(240_000);
const suite = e2eReady() ? describe : describe.skip;

suite('the category rail', () => {
  const env = serverAndBrowser();

  test('a jump to drinks shows the drinks; the first category and drinks again move the list each time', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await tap(page, '#home-takeaway');
      const list = page.locator('#product-list');
      await list.waitFor({ timeout: 60_000 });
      const listTop = () => list.evaluate((el) => el.scrollTop);
      await tap(page, `#category-${C.drinks}`);
      await page.waitForFunction(() => (document.querySelector('#product-list')?.scrollTop ?? 0) > 1000, undefined, { timeout: 10_000 });
      const drinksTop = await listTop();
      // the lemon tea row (a drink) is inside the list's visible box
      const row = await page.locator(`#product-${RESTAURANT_PRODUCT.lemonTea}`).boundingBox();
      const box = await list.boundingBox();
      expect(row !== null && box !== null && row.y >= box.y && row.y < box.y + box.height).toBe(true);
      await tap(page, `#category-${C.breakfast}`);
      await page.waitForFunction(() => (document.querySelector('#product-list')?.scrollTop ?? -1) === 0, undefined, { timeout: 10_000 });
      await tap(page, `#category-${C.drinks}`);
      await page.waitForFunction((top) => document.querySelector('#product-list')?.scrollTop === top, drinksTop, { timeout: 10_000 });
    } finally {
      await context.close();
    }
  });
});
