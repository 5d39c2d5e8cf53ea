/**
 * What the route walks in Chromium (route-walk.test.ts, axe.test.ts) share: the demo member signed in at
 * the demo restaurant with an order, an address and a dish in the cart, and the wait for a page to be still.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { RESTAURANT_PRODUCT as R, lineFlag } from './demo';
import { RESTAURANT_CATEGORY } from '../../server/src/demo/ids';
import { apiCall, settled, signInDemoMember, tap } from './harness';
import type { WalkFixture } from '../support/route-walk';

export /** A dine-in cash order of one xiaolongbao at `table`, through the API with the page's token. */
async function placeOrder(page: Page, table: string): Promise<number> {
  const body = { type: 'dine', payType: 'cash', table, people: 1, products: [{ id: R.xiaolongbao, quantity: 1, flag: lineFlag(R.xiaolongbao, undefined, [], []) }] };
  // a wrong expectedTotal is refused with the server's own total
  const probe = (await apiCall(page, 'order/confirm', { ...body, expectedTotal: 0.01 }, { 'Idempotency-Key': randomUUID() })) as { code?: string; data?: { total: number } };
  if (probe.code !== 'amountError' || !probe.data) throw new Error(`expected amountError, got ${JSON.stringify(probe)}`);
  const res = await apiCall(page, 'order/confirm', { ...body, expectedTotal: probe.data.total }, { 'Idempotency-Key': randomUUID() });
  if (!res.result) throw new Error(`order/confirm failed: ${JSON.stringify(res)}`);
  return (res.info as { id: number }).id;
}

export /** Waits until the page has no skeleton rows and no request is out, then until it is still. */
async function pageSettled(page: Page, pending: () => number): Promise<void> {
  const deadline = Date.now() + 20_000;
  let quiet = 0;
  while (Date.now() < deadline && quiet < 3) {
    await new Promise((r) => setTimeout(r, 150));
    // a page that leaves for another document (a provider's cashier) is busy until that one is there
    const busy = await page
      .evaluate(() => {
        const pages = Array.from(document.querySelectorAll<HTMLElement>('.taro_page')).filter((el) => getComputedStyle(el).display !== 'none');
        const current = pages[pages.length - 1];
        return !current || current.querySelector('[aria-busy="true"]') !== null;
      })
      .catch(() => true);
    quiet = busy || pending() > 0 ? 0 : quiet + 1;
  }
  await settled(page).catch(() => undefined);
}

/** Signs the demo member in by SMS code, places an order, saves an address and puts a dish in the cart. */
export async function prepareWalk(page: Page, base: string): Promise<WalkFixture> {
  // the demo member at the restaurant, signed in by SMS code
  await signInDemoMember(page, base);

  // an order, an address and a dish in the cart, for the pages that show them
  const orderId = await placeOrder(page, 'A1');
  const saved = await apiCall(page, 'address/add', { name: '张三', phone: '13800000000', address: '南京东路 100 号', addressGps: '31.2350,121.4800', gender: 1, isDefault: true });
  expect(saved).toMatchObject({ result: true });
  const addressId = (saved.info as { id: number }).id;
  await page.goto(`${base}/#/pages/user/index-tab`);
  await tap(page, '#home-takeaway');
  await page.locator('#product-list').waitFor({ timeout: 30_000 });
  await tap(page, `#category-${RESTAURANT_CATEGORY.noodles}`);
  await tap(page, `#add-${R.xiaolongbao}`);
  return { orderId, addressId, webPage: `${base}/demo-images/avatar-li-si.svg` };
}
