/**
 * The appointment area store (ORDER-5) against the real server (demo salon on in-memory PGlite,
 * through `app.inject`): the time before the service user (C§5), the days and times of the picker
 * with a booked time greyed, the set's pay types in the cart, the deposit figures the server charges,
 * and a submission the server accepts with its service user, name and phone.
 */
import { eq } from 'drizzle-orm';
import { orders } from '../../server/src/db/schema';
import { BEAUTY_PRODUCT as P, BEAUTY_USER as U, SHOP } from '../../server/src/demo/ids';
import { dayKey } from '../../src/domain/beauty';
import { BeautyStore } from '../../src/stores/areas/beauty';
import { buildTestServer, type TestServer } from '../support/build-server';
import { InjectTransport } from '../support/inject-transport';
import { buildStores, type StoreFixture } from '../support/store-factories';
import { facial, NOW, tomorrowAt } from '../server/beauty/support';
import { success } from '../server/orders/helpers';
import { orderCalls } from '../../src/api/contract/order';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  server.clock.set(NOW);
});

/** A mini-program customer of the salon (the chat-app wallet is offered there) with a facial in the cart. */
async function customer(): Promise<{ f: StoreFixture; beauty: BeautyStore }> {
  const f = buildStores({ via: new InjectTransport(server), now: NOW, platform: 'weapp' });
  f.api.client.setToken(await server.login(SHOP.beauty));
  f.session.setOrderType('appointment');
  expect(await f.shop.load(SHOP.beauty)).toBe(true);
  await Promise.all([f.menu.load(SHOP.beauty), f.member.load(), f.promotion.load()]);
  f.cart.open(SHOP.beauty);
  expect(f.cart.add(P.hydraFacial)).toBeNull();
  const beauty = new BeautyStore({ api: f.api, cart: f.cart, checkout: f.checkout, shop: f.shop, now: () => NOW });
  return { f, beauty };
}

test('the service user waits for the time (C§5); the picker offers 14 days and the day’s half hours', async () => {
  const { beauty } = await customer();
  expect(beauty.canChooseUser()?.code).toBe('appointmentTimeFirst');
  expect(await beauty.loadUsers()).toBe(true);
  expect(beauty.days).toHaveLength(14);
  expect(dayKey(beauty.days[0], 480)).toBe('2026-11-23');
  // the facial takes 90 minutes: 10:00 … 20:30 tomorrow = (20:30 − 10:00) / 30 min + 1 = 22 times
  await beauty.loadDay(beauty.days[1]);
  expect(beauty.duration).toBe(90);
  expect(beauty.times.map((x) => x.at)).toHaveLength(22);
  expect(beauty.times.every((x) => !x.booked)).toBe(true);
  beauty.chooseTime(tomorrowAt(14));
  expect(beauty.canChooseUser()).toBeNull();
});

test('the set’s pay types only, the deposit the server will charge, and a time another customer took greyed', async () => {
  const other = await server.login(SHOP.beauty);
  success(await server.call(orderCalls.confirm, { ...facial(), expectedTotal: 298 }, { token: other }));
  const { f, beauty } = await customer();
  await beauty.loadUsers();
  // CashPay is off in the set; the chat-app wallet and the card stay
  expect(f.checkout.payTypes).toContain('weixin');
  expect(f.checkout.payTypes).not.toContain('cash');
  // 298 × 30 % = 89.40 now, 208.60 in the shop
  expect(beauty.deposit).toEqual({ deposit: 89.4, rest: 208.6 });
  await beauty.loadDay(beauty.days[1]);
  const at = (h: number, m = 0) => beauty.times.find((x) => x.at === tomorrowAt(h, m));
  // Lin holds 14:00–15:30: a 90-minute start from 13:00 to 15:00 overlaps it; 12:30 ends as it begins
  expect([at(12, 30), at(13), at(14), at(15), at(15, 30)].map((x) => x?.booked)).toEqual([false, true, true, true, false]);
});

test('a chosen time, service user, name and phone make a submission the server accepts', async () => {
  const { f, beauty } = await customer();
  await beauty.loadUsers();
  beauty.chooseTime(tomorrowAt(16));
  expect(beauty.validationError?.code).toBe('requiredServiceUser');
  await beauty.loadUsers();
  const lin = beauty.shownUsers.find((u) => u.id === U.lin)!;
  expect(beauty.chooseUser(lin)).toBeNull();
  expect(beauty.validationError?.code).toBe('requiredName');
  beauty.setContact({ beautyUserName: '李女士', beautyUserPhone: '138 1234 5678' });
  expect(beauty.validationError).toBeNull();
  f.checkout.setPayType('weixin');
  expect(f.orderConfirm.submission).toMatchObject({
    type: 'appointment',
    appointment: tomorrowAt(16),
    serviceUser: { id: U.lin },
    contact_name: '李女士',
    contact_phone: '13812345678',
  });
  const outcome = await f.orderConfirm.confirm();
  expect(outcome.status).toBe('placed');
  const id = outcome.status === 'placed' ? outcome.order.id : 0;
  const [row] = await server.db.select().from(orders).where(eq(orders.id, id));
  expect(row).toMatchObject({ type: 'appointment', total: '298.0000', appointmentTime: tomorrowAt(16) });
});
