/**
 * Appointments on the server (ORDER-5, C§3 Beauty, C§5, C§7 beauty): the service users of the cart's
 * services with who is free and who was booked before, the booked times of a day, the checks of an
 * appointment at a fixed clock, the deposit paid through the provider, slots given back by a cancel,
 * and a real burst of simultaneous bookings of one service user.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beautyCalls } from '../../../src/api/contract/beauty';
import { orderCalls } from '../../../src/api/contract/order';
import { appointmentSlots, appointments, orders, payments } from '../../../server/src/db/schema';
import { BEAUTY_PRODUCT as P, BEAUTY_TAG, BEAUTY_USER as U, DEMO_MEMBER, DEMO_USER, SHOP } from '../../../server/src/demo/ids';
import { merchantAct } from '../../../server/src/services/orders/merchant-actions';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { completeTrade, failure, memberRow, orderRow, quote, startPay, success } from '../orders/helpers';
import { facial, HOUR, NOW, TOMORROW, tomorrowAt } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  server.clock.set(NOW);
});

/** The hydrating facial costs ¥298 for a visitor (no member discount). */
const FACIAL_TOTAL = 298;

async function book(token: string, over: Parameters<typeof facial>[0] = {}, expectedTotal = FACIAL_TOTAL) {
  return server.call(orderCalls.confirm, { ...facial(over), expectedTotal }, { token, headers: { 'idempotency-key': randomUUID() } });
}

describe('beauty/users', () => {
  test('lists the salon staff with their tags and the beauty set; the art director takes no appointments', async () => {
    const token = await server.login(SHOP.beauty);
    const r = success(await server.call(beautyCalls.users, {}, { token }));
    expect(r.users.map((u) => [u.id, u.jobNo, u.tagId, u.canReverse])).toEqual([
      [U.lin, 'B001', BEAUTY_TAG.senior, true],
      [U.chen, 'H002', BEAUTY_TAG.stylist, true],
      [U.wang, 'H003', BEAUTY_TAG.stylist, false],
      [U.zhao, 'N004', BEAUTY_TAG.nailArtist, true],
    ]);
    expect(r.users[0]).toMatchObject({ userName: '林悦', tagName: '资深美容师' });
    expect(r.tags.map((t) => t.id)).toEqual([BEAUTY_TAG.senior, BEAUTY_TAG.stylist, BEAUTY_TAG.nailArtist]);
    expect(r.set).toMatchObject({ serviceUserRequired: true, CashPay: false, depositSet: { allowDeposit: true, payMode: 1, rate: 30 }, slotMinutes: 30 });
    expect(r.lastUsers).toEqual([]);
  });

  test('only staff who perform the cart services, narrowed by a tag; English names in English', async () => {
    const token = await server.login(SHOP.beauty);
    const facialUsers = success(await server.call(beautyCalls.users, { productIds: [P.hydraFacial] }, { token }));
    expect(facialUsers.users.map((u) => u.id)).toEqual([U.lin]);
    const hair = success(await server.call(beautyCalls.users, { productIds: [P.haircut, P.manicure], tagId: BEAUTY_TAG.stylist }, { token, headers: { language: 'en' } }));
    expect(hair.users.map((u) => u.userName)).toEqual(['Chen Mo', 'Wang Shan']);
  });

  test('a service user booked at the chosen time is not free; lastUsers lists whom this customer booked', async () => {
    const token = await server.login(SHOP.beauty);
    success(await book(token));
    // 15:00 falls inside Lin's 14:00–15:30 facial; 15:30 is after it
    const busy = success(await server.call(beautyCalls.users, { appointment: tomorrowAt(15), duration: 30 }, { token }));
    expect(busy.users.find((u) => u.id === U.lin)?.canReverse).toBe(false);
    expect(busy.users.find((u) => u.id === U.zhao)?.canReverse).toBe(true);
    const free = success(await server.call(beautyCalls.users, { appointment: tomorrowAt(15, 30), duration: 60 }, { token }));
    expect(free.users.find((u) => u.id === U.lin)?.canReverse).toBe(true);
    expect(free.lastUsers.map((u) => u.id)).toEqual([U.lin]);
    // another customer booked no one
    const other = await server.login(SHOP.beauty);
    expect(success(await server.call(beautyCalls.users, {}, { token: other })).lastUsers).toEqual([]);
  });
});

describe('beauty/alreadyAppointmentTimes', () => {
  test('answers the booked appointments of a day per service user', async () => {
    const token = await server.login(SHOP.beauty);
    success(await book(token));
    success(await book(token, { products: [{ id: P.manicure, quantity: 1, flag: 'm' }], serviceUser: { id: U.zhao }, appointment: tomorrowAt(10) }, 158));
    const day = success(await server.call(beautyCalls.alreadyAppointmentTimes, { date: TOMORROW }, { token }));
    // manicure 75 min from 10:00 → 11:15; facial 90 min from 14:00 → 15:30
    expect(day.list).toEqual([
      { start: tomorrowAt(10), end: tomorrowAt(11, 15), serviceUserId: U.zhao },
      { start: tomorrowAt(14), end: tomorrowAt(15, 30), serviceUserId: U.lin },
    ]);
    const lin = success(await server.call(beautyCalls.alreadyAppointmentTimes, { date: TOMORROW, serviceUserId: U.lin }, { token }));
    expect(lin.list.map((b) => b.serviceUserId)).toEqual([U.lin]);
    expect(success(await server.call(beautyCalls.alreadyAppointmentTimes, { date: '2026-11-25' }, { token })).list).toEqual([]);
  });
});

describe('placing an appointment (clock: Monday 2026-11-23 12:00)', () => {
  test.each([
    ['earlier today (10:00, past)', { appointment: Date.UTC(2026, 10, 23, 2, 0) }, 'appointmentTimeInvalid'],
    ['beyond the 14 days ahead (2026-12-07 14:00)', { appointment: Date.UTC(2026, 11, 7, 6, 0) }, 'appointmentTimeInvalid'],
    ['a service ending after closing (21:00 + 90 min > 22:00)', { appointment: tomorrowAt(21) }, 'appointmentTimeInvalid'],
    ['before opening (09:30)', { appointment: tomorrowAt(9, 30) }, 'appointmentTimeInvalid'],
    ['off the half-hour slots (14:10)', { appointment: tomorrowAt(14, 10) }, 'appointmentTimeInvalid'],
    ['no service user (the set requires one)', { serviceUser: undefined }, 'requiredServiceUser'],
    ['a service user who takes no appointments', { serviceUser: { id: U.wang } }, 'serviceUserUnavailable'],
    ['a service user who does not perform the service', { serviceUser: { id: U.chen } }, 'serviceUserUnavailable'],
    ['no beauty user name', { contact_name: ' ' }, 'requiredName'],
    ['a wrong beauty user phone', { contact_phone: '12345' }, 'inputCorrectPhone'],
    ['cash, which the beauty set does not allow', { payType: 'cash' as const }, 'noValidPayType'],
  ])('refuses %s and writes nothing', async (_name, over, code) => {
    const token = await server.login(SHOP.beauty);
    const f = failure(await book(token, over));
    expect(f.code).toBe(code);
    expect(await server.db.select().from(orders)).toHaveLength(0);
    expect(await server.db.select().from(appointmentSlots)).toHaveLength(0);
  });

  test('accepts the last day ahead (2026-12-06) and a service ending at closing (20:30 + 90 min = 22:00)', async () => {
    const token = await server.login(SHOP.beauty);
    success(await book(token, { appointment: Date.UTC(2026, 11, 6, 6, 0) }));
    success(await book(token, { appointment: tomorrowAt(20, 30) }));
  });

  test('the booking holds one slot per half hour of the service, with the order', async () => {
    const token = await server.login(SHOP.beauty);
    const o = success(await book(token));
    const slots = await server.db.select().from(appointmentSlots).where(eq(appointmentSlots.orderId, o.id));
    // 90 minutes / 30 = 3 slots: 14:00, 14:30, 15:00
    expect(slots.map((s) => s.slotStart).sort()).toEqual([tomorrowAt(14), tomorrowAt(14, 30), tomorrowAt(15)]);
    const [a] = await server.db.select().from(appointments).where(eq(appointments.orderId, o.id));
    expect(a).toMatchObject({ serviceUserId: U.lin, duration: 90, beautyUserName: '李女士', beautyUserPhone: '13812345678', deposit: '89.4000' });
    const d = success(await server.call(orderCalls.detail, { id: o.id }, { token: token }));
    expect(d).toMatchObject({ type: 'appointment', appointmentTime: tomorrowAt(14), service: { serviceUserId: U.lin, startTime: tomorrowAt(14), duration: 90 } });
  });

  test('an overlapping time with the same service user is refused as already booked; another service user is fine', async () => {
    const a = await server.login(SHOP.beauty);
    const b = await server.login(SHOP.beauty);
    success(await book(a));
    expect(failure(await book(b, { appointment: tomorrowAt(15) })).code).toBe('appointmentTimeBooked');
    success(await book(b, { appointment: tomorrowAt(15, 30) }));
    expect(await server.db.select().from(orders)).toHaveLength(2);
  });

  test('the database itself refuses a second row for a service user and slot', async () => {
    const token = await server.login(SHOP.beauty);
    const o = success(await book(token));
    await expect(server.db.insert(appointmentSlots).values({ serviceUserId: U.lin, slotStart: tomorrowAt(14, 30), orderId: o.id })).rejects.toThrow();
  });
});

describe('deposit (C§3 depositSet: payMode 1, 30 %)', () => {
  test('the appointment is paid by its deposit through the provider; the rest is due in the shop', async () => {
    const token = await server.login(SHOP.beauty);
    const o = success(await book(token));
    expect(o.total).toBe(298);
    const start = await startPay(server, token, o.id, 'weixin');
    const [trade] = await server.db.select().from(payments).where(eq(payments.orderId, o.id));
    // 298 × 30 % = 89.40 asked now; 298 − 89.40 = 208.60 left for the shop
    expect(trade.amount).toBe('89.4000');
    await completeTrade(server, start);
    const row = await orderRow(server, o.id);
    expect(row).toMatchObject({ status: 'pending', payStatus: 1, total: '298.0000', paidAmount: '89.4000' });
    const d = success(await server.call(orderCalls.detail, { id: o.id }, { token }));
    expect(d.total).toBe(298);
    expect(d.paidAmount).toBe(89.4);
  });
});

describe('deposit paid by the member card at submit', () => {
  test('the card pays the deposit only; the rest is due in the shop', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.beauty);
    const body = facial({ payType: 'vip', payPassword: DEMO_MEMBER.payPassword });
    // the member's price of the facial is the server's to say (its rules are tested with pricing): 199.31
    const total = await quote(server, token, body);
    expect(total).toBe(199.31);
    const o = success(await server.call(orderCalls.confirm, { ...body, expectedTotal: total }, { token }));
    // 199.31 × 30 % = 59.793 → 59.79 from the balance: 1200 − 59.79 = 1140.21; the gift amount stays 150
    expect(await orderRow(server, o.id)).toMatchObject({ status: 'pending', payStatus: 1, total: '199.3100', paidAmount: '59.7900', balancePaid: '59.7900' });
    expect(await memberRow(server, DEMO_MEMBER.beautyId)).toMatchObject({ balance: '1140.2100', giftAmount: '150.0000' });
  });
});

describe('cancelling frees the slots', () => {
  test('a cancelled unpaid appointment gives its time back to the next customer', async () => {
    const a = await server.login(SHOP.beauty);
    const b = await server.login(SHOP.beauty);
    const o = success(await book(a));
    success(await server.call(orderCalls.close, { id: o.id }, { token: a }));
    expect(await server.db.select().from(appointmentSlots)).toHaveLength(0);
    expect(success(await server.call(beautyCalls.alreadyAppointmentTimes, { date: TOMORROW }, { token: b })).list).toEqual([]);
    success(await book(b));
  });

  test('a paid appointment the shop refunds gives its time back', async () => {
    const a = await server.login(SHOP.beauty);
    const o = success(await book(a));
    await completeTrade(server, await startPay(server, a, o.id, 'weixin'));
    expect(await server.db.select().from(appointmentSlots)).toHaveLength(3);
    const refunded = await merchantAct(server.ctx, { id: o.id, action: 'refund' });
    expect(['refunding', 'refund']).toContain(refunded.status);
    expect(await server.db.select().from(appointmentSlots)).toHaveLength(0);
    success(await book(await server.login(SHOP.beauty)));
  });

  test('an unpaid appointment that runs out of time frees its slots', async () => {
    const token = await server.login(SHOP.beauty);
    const o = success(await book(token));
    server.clock.advance(2 * HOUR);
    // the order detail expires a due unpaid order
    success(await server.call(orderCalls.detail, { id: o.id }, { token }));
    expect((await orderRow(server, o.id)).status).toBe('nopay_cancel');
    expect(await server.db.select().from(appointmentSlots)).toHaveLength(0);
  });
});

describe('a payment after the appointment ended', () => {
  test('is refunded, not reinstated: the time went back and another customer holds it', async () => {
    const a = await server.login(SHOP.beauty);
    const o = success(await book(a));
    const start = await startPay(server, a, o.id, 'weixin');
    server.clock.advance(2 * HOUR);
    // the unpaid appointment runs out of time; a second customer books the freed time
    success(await server.call(orderCalls.detail, { id: o.id }, { token: a }));
    expect((await orderRow(server, o.id)).status).toBe('nopay_cancel');
    const other = success(await book(await server.login(SHOP.beauty)));
    // the first customer's payment arrives late: the order stays ended and the money goes back
    await completeTrade(server, start);
    expect(await orderRow(server, o.id)).toMatchObject({ status: 'nopay_cancel' });
    const slots = await server.db.select().from(appointmentSlots);
    expect(slots.map((r) => r.orderId)).toEqual([other.id, other.id, other.id]);
    const [trade] = await server.db.select().from(payments).where(eq(payments.orderId, o.id));
    expect(['refunding', 'refunded']).toContain(trade.state);
  });
});

describe('a burst of simultaneous bookings', () => {
  test('two customers booking the same service user at overlapping times at the same moment: exactly one succeeds', async () => {
    const [a, b] = await Promise.all([server.login(SHOP.beauty), server.login(SHOP.beauty)]);
    const results = await Promise.all([book(a), book(b, { appointment: tomorrowAt(14, 30) })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => failure(r).code)).toEqual(['appointmentTimeBooked']);
    expect(await server.db.select().from(orders)).toHaveLength(1);
    expect(await server.db.select().from(appointments)).toHaveLength(1);
  });

  test('ten customers at three overlapping times: one booking, its three slots, no other order', async () => {
    const tokens = await Promise.all(Array.from({ length: 10 }, () => server.login(SHOP.beauty)));
    const times = [tomorrowAt(13), tomorrowAt(13, 30), tomorrowAt(14)];
    const results = await Promise.all(tokens.map((t, i) => book(t, { appointment: times[i % times.length] })));
    // these 90-minute services all hold the 14:00 slot (13:00–14:30, 13:30–15:00, 14:00–15:30)
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await server.db.select().from(orders)).toHaveLength(1);
    expect(await server.db.select().from(appointmentSlots)).toHaveLength(3);
  });
});
