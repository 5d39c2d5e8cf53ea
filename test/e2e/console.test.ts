/**
 * The staff console end to end (CONSOLE-1, CONSOLE-2): headless Chromium at 1024×768 against the real
 * server serving the console build (dist/console) and the H5 storefront. A customer orders in the H5
 * storefront; the restaurant's staff, signed in at /console/?lang=en, sees the card arrive on the live
 * board without a reload, opens it, accepts it (the customer's order page follows, again without a
 * reload), cooks it, marks it ready and completes it. Two staff pressing Accept at once make one accept;
 * the other card says the order changed. Staff of another shop never see the order; a wrong password
 * is refused on the sign-in page.
 */
import type { Page } from 'playwright-core';
import { RESTAURANT_PRODUCT as R, SHOP } from './demo';
import { consoleReady, expectAccessible, openConsole, signInStaff, type Staff } from './console-support';
import { apiCall, launch, newPhone, type RunningServer, serverAndBrowser, shot, tap } from './harness';

const suite = consoleReady('the console suite') ? describe : describe.skip;
jest.setTimeout(300_000);

/** A customer's dine-in cash order at the restaurant's table: its id and the name of its product. */
async function customerOrders(page: Page, server: RunningServer, table: string): Promise<{ id: number; product: string; orderNo: string }> {
  await launch(page, server.base, `id=${SHOP.restaurant}&isDine=1&table=${table}`);
  await page.locator('#product-list').waitFor({ timeout: 60_000 });
  await tap(page, '#category-1104');
  await tap(page, `#add-${R.xiaolongbao}`);
  await tap(page, '#checkout');
  await page.locator('#table-no').waitFor({ timeout: 20_000 });
  await tap(page, '#pay-cash');
  await tap(page, '#submit-order');
  await page.locator('#order-success').waitFor({ timeout: 30_000 });
  const m = /orderId=(\d+)/.exec(page.url());
  if (!m) throw new Error(`no orderId in ${page.url()}`);
  const id = Number(m[1]);
  const detail = await apiCall(page, 'order/detail', { id });
  if (!detail.result) throw new Error(`order/detail failed: ${JSON.stringify(detail)}`);
  const info = detail.info as { orderNo: string; lines: Array<{ name: string }> };
  return { id, product: info.lines[0].name, orderNo: info.orderNo };
}

/** The order's audit as the console's API gives it (the staff page's own session). */
async function auditOf(page: Page, shopId: number, id: number): Promise<Array<{ toStatus: string | null; by: string }>> {
  return page.evaluate(
    async ({ shopId, id }) => {
      const res = await fetch('/console/api/order', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shopId, id }),
      });
      const body = (await res.json()) as { result: boolean; info: { audit: Array<{ toStatus: string | null; by: string }> } };
      if (!body.result) throw new Error(JSON.stringify(body));
      return body.info.audit;
    },
    { shopId, id },
  );
}

suite('the staff console in a browser', () => {
  const env = serverAndBrowser();

  test('a wrong password is refused on the sign-in page', async () => {
    const staff = await openConsole(env.browser, env.server);
    try {
      const { page } = staff;
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await shot(page, 'console-signin');
      await expectAccessible(page, 'sign-in');
      await page.getByLabel('Username', { exact: true }).fill(`staff-${SHOP.restaurant}`);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      // the password can be shown; the toggle's name is not "Password"
      await page.getByRole('button', { name: 'Show' }).click();
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'Wrong username or password' }).waitFor({ timeout: 15_000 });
      await shot(page, 'console-signin-error');
      expect(page.url()).toContain('#/signin');
    } finally {
      await staff.context.close();
    }
  });

  test('a customer order reaches the live board, is accepted, cooked, made ready and completed; the customer follows live', async () => {
    const staff = await signInStaff(env.browser, env.server, SHOP.restaurant);
    const other = await signInStaff(env.browser, env.server, SHOP.retail);
    const customer = await newPhone(env.browser, env.server);
    try {
      const { page } = staff;
      expect(await page.locator('.header').textContent()).toContain(`Signed in as staff-${SHOP.restaurant}`);
      await page.locator('#session-until', { hasText: /Signed in until \d\d:\d\d/ }).waitFor();

      const placed = await customerOrders(customer.page, env.server, 'A1');

      // the card arrives without a reload, with its items
      const card = page.locator(`#order-${placed.id}`);
      await card.waitFor({ timeout: 20_000 });
      await page.locator(`#column-new #order-${placed.id}`).waitFor();
      expect(await card.textContent()).toContain(placed.product);
      expect(await card.textContent()).toContain(placed.orderNo);
      expect(await card.textContent()).toContain('Table A1');
      await page.waitForFunction(() => /^\(\d+\) /.test(document.title), undefined, { timeout: 10_000 });
      await shot(page, 'console-board');
      await expectAccessible(page, 'board');

      // the detail panel: breakdown and audit
      await card.locator('.card__lines').click();
      const panel = page.locator('#order-panel');
      await panel.waitFor({ timeout: 10_000 });
      await panel.locator('#order-breakdown').waitFor();
      expect(await panel.textContent()).toContain('Total');
      await panel.locator('#order-audit, .muted').first().waitFor();
      await shot(page, 'console-order');
      await expectAccessible(page, 'order panel');
      await panel.getByRole('button', { name: 'Close details' }).click();
      await panel.waitFor({ state: 'detached' });

      // the customer's order page, open before the shop answers
      await tap(customer.page, '#view-order');
      await customer.page.locator('#order-status').waitFor({ timeout: 30_000 });

      await card.getByRole('button', { name: /^Accept/ }).click();
      await page.locator(`#column-cooking #order-${placed.id}`).waitFor({ timeout: 15_000 });
      // the customer's page follows without a reload (its live channel); a miss is reported at the end
      // so the staff's part of the story still runs
      const customerSawAccept = await customer.page
        .locator('#order-status', { hasText: '商家已接单' })
        .waitFor({ timeout: 60_000 })
        .then(() => null, (err: Error) => err);

      await card.getByRole('button', { name: 'Start cooking' }).click();
      await page.locator(`#order-${placed.id}[data-status="confirmed_new"]`).waitFor({ timeout: 15_000 });
      await card.getByRole('button', { name: 'Mark ready' }).click();
      await page.locator(`#column-ready #order-${placed.id}`).waitFor({ timeout: 15_000 });
      await card.getByRole('button', { name: 'Complete' }).click();
      await page.locator(`#column-done #order-${placed.id}`).waitFor({ timeout: 15_000 });

      const audit = await auditOf(page, SHOP.restaurant, placed.id);
      const byStaff = audit.filter((a) => a.by === `staff-${SHOP.restaurant}`).map((a) => a.toStatus);
      expect(byStaff).toEqual(['confirmed', 'confirmed_new', 'delivered', 'successed']);

      // the retail shop's staff never saw it
      expect(await other.page.locator(`#order-${placed.id}`).count()).toBe(0);
      expect(await other.page.locator('main').textContent()).not.toContain(placed.orderNo);

      if (customerSawAccept) throw new Error(`the customer's order page did not show the accepted order without a reload: ${customerSawAccept.message}`);
    } finally {
      await customer.context.close();
      await other.context.close();
      await staff.context.close();
    }
  });

  test('the day summary follows the counter: a cash order placed, then its cash received on another tablet', async () => {
    const desk = await signInStaff(env.browser, env.server, SHOP.restaurant);
    const counter = await signInStaff(env.browser, env.server, SHOP.restaurant);
    const customer = await newPhone(env.browser, env.server);
    try {
      const { page } = desk;
      await page.getByRole('link', { name: 'Day summary' }).click();
      await page.locator('#kpi-sales').waitFor({ timeout: 15_000 });
      const before = await page.evaluate(async (shopId) => {
        const res = await fetch('/console/api/daySummary', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shopId }) });
        return ((await res.json()) as { info: { sales: number; placed: number; awaitingPayment: { count: number; amount: number } } }).info;
      }, SHOP.restaurant);
      await page.locator('#summary-bounds', { hasText: 'From 00:00 to 24:00 shop time (UTC+08:00)' }).waitFor();

      // one basket of crab xiaolongbao: 26.00 + 2.60 service (10 %) + 1.00 dishware = 29.60, cash
      const placed = await customerOrders(customer.page, env.server, 'A2');
      const money = (n: number) => n.toFixed(2);
      // the order arrived: placed one more, 29.60 more awaiting payment, without a reload
      await page
        .locator('#summary-orders', { hasText: `${before.placed + 1}` })
        .filter({ hasText: `Orders: ${before.awaitingPayment.count + 1} · ${money(before.awaitingPayment.amount + 29.6)}` })
        .waitFor({ timeout: 20_000 });

      // the counter takes the cash on its board; the summary's sales grow by 29.60
      const card = counter.page.locator(`#order-${placed.id}`);
      await card.getByRole('button', { name: 'Cash received' }).click();
      await page.locator('#kpi-sales', { hasText: money(before.sales + 29.6) }).waitFor({ timeout: 20_000 });
      await page.locator('#summary-pay-types tr[data-pay-type="cash"]').waitFor();
      await shot(page, 'console-summary');
      await expectAccessible(page, 'day summary');

      // the previous day: another date, nothing of today
      await page.getByRole('button', { name: /Previous day/ }).click();
      await page.locator('#summary-bounds:not(:has-text("Updates as orders come in"))').waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Today' }).click();
      await page.locator('#summary-bounds', { hasText: 'Updates as orders come in' }).waitFor({ timeout: 10_000 });
    } finally {
      await customer.context.close();
      await counter.context.close();
      await desk.context.close();
    }
  });

  test('two staff press Accept at once: one accept, the other card says the order changed', async () => {
    const a = await signInStaff(env.browser, env.server, SHOP.restaurant);
    const b = await signInStaff(env.browser, env.server, SHOP.restaurant);
    const customer = await newPhone(env.browser, env.server);
    try {
      const placed = await customerOrders(customer.page, env.server, 'A2');
      const buttons = [a, b].map((s) => s.page.locator(`#order-${placed.id}`).getByRole('button', { name: /^Accept/ }));
      await Promise.all(buttons.map((btn) => btn.waitFor({ timeout: 20_000 })));
      // "at once": each browser's Accept is held until both have been sent, so neither card hears of
      // the other's accept before pressing (otherwise the first one's live update can take the second
      // card's button away before the second click lands)
      let release: () => void = () => undefined;
      const bothSent = new Promise<void>((resolve) => (release = resolve));
      let held = 0;
      for (const s of [a, b]) {
        await s.page.route('**/console/api/act', async (route) => {
          held += 1;
          if (held === 2) release();
          await bothSent;
          await route.continue();
        });
      }
      await Promise.all(buttons.map((btn) => btn.click()));
      await bothSent;
      const notice = (s: Staff) => s.page.locator(`#order-${placed.id} .card__notice`, { hasText: 'This order changed: now accepted' });
      await Promise.race([notice(a).waitFor({ timeout: 15_000 }), notice(b).waitFor({ timeout: 15_000 })]);
      const shown = (await notice(a).count()) + (await notice(b).count());
      expect(shown).toBe(1);
      const accepts = (await auditOf(a.page, SHOP.restaurant, placed.id)).filter((e) => e.toStatus === 'confirmed');
      expect(accepts).toHaveLength(1);
      for (const s of [a, b]) await s.page.locator(`#column-cooking #order-${placed.id}`).waitFor({ timeout: 15_000 });
    } finally {
      await customer.context.close();
      await a.context.close();
      await b.context.close();
    }
  });
});
