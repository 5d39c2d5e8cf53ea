/**
 * Three ordering breaks end to end in Chromium against the H5 build and the real server: a set meal
 * whose drink sold out is refused before confirm with the drink named (ORDER-12); the free gift shown
 * on confirm and kept in the placed order's detail, an add-on offer accepted and charged (PRICE-11,
 * PRICE-5); and the fast-food restaurant at 03:30 offering dine-in, where the order goes through (C§4).
 */
import type { Page } from 'playwright-core';
import { ACTIVITY } from '../../server/src/demo/ids';
import { CLOSED_INSTANT } from '../support/clock';
import { RESTAURANT_PRODUCT as R, SHOP } from './demo';
import { amountOf, apiCall, e2eReady, launch, newPhone, serverAndBrowser, shot, tap, toastText, type } from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;
jest.setTimeout(240_000);

const MERCHANT_KEY = 'orderfix-merchant-key';
/** 番茄炒蛋 ¥22, in the stir-fry category 1103. */
const TOMATO_EGG = 10303;

interface DetailLine {
  productId: number;
  price: number;
  quantity: number;
  gift?: boolean;
  offer?: boolean;
}

async function orderLines(page: Page, id: number): Promise<{ total: number; lines: DetailLine[] }> {
  const res = await apiCall(page, 'order/detail', { id });
  if (!res.result) throw new Error(`order/detail failed: ${JSON.stringify(res.info)}`);
  return res.info as { total: number; lines: DetailLine[] };
}

/** The dialog on screen (earlier closed ones stay in the page, hidden): its text once visible. */
async function visibleModal(page: Page, timeout = 20_000): Promise<string> {
  // the modal's wrapper has no box of its own (its parts are fixed): read its content box
  const modal = page.locator('.taro-modal__content:visible').first();
  await modal.waitFor({ state: 'visible', timeout });
  return (await modal.textContent()) ?? '';
}

/** Taps a button of the dialog on screen. */
async function answerVisible(page: Page, button: string): Promise<void> {
  await page.locator('.taro-modal__content:visible').first().getByText(button, { exact: true }).click();
}

function orderIdOf(page: Page): number {
  const m = /orderId=(\d+)/.exec(page.url());
  if (!m) throw new Error(`no orderId in ${page.url()}`);
  return Number(m[1]);
}

/** The dine-in menu at table A1 with `n` tomato-and-egg dishes in the cart. */
async function dineWith(page: Page, base: string, n: number): Promise<void> {
  await launch(page, base, `id=${SHOP.restaurant}&isDine=1&table=A1`);
  await page.locator('#product-list').waitFor({ timeout: 30_000 });
  await tap(page, '#category-1103');
  for (let i = 0; i < n; i += 1) await tap(page, `#add-${TOMATO_EGG}`);
}

suite('ordering gaps in a browser', () => {
  const env = serverAndBrowser({ MERCHANT_KEY });

  const merchantStock = async (productId: number, stock: number | null) => {
    const res = await fetch(`${env.server.base}/merchant/stock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-merchant-key': MERCHANT_KEY, connection: 'close' },
      body: JSON.stringify({ productId, stock }),
    });
    expect(res.status).toBe(200);
  };

  test('a set meal whose drink sold out after it was chosen is refused before confirm with the drink named', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}&isDine=1&table=A1`);
      await page.locator('#product-list').waitFor({ timeout: 30_000 });
      await tap(page, '#category-1106');
      await tap(page, `#choose-${R.comboSet}`);
      await tap(page, `#meal-61-${R.kungPaoChicken}`);
      await tap(page, `#meal-62-${R.rice}`);
      await tap(page, `#meal-63-${R.cola}`);
      await tap(page, '#spec-add');
      await page.locator('#cart-bar .cart-bar__badge').waitFor();
      // the "added" toast (C§9: 1500 ms) is shown, then gone before the dialog's screenshot
      expect(await toastText(page)).toBeTruthy();
      await page.waitForFunction(
        () => {
          const el = document.querySelector('.taro__toast') as HTMLElement | null;
          return !el || el.style.display === 'none' || el.style.opacity === '0';
        },
        undefined,
        { timeout: 10_000 },
      );
      // the last cola is sold meanwhile
      await merchantStock(R.cola, 0);
      await tap(page, '#checkout');
      const text = await visibleModal(page);
      await shot(page, 'set-meal-item-sold-out');
      expect(text).toContain('可乐');
      await answerVisible(page, '知道了');
      // the set left the cart: nothing to confirm
      expect(await page.locator('#cart-bar .cart-bar__badge').count()).toBe(0);
      expect(page.url()).not.toContain('order/confirm');
    } finally {
      await merchantStock(R.cola, null);
      await context.close();
    }
  });

  test('the free iced lemon tea shows on confirm and stays in the placed order’s detail', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      // 6 × ¥22 = ¥132 − ¥12 − ¥8 in reductions = ¥112 ≥ ¥100: one iced lemon tea free
      await dineWith(page, env.server.base, 6);
      await tap(page, '#checkout');
      await page.locator('#table-no').waitFor({ timeout: 20_000 });
      const gift = page.locator(`#gift-${ACTIVITY.overSendProduct}-${R.lemonTea}`);
      await gift.waitFor({ timeout: 10_000 });
      expect(await gift.textContent()).toContain('冻柠檬茶');
      await tap(page, '#pay-cash');
      await page.locator('#gifts-offers').scrollIntoViewIfNeeded();
      await shot(page, 'confirm-gift', { keepScroll: true });
      await tap(page, '#submit-order');
      await page.locator('#order-success').waitFor({ timeout: 30_000 });
      const id = orderIdOf(page);
      const recorded = await orderLines(page, id);
      expect(recorded.lines.find((l) => l.gift)).toMatchObject({ productId: R.lemonTea, price: 0, quantity: 1 });
      await page.goto(`${env.server.base}/#/pages/user/order/detail?orderId=${id}`);
      const line = page.locator(`#detail-gift-${R.lemonTea}`);
      await line.waitFor({ timeout: 20_000 });
      expect(await page.locator('#detail-lines').textContent()).toContain('冻柠檬茶');
      await line.scrollIntoViewIfNeeded();
      await shot(page, 'order-detail-gift', { keepScroll: true });
    } finally {
      await context.close();
    }
  });

  test('the cola add-on offer is accepted on the cart sheet and charged in the order', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      // 4 × ¥22 = ¥88 − ¥5 − ¥8 = ¥75 ≥ ¥60: cola for ¥1 is offered
      await dineWith(page, env.server.base, 4);
      await tap(page, '#cart-icon');
      const take = page.locator(`#offer-take-${ACTIVITY.markupRedemption}-${R.cola}`);
      await take.waitFor({ timeout: 10_000 });
      await shot(page, 'cart-sheet-offer');
      await tap(page, `#offer-take-${ACTIVITY.markupRedemption}-${R.cola}`);
      await page.locator(`#offer-plus-${ACTIVITY.markupRedemption}-${R.cola}`).waitFor();
      await shot(page, 'cart-sheet-offer-taken');
      await page.locator('.sheet__mask').click({ position: { x: 10, y: 10 } });
      await tap(page, '#checkout');
      await page.locator('#table-no').waitFor({ timeout: 20_000 });
      await tap(page, '#pay-cash');
      expect(await page.locator('#confirm-lines').textContent()).toContain('可乐');
      const shown = amountOf(await page.locator('#row-total .figure-row__value').textContent());
      await tap(page, '#submit-order');
      await page.locator('#order-success').waitFor({ timeout: 30_000 });
      const recorded = await orderLines(page, orderIdOf(page));
      expect(recorded.lines.find((l) => l.offer)).toMatchObject({ productId: R.cola, price: 1, quantity: 1 });
      expect(recorded.total.toFixed(2)).toBe(shown.toFixed(2));
    } finally {
      await context.close();
    }
  });
});

suite('the fast-food restaurant outside its takeaway hours', () => {
  const env = serverAndBrowser({}, CLOSED_INSTANT);

  test('at 03:30 the menu offers dine-in on entry and a dine-in order goes through', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await tap(page, '#home-takeaway');
      const text = await visibleModal(page, 30_000);
      await shot(page, 'fast-food-closed-offers-dine');
      expect(text).toContain('门店休息中');
      await answerVisible(page, '改为堂食');
      await tap(page, '#category-1103');
      await tap(page, `#add-${TOMATO_EGG}`);
      await tap(page, '#checkout');
      await page.locator('#table-no').waitFor({ timeout: 20_000 });
      await type(page, '#table-no', 'A1');
      await tap(page, '#pay-cash');
      await tap(page, '#submit-order');
      await page.locator('#order-success').waitFor({ timeout: 30_000 });
      const recorded = await apiCall(page, 'order/detail', { id: orderIdOf(page) });
      expect(recorded).toMatchObject({ result: true, info: { type: 'dine' } });
    } finally {
      await context.close();
    }
  });
});
