/**
 * Flows across pages end to end (SHOP-1 shop switching in a chain, USER-1 / C§8 the 401 return to
 * the entry, ORDER-9 order-list paging and pull-to-refresh) in headless Chromium against the H5 build
 * served by the real server with the demo data. Screenshots go to docs/screens/flows-*.png.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { DEMO_MEMBER, DEMO_MEMBER_EMPTY } from '../../server/src/demo/ids';
import { ORDER_PAGE_LIMIT } from '../../src/stores/order';
import { RESTAURANT_PRODUCT as R, RETAIL_PRODUCT as S, SHOP, lineFlag } from './demo';
import {
  apiCall,
  e2eReady,
  launch,
  newPhone,
  nextFrame,
  settled,
  type RunningServer,
  serverAndBrowser,
  shot,
  storedToken,
  tap,
  type,
} from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(240_000);

const RESTAURANT_NAME = '沪味小馆（南京东路店）';
const RETAIL_NAME = '好味速食（乌节路店）';

/** Opens the shop list from the home tab's entries and chooses a shop. */
async function chooseShop(page: Page, server: RunningServer, shopId: number): Promise<void> {
  await page.goto(`${server.base}/#/pages/user/index-tab`);
  await page.getByText('门店列表', { exact: true }).click();
  await page.locator(`#shop-${shopId}`).waitFor({ timeout: 20_000 });
  await tap(page, `#shop-${shopId}`);
}

/** The number on the cart badge of the ordering tab (0 without a badge). */
async function cartCount(page: Page): Promise<number> {
  const badge = page.locator('#cart-bar .cart-bar__badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

/** Waits until the app holds a token (the entry's login finished). */
async function loggedIn(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(window.localStorage.getItem('token')), undefined, { timeout: 30_000 });
}

/** H5 login by phone and SMS code (the development provider hands the code back to tests). */
async function loginBySms(page: Page, server: RunningServer, phone: string): Promise<void> {
  await page.goto(`${server.base}/#/pages/user/login`);
  await loggedIn(page);
  await type(page, '#login-phone', phone);
  const sent = await apiCall(page, 'user/sendSmsCode', { phone, test: true });
  if (!sent.result) throw new Error(`user/sendSmsCode refused: ${JSON.stringify(sent)}`);
  await type(page, '#login-code', String((sent.info as { testCode: string }).testCode));
  await tap(page, '#login-submit');
  await page.locator('#home-dine').waitFor({ timeout: 30_000 });
}

/**
 * Places a cash dine-in order through the API with the page's token (fast: no UI). The total is the
 * server's own: a first submission with a wrong expectedTotal answers amountError with it.
 */
async function placeOrder(page: Page, table: string, quantity = 1): Promise<number> {
  const body = {
    type: 'dine',
    payType: 'cash',
    table,
    people: 1,
    products: [{ id: R.xiaolongbao, quantity, flag: lineFlag(R.xiaolongbao, undefined, [], []) }],
  };
  const probe = (await apiCall(page, 'order/confirm', { ...body, expectedTotal: 0.01 }, { 'Idempotency-Key': randomUUID() })) as {
    result: boolean;
    code?: string;
    data?: { total: number };
  };
  if (probe.code !== 'amountError' || !probe.data) throw new Error(`expected amountError, got ${JSON.stringify(probe)}`);
  const res = await apiCall(page, 'order/confirm', { ...body, expectedTotal: probe.data.total }, { 'Idempotency-Key': randomUUID() });
  if (!res.result) throw new Error(`order/confirm failed: ${JSON.stringify(res)}`);
  return (res.info as { id: number }).id;
}

/**
 * A pull-down gesture on the list: touch events with screen coordinates, as a finger sends them
 * (Chromium's own touch emulation reports no screenY, which the pull-down component measures).
 */
async function pullDown(page: Page, selector: string): Promise<void> {
  const fire = (kind: 'touchstart' | 'touchmove' | 'touchend', y: number) =>
    page.evaluate(
      ({ selector, kind, y }) => {
        const target = document.querySelector(selector);
        if (!target) throw new Error(`no ${selector}`);
        const touch = new Touch({ identifier: 1, target, clientX: 187, clientY: y, screenX: 187, screenY: y, pageX: 187, pageY: y });
        const touches = kind === 'touchend' ? [] : [touch];
        target.dispatchEvent(new TouchEvent(kind, { touches, targetTouches: touches, changedTouches: [touch], bubbles: true, cancelable: true }));
      },
      { selector, kind, y },
    );
  await fire('touchstart', 150);
  for (let y = 170; y <= 450; y += 20) {
    await fire('touchmove', y);
    await nextFrame(page);
  }
  await fire('touchend', 450);
}

suite('flows across pages in a browser', () => {
  const env = serverAndBrowser();

  test("choosing another shop of the chain shows that shop's name and menu, and switching back finds the first shop's cart", async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await page.locator('#home-shop-name').waitFor({ timeout: 30_000 });
      expect(await page.locator('#home-shop-name').textContent()).toBe(RESTAURANT_NAME);
      const firstToken = await storedToken(page);

      // a basket in the restaurant
      await tap(page, '#home-takeaway');
      await page.locator('#product-list').waitFor({ timeout: 30_000 });
      await tap(page, `#category-${1104}`);
      await tap(page, `#add-${R.xiaolongbao}`);
      await page.locator('#cart-bar .cart-bar__badge').waitFor();
      expect(await cartCount(page)).toBe(1);

      await page.goto(`${env.server.base}/#/pages/user/index-tab`);
      await page.getByText('门店列表', { exact: true }).click();
      await page.locator(`#shop-${SHOP.retail}`).waitFor({ timeout: 20_000 });
      await shot(page, 'flows-shop-list');
      await tap(page, `#shop-${SHOP.retail}`);

      // the entry loads the chosen shop and lands on its home
      await page.locator('#home-shop-name', { hasText: RETAIL_NAME }).waitFor({ timeout: 30_000 });
      await shot(page, 'flows-shop-switch');
      // the token names one user in one shop: the chosen shop has its own
      const secondToken = await storedToken(page);
      expect(secondToken).not.toBe('');
      expect(secondToken).not.toBe(firstToken);

      await tap(page, '#home-selfPickup');
      await page.locator('#product-list').waitFor({ timeout: 30_000 });
      expect(await page.locator('#shop-name').textContent()).toBe(RETAIL_NAME);
      await page.locator(`#product-${S.chickenBurger}`).waitFor({ timeout: 20_000 });
      expect(await page.locator(`#product-${R.xiaolongbao}`).count()).toBe(0);
      // the restaurant's basket is not the retail shop's
      expect(await cartCount(page)).toBe(0);
      await shot(page, 'flows-shop-switch-menu');

      await chooseShop(page, env.server, SHOP.restaurant);
      await page.locator('#home-shop-name', { hasText: RESTAURANT_NAME }).waitFor({ timeout: 30_000 });
      await tap(page, '#home-takeaway');
      await page.locator('#product-list').waitFor({ timeout: 30_000 });
      expect(await page.locator('#shop-name').textContent()).toBe(RESTAURANT_NAME);
      await page.locator('#cart-bar .cart-bar__badge').waitFor({ timeout: 20_000 });
      expect(await cartCount(page)).toBe(1);
      await shot(page, 'flows-shop-switch-back');
    } finally {
      await context.close();
    }
  });

  test('a token the server no longer knows returns the customer to the entry with "login expired", and logging in again works', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      // the entry routes to the home once the shop is loaded
      await page.locator('#home-shop-name').waitFor({ timeout: 30_000 });
      await loginBySms(page, env.server, DEMO_MEMBER.phone);
      const memberToken = await storedToken(page);
      expect((await apiCall(page, 'order/list', { page: 1, pageLimit: 5 })).result).toBe(true);

      // the server forgets the session (as after its 24 hours): the stored token is one it never issued
      await page.evaluate(() => {
        const raw = window.localStorage.getItem('token') ?? '';
        window.localStorage.setItem('token', raw.replace(/[0-9a-f]{64}/, 'f'.repeat(64)));
      });
      expect(await storedToken(page)).toBe('f'.repeat(64));

      // the next call (the orders tab loads its list) is answered 401
      await page.goto(`${env.server.base}/#/pages/user/order/list`);
      // the login toast may still be fading: wait for the one the 401 shows
      const toast = await page.waitForFunction(
        () => {
          const text = document.querySelector('.taro__toast')?.textContent ?? '';
          return text.includes('过期') ? text : null;
        },
        undefined,
        { timeout: 15_000 },
      );
      expect(await toast.jsonValue()).toBe('登录已过期，请重新登录');
      await page.waitForURL(/pages\/index\/index|pages\/user\/index-tab/, { timeout: 20_000 });
      await page.locator('#home-takeaway').waitFor({ timeout: 30_000 });
      // the refused member's card is gone: the home offers to log in again (no balance shown)
      await page.locator('.shop-home__member', { hasText: '登录 / 注册' }).waitFor({ timeout: 15_000 });
      expect(await page.locator('.shop-home__member').textContent()).not.toContain('¥500.00');
      await shot(page, 'flows-401-entry');
      // the identity was cleared: neither the refused token nor the member's is kept
      const cleared = await storedToken(page);
      expect(cleared).not.toBe('f'.repeat(64));
      expect(cleared).not.toBe(memberToken);

      // the SMS code of one phone may be asked once a minute: the login again is the other demo member's
      await loginBySms(page, env.server, DEMO_MEMBER_EMPTY.phone);
      await shot(page, 'flows-401-relogin');
      const again = await apiCall(page, 'order/list', { page: 1, pageLimit: 5 });
      expect(again.result).toBe(true);
      expect(await storedToken(page)).not.toBe(memberToken);
    } finally {
      await context.close();
    }
  });

  test('the order list loads the next page at the bottom, ends with "no more", and pull to refresh shows a new order', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await page.locator('#home-shop-name').waitFor({ timeout: 30_000 });
      await loggedIn(page);
      // one page and two more
      const placed: number[] = [];
      for (let i = 0; i < ORDER_PAGE_LIMIT + 2; i += 1) placed.push(await placeOrder(page, 'A4'));

      await page.goto(`${env.server.base}/#/pages/user/order/list`);
      await page.locator(`#order-${placed[placed.length - 1]}`).waitFor({ timeout: 30_000 });
      expect(await page.locator('.order-row').count()).toBe(ORDER_PAGE_LIMIT);
      await shot(page, 'flows-order-list');

      // scrolling to the bottom loads the second page, which is the last
      for (let i = 0; i < 10 && (await page.locator('.order-row').count()) < placed.length; i += 1) {
        await page.mouse.move(187, 400);
        const before = await page.locator('.order-row').count();
        await page.mouse.wheel(0, 4000);
        // the next page arrives, or the wheel did not reach the end yet: wheel again
        await page
          .waitForFunction((n) => document.querySelectorAll('.order-row').length > n, before, { timeout: 3_000 })
          .catch(() => undefined);
      }
      await page.locator(`#order-${placed[0]}`).waitFor({ timeout: 20_000 });
      expect(await page.locator('.order-row').count()).toBe(placed.length);
      const end = page.locator('#order-list-end', { hasText: '没有更多了' });
      await end.waitFor({ timeout: 10_000 });
      await end.scrollIntoViewIfNeeded();
      await shot(page, 'flows-order-list-end', { keepScroll: true });

      // an order placed elsewhere shows after pulling the list down
      // two baskets: the new row stands out from the others
      const fresh = await placeOrder(page, 'A5', 2);
      await page.evaluate(() => {
        window.scrollTo(0, 0);
        for (const el of Array.from(document.querySelectorAll('.taro_page, .taro-tabbar__panel, body, html'))) el.scrollTop = 0;
      });
      await settled(page);
      await nextFrame(page);
      await pullDown(page, '#order-rows');
      await page.locator(`#order-${fresh}`).waitFor({ timeout: 20_000 });
      const first = await page.locator('.order-row').first().getAttribute('id');
      expect(first).toBe(`order-${fresh}`);
      await shot(page, 'flows-order-list-refreshed');
    } finally {
      await context.close();
    }
  });
});
