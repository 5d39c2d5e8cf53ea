/**
 * The console's floor and kitchen tickets end to end (CONSOLE-3, CONSOLE-4): headless Chromium, the
 * staff console at 1024×768 beside two diners' phones at table A5 of the demo restaurant (the H5
 * storefront, scan-to-order link). The floor follows the table without a reload: free, ordering once a
 * diner opens it, eating after each diner's round; the panel shows the two rounds as two tickets and
 * the second round's print view lists only its own dish; printing records the print (the panel says
 * when) and the print CSS leaves only the 58 mm ticket; an hour later the running total counts the
 * timed fee; a diner asks for the bill; the counter settles it in cash (a paid order on the board) and
 * clears the table back to free. Screenshots: docs/screens/console-ticket.png, console-tables.png
 * (with `npm run screens`).
 */
import type { Browser, Page } from 'playwright-core';
import { SHOP, TABLE_CODE } from './demo';
import { consoleReady, expectAccessible, signInStaff, type Staff } from './console-support';
import { apiCall, launch, moveClock, newPhone, type RunningServer, serverAndBrowser, shot, tap } from './harness';

const suite = consoleReady('the console floor suite') ? describe : describe.skip;
jest.setTimeout(300_000);

const A5 = 5005;
const A6 = 5006;
const A7 = 5007;
const TOMATO_EGG = 10303; // 番茄炒蛋 ¥22
const GREEN_BEANS = 10305; // 干煸四季豆 ¥26
const STIR_FRY = 1103;

/** The restaurant's staff signed in, on the floor view; `window.print` counts instead of printing. */
async function staffOnFloor(browser: Browser, server: RunningServer): Promise<Staff> {
  // every page of this tablet, the tickets' tabs included: print() is recorded, not a dialog
  const staff = await signInStaff(browser, server, SHOP.restaurant, () => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await staff.page.getByRole('link', { name: 'Tables', exact: true }).click();
  await staff.page.locator(`#table-${A5}`).waitFor({ timeout: 15_000 });
  return staff;
}

const tileIn = (page: Page, tableId: number, state: string) => page.locator(`#table-${tableId}[data-state="${state}"]`);

/** The cart bar's unit count reaches `count`. */
async function seesUnits(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => (document.querySelector('#cart-bar .cart-bar__badge')?.textContent ?? '') === String(n), count, { timeout: 10_000 });
}

/** Waits until the newest page holding `selector` has slid in (Taro's H5 page transition). */
async function slidIn(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const all = document.querySelectorAll(sel);
    const left = all[all.length - 1]?.getBoundingClientRect().left;
    return left !== undefined && left >= 0 && left < 40;
  }, selector);
}

/** The diner puts one dish in the table's cart and sends the cart to the kitchen. */
async function sendRound(page: Page, productId: number): Promise<void> {
  await tap(page, `#category-${STIR_FRY}`);
  await tap(page, `#add-${productId}`);
  await seesUnits(page, 1);
  await tap(page, '#table-strip');
  await page.locator('#table-send').last().waitFor({ timeout: 20_000 });
  await slidIn(page, '#table-cart');
  await tap(page, '#table-send');
  await page.locator('#table-submit').last().waitFor({ timeout: 20_000 });
  await slidIn(page, '#table-cart');
  await tap(page, '#table-submit');
}

suite('the floor and kitchen tickets in a browser', () => {
  const env = serverAndBrowser();

  test('two diners’ rounds are two tickets, the second prints only its dish; the floor follows the table from free to paid and clear', async () => {
    const staff = await staffOnFloor(env.browser, env.server);
    const a = await newPhone(env.browser, env.server);
    const b = await newPhone(env.browser, env.server);
    const link = `source_type=6&shop_id=${SHOP.restaurant}&table_no=A5&tableCode=${TABLE_CODE.A5}`;
    try {
      const { page } = staff;
      await tileIn(page, A5, 'free').waitFor();

      // diner A opens the table for two; the floor shows it ordering without a reload
      await launch(a.page, env.server.base, link);
      await a.page.locator('#table-open').waitFor({ timeout: 30_000 });
      await tap(a.page, '#people-2');
      await tap(a.page, '#table-open-go');
      await a.page.locator('#product-list').waitFor({ timeout: 30_000 });
      await a.page.locator('#table-strip .live-badge--live').waitFor({ timeout: 10_000 });
      await tileIn(page, A5, 'ordering').waitFor({ timeout: 10_000 });
      expect(await page.locator(`#table-${A5}`).textContent()).toContain('2 people');

      // diner B joins the same order
      await launch(b.page, env.server.base, link);
      await b.page.locator('#product-list').waitFor({ timeout: 30_000 });
      await b.page.locator('#table-strip .live-badge--live').waitFor({ timeout: 10_000 });

      // round 1: A's tomato and egg; B is told and closes the dialog
      await sendRound(a.page, TOMATO_EGG);
      await b.page.getByText(/已为本桌下单/).first().waitFor({ state: 'visible', timeout: 10_000 });
      await b.page.getByText('知道了', { exact: true }).last().click();
      await tileIn(page, A5, 'eating').filter({ hasText: 'Rounds: 1' }).waitFor({ timeout: 10_000 });

      // round 2: B's green beans
      await sendRound(b.page, GREEN_BEANS);
      await tileIn(page, A5, 'eating').filter({ hasText: 'Rounds: 2' }).waitFor({ timeout: 10_000 });

      // the panel: two rounds, each its own ticket
      await page.locator(`#table-${A5}`).click();
      const panel = page.locator('#table-panel');
      await panel.locator('#table-rounds article.round').nth(1).waitFor({ timeout: 10_000 });
      const rounds = panel.locator('#table-rounds article.round');
      expect(await rounds.count()).toBe(2);
      expect(await rounds.nth(0).locator('.line__name').allTextContents()).toEqual(['番茄炒蛋']);
      expect(await rounds.nth(1).locator('.line__name').allTextContents()).toEqual(['干煸四季豆']);
      expect(await rounds.nth(1).locator('.round__printed').textContent()).toBe('Not printed');

      // round 2's print view, in a tab of its own: only its dish, the table and the round on top
      const [ticketPage] = await Promise.all([staff.context.waitForEvent('page'), rounds.nth(1).getByRole('link', { name: 'Print' }).click()]);
      const ticket = ticketPage.locator('#ticket');
      await ticket.waitFor({ timeout: 30_000 });
      expect(await ticket.locator('.ticket__name').allTextContents()).toEqual(['干煸四季豆']);
      const head = (await ticket.locator('.ticket__head').textContent()) ?? '';
      expect(head).toContain('Table');
      expect(head).toContain('Table A5');
      expect(head).toContain('Round 2');
      await ticketPage.locator('#ticket-width-58').click();
      await ticketPage.locator('#ticket[data-width="58"]').waitFor();
      await ticketPage.locator('#ticket-print').click();
      // recorded first, then the print (window.print counted by the init script)
      await ticketPage.locator('#ticket-prints li').first().waitFor({ timeout: 10_000 });
      await ticketPage.waitForFunction(() => (window as unknown as { printed: number }).printed === 1);
      expect(await ticketPage.locator('#ticket-prints li').first().textContent()).toContain(`58 mm · staff-${SHOP.restaurant}`);
      await shot(ticketPage, 'console-ticket');
      await expectAccessible(ticketPage, 'ticket');
      // on paper: the tools are gone and the ticket is 58 mm wide (58 mm = 219 CSS px)
      await ticketPage.emulateMedia({ media: 'print' });
      expect(await ticketPage.locator('.ticket-tools').isVisible()).toBe(false);
      const width = await ticket.evaluate((el) => el.getBoundingClientRect().width);
      expect(Math.round(width)).toBe(219);
      await ticketPage.close();

      // the panel heard of the print: round 2 printed, its button now Reprint; round 1 untouched
      await rounds.nth(1).locator('.round__printed', { hasText: /^Printed at \d\d:\d\d$/ }).waitFor({ timeout: 10_000 });
      expect(await rounds.nth(1).getByRole('link').textContent()).toBe('Reprint');
      expect(await rounds.nth(0).locator('.round__printed').textContent()).toBe('Not printed');

      // 61 minutes into the meal: the hall's ¥10 per started hour → 20.00; 22 + 26 = 48.00 of dishes
      // → running total 68.00; to pay 48 + dishware ¥1 × 2 dishes + service 10 % × 48 = 4.80 + 20 = 74.80
      await moveClock(env.server, [staff.context, a.context, b.context], 61 * 60_000);
      await panel.getByRole('button', { name: 'Close' }).first().click();
      await page.locator(`#table-${A5}`).click();
      await panel.locator('#settle-total', { hasText: '74.80' }).waitFor({ timeout: 10_000 });
      expect(await panel.locator('#table-running-total').textContent()).toBe('68.00');
      await panel.getByRole('button', { name: 'Close' }).first().click();

      // B asks for the bill; the counter seats a party of three at A6
      const info = await apiCall(b.page, 'table/getTableInfo', { tableNo: 'A5' });
      const orderId = (info.info as { order: { id: number } }).order.id;
      expect((await apiCall(b.page, 'table/canPay', { orderId, openId: 'x' })).result).toBe(true);
      await tileIn(page, A5, 'billAsked').waitFor({ timeout: 10_000 });
      await page.locator(`#table-${A6}`).click();
      await panel.getByLabel('Party size').fill('3');
      await panel.locator('#table-open').click();
      await page.locator('#table-panel[data-state="ordering"]').waitFor({ timeout: 10_000 });
      await panel.getByRole('button', { name: 'Close' }).first().click();
      await tileIn(page, A6, 'ordering').waitFor();
      expect(await page.locator(`#table-${A5}`).textContent()).toContain('61 min');
      await shot(page, 'console-tables');
      await expectAccessible(page, 'floor');

      // settled in cash at the counter: paid, and a paid cash order on the board
      await page.locator(`#table-${A5}`).click();
      await panel.locator('#settle-cash').click();
      await panel.locator('#table-paid', { hasText: 'cash at the counter' }).waitFor({ timeout: 15_000 });
      await tileIn(page, A5, 'paid').waitFor();
      expect(await panel.locator('#table-running-total').textContent()).toBe('74.80');
      await panel.getByRole('button', { name: 'Clear table' }).click();
      await tileIn(page, A5, 'free').waitFor({ timeout: 10_000 });
      await panel.getByRole('button', { name: 'Close' }).first().click();

      await page.getByRole('link', { name: 'Order board', exact: true }).click();
      const card = page.locator('.card[data-status="pending"]', { hasText: 'Table A5' }).first();
      await card.waitFor({ timeout: 15_000 });
      expect(await card.textContent()).toContain('Paid · Cash');
      expect(await card.locator('.card__total').textContent()).toContain('74.80');
    } finally {
      await a.context.close();
      await b.context.close();
      await staff.context.close();
    }
  });

  test('TABLE-7 at the counter: the owner holds first rounds; the diner waits until staff approve; a rotated code seats nobody new', async () => {
    const owner = await signInStaff(env.browser, env.server, SHOP.restaurant, undefined, 'owner');
    const a = await newPhone(env.browser, env.server);
    const c = await newPhone(env.browser, env.server);
    let d: Awaited<ReturnType<typeof newPhone>> | null = null;
    const old = `source_type=6&shop_id=${SHOP.restaurant}&table_no=A7&tableCode=${TABLE_CODE.A7}`;
    try {
      const { page } = owner;
      // the owner's settings: first rounds wait for the staff
      await page.getByRole('link', { name: 'Settings', exact: true }).click();
      const rules = page.locator('#table-rules');
      await rules.locator('#rules-open-diner:checked').waitFor({ timeout: 15_000 });
      await rules.getByLabel("Hold each table's first round for staff approval").check();
      await rules.getByRole('button', { name: 'Save table rules' }).click();
      await rules.getByRole('status').filter({ hasText: 'Table rules saved' }).waitFor({ timeout: 10_000 });
      await shot(page, 'console-table-rules');
      await expectAccessible(page, 'table rules');

      // a diner opens A7 with the printed link and sends a round: it waits for the staff
      await launch(a.page, env.server.base, old);
      await a.page.locator('#table-open').waitFor({ timeout: 30_000 });
      await tap(a.page, '#people-2');
      await tap(a.page, '#table-open-go');
      await a.page.locator('#product-list').waitFor({ timeout: 30_000 });
      await a.page.locator('#table-strip .live-badge--live').waitFor({ timeout: 10_000 });
      await sendRound(a.page, TOMATO_EGG);
      // the bill page after sending: the round waits, and the bill cannot be settled yet
      const held = a.page.locator('#ordered-held');
      await held.waitFor({ timeout: 15_000 });
      expect(await held.textContent()).toContain('等待店员确认');
      expect(await a.page.locator('#table-settle').last().getAttribute('aria-disabled')).toBe('true');
      await slidIn(a.page, '#ordered-head');
      await shot(a.page, 'table-held');

      // the floor: the round is held (no ticket to print) until Approve first round
      await page.getByRole('link', { name: 'Tables', exact: true }).click();
      await page.locator(`#table-${A7}`).click();
      const panel = page.locator('#table-panel');
      const round = panel.locator('#table-rounds article.round').first();
      await round.locator('.round__held').waitFor({ timeout: 10_000 });
      expect(await round.getByRole('link', { name: 'Print' }).count()).toBe(0);
      await panel.locator('#table-approve').click();
      await round.getByRole('link', { name: 'Print' }).waitFor({ timeout: 10_000 });
      expect(await round.locator('.round__held').count()).toBe(0);
      // the diner's page hears of it by itself (it asks again while held)
      await held.waitFor({ state: 'detached', timeout: 20_000 });
      expect(await a.page.locator('#table-settle').last().getAttribute('aria-disabled')).toBeNull();

      // Rotate code: the panel's link changes; the old printed link seats nobody new, the new one does
      const before = await panel.locator('#table-link').inputValue();
      expect(before).toContain(`tableCode=${TABLE_CODE.A7}`);
      await panel.locator('#table-rotate').click();
      await page.waitForFunction((was) => (document.querySelector('#table-link') as HTMLInputElement | null)?.value !== was, before, { timeout: 10_000 });
      const fresh = await panel.locator('#table-link').inputValue();
      const code = new URL(fresh.replace('#/', '')).searchParams.get('tableCode') ?? '';
      expect(code).toMatch(/^[0-9a-f]{32}$/);
      await launch(c.page, env.server.base, old);
      await c.page.getByText('请扫描您餐桌上的二维码').first().waitFor({ timeout: 30_000 });
      expect(await c.page.locator('#table-strip').count()).toBe(0);
      // another diner scans the new code (a fresh phone: a link differing only after the hash does not reload the app)
      d = await newPhone(env.browser, env.server);
      await launch(d.page, env.server.base, `source_type=6&shop_id=${SHOP.restaurant}&table_no=A7&tableCode=${code}`);
      await d.page.locator('#table-strip .live-badge--live').waitFor({ timeout: 30_000 });
      // the diner seated before the rotation stays seated
      expect((await apiCall(a.page, 'table/getTableInfo', { tableNo: 'A7' })).result).toBe(true);
    } finally {
      // the next suites find the demo's defaults
      await owner.page.evaluate(async (shopId) => {
        await fetch('/console/api/tableSessionSettingsSave', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shopId, openBy: 'diner', holdFirstRound: false }) });
      }, SHOP.restaurant);
      await a.context.close();
      await c.context.close();
      await d?.context.close();
      await owner.context.close();
    }
  });
});
