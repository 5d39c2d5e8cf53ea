/**
 * The day summary (CONSOLE-6) through the console: cash taken at the counter, a member-card payment
 * refunded from the board, a cash order still unpaid, the shop's day and its end, another day's
 * figures, and the shop scope. Every figure is the demo menu's prices added by hand.
 */
import { consoleCalls } from '../../../src/api/contract/console';
import { shopDate } from '../../../src/domain/day-summary';
import { shopClock } from '../../../src/domain/hours';
import { DEMO_MEMBER, DEMO_USER, SHOP, TABLE } from '../../../server/src/demo/ids';
import { serverPerFile, type TestServer } from '../../support/build-server';
import { dine, place } from '../orders/helpers';
import { dinerAt, openAt, sendRound } from './floor-support';
import { consoleCall, ok, owner, staffOf } from './support';

const server = serverPerFile();
// the demo restaurant's clock: UTC+8
const OFFSET = 480;
// the demo menu: tomato and egg stir-fry (10303) 22.00 (44.00 and 22.00 are under every full-reduction
// threshold); a dine-in order adds the 10 % service charge on
// the dishes and the dishware fee of 1.00 a plate
const TOMATO = 10303;

const summaryOf = async (s: TestServer, cookie: string, date?: string) =>
  ok(await consoleCall(s, consoleCalls.daySummary, { shopId: SHOP.restaurant, ...(date ? { date } : {}) }, cookie));

describe('the day summary', () => {
  test('cash at the counter, a member-card refund and an unpaid cash order, then the next day', async () => {
    const s = server();
    // start at 10:00 on the shop's clock, whatever hour the test clock began at
    const { minute } = shopClock(s.clock.now(), OFFSET);
    s.clock.advance(((10 * 60 - minute + 24 * 60) % (24 * 60)) * 60_000);
    const today = shopDate(s.clock.now(), OFFSET);
    const cookie = await staffOf(s, SHOP.restaurant);
    const act = async (id: number, action: string, expectedStatus: string) =>
      ok(await consoleCall(s, consoleCalls.act, { shopId: SHOP.restaurant, id, action, expectedStatus }, cookie)).order;
    const guest = await s.login(SHOP.restaurant);
    const member = await s.tokenFor(DEMO_USER.member.id, SHOP.restaurant);

    // two plates: 44.00 + 4.40 service + 2 × 1.00 dishware = 50.40, paid in cash at the counter
    const cash = await place(s, guest, dine({ products: [{ id: TOMATO, quantity: 2, flag: 'a' }] }));
    expect(cash.total).toBe(50.4);
    await act(cash.id, 'cashPaid', 'pending');
    // one plate: 22.00 + 2.20 + 1.00 = 25.20 on the member card, then refunded from the board
    const card = await place(s, member, dine({ payType: 'vip', payPassword: DEMO_MEMBER.payPassword, products: [{ id: TOMATO, quantity: 1, flag: 'b' }] }));
    expect(card.total).toBe(25.2);
    await act(card.id, 'accept', 'pending');
    await act(card.id, 'refund', 'confirmed');
    // three plates: 66.00 − 5.00 (the shop's 5 off from 50) − 8.00 (stir-fries: 8 off from 60) = 53.00,
    // + 5.30 service (10 % of 53.00) + 3.00 dishware = 61.30 in cash, not paid yet
    const unpaid = await place(s, guest, dine({ products: [{ id: TOMATO, quantity: 3, flag: 'c' }] }));
    expect(unpaid.total).toBe(61.3);

    const day = await summaryOf(s, cookie);
    expect({ date: day.date, today: day.today, offset: day.utcOffsetMinutes }).toEqual({ date: today, today, offset: OFFSET });
    // placed 3 dine-in orders: one refunded (ended unserved), two still open
    expect({ placed: day.placed, completed: day.completed, cancelled: day.cancelled, open: day.open }).toEqual({ placed: 3, completed: 0, cancelled: 1, open: 2 });
    expect(day.byType).toEqual([{ type: 'dine', count: 3 }]);
    // sales: 50.40 cash + 25.20 member card = 75.60 over 2 payments; refunds 25.20; net 50.40;
    // average ticket 75.60 ÷ 2 = 37.80
    expect({ sales: day.sales, paidCount: day.paidCount, refunds: day.refunds, refundCount: day.refundCount, net: day.net, averageTicket: day.averageTicket }).toEqual({
      sales: 75.6,
      paidCount: 2,
      refunds: 25.2,
      refundCount: 1,
      net: 50.4,
      averageTicket: 37.8,
    });
    expect(day.byPayType).toEqual([
      { payType: 'cash', count: 1, sales: 50.4, refundCount: 0, refunds: 0, net: 50.4 },
      { payType: 'vip', count: 1, sales: 25.2, refundCount: 1, refunds: 25.2, net: 0 },
    ]);
    // awaiting payment: the 61.30 cash order
    expect(day.awaitingPayment).toEqual({ count: 1, amount: 61.3 });
    expect(day.refundsPending).toEqual({ count: 0, amount: 0 });

    // 14 hours later it is 00:00 of the next shop day: nothing yet; yesterday's figures stay
    s.clock.advance(14 * 3600_000);
    // (the 12-hour shift of the first session has ended: the next shift signs in)
    const nextShift = await staffOf(s, SHOP.restaurant);
    const next = await summaryOf(s, nextShift);
    expect(next.date).not.toBe(today);
    expect({ placed: next.placed, sales: next.sales, paidCount: next.paidCount, averageTicket: next.averageTicket }).toEqual({
      placed: 0,
      sales: 0,
      paidCount: 0,
      averageTicket: 0,
    });
    const yesterday = await summaryOf(s, nextShift, today);
    expect({ date: yesterday.date, sales: yesterday.sales, net: yesterday.net, placed: yesterday.placed }).toEqual({ date: today, sales: 75.6, net: 50.4, placed: 3 });
  });

  test('a table paid by card at the counter is summed as a card at the counter, not as cash', async () => {
    const s = server();
    const cookie = await staffOf(s, SHOP.restaurant);
    const ann = await dinerAt(s, 'Ann');
    const order = await openAt(s, ann, TABLE.A5, 1);
    await sendRound(s, ann, order, TOMATO);
    s.clock.advance(30 * 60_000);
    // 22.00 + 1.00 dishware + 2.20 service (10 % of 22.00) + 10.00 table fee (one started hour) = 35.20
    const settled = ok(
      await consoleCall(s, consoleCalls.tableSettle, { shopId: SHOP.restaurant, tableId: TABLE.A5, tableOrderId: order.id, method: 'card', expectedTotal: '35.20' }, cookie),
    );
    expect(settled.total).toBe(35.2);
    const day = await summaryOf(s, cookie);
    expect(day.byPayType.find((p) => p.payType === 'counterCard')).toEqual({ payType: 'counterCard', count: 1, sales: 35.2, refundCount: 0, refunds: 0, net: 35.2 });
    expect(day.byPayType.find((p) => p.payType === 'cash')).toBeUndefined();
  });

  test('a date in the future or that does not exist is refused with badRequest', async () => {
    const s = server();
    const cookie = await owner(s, SHOP.restaurant);
    const today = (await summaryOf(s, cookie)).today;
    const [y, m, d] = today.split('-').map(Number);
    const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    for (const date of [tomorrow, '2026-02-30', '1999-01-01']) {
      const r = await consoleCall(s, consoleCalls.daySummary, { shopId: SHOP.restaurant, date }, cookie);
      expect([date, r.code]).toEqual([date, 'badRequest']);
    }
    // not a date at all: the contract refuses it
    const bad = await consoleCall(s, consoleCalls.daySummary, { shopId: SHOP.restaurant, date: '2026-1-5' }, cookie);
    expect(bad.ok).toBe(false);
  });

  test("another shop's summary is forbidden to its staff; no session is 401", async () => {
    const s = server();
    const retailStaff = await staffOf(s, SHOP.retail);
    const r = await consoleCall(s, consoleCalls.daySummary, { shopId: SHOP.restaurant }, retailStaff);
    expect(r.code).toBe('staffForbidden');
    const none = await consoleCall(s, consoleCalls.daySummary, { shopId: SHOP.restaurant }, null);
    expect(none.status).toBe(401);
  });
});
