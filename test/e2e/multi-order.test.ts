/**
 * Multi-shop ordering end to end (ORDER-10; C§2 multi-confirm, multi-success) in headless Chromium
 * against the H5 build served by the real server with the demo data: carts at two shops of the demo
 * chain (the restaurant 1001 and its Jing'an branch 1004), "check out all shops" on the cart, one
 * confirm with each shop's own figures, one payment on the provider page, both orders paid.
 * Screens at 375×667 are saved to the screens folder.
 */
import type { Page } from 'playwright-core';
import { PAY, SHOP } from './demo';
import { amountOf, apiCall, e2eReady, launch, newPhone, serverAndBrowser, shot, tap, type } from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(240_000);

const RESTAURANT = { tomatoEgg: 10303, sourPlum: 10704, stirFry: 1103, drinks: 1107 };
const BRANCH = { tomatoEgg: 40303, greenBeans: 40305, sourPlum: 40704, stirFry: 4103, drinks: 4107 };

/** Opens a shop's menu for self pickup and adds products (`[category, product]`, one unit per entry). */
async function addAt(page: Page, base: string, shopId: number, picks: Array<[number, number]>): Promise<void> {
  await launch(page, base, `id=${shopId}`);
  await tap(page, '#home-selfPickup');
  await page.locator('#product-list').waitFor({ timeout: 30_000 });
  for (const [category, product] of picks) {
    await tap(page, `#category-${category}`);
    await tap(page, `#add-${product}`);
  }
  await page.locator('#cart-bar .cart-bar__badge').waitFor();
}

suite('multi-shop orders in a browser (ORDER-10)', () => {
  const env = serverAndBrowser();

  test('carts at two chain shops are checked out together, paid once, and both orders are paid', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    await page.setViewportSize({ width: 375, height: 667 });
    try {
      // the restaurant: tomato and egg × 2, sour plum × 1
      await addAt(page, env.server.base, SHOP.restaurant, [
        [RESTAURANT.stirFry, RESTAURANT.tomatoEgg],
        [RESTAURANT.stirFry, RESTAURANT.tomatoEgg],
        [RESTAURANT.drinks, RESTAURANT.sourPlum],
      ]);
      // the branch: tomato and egg, dry-fried green beans, sour plum
      await addAt(page, env.server.base, SHOP.branch, [
        [BRANCH.stirFry, BRANCH.tomatoEgg],
        [BRANCH.stirFry, BRANCH.greenBeans],
        [BRANCH.drinks, BRANCH.sourPlum],
      ]);
      await tap(page, '#cart-icon');
      await page.locator('#multi-entry').waitFor({ timeout: 20_000 });
      await shot(page, 'multi-cart-entry');
      await tap(page, '#multi-entry');

      await page.locator(`#multi-shop-${SHOP.branch}`).waitFor({ timeout: 30_000 });
      await page.locator(`#multi-shop-${SHOP.restaurant}`).waitFor();
      await shot(page, 'multi-confirm');
      /**
       * Restaurant: 2 × 22 + 10 = 54; its ¥5 off from ¥50 → −5; packaging ¥1 × 3 = 3; dishware ¥1 × 2
       * dishes = 2 → 54. Branch: 22 + 26 + 10 = 58; its ¥6 off from ¥40 → −6; packaging ¥2 × 3 = 6;
       * no dishware → 58. Together 54 + 58 = 112.
       */
      expect(amountOf(await page.locator(`#multi-shop-total-${SHOP.restaurant} .figure-row__value`).textContent())).toBe(54);
      expect(amountOf(await page.locator(`#multi-shop-total-${SHOP.branch} .figure-row__value`).textContent())).toBe(58);
      expect(amountOf(await page.locator('.submit-bar__sum .price').first().textContent())).toBe(112);

      await type(page, '#multi-name', '王小明');
      await type(page, '#multi-phone', '13912345678');
      await tap(page, '#multi-pay-allinpay');
      await page.locator('#multi-submit').scrollIntoViewIfNeeded();
      await shot(page, 'multi-confirm-filled', { keepScroll: true });
      await tap(page, '#multi-submit');

      // one payment on the provider's page, back to multi-success
      await page.waitForURL(/sandbox-pay/, { timeout: 30_000 });
      await shot(page, 'multi-provider');
      await page.click('#pay');
      await page.locator('#multi-success').waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => document.querySelector('#multi-success-title')?.textContent === '支付成功', undefined, { timeout: 20_000 });
      await shot(page, 'multi-success');

      const rows = page.locator('#multi-orders .multi-orders__item');
      expect(await rows.count()).toBe(2);
      const ids = (await rows.evaluateAll((els) => els.map((e) => e.id))).map((id) => Number(id.replace('multi-order-', '')));
      // each order's own detail: paid, with the total shown for its shop
      const totals: number[] = [];
      for (const id of ids) {
        const res = await apiCall(page, 'order/detail', { id });
        expect(res.result).toBe(true);
        const d = res.info as { payStatus: number; total: number; shopId: number };
        expect(d.payStatus).toBe(PAY.success);
        totals.push(d.total);
      }
      expect(totals.sort((a, b) => a - b)).toEqual([54, 58]);

      // the rows lead to each order's detail
      await tap(page, `#multi-order-${ids[1]}`);
      await page.locator('#order-figures').waitFor({ timeout: 20_000 });
      await shot(page, 'multi-order-detail');
    } finally {
      await context.close();
    }
  });
});
