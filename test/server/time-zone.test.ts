/**
 * Shop time zones through the API (TIME-1): the Paris demo shop (Europe/Paris) answers its zone's
 * offset changes with the shop and reads its hours, orders and day summary on the Paris wall clock on
 * both sides of each change — the same figures as the domain's tests (test/domain/shop-time.test.ts);
 * an unknown zone is refused by name at shop/load and in the console, and nothing changes.
 */
import { eq } from 'drizzle-orm';
import { consoleCalls } from '../../src/api/contract/console';
import { storeCalls } from '../../src/api/contract/store';
import { orderCalls } from '../../src/api/contract/order';
import { isWithinBusinessHours } from '../../src/domain/hours';
import { shops } from '../../server/src/db/schema';
import { PARIS_PRODUCT, SHOP } from '../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../support/build-server';
import { PARIS, utc } from '../support/zones';
import { consoleCall, ok, owner } from './console/support';
import { failure, place, selfPickup, success } from './orders/helpers';

const KEY = 'merchant-secret';
let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer({ config: { merchantKey: KEY } });
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

const croissantPickup = () => selfPickup({ products: [{ id: PARIS_PRODUCT.croissant, quantity: 1, flag: 'a' }] });

async function detailAt(at: number) {
  server.clock.set(at);
  const token = await server.login(SHOP.paris);
  return { token, detail: success(await server.call(storeCalls.detail, {}, { token })) };
}

describe('the Paris shop on its own clock', () => {
  test('answers Europe/Paris with its offset changes (the hand-written table) and the offset now', async () => {
    const { detail } = await detailAt(utc(2027, 3, 28, 7));
    expect(detail.shop.timeZone).toBe('Europe/Paris');
    expect(detail.shop.currencySymbol).toBe('€');
    const changes = detail.shop.timeZoneOffsets!.changes.filter(([at]) => at >= Date.UTC(2026, 0, 1) && at < Date.UTC(2028, 0, 1));
    expect(changes).toEqual(PARIS.changes);
    // 09:00 CEST: UTC+2
    expect(detail.shop.utcOffsetMinutes).toBe(120);
    const winter = await detailAt(utc(2027, 1, 13, 8));
    expect(winter.detail.shop.utcOffsetMinutes).toBe(60);
  });

  test.each([
    ['winter, 2027-01-13', utc(2027, 1, 13, 7, 59), utc(2027, 1, 13, 8, 0)],
    ['the spring change day, 2027-03-28', utc(2027, 3, 28, 6, 59), utc(2027, 3, 28, 7, 0)],
    ['summer, 2027-07-14', utc(2027, 7, 14, 6, 59), utc(2027, 7, 14, 7, 0)],
    ['the autumn change day, 2027-10-31', utc(2027, 10, 31, 7, 59), utc(2027, 10, 31, 8, 0)],
  ])('%s: closed at 08:59 Paris time with storeClosed, open and taking a cash pickup at 09:00', async (_day, before, at) => {
    const closed = await detailAt(before);
    expect({ isOpen: closed.detail.isOpen, nextOpening: closed.detail.nextOpening, todayHours: closed.detail.todayHours }).toEqual({
      isOpen: false,
      nextOpening: '09:00',
      todayHours: '09:00-22:00',
    });
    // the domain reads the answered settings the same way (the app's view of the same instant)
    expect(isWithinBusinessHours(closed.detail.shop, before)).toBe(false);
    const refused = await server.call(orderCalls.confirm, { ...croissantPickup(), expectedTotal: 1.4 }, { token: closed.token });
    expect(failure(refused).code).toBe('storeClosed');

    const open = await detailAt(at);
    expect(open.detail.isOpen).toBe(true);
    expect(isWithinBusinessHours(open.detail.shop, at)).toBe(true);
    // one croissant at €1.40, no fee on pickup: the total is 1.40
    const placed = await place(server, open.token, croissantPickup());
    expect(placed.total).toBe(1.4);
  });

  test('the lunch deal runs 11:30–14:30 Paris time: €2 off from €12 at 11:30 CEST (09:30 UTC), not at 11:29', async () => {
    // 3 jambon-beurre at €5.50 = €16.50; with the deal 16.50 − 2.00 = 14.50
    const body = selfPickup({ products: [{ id: PARIS_PRODUCT.jambonBeurre, quantity: 3, flag: 'a' }] });
    server.clock.set(utc(2027, 7, 14, 9, 29));
    const token = await server.login(SHOP.paris);
    expect((await place(server, token, body)).total).toBe(16.5);
    server.clock.set(utc(2027, 7, 14, 9, 30));
    expect((await place(server, token, body)).total).toBe(14.5);
  });

  test("the day summary's autumn Sunday spans 25 hours", async () => {
    server.clock.set(utc(2027, 10, 31, 12));
    const cookie = await owner(server, SHOP.paris);
    const day = ok(await consoleCall(server, consoleCalls.daySummary, { shopId: SHOP.paris }, cookie));
    expect({ date: day.date, start: day.dayStart, end: day.dayEnd }).toEqual({ date: '2027-10-31', start: utc(2027, 10, 30, 22), end: utc(2027, 10, 31, 23) });
  });

  test('its whole small menu comes in store/productTypes; the croissant is first and plain', async () => {
    const { token } = await detailAt(utc(2027, 7, 14, 10));
    const menu = success(await server.call(storeCalls.productTypes, {}, { token }));
    if (menu.unchanged) throw new Error('a first load is never unchanged');
    expect(menu.whole?.categories.map((c) => c.products.length)).toEqual([2, 2, 2, 1]);
    const first = menu.whole?.categories[0]?.products[0] as { id: number; specs?: unknown[]; tastes?: unknown[]; mealset?: unknown[] } | undefined;
    expect(first?.id).toBe(PARIS_PRODUCT.croissant);
    expect({ specs: first?.specs?.length ?? 0, tastes: first?.tastes?.length ?? 0, mealset: first?.mealset?.length ?? 0 }).toEqual({ specs: 0, tastes: 0, mealset: 0 });
  });
});

async function merchant(op: string, body: unknown) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/merchant/${op}`,
    headers: { 'content-type': 'application/json', 'x-merchant-key': KEY },
    payload: JSON.stringify(body),
  });
  return JSON.parse(res.body) as { result: boolean; info: unknown; code?: string };
}

const settingsOf = async (shopId: number) => (await server.db.select({ s: shops.settings }).from(shops).where(eq(shops.id, shopId)))[0].s;

describe('an unknown zone is refused by name and changes nothing', () => {
  test('shop/load', async () => {
    const before = await settingsOf(SHOP.paris);
    const exported = (await merchant('shop/export', { shopId: SHOP.paris })).info as { settings: Record<string, unknown> };
    const r = await merchant('shop/load', { shopId: SHOP.paris, settings: { ...exported.settings, timeZone: 'Europe/Atlantis' } });
    expect({ result: r.result, code: r.code }).toEqual({ result: false, code: 'badRequest' });
    expect(String(r.info)).toContain('settings.timeZone: unknown time zone "Europe/Atlantis"');
    expect(await settingsOf(SHOP.paris)).toEqual(before);
    // a table of offsets is the server's to compute
    const stored = await merchant('shop/load', { shopId: SHOP.paris, settings: { ...exported.settings, timeZoneOffsets: PARIS } });
    expect(String(stored.info)).toContain('settings.timeZoneOffsets');
  });

  test('the console: the owner sets a zone the server knows, an unknown one is refused, staff cannot', async () => {
    server.clock.set(utc(2027, 7, 14, 10));
    const cookie = await owner(server, SHOP.restaurant);
    expect(ok(await consoleCall(server, consoleCalls.shopClock, { shopId: SHOP.restaurant }, cookie))).toEqual({ timeZone: null, utcOffsetMinutes: 480 });
    const before = await settingsOf(SHOP.restaurant);
    const refused = await consoleCall(server, consoleCalls.saveShopClock, { shopId: SHOP.restaurant, timeZone: 'Asia/Nowhere' }, cookie);
    expect({ ok: refused.ok, code: refused.code }).toEqual({ ok: false, code: 'badRequest' });
    expect(String(refused.info)).toContain('unknown time zone "Asia/Nowhere"');
    expect(await settingsOf(SHOP.restaurant)).toEqual(before);

    const saved = ok(await consoleCall(server, consoleCalls.saveShopClock, { shopId: SHOP.restaurant, timeZone: 'Asia/Shanghai' }, cookie));
    expect(saved).toEqual({ timeZone: 'Asia/Shanghai', utcOffsetMinutes: 480 });
    const token = await server.login(SHOP.restaurant);
    expect(success(await server.call(storeCalls.detail, {}, { token })).shop.timeZone).toBe('Asia/Shanghai');

    const staffCookie = await consoleCall(server, consoleCalls.signIn, { username: `staff-${SHOP.restaurant}`, password: `demo-staff-${SHOP.restaurant}` });
    const cookieOfStaff = staffCookie.setCookie.find((c) => c.startsWith('console_session='))!.split(';')[0];
    const staffSave = await consoleCall(server, consoleCalls.saveShopClock, { shopId: SHOP.restaurant, timeZone: 'Europe/Paris' }, cookieOfStaff);
    expect(staffSave.ok).toBe(false);
  });
});
