/**
 * The Paris demo shop (Europe/Paris, TIME-1) in a browser at its opening time, on a winter and a summer
 * day, on the movable test clock (the server's and the phone's together): at 08:59 Paris time the
 * shop is closed (the pickup entry says so, the contact page says it opens at 09:00); at 09:00 a
 * croissant (€1.40) is ordered for pickup in cash. 08:59 CET is 07:59 UTC, 08:59 CEST is 06:59 UTC.
 */
import { PARIS_PRODUCT, SHOP } from '../../server/src/demo/ids';
import { apiCall, e2eReady, launch, moveClock, newPhone, serverAndBrowser, shot, tap, type } from './harness';

jest.setTimeout(300_000);
const suite = e2eReady() ? describe : describe.skip;
/** Wednesday 2027-01-13 08:59 CET. */
const WINTER_0859 = '2027-01-13T07:59:00.000Z';
/** Wednesday 2027-07-14 08:59 CEST. */
const SUMMER_0859 = Date.parse('2027-07-14T06:59:00.000Z');

suite('the Paris shop at its opening time', () => {
  const env = serverAndBrowser({}, WINTER_0859);

  async function closedAt0859(label: string): Promise<void> {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.paris}`);
      await page.locator('#home-shop-name', { hasText: 'Le Petit Comptoir' }).waitFor({ timeout: 60_000 });
      await tap(page, '#home-selfPickup');
      // the menu's closed notice, read on the Paris clock by the app
      // (the modal's wrapper has no box of its own: its content box is what shows)
      const modal = page.locator('.taro-modal__content:visible').first();
      await modal.waitFor({ state: 'visible', timeout: 30_000 });
      expect(await modal.textContent()).toContain('门店休息中');
      await page.goto(`${env.server.base}/#/pages/user/contact-shop`);
      const state = page.locator('#contact-open-state');
      await state.waitFor({ timeout: 30_000 });
      expect((await state.innerText()).trim()).toBe('09:00 开始营业');
      await shot(page, `paris-${label}-0859`);
    } finally {
      await context.close();
    }
  }

  async function croissantAt0900(label: string): Promise<void> {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.paris}`);
      await tap(page, '#home-selfPickup');
      await page.locator(`#add-${PARIS_PRODUCT.croissant}`).waitFor({ timeout: 30_000 });
      await tap(page, `#add-${PARIS_PRODUCT.croissant}`);
      expect(await page.locator('.taro-modal__content:visible').count()).toBe(0);
      await tap(page, '#checkout');
      await page.locator('#picker-name').waitFor({ timeout: 20_000 });
      await type(page, '#picker-name', 'Camille');
      await type(page, '#picker-phone', '13912345679');
      await tap(page, '#pay-cash');
      await shot(page, `paris-${label}-0900-confirm`);
      await tap(page, '#submit-order');
      await page.locator('#order-success').waitFor({ timeout: 30_000 });
      const m = /orderId=(\d+)/.exec(page.url());
      const id = Number(m?.[1]);
      const detail = await apiCall(page, 'order/detail', { id });
      // one croissant at €1.40 for pickup, no fee: 1.40
      expect(detail).toMatchObject({ result: true, info: { type: 'selfPickup', total: 1.4 } });
    } finally {
      await context.close();
    }
  }

  test('winter (CET): closed at 08:59, a croissant for pickup at 09:00', async () => {
    await closedAt0859('winter');
    await moveClock(env.server, [], 60_000);
    await croissantAt0900('winter');
  });

  test('summer (CEST): closed at 08:59, a croissant for pickup at 09:00', async () => {
    await moveClock(env.server, [], SUMMER_0859 - env.server.now());
    await closedAt0859('summer');
    await moveClock(env.server, [], 60_000);
    await croissantAt0900('summer');
  });
});
