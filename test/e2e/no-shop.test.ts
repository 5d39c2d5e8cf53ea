/**
 * Pages opened without a shop (a link that lost its `id`, a fresh browser with no shop remembered):
 * each shows the way to choose a shop — what the home tab shows then — instead of a loading skeleton
 * for good or a "failed to get shop data" that nothing caused; its button opens the shop list.
 */
import { e2eReady, newPhone, serverAndBrowser, shot, tap } from './harness';

jest.setTimeout(300_000);
const suite = e2eReady() ? describe : describe.skip;

const ROUTES = [
  'member/register',
  'member/store-list',
  'member/point-store/point-store',
  'member/point-consume-list',
  'member/bind-qrcode',
  'order/multi-success',
  'user/index-tab-1',
  'product/index',
];

suite('pages opened with no shop', () => {
  const env = serverAndBrowser();

  test.each(ROUTES)('%s shows the way to choose a shop', async (route) => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await page.goto(`${env.server.base}/#/pages/${route}`);
      const state = page.locator('#no-shop');
      await state.waitFor({ timeout: 60_000 });
      expect(await state.innerText()).toContain('选择一家门店开始点单');
      expect(await page.locator('.empty-state__title', { hasText: '加载失败' }).count()).toBe(0);
      if (route === ROUTES[0]) {
        await shot(page, 'no-shop-member-register');
        await tap(page, '#no-shop .empty-state__action');
        await page.waitForURL(/pages\/store\/list/, { timeout: 30_000 });
      }
    } finally {
      await context.close();
    }
  });
});
