/**
 * Availability from the staff console, end to end (CONSOLE-5): headless Chromium, the customer's H5
 * storefront (phone, zh-CN) and the restaurant's console (tablet, English) side by side against the
 * real server.
 *
 * - Sold out: the customer is on the confirm page with 番茄炒蛋 when the staff mark it sold out; the
 *   order is refused naming the dish; the next menu load shows it sold out. Back on sale, it is not.
 * - Paused: the staff pause delivery for 30 minutes with a reason; the customer's menu shows the banner
 *   with the same end time and reason, the cart bar refuses with it, and the server refuses the order
 *   with its message. When the test clock passes the end, the banner goes and the order type opens
 *   again without a reload.
 * The availability page's screenshot is console-availability.png (SCREENS_DIR=docs/screens for docs).
 */
import type { Browser, Page } from 'playwright-core';
import { RESTAURANT_PRODUCT as R, SHOP } from './demo';
import { TABLET, consoleReady, expectAccessible, signInStaff, type Staff } from './console-support';
import { apiCall, launch, moveClock, newPhone, type RunningServer, serverAndBrowser, shot, tap } from './harness';

const suite = consoleReady('the availability suite') ? describe : describe.skip;
jest.setTimeout(300_000);

const MIN = 60_000;
/** 番茄炒蛋 (Tomato and Egg Stir-fry), ¥22, in 家常小炒 (1103). */
const TOMATO_EGG = 10303;
const STIR_FRY = 1103;
/** 蟹粉小笼 in 面点 (1104): the paused story's dish, untouched by the sold-out story. */
const XIAOLONGBAO = R.xiaolongbao;
const NOODLES = 1104;

/** The restaurant's staff on the availability page, in English, the tablet's clock at the server's. */
async function staffOnAvailability(browser: Browser, server: RunningServer): Promise<Staff> {
  const staff = await signInStaff(browser, server, SHOP.restaurant);
  await staff.page.getByRole('link', { name: 'Availability' }).click();
  await staff.page.locator(`#product-${TOMATO_EGG}`).waitFor({ timeout: 20_000 });
  return staff;
}

/** A fresh load of the app (a new page load, not a hash change) on the restaurant's dine-in menu at A1. */
async function openDineMenu(page: Page, server: RunningServer): Promise<void> {
  await page.goto('about:blank');
  await launch(page, server.base, `id=${SHOP.restaurant}&isDine=1&table=A1`);
  await page.locator('#product-list').waitFor({ timeout: 60_000 });
}

/** A takeaway cash order as the app submits it (the server's quote is not needed: a pause refuses first). */
const takeawayOrder = {
  type: 'takeaway',
  payType: 'cash',
  products: [{ id: 10301, quantity: 1, flag: 'a' }],
  contact_name: 'Wang',
  contact_phone: '13812345678',
  contact_address: '1 Test Road',
  contact_address_gps: '31.2404,121.4737',
  deliveryTime: 'ASAP',
  expectedTotal: 0.0001,
};

suite('availability from the staff console, customer side by side', () => {
  const env = serverAndBrowser();

  test('sold out from the console: the order holding it is refused by name, the next menu load shows it sold out; back on sale it is not', async () => {
    const staff = await staffOnAvailability(env.browser, env.server);
    const customer = await newPhone(env.browser, env.server);
    const phones = [customer];
    try {
      const row = staff.page.locator(`#product-${TOMATO_EGG}`);
      expect(await row.textContent()).toContain('On sale');

      // the customer puts 番茄炒蛋 in the cart and reaches the confirm page (dine-in at A1, cash)
      await openDineMenu(customer.page, env.server);
      await tap(customer.page, `#category-${STIR_FRY}`);
      await tap(customer.page, `#add-${TOMATO_EGG}`);
      await tap(customer.page, '#checkout');
      await customer.page.locator('#table-no').waitFor({ timeout: 20_000 });
      await tap(customer.page, '#pay-cash');

      // meanwhile the kitchen runs out: Mark sold out on its row
      await row.getByRole('button', { name: /^Mark sold out/ }).click();
      await row.locator('.badge', { hasText: 'Sold out' }).waitFor({ timeout: 15_000 });

      // the customer submits: refused, the dish named, the order not placed
      await tap(customer.page, '#submit-order');
      const refusal = customer.page.locator('.taro-modal__content', { hasText: '商品番茄炒蛋已售罄' });
      await refusal.waitFor({ state: 'visible', timeout: 20_000 });
      await customer.page.locator('.taro__modal').getByText('知道了', { exact: true }).click();
      await refusal.waitFor({ state: 'hidden', timeout: 10_000 });
      expect(customer.page.url()).toContain('order/confirm');

      // the next menu load (a phone that opens the menu now) shows it sold out: the tag, no add button
      const next = await newPhone(env.browser, env.server);
      phones.push(next);
      await openDineMenu(next.page, env.server);
      await tap(next.page, `#category-${STIR_FRY}`);
      const dish = next.page.locator(`#product-${TOMATO_EGG}`);
      await dish.filter({ hasText: '已售罄' }).waitFor({ timeout: 20_000 });
      expect(await next.page.locator(`#add-${TOMATO_EGG}`).count()).toBe(0);

      // back on sale: the next load offers it again
      await row.getByRole('button', { name: /^Back on sale/ }).click();
      await row.locator('.badge', { hasText: 'On sale' }).waitFor({ timeout: 15_000 });
      const later = await newPhone(env.browser, env.server);
      phones.push(later);
      await openDineMenu(later.page, env.server);
      await tap(later.page, `#category-${STIR_FRY}`);
      await later.page.locator(`#add-${TOMATO_EGG}`).waitFor({ timeout: 20_000 });
      expect(await later.page.locator(`#product-${TOMATO_EGG}`).textContent()).not.toContain('已售罄');
    } finally {
      for (const p of phones) await p.context.close();
      await staff.context.close();
    }
  });

  test('delivery paused for 30 minutes: the menu’s banner and the refusal with the reason; open again when the clock passes the end', async () => {
    const staff = await staffOnAvailability(env.browser, env.server);
    const customer = await newPhone(env.browser, env.server);
    try {
      const panel = staff.page.locator('#pause-takeaway');
      await panel.getByText('Taking orders').waitFor({ timeout: 15_000 });
      await panel.getByText('30 min').click();
      await panel.getByLabel('Reason (customers read it)').fill('Kitchen full');
      await panel.getByRole('button', { name: 'Pause Delivery' }).click();
      const state = panel.locator('.pause-panel__state', { hasText: 'Paused until' });
      await state.waitFor({ timeout: 15_000 });
      const m = /Paused until (\d\d:\d\d) — Kitchen full/.exec((await state.textContent()) ?? '');
      if (!m) throw new Error(`no pause shown: ${await state.textContent()}`);
      const until = m[1];
      // 30 minutes after the server's clock, on the shop's clock (UTC+8)
      const expected = new Date(env.server.now() + 8 * 60 * MIN + 30 * MIN).toISOString().slice(11, 16);
      expect(Math.abs(minutesOf(until) - minutesOf(expected))).toBeLessThanOrEqual(1);

      // the page with its products in view for the screenshot (a taller tablet), then back
      await staff.page.setViewportSize({ width: TABLET.width, height: 1300 });
      await staff.page.locator(`#product-${R.lobster}`, { hasText: 'Sold out' }).waitFor();
      await shot(staff.page, 'console-availability');
      await staff.page.setViewportSize(TABLET);
      await expectAccessible(staff.page, 'availability');

      // the customer opens the delivery menu: the banner says until when and why
      await launch(customer.page, env.server.base, `id=${SHOP.restaurant}`);
      await tap(customer.page, '#home-takeaway');
      await customer.page.locator('#product-list').waitFor({ timeout: 60_000 });
      const banner = customer.page.locator('#pause-takeaway');
      await banner.waitFor({ timeout: 20_000 });
      expect(await banner.textContent()).toBe(`外卖暂停接单至 ${until}：Kitchen full`);
      // the cart bar refuses with the same message
      await tap(customer.page, `#category-${NOODLES}`);
      await tap(customer.page, `#add-${XIAOLONGBAO}`);
      expect(await customer.page.locator('#cart-bar').textContent()).toContain(`外卖暂停接单至 ${until}：Kitchen full`);
      expect(await customer.page.locator('#checkout').getAttribute('class')).toContain('cart-bar__go--off');
      // the server refuses the order with the message (the app's own request, its token)
      const refused = await apiCall(customer.page, 'order/confirm', takeawayOrder);
      expect({ code: refused.code, info: refused.info }).toEqual({ code: 'takeawayPaused', info: `外卖暂停接单至 ${until}：Kitchen full` });

      // the test clock passes the end: the banner goes and the cart bar opens, without a reload
      await moveClock(env.server, [customer.context, staff.context], 31 * MIN);
      await banner.waitFor({ state: 'detached', timeout: 20_000 });
      await customer.page.locator('#checkout:not(.cart-bar__go--off)').waitFor({ timeout: 20_000 });
      const after = await apiCall(customer.page, 'order/confirm', takeawayOrder);
      expect(after.code).toBe('amountError');
    } finally {
      await customer.context.close();
      await staff.context.close();
    }
  });
});

function minutesOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}
