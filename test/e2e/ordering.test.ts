/**
 * The ordering screens end to end (SHOP-1, MENU-1…8, CART-1…3, ORDER-1…3, ORDER-6…9, ORDER-11,
 * USER-1, USER-3, APP-6) in headless Chromium against the H5 build served by the real server on the
 * embedded database with the demo data. Each test is a first launch in a fresh browser context and
 * saves screenshots of the screens it passes to docs/screens/.
 */
import type { Page } from 'playwright-core';
import { DEMO_MEMBER, PAY, lineFlag, RESTAURANT_PRODUCT as R, RETAIL_PRODUCT as S, SHOP } from './demo';
import {
  amountOf,
  apiCall,
  e2eReady,
  launch,
  newPhone,
  type RunningServer,
  serverAndBrowser,
  settled,
  shot,
  tap,
  toastText,
  type,
} from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(240_000);

interface ServerOrder {
  id: number;
  total: number;
  status: string;
  payStatus: number;
  payType: string;
  tableNo: string | null;
  couponId: number | null;
  type: string;
}

/** The order as the server recorded it (order/detail with the page's token). */
async function serverOrder(page: Page, id: number): Promise<ServerOrder> {
  const res = await apiCall(page, 'order/detail', { id });
  if (!res.result) throw new Error(`order/detail failed: ${JSON.stringify(res.info)}`);
  return res.info as ServerOrder;
}

/** The order id of the page's query (`orderId=`). */
function orderIdOf(page: Page): number {
  const m = /orderId=(\d+)/.exec(page.url());
  if (!m) throw new Error(`no orderId in ${page.url()}`);
  return Number(m[1]);
}

/** Opens the ordering tab from the home tab with an order type. */
async function openMenu(page: Page, server: RunningServer, shopId: number, orderType: 'takeaway' | 'selfPickup' | 'dine'): Promise<void> {
  await launch(page, server.base, `id=${shopId}`);
  await tap(page, `#home-${orderType}`);
  await page.locator('#product-list').waitFor({ timeout: 30_000 });
}

/** Pays on the sandbox provider page and returns through the callback to the success page. */
async function payOnProviderPage(page: Page, shotName: string): Promise<void> {
  await page.locator('#provider-pay').waitFor({ timeout: 20_000 });
  await shot(page, shotName);
  await tap(page, '#provider-pay');
  await page.waitForURL(/sandbox-pay/, { timeout: 20_000 });
  await shot(page, `${shotName}-provider`);
  await page.click('#pay');
  await page.locator('#order-success').waitFor({ timeout: 30_000 });
}

suite('ordering screens in a browser', () => {
  const env = serverAndBrowser();

  test('a takeaway order with a spec and a required taste is paid on the all-in-one provider page and listed with its total', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await page.locator('#home-takeaway').waitFor({ timeout: 30_000 });
      await shot(page, 'home');
      await tap(page, '#home-takeaway');
      await page.locator('#product-list').waitFor({ timeout: 30_000 });
      await shot(page, 'menu');

      // Mapo tofu: the spice level is required — adding without it names the group (C§5)
      await tap(page, `#category-${1102}`);
      await tap(page, `#choose-${R.mapoTofu}`);
      await shot(page, 'spec-sheet');
      await tap(page, '#spec-add');
      expect(await toastText(page)).toContain('辣度');
      await tap(page, '#taste-12');
      await tap(page, '#taste-plus-21');
      await tap(page, '#spec-add');

      // Boiled fish, medium (spec 102022) with a spice level
      await tap(page, `#choose-${R.boiledFish}`);
      await tap(page, `#spec-${R.boiledFish * 10 + 2}`);
      await tap(page, '#taste-11');
      await tap(page, '#spec-add');
      await page.locator('#cart-bar .cart-bar__badge').waitFor();
      expect(await page.locator('#cart-bar .cart-bar__badge').textContent()).toBe('2');
      await tap(page, '#cart-icon');
      await shot(page, 'cart-sheet');
      await page.locator('.sheet__mask').click({ position: { x: 10, y: 10 } });

      await tap(page, '#checkout');
      await page.locator('#address-card').waitFor({ timeout: 20_000 });
      await shot(page, 'confirm-takeaway-no-address');

      // an address inside the delivery range, GPS typed in (works without map tiles)
      await tap(page, '#address-card');
      await page.locator('.empty-state, #address-add').first().waitFor();
      await shot(page, 'address-list-empty');
      await tap(page, '.empty-state__action, #address-add');
      await type(page, '#addr-name', '王小明');
      await tap(page, '#addr-gender-male');
      await type(page, '#addr-phone', '13912345678');
      await type(page, '#addr-address', '人民广场 1 号');
      await type(page, '#addr-house', '12 楼');
      await type(page, '#addr-gps', '31.2310,121.4745');
      await shot(page, 'address-add');
      await tap(page, '#addr-save');
      await page.locator('#address-card .address-card__line').waitFor({ timeout: 20_000 });
      await settled(page);

      // (1b) a browser page offers no member-card pay type
      await page.locator('#pay-types').waitFor();
      expect(await page.locator('#pay-vip').count()).toBe(0);
      await tap(page, '#pay-allinpay');
      await shot(page, 'confirm-takeaway');
      const shown = amountOf(await page.locator('#row-total .figure-row__value').textContent());

      await tap(page, '#submit-order');
      await payOnProviderPage(page, 'allin-pay');
      await shot(page, 'order-success');
      const orderId = orderIdOf(page);

      const recorded = await serverOrder(page, orderId);
      expect(recorded.payStatus).toBe(PAY.success);
      expect(recorded.total).toBe(shown);

      await tap(page, '#view-order');
      await page.locator('#order-figures').waitFor({ timeout: 20_000 });
      await shot(page, 'order-detail');
      await page.goto(`${env.server.base}/#/pages/user/order/list`);
      const row = page.locator(`#order-${orderId}`);
      await row.waitFor({ timeout: 30_000 });
      await shot(page, 'order-list');
      expect(amountOf(await row.locator('.order-row__total').textContent())).toBe(recorded.total);
    } finally {
      await context.close();
    }
  });

  test('an order confirmed with the member card from a browser user agent is refused with "Cannot pay within the browser page"', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await openMenu(page, env.server, SHOP.restaurant, 'dine');
      // userAgentType 103: dine-in in a browser page (C§3 user agent codes)
      const res = await apiCall(
        page,
        'order/confirm',
        { type: 'dine', payType: 'vip', payPassword: DEMO_MEMBER.payPassword, table: 'A1', people: 1, products: [{ id: R.xiaolongbao, quantity: 2, flag: lineFlag(R.xiaolongbao, undefined, [], []) }], expectedTotal: 1 },
        { userAgentType: '103', language: 'en', 'Idempotency-Key': '6f1d2c1e-7d0a-4c55-9b8e-1a2b3c4d5e6f' },
      );
      expect(res.result).toBe(false);
      expect(res.info).toBe('Cannot pay within the browser page');
    } finally {
      await context.close();
    }
  });

  test('a self-pickup order is paid on the card provider page', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await openMenu(page, env.server, SHOP.retail, 'selfPickup');
      await shot(page, 'menu-retail');
      await tap(page, '#category-2102');
      await tap(page, `#add-${S.nuggets}`);
      await tap(page, `#add-${S.nuggets}`);
      await tap(page, '#category-2104');
      await tap(page, `#add-${S.potatoChips}`);
      await tap(page, '#checkout');
      await page.locator('#picker-name').waitFor({ timeout: 20_000 });
      await type(page, '#picker-name', 'Tan Wei');
      await type(page, '#picker-phone', '13912345679');
      await tap(page, '#pay-stripe');
      await shot(page, 'confirm-pickup');
      const shown = amountOf(await page.locator('#row-total .figure-row__value').textContent());
      await tap(page, '#submit-order');
      await payOnProviderPage(page, 'stripe-pay');
      const recorded = await serverOrder(page, orderIdOf(page));
      expect(recorded.type).toBe('selfPickup');
      expect(recorded.payType).toBe('stripe');
      expect(recorded.payStatus).toBe(PAY.success);
      expect(recorded.total).toBe(shown);
    } finally {
      await context.close();
    }
  });

  test('the dine link opens the menu for the table and a cash order keeps that table', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}&isDine=1&table=A1`);
      await page.locator('#product-list').waitFor({ timeout: 30_000 });
      await shot(page, 'menu-dine');
      await tap(page, `#category-${1104}`);
      await tap(page, `#add-${R.xiaolongbao}`);
      await tap(page, '#checkout');
      await page.locator('#table-no').waitFor({ timeout: 20_000 });
      expect(await page.locator('#table-no input').inputValue()).toBe('A1');
      await tap(page, '#people-plus');
      await tap(page, '#pay-cash');
      await shot(page, 'confirm-dine');
      const shown = amountOf(await page.locator('#row-total .figure-row__value').textContent());
      await tap(page, '#submit-order');
      await page.locator('#order-success').waitFor({ timeout: 30_000 });
      const recorded = await serverOrder(page, orderIdOf(page));
      expect(recorded.tableNo).toBe('A1');
      expect(recorded.payType).toBe('cash');
      expect(recorded.total).toBe(shown);
    } finally {
      await context.close();
    }
  });

  test('a logged-in member gets a coupon auto-selected and the total shown equals the server order record to the cent', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await page.locator('#home-takeaway').waitFor({ timeout: 30_000 });
      // H5 login by phone and SMS code (the development provider hands the code back for tests)
      await page.goto(`${env.server.base}/#/pages/user/login`);
      await type(page, '#login-phone', DEMO_MEMBER.phone);
      const sent = await apiCall(page, 'user/sendSmsCode', { phone: DEMO_MEMBER.phone, test: true });
      expect(sent).toMatchObject({ result: true });
      await type(page, '#login-code', String((sent.info as { testCode: string }).testCode));
      await shot(page, 'login');
      await tap(page, '#login-submit');
      await page.locator('#home-dine').waitFor({ timeout: 30_000 });
      await shot(page, 'home-member');
      await tap(page, '#home-dine');
      await page.locator('#product-list').waitFor({ timeout: 30_000 });
      await tap(page, `#category-${1102}`);
      await tap(page, `#choose-${R.boiledFish}`);
      await tap(page, `#spec-${R.boiledFish * 10 + 3}`);
      await tap(page, '#taste-13');
      await tap(page, '#spec-add');
      await tap(page, '#checkout');
      await page.locator('#coupon-row').waitFor({ timeout: 20_000 });
      await type(page, '#table-no', 'A2');
      await tap(page, '#pay-cash');
      // auto-selection (P§9): a coupon is applied without the customer choosing one
      await page.locator('#coupon-row .figure-row__note--on').waitFor({ timeout: 10_000 });
      await shot(page, 'confirm-coupon');
      await tap(page, '#coupon-row');
      await shot(page, 'coupon-picker');
      await page.locator('.sheet__mask').click({ position: { x: 10, y: 10 } });
      const shown = amountOf(await page.locator('#row-total .figure-row__value').textContent());
      await tap(page, '#submit-order');
      await page.locator('#order-success').waitFor({ timeout: 30_000 });
      const recorded = await serverOrder(page, orderIdOf(page));
      expect(recorded.couponId).not.toBeNull();
      // to the cent: both are written with the shop's 2 decimals
      expect(recorded.total.toFixed(2)).toBe(shown.toFixed(2));
    } finally {
      await context.close();
    }
  });

  test('a sold-out product shows as sold out and offers no way to add it', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await openMenu(page, env.server, SHOP.restaurant, 'takeaway');
      await tap(page, `#category-${1102}`);
      const row = page.locator(`#product-${R.lobster}`);
      await row.waitFor();
      await shot(page, 'menu-sold-out');
      expect(await row.locator('.product-row__blocked').textContent()).toBe('已售罄');
      expect(await page.locator(`#add-${R.lobster}, #choose-${R.lobster}`).count()).toBe(0);
      await page.goto(`${env.server.base}/#/pages/product/detail?productId=${R.lobster}`);
      await page.locator('.address-card__error').waitFor({ timeout: 20_000 });
      expect(await page.locator('#spec-add').count()).toBe(0);
      await shot(page, 'product-detail-sold-out');
    } finally {
      await context.close();
    }
  });
});

suite('the unpaid countdown', () => {
  const env = serverAndBrowser({ UNPAID_TIMEOUT_S: '12' });

  test('an order left unpaid is cancelled when the countdown to the server deadline ends', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await openMenu(page, env.server, SHOP.restaurant, 'dine');
      await tap(page, `#category-${1104}`);
      await tap(page, `#add-${R.xiaolongbao}`);
      await tap(page, '#checkout');
      await page.locator('#table-no').waitFor({ timeout: 20_000 });
      await type(page, '#table-no', 'A3');
      await tap(page, '#pay-allinpay');
      await tap(page, '#submit-order');
      await page.locator('#provider-pay').waitFor({ timeout: 20_000 });
      const orderId = orderIdOf(page);
      await page.getByText('查看订单').click();
      await page.locator('#order-countdown').waitFor({ timeout: 20_000 });
      expect(await page.locator('#order-countdown').textContent()).toMatch(/00:\d\d/);
      await shot(page, 'order-detail-countdown');
      // the countdown runs out: the page reloads the order, which the server has cancelled
      await page.locator('#order-status', { hasText: '已取消' }).waitFor({ timeout: 40_000 });
      await shot(page, 'order-detail-cancelled');
      expect((await serverOrder(page, orderId)).status).toBe('nopay_cancel');
    } finally {
      await context.close();
    }
  });
});
