/**
 * Scan-order at one table in two browsers (ORDER-3 scan entry, ORDER-4, TABLE-1…5, PRICE-9): two
 * phones open the same scan-order link (source_type 6); the first opens the free table for two, the
 * second joins its order; each sees the other's dish within a second; one places the order, the other
 * gets the submitted dialog; the ordered dishes show both diners' lines and the timed table fee: none
 * at first, ¥10 a minute into the meal, ¥20 once the second hour started (the server's and the
 * phones' clocks are moved forward, harness.moveClock). Headless Chromium against the H5 build
 * served by the real server.
 */
import type { Page } from 'playwright-core';
import { SHOP, TABLE, TABLE_CODE, lineFlag } from './demo';
import { CartOperation } from '../../src/domain/enums';
import { amountOf, apiCall, e2eReady, launch, moveClock, newPhone, serverAndBrowser, shot, tap } from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(300_000);

const TOMATO_EGG = 10303; // ¥22, no options
const GREEN_BEANS = 10305; // ¥26, no options
const STIR_FRY = 1103;

/** The cart bar's unit count on the menu ('' when the cart is empty). */
async function badge(page: Page): Promise<string> {
  const el = page.locator('#cart-bar .cart-bar__badge');
  return (await el.count()) > 0 ? ((await el.first().textContent()) ?? '') : '';
}

/** Waits until the page holding `selector` has slid in (Taro's H5 page transition). */
async function slidIn(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    // the newest page's element (pages below keep theirs)
    const all = document.querySelectorAll(sel);
    const left = all[all.length - 1]?.getBoundingClientRect().left;
    return left !== undefined && left >= 0 && left < 40;
  }, selector);
}

/** The table fee (null while the bill has no such row) and the total on the ordered dishes' bill. */
async function fees(page: Page): Promise<{ tableFee: number | null; total: number }> {
  // the total first (it waits for the bill); the fee row is drawn with it or not at all
  const total = amountOf(await page.locator('#row-total .figure-row__value').first().textContent());
  const row = page.locator('#row-tableFee .figure-row__value');
  const tableFee = (await row.count()) > 0 ? amountOf(await row.first().textContent()) : null;
  return { tableFee, total };
}

/** Waits until the cart bar shows `count` units, at most `ms`. */
async function seesUnits(page: Page, count: number, ms: number): Promise<void> {
  await page.waitForFunction(
    (n) => (document.querySelector('#cart-bar .cart-bar__badge')?.textContent ?? '') === String(n),
    count,
    { timeout: ms },
  );
}

suite('scan-order table in two browsers', () => {
  const env = serverAndBrowser();

  test('two diners fill one cart live, one places the order, the other gets the dialog; the table order shows both lines and the timed fee', async () => {
    const a = await newPhone(env.browser, env.server);
    const b = await newPhone(env.browser, env.server);
    const link = `source_type=6&shop_id=${SHOP.restaurant}&table_no=A5&tableCode=${TABLE_CODE.A5}`;
    try {
      // A: the table is free — how many are eating, then open it
      await launch(a.page, env.server.base, link);
      await a.page.locator('#table-open').waitFor({ timeout: 30_000 });
      await shot(a.page, 'table-open');
      await tap(a.page, '#people-2');
      await tap(a.page, '#table-open-go');
      await a.page.locator('#product-list').waitFor({ timeout: 30_000 });
      await a.page.locator('#table-strip .live-badge--live').waitFor({ timeout: 10_000 });

      // B: the same link — the table is occupied, B goes straight to the menu of the same order
      await launch(b.page, env.server.base, link);
      await b.page.locator('#product-list').waitFor({ timeout: 30_000 });
      await b.page.locator('#table-strip .live-badge--live').waitFor({ timeout: 10_000 });

      // what A adds, B sees within a second, and the other way round
      await tap(a.page, `#category-${STIR_FRY}`);
      await tap(a.page, `#add-${TOMATO_EGG}`);
      await seesUnits(a.page, 1, 2_000);
      await seesUnits(b.page, 1, 1_000);
      await tap(b.page, `#category-${STIR_FRY}`);
      await tap(b.page, `#add-${GREEN_BEANS}`);
      await seesUnits(b.page, 2, 2_000);
      await seesUnits(a.page, 2, 1_000);
      await shot(b.page, 'table-menu');

      // the table page: both diners, the shared cart with who added what
      await tap(a.page, '#table-strip');
      await a.page.locator('#table-diners .diner').nth(1).waitFor({ timeout: 10_000 });
      await slidIn(a.page, '#table-diners');
      expect(await a.page.locator('#table-cart .table-line').count()).toBe(2);
      await shot(a.page, 'table-two-diners');

      // A places the order; B gets the submitted dialog and an empty cart
      await tap(a.page, '#table-send');
      await a.page.locator('#table-submit').waitFor({ timeout: 20_000 });
      await slidIn(a.page, '#table-cart');
      await shot(a.page, 'table-send');
      await tap(a.page, '#table-submit');
      const dialog = b.page.getByText(/已为本桌下单/).first();
      await dialog.waitFor({ state: 'visible', timeout: 5_000 });
      await shot(b.page, 'table-submitted-dialog');
      expect(await badge(b.page)).toBe('');
      await b.page.getByText('已点菜品', { exact: true }).first().click();
      await b.page.locator('#table-ordered .table-round').first().waitFor({ timeout: 20_000 });
      const lines = await b.page.locator('#table-ordered .confirm-line__name').allTextContents();
      expect(lines.sort()).toEqual(['干煸四季豆', '番茄炒蛋']);

      // the hall bills ¥10 per started hour of the meal, counted in whole minutes: none yet.
      // 22 + 26 = 48 of dishes + dishware 2 units × ¥1 = 2 + service charge 10 % × 48 = 4.80 → 54.80
      await slidIn(b.page, '#ordered-head');
      expect(await fees(b.page)).toEqual({ tableFee: null, total: 54.8 });

      // a minute into the meal (the server's and both phones' clocks moved, no real wait): ¥10 → 64.80
      await moveClock(env.server, [a.context, b.context], 61_000);
      await b.page.reload();
      await b.page.locator('#row-tableFee').waitFor({ timeout: 30_000 });
      await slidIn(b.page, '#ordered-head');
      expect(await fees(b.page)).toEqual({ tableFee: 10, total: 64.8 });
      await shot(b.page, 'table-ordered');

      // an hour later the second hour has started: ¥20 → 74.80
      await moveClock(env.server, [a.context, b.context], 60 * 60_000);
      await b.page.reload();
      await b.page.locator('#row-tableFee').waitFor({ timeout: 30_000 });
      await slidIn(b.page, '#ordered-head');
      expect(await fees(b.page)).toEqual({ tableFee: 20, total: 74.8 });
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
  test('TABLE-7: the printed link seats a diner; the same link without its code cannot order; after the bill is settled the old session adds nothing', async () => {
    const a = await newPhone(env.browser, env.server);
    const c = await newPhone(env.browser, env.server);
    const bare = `source_type=6&shop_id=${SHOP.restaurant}&table_no=A6`;
    const printed = `${bare}&tableCode=${TABLE_CODE.A6}`;
    try {
      // the printed link (with the table's code): A opens the table and is at its live cart
      await launch(a.page, env.server.base, printed);
      await a.page.locator('#table-open').waitFor({ timeout: 30_000 });
      await tap(a.page, '#people-2');
      await tap(a.page, '#table-open-go');
      await a.page.locator('#product-list').waitFor({ timeout: 30_000 });
      await a.page.locator('#table-strip .live-badge--live').waitFor({ timeout: 10_000 });

      // the same link with the code removed: the table says "scan the code on your table", no way to order
      await launch(c.page, env.server.base, bare);
      await c.page.getByText('请扫描您餐桌上的二维码').first().waitFor({ timeout: 30_000 });
      expect(await c.page.locator('#table-open, #table-strip').count()).toBe(0);
      const intrude = await apiCall(c.page, 'table/order', { person: 1, tableId: TABLE.A6, openId: 'x', nickName: 'c', avatarUrl: '' });
      expect([intrude.result, intrude.code]).toEqual([false, 'tableCodeInvalid']);

      // A sends a round and settles the bill in cash (the server's figure)
      const info = await apiCall(a.page, 'table/getTableInfo', { tableNo: 'A6' });
      const order = (info.info as { order: { id: number; roomId: string } }).order;
      const line = { id: TOMATO_EGG, name: 'x', price: 0, quantity: 1, flag: lineFlag(TOMATO_EGG), typeid: STIR_FRY };
      await apiCall(a.page, 'consumer/cart-operate', { room: order.roomId, nickname: 'a', avatar: '', type: 'add', operation: CartOperation.Add, message: line });
      const round = await apiCall(a.page, 'table/userAddProducts', { orderId: order.id, products: [{ id: TOMATO_EGG, quantity: 1, flag: line.flag }], openId: 'x', nickName: 'a', avatarUrl: '' });
      expect(round.result).toBe(true);
      const quote = await apiCall(a.page, 'table/confirm', { orderId: order.id, openId: 'x', payType: 'cash', expectedTotal: 0.01 });
      const total = (quote as { data?: { total?: number } }).data?.total;
      expect(typeof total).toBe('number');
      expect((await apiCall(a.page, 'table/confirm', { orderId: order.id, openId: 'x', payType: 'cash', expectedTotal: total })).result).toBe(true);

      // the session ended: its diner cannot add to it any more
      const late = await apiCall(a.page, 'table/userAddProducts', { orderId: order.id, products: [{ id: TOMATO_EGG, quantity: 1, flag: line.flag }], openId: 'x', nickName: 'a', avatarUrl: '' });
      expect([late.result, late.code]).toEqual([false, 'tableSessionEnded']);
    } finally {
      await a.context.close();
      await c.context.close();
    }
  });
});
