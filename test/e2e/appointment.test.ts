/**
 * Appointments end to end in headless Chromium against the H5 build and the real server (ORDER-5,
 * C§2 appointment tab, C§3 Beauty, C§5): at the demo beauty salon the ordering tab reads
 * "appointment" and lists services with their duration; the confirm page asks the time first (the
 * service user before it is refused), then the service user on its own page, the name and phone; the
 * deposit (30 % of ¥298 = ¥89.40, ¥208.60 in the shop) is paid on the all-in-one provider's sandbox
 * page; the booked time is then greyed for the next booking. Screenshots at 375×667.
 */
import type { Page } from 'playwright-core';
import { PAY, SHOP } from './demo';
import { BEAUTY_PRODUCT as P, BEAUTY_TAG, BEAUTY_USER as U } from '../../server/src/demo/ids';
import { apiCall, e2eReady, launch, newPhone, serverAndBrowser, settled, shot, tap, toastText, type } from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(240_000);

/** The suites' instant is Wednesday 2026-03-04 12:00 at the salon: tomorrow is 2026-03-05. */
const TOMORROW = '2026-03-05';

async function openSalon(page: Page, base: string): Promise<void> {
  await launch(page, base, `id=${SHOP.beauty}`);
  // C§2 entry routing: a beauty shop opens the appointment tab
  await page.locator('#product-list').waitFor({ timeout: 30_000 });
}

async function chooseTomorrowAt(page: Page, hhmm: string): Promise<void> {
  await tap(page, '#row-appointment');
  await tap(page, `#appointment-day-${TOMORROW}`);
  await page.locator(`#appointment-time-${hhmm}`).waitFor({ timeout: 20_000 });
  await settled(page);
}

suite('appointments in a browser', () => {
  const env = serverAndBrowser();

  test('books a facial with a service user and pays the 30 % deposit by the provider page; the time is then taken', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    await page.setViewportSize({ width: 375, height: 667 });
    try {
      await openSalon(page, env.server.base);
      expect(await page.locator('#order-type-appointment').count()).toBe(1);
      expect(await page.locator('#order-type-takeaway').count()).toBe(0);
      await page.getByText('预约', { exact: true }).first().waitFor();
      // the services show their duration
      expect(await page.locator(`#product-${P.hydraFacial} .product-row__duration`).textContent()).toBe('90 分钟');
      await shot(page, 'appointment-menu');

      await tap(page, `#add-${P.hydraFacial}`);
      await tap(page, '#checkout');
      await page.locator('#appointment-card').waitFor({ timeout: 20_000 });
      await page.locator('#pay-types').waitFor();
      // C§3 beauty set: no cash for appointments; a browser page has no member card either
      expect(await page.locator('#pay-cash').count()).toBe(0);
      expect(await page.locator('#pay-vip').count()).toBe(0);

      // C§5: the time first
      await tap(page, '#row-service-user');
      expect(await toastText(page)).toBe('请先选择预约时间');

      await chooseTomorrowAt(page, '1400');
      await shot(page, 'appointment-time-picker', { keepScroll: true });
      await tap(page, '#appointment-time-1400');
      await page.locator('#row-appointment .form-row__value', { hasText: `${TOMORROW} 14:00` }).waitFor();

      await tap(page, '#row-service-user');
      await page.locator('#service-user-list').waitFor({ timeout: 20_000 });
      // only the senior beautician performs the facial
      expect(await page.locator('[id^="service-user-"].service-user').count()).toBe(1);
      await shot(page, 'select-service-user');
      await tap(page, `#service-user-${U.lin}`);
      await page.locator('#row-service-user .form-row__value', { hasText: '林悦' }).waitFor({ timeout: 20_000 });

      await type(page, '#beauty-name', '李女士');
      await type(page, '#beauty-phone', '13812345678');
      expect(await page.locator('#service-duration').textContent()).toBe('90 分钟');
      // 298 × 30 % = 89.40 now; 298 − 89.40 = 208.60 in the shop
      expect(await page.locator('#deposit-row').textContent()).toContain('现付定金 ¥89.40，到店再付 ¥208.60');
      await tap(page, '#pay-allinpay');
      await shot(page, 'confirm-appointment');

      await tap(page, '#submit-order');
      await page.locator('#provider-pay').waitFor({ timeout: 20_000 });
      await tap(page, '#provider-pay');
      await page.waitForURL(/sandbox-pay/, { timeout: 20_000 });
      await shot(page, 'appointment-deposit-provider');
      await page.click('#pay');
      await page.locator('#order-success').waitFor({ timeout: 30_000 });
      // the order shows the deposit paid and the rest due in the shop
      await page.locator('#appointment-deposit-paid', { hasText: '已付定金 ¥89.40，到店再付 ¥208.60' }).waitFor({ timeout: 20_000 });
      expect(await page.locator('#appointment-paid').textContent()).toContain('2026-03-05 14:00 · 林悦');
      await shot(page, 'appointment-success');
      const m = /orderId=(\d+)/.exec(page.url());
      expect(m).not.toBeNull();
      const detail = (await apiCall(page, 'order/detail', { id: Number(m![1]) })).info as {
        type: string;
        total: number;
        paidAmount: number;
        payStatus: number;
        service: { serviceUserId: number; duration: number };
      };
      expect(detail).toMatchObject({ type: 'appointment', total: 298, paidAmount: 89.4, payStatus: PAY.success, service: { serviceUserId: U.lin, duration: 90 } });
      // the order's own page: the total, the deposit paid and the rest due (298 − 89.40 = 208.60)
      await page.goto(`${env.server.base}/#/pages/user/order/detail?id=${m![1]}`);
      await page.locator('#detail-deposit').waitFor({ timeout: 20_000 });
      expect(await page.locator('#detail-deposit-paid .figure-row__value').textContent()).toContain('89.40');
      expect(await page.locator('#detail-rest-due .figure-row__value').textContent()).toContain('208.60');
      expect(await page.locator('#order-total .figure-row__label').textContent()).not.toBe('已付');

      // the next booking of the facial finds 14:00 taken (Lin is its only beautician) and 16:00 free
      await openSalon(page, env.server.base);
      await tap(page, `#add-${P.hydraFacial}`);
      await tap(page, '#checkout');
      await page.locator('#appointment-card').waitFor({ timeout: 20_000 });
      await chooseTomorrowAt(page, '1400');
      await page.locator('#appointment-time-1400.appointment-picker__time--off').waitFor({ timeout: 20_000 });
      expect(await page.locator('#appointment-time-1300.appointment-picker__time--off').count()).toBe(1);
      expect(await page.locator('#appointment-time-1600.appointment-picker__time--off').count()).toBe(0);
      await shot(page, 'appointment-time-booked', { keepScroll: true });

      // a haircut joins the facial still in the cart: a beautician and a stylist, two technicians, so the
      // card sends the customer to the shop's phone (C§6) instead of booking
      await openSalon(page, env.server.base);
      await tap(page, `#choose-${P.haircut}`);
      await tap(page, `#spec-${P.haircut * 10 + 1}`);
      await tap(page, '#spec-add');
      await tap(page, '#checkout');
      await page.locator('#appointment-several', { hasText: '这些服务需要多位服务人员，请致电门店预约' }).waitFor({ timeout: 20_000 });
      expect(await page.locator('#appointment-call-shop').count()).toBe(1);
      expect(await page.locator('#row-appointment').count()).toBe(0);

      // the haircut alone, for a second customer (an empty cart): the two stylists, the art director
      // greyed (no appointments); the beautician does not cut hair
      const second = await newPhone(env.browser, env.server);
      try {
        await second.page.setViewportSize({ width: 375, height: 667 });
        await openSalon(second.page, env.server.base);
        await tap(second.page, `#choose-${P.haircut}`);
        await tap(second.page, `#spec-${P.haircut * 10 + 1}`);
        await tap(second.page, '#spec-add');
        await tap(second.page, '#checkout');
        await second.page.locator('#appointment-card').waitFor({ timeout: 20_000 });
        await second.page.locator('#row-service-user .form-row__value', { hasText: '请选择服务人员' }).waitFor();
        await chooseTomorrowAt(second.page, '1000');
        await tap(second.page, '#appointment-time-1000');
        await tap(second.page, '#row-service-user');
        await second.page.locator('#service-user-list').waitFor({ timeout: 20_000 });
        expect(await second.page.locator(`#service-user-${U.wang}.service-user--off`).count()).toBe(1);
        expect(await second.page.locator(`#service-user-${U.chen}.service-user--off`).count()).toBe(0);
        expect(await second.page.locator(`#service-user-${U.lin}`).count()).toBe(0);
        // one tag among them: no tag filter to offer
        expect(await second.page.locator(`#tag-${BEAUTY_TAG.stylist}`).count()).toBe(0);
        expect(await second.page.locator(`#service-user-${U.chen}:visible`).count()).toBe(1);
        await shot(second.page, 'select-service-user-stylists');
        await tap(second.page, `#service-user-${U.wang}`);
        expect(await toastText(second.page)).toBe('该服务人员暂不接受预约');
      } finally {
        await second.context.close();
      }
    } finally {
      await context.close();
    }
  });
});
