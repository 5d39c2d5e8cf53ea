/**
 * The points mall (MEMBER-7) end to end in headless Chromium against the real server with the demo
 * data: the demo member (2000 points) opens the mall, sees a coupon for 300 points and one for 5000
 * greyed with its reason, opens the coupon's details, exchanges (a double tap exchanges once), sees
 * the success screen with 2000 − 300 = 1700 points left, finds the coupon among the member's coupons
 * and the mall showing 1700. The two mall items are a server-side fixture (test/e2e/mall-fixture.ts).
 * Screenshots: mall-point-store, mall-coupon-detail, mall-exchange-success, mall-point-store-after,
 * mall-point-store-visitor.
 */
import type { Page } from 'playwright-core';
import { DEMO_MEMBER, SHOP } from './demo';
import { MALL_COUPON, MALL_DEAR, MERCHANT_KEY, loadMallFixture } from './mall-fixture';
import { apiCall, e2eReady, launch, newPhone, type RunningServer, serverAndBrowser, shot, tap, toastText, type } from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(240_000);

const MALL = '#/pages/member/point-store/point-store';

/** H5 login by phone and SMS code (the development provider hands the code back to tests). */
async function loginBySms(page: Page, server: RunningServer, phone: string): Promise<void> {
  await page.goto(`${server.base}/#/pages/user/login`);
  await page.waitForFunction(() => Boolean(window.localStorage.getItem('token')), undefined, { timeout: 30_000 });
  await type(page, '#login-phone', phone);
  const sent = await apiCall(page, 'user/sendSmsCode', { phone, test: true });
  if (!sent.result) throw new Error(`user/sendSmsCode refused: ${JSON.stringify(sent)}`);
  await type(page, '#login-code', String((sent.info as { testCode: string }).testCode));
  await tap(page, '#login-submit');
  await page.locator('#home-dine').waitFor({ timeout: 30_000 });
}

/** Confirms the dialog on screen (Taro's H5 modal holder has no box of its own: its content is what shows), returning its text. */
async function confirmDialog(page: Page): Promise<string> {
  const modal = page.locator('.taro-modal__content >> visible=true').first();
  await modal.waitFor({ state: 'visible', timeout: 10_000 });
  const text = (await modal.textContent()) ?? '';
  await modal.getByText('确定', { exact: true }).click();
  return text;
}

/** Waits until the element has slid into place (H5 page transitions move the new page in from the side). */
async function inPlace(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      const r = (el?.closest('.taro_page') ?? el)?.getBoundingClientRect();
      return r !== undefined && r.width > 0 && Math.abs(r.left) < 1 && el !== null && el.getBoundingClientRect().top < window.innerHeight;
    },
    selector,
    { timeout: 20_000 },
  );
}

async function pointsShown(page: Page, points: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelector('#mall-points')?.textContent?.startsWith(String(n)) === true, points, { timeout: 20_000 });
}

suite('points mall (MEMBER-7, H5)', () => {
  const env = serverAndBrowser({ MERCHANT_KEY });

  beforeAll(async () => {
    await loadMallFixture(env.server.base);
  });

  test('the demo member exchanges 300 points for a coupon: success screen, 1700 points left, the coupon in the member’s coupons', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    const exchanges: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/activity/pointExchangeProduct')) exchanges.push(r.url());
    });
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      // the entry routes to the home once the shop is loaded
      await page.locator('#home-shop-name').waitFor({ timeout: 30_000 });
      await loginBySms(page, env.server, DEMO_MEMBER.phone);
      const before = await apiCall(page, 'activity/couponList', { isAll: 0 });
      const heldBefore = (before.info as { list: Array<{ name: string }> }).list.filter((c) => c.name === MALL_COUPON.couponName).length;

      await page.goto(`${env.server.base}/${MALL}`);
      await pointsShown(page, 2000);
      const coupon = page.locator(`#mall-item-${MALL_COUPON.id}`);
      await coupon.waitFor();
      expect(await coupon.textContent()).toContain('300积分');
      // 5000 − 2000 = 3000 points short: greyed, with the reason
      expect(await page.locator(`#mall-reason-${MALL_DEAR.id}`).textContent()).toBe('还差3000积分');
      await expect(page.locator(`#mall-exchange-${MALL_DEAR.id}`).getAttribute('class')).resolves.toContain('mall-button--off');
      await shot(page, 'mall-point-store');
      await tap(page, `#mall-exchange-${MALL_DEAR.id}`);
      expect(await toastText(page)).toBe('积分不足，还差3000积分');

      await tap(page, `#mall-item-${MALL_COUPON.id} .mall-item__name`);
      await page.locator('#mall-conditions').waitFor({ timeout: 20_000 });
      await inPlace(page, '#mall-conditions');
      const conditions = (await page.locator('#mall-conditions').textContent()) ?? '';
      expect(conditions).toContain('订单满¥50.00可用');
      expect(conditions).toContain('仅限会员兑换');
      expect(await page.locator('#mall-detail-points').textContent()).toBe('2000');
      await shot(page, 'mall-coupon-detail');

      // a double tap asks once and exchanges once
      await page.locator('#mall-detail-exchange').dblclick();
      expect(await confirmDialog(page)).toContain(`确定用300积分兑换「${MALL_COUPON.name}」吗？`);
      await page.locator('#mall-remaining').waitFor({ timeout: 20_000 });
      // 2000 − 300 = 1700
      expect(await page.locator('#mall-remaining').textContent()).toBe('1700');
      expect(await page.locator('#mall-received').textContent()).toContain(MALL_COUPON.couponName);
      expect(exchanges).toHaveLength(1);
      await inPlace(page, '#mall-success');
      await shot(page, 'mall-exchange-success');

      const after = await apiCall(page, 'activity/couponList', { isAll: 0 });
      const heldAfter = (after.info as { list: Array<{ name: string }> }).list.filter((c) => c.name === MALL_COUPON.couponName).length;
      expect(heldAfter).toBe(heldBefore + 1);
      const card = await apiCall(page, 'store/vipInfo', {});
      expect((card.info as { vipInfo: { points: number } }).vipInfo.points).toBe(1700);

      await tap(page, '#mall-back');
      await pointsShown(page, 1700);
      // 5000 − 1700 = 3300 short now
      await page.waitForFunction((id) => document.querySelector(`#mall-reason-${id}`)?.textContent === '还差3300积分', MALL_DEAR.id, { timeout: 20_000 });
      await inPlace(page, '#mall-banner');
      await shot(page, 'mall-point-store-after');
    } finally {
      await context.close();
    }
  });

  test('a visitor sees the items with "join to exchange" and is offered to register', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await page.locator('#home-shop-name').waitFor({ timeout: 30_000 });
      await page.goto(`${env.server.base}/${MALL}`);
      await page.locator('#mall-register').waitFor({ timeout: 20_000 });
      await page.locator(`#mall-reason-${MALL_COUPON.id}`).waitFor();
      expect(await page.locator(`#mall-reason-${MALL_COUPON.id}`).textContent()).toBe('注册会员后可兑换');
      await shot(page, 'mall-point-store-visitor');
    } finally {
      await context.close();
    }
  });
});
