/**
 * The ordering screens not on the order paths of ordering.test.ts — shop list and shop page,
 * product detail and search, the address book, the payment callback and failure page, the login
 * page — each opened in Chromium, checked for its content and saved to docs/screens/.
 */
import { RESTAURANT_PRODUCT as R, SHOP } from './demo';
import { e2eReady, launch, newPhone, serverAndBrowser, settled, shot, tap, type } from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(180_000);

suite('the other ordering screens', () => {
  const env = serverAndBrowser();

  test('shop, product, search, address, payment result and login screens show their content', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await page.locator('#home-takeaway').waitFor({ timeout: 30_000 });

      // SHOP-1: the chain's shops, the current one marked
      await page.goto(`${env.server.base}/#/pages/store/list`);
      await page.locator(`#shop-${SHOP.restaurant}.shop-item--current`).waitFor({ timeout: 20_000 });
      await shot(page, 'store-list');
      await page.goto(`${env.server.base}/#/pages/store/index`);
      await page.locator('.store-name').waitFor({ timeout: 20_000 });
      expect(await page.locator('.store-name').textContent()).toContain('沪味小馆');
      await shot(page, 'store-index');

      // MENU-6: product detail with its spec choices, and search
      await page.goto(`${env.server.base}/#/pages/product/detail?productId=${R.boiledFish}`);
      await page.locator(`#spec-${R.boiledFish * 10 + 1}`).waitFor({ timeout: 20_000 });
      await shot(page, 'product-detail');
      await page.goto(`${env.server.base}/#/pages/product/search`);
      await type(page, '#search-input', '鱼');
      await page.locator(`#product-${R.boiledFish}`).waitFor({ timeout: 20_000 });
      await shot(page, 'product-search');

      // USER-3: an address saved with its GPS point, then listed with gender and default mark
      // opened from the list as a customer does, so the form's back after the save lands on the list
      await page.goto(`${env.server.base}/#/pages/user/address/list`);
      await tap(page, '.empty-state__action, #address-add');
      await page.waitForURL((url) => url.hash.includes('address/add'), { timeout: 20_000 });
      await type(page, '#addr-name', '李华');
      await tap(page, '#addr-gender-female');
      await type(page, '#addr-phone', '13712345678');
      await type(page, '#addr-address', '南京东路 100 号');
      await type(page, '#addr-gps', '31.2350,121.4800');
      const saved = page.waitForResponse((res) => res.url().includes('/address/add'), { timeout: 20_000 });
      await tap(page, '#addr-save');
      expect((await (await saved).json()).result).toBe(true);
      // the form goes back to the list by itself once saved
      await page.waitForURL((url) => url.hash.includes('address/list'), { timeout: 20_000 });
      await settled(page);
      await page.locator('.address-item').first().waitFor({ timeout: 20_000 });
      expect(await page.locator('.address-item').first().textContent()).toContain('女士');
      await shot(page, 'address-list');
      await page.goto(`${env.server.base}/#/pages/user/address/poi`);
      await page.locator('#poi-gps').waitFor({ timeout: 20_000 });
      await shot(page, 'address-poi');

      // ORDER-11 / C§8: the failure page names the reason
      await page.goto(`${env.server.base}/#/pages/order/fail?orderId=1&code=paymentWrong`);
      await page.locator('#order-fail').waitFor({ timeout: 20_000 });
      await shot(page, 'order-fail');

      // USER-1: login by phone and SMS code
      await page.goto(`${env.server.base}/#/pages/user/login`);
      await page.locator('#login-phone').waitFor({ timeout: 20_000 });
      await shot(page, 'login');
    } finally {
      await context.close();
    }
  });
});
