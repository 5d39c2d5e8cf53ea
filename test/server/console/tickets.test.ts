/**
 * Kitchen tickets (CONSOLE-3) through their calls: two diners' rounds at one table are two round
 * tickets and the second lists only its own items; an order's ticket carries its pickup number, type,
 * table and items; printing records when, which width and by whom (a reprint adds one) and the floor's
 * panel shows the last print; another shop's ticket is answered like a missing order and nothing is
 * recorded.
 */
import { sql } from 'drizzle-orm';
import { consoleCalls } from '../../../src/api/contract/console';
import { SHOP, TABLE } from '../../../server/src/demo/ids';
import { rowsOf } from '../../../server/src/services/orders/holds';
import { serverPerFile } from '../../support/build-server';
import { dine, place, selfPickup } from '../orders/helpers';
import { GREEN_BEANS, TOMATO_EGG, boardFrames, dinerAt, openAt, sendRound, tableFrames } from './floor-support';
import { consoleCall, ok, staffOf } from './support';

const server = serverPerFile();
const R = SHOP.restaurant;
const EN = { language: 'en' };

describe('round tickets', () => {
  test("two diners' rounds are two tickets: the second lists only its own items", async () => {
    const s = server();
    const cookie = await staffOf(s, R);
    const ann = await dinerAt(s, 'Ann');
    const bob = await dinerAt(s, 'Bob');
    const order = await openAt(s, ann, TABLE.A3, 2);
    // Bob scans the table's code too: seated in the session (TABLE-7)
    await openAt(s, bob, TABLE.A3, 2);
    const firstAt = s.clock.now();
    await sendRound(s, ann, order, TOMATO_EGG, 2);
    s.clock.advance(5 * 60_000);
    await sendRound(s, bob, order, GREEN_BEANS, 1);

    const detail = ok(await consoleCall(s, consoleCalls.table, { shopId: R, tableId: TABLE.A3 }, cookie, EN));
    expect(detail.rounds.map((r) => [r.no, r.diner, r.printedAt])).toEqual([
      [1, 'Ann', null],
      [2, 'Bob', null],
    ]);
    const [first, second] = detail.rounds;
    const t1 = ok(await consoleCall(s, consoleCalls.ticket, { shopId: R, kind: 'round', id: first.id }, cookie, EN));
    const t2 = ok(await consoleCall(s, consoleCalls.ticket, { shopId: R, kind: 'round', id: second.id }, cookie, EN));
    expect(t1).toMatchObject({ type: 'openTable', tableNo: 'A3', area: 'Hall', roundNo: 1, diner: 'Ann', people: 2, pickupNo: null, orderNo: order.sOrderNo, at: firstAt });
    expect(t1.lines.map((l) => [l.productId, l.quantity])).toEqual([[TOMATO_EGG, 2]]);
    // the second round does not reprint the first: only Bob's green beans
    expect(t2).toMatchObject({ roundNo: 2, diner: 'Bob', at: firstAt + 5 * 60_000, prints: [] });
    expect(t2.lines.map((l) => [l.productId, l.quantity])).toEqual([[GREEN_BEANS, 1]]);
  });

  test('a print is recorded with its width and who; a reprint adds one; the floor shows the last', async () => {
    const s = server();
    const cookie = await staffOf(s, R);
    const ann = await dinerAt(s, 'Ann');
    const order = await openAt(s, ann, TABLE.A4, 2);
    await sendRound(s, ann, order, TOMATO_EGG);
    const [round] = ok(await consoleCall(s, consoleCalls.table, { shopId: R, tableId: TABLE.A4 }, cookie)).rounds;
    const live = await boardFrames(s, R);
    try {
      const t0 = s.clock.now();
      const once = ok(await consoleCall(s, consoleCalls.ticketPrinted, { shopId: R, kind: 'round', id: round.id, width: 58 }, cookie));
      expect(once.prints).toEqual([{ width: 58, by: `staff-${R}`, at: t0 }]);
      s.clock.advance(90_000);
      const twice = ok(await consoleCall(s, consoleCalls.ticketPrinted, { shopId: R, kind: 'round', id: round.id, width: 80 }, cookie));
      // newest first
      expect(twice.prints).toEqual([
        { width: 80, by: `staff-${R}`, at: t0 + 90_000 },
        { width: 58, by: `staff-${R}`, at: t0 },
      ]);
      const again = ok(await consoleCall(s, consoleCalls.table, { shopId: R, tableId: TABLE.A4 }, cookie));
      expect(again.rounds[0]).toMatchObject({ printedAt: t0 + 90_000, prints: 2 });
      expect(ok(await consoleCall(s, consoleCalls.ticket, { shopId: R, kind: 'round', id: round.id }, cookie)).prints).toHaveLength(2);
      // the other screens' panels hear of it
      expect(tableFrames(live.frames)).toEqual([TABLE.A4, TABLE.A4]);
    } finally {
      await live.stop();
    }
  });
});

describe('order tickets', () => {
  test("an order's ticket: pickup number, type, table, people, items and note; a pickup order is due as soon as possible", async () => {
    const s = server();
    const cookie = await staffOf(s, R);
    const token = await s.login(R, 'ticket-customer');
    const placed = await place(s, token, dine({ table: 'A6', people: 3, note: 'no coriander' }));
    const t = ok(await consoleCall(s, consoleCalls.ticket, { shopId: R, kind: 'order', id: placed.id }, cookie));
    const card = ok(await consoleCall(s, consoleCalls.order, { shopId: R, id: placed.id }, cookie)).order;
    expect(t).toMatchObject({ kind: 'order', type: 'dine', tableNo: 'A6', people: 3, note: 'no coriander', orderNo: card.orderNo, pickupNo: card.daySeq, due: null, roundNo: null });
    // the dine-in helper orders 2 × tomato and egg
    expect(t.lines.map((l) => [l.productId, l.quantity])).toEqual([[TOMATO_EGG, 2]]);
    const pickup = await place(s, token, selfPickup());
    expect(ok(await consoleCall(s, consoleCalls.ticket, { shopId: R, kind: 'order', id: pickup.id }, cookie))).toMatchObject({ type: 'selfPickup', due: 'ASAP', tableNo: null });
  });
});

describe('another shop', () => {
  test("another shop's ticket answers like a missing order; nothing is recorded", async () => {
    const s = server();
    const retail = await staffOf(s, SHOP.retail);
    const ann = await dinerAt(s, 'Ann');
    const order = await openAt(s, ann, TABLE.A5, 2);
    await sendRound(s, ann, order, TOMATO_EGG);
    const token = await s.login(R, 'ticket-customer');
    const placed = await place(s, token, dine({ table: 'A6' }));
    const restaurant = await staffOf(s, R);
    const [round] = ok(await consoleCall(s, consoleCalls.table, { shopId: R, tableId: TABLE.A5 }, restaurant)).rounds;

    const missing = await consoleCall(s, consoleCalls.ticket, { shopId: SHOP.retail, kind: 'order', id: 2_000_000 }, retail);
    expect(missing.code).toBe('orderNotFound');
    const refused = await Promise.all([
      consoleCall(s, consoleCalls.ticket, { shopId: SHOP.retail, kind: 'round', id: round.id }, retail),
      consoleCall(s, consoleCalls.ticket, { shopId: R, kind: 'round', id: round.id }, retail),
      consoleCall(s, consoleCalls.ticket, { shopId: SHOP.retail, kind: 'order', id: placed.id }, retail),
      consoleCall(s, consoleCalls.ticketPrinted, { shopId: SHOP.retail, kind: 'round', id: round.id, width: 58 }, retail),
      consoleCall(s, consoleCalls.ticketPrinted, { shopId: R, kind: 'order', id: placed.id, width: 80 }, retail),
      // a round's id named as an order's (and the other way round) is no such ticket either
      consoleCall(s, consoleCalls.ticketPrinted, { shopId: R, kind: 'round', id: 2_000_000, width: 58 }, restaurant),
    ]);
    for (const r of refused) expect([r.status, r.code, r.info]).toEqual([missing.status, 'orderNotFound', missing.info]);
    // a width other than 58 or 80 mm is refused by the contract
    const odd = await consoleCall(s, consoleCalls.ticketPrinted, { shopId: R, kind: 'round', id: round.id, width: 70 }, restaurant);
    expect(odd.code).toBe('badRequest');
    const count = rowsOf<{ n: number }>(await s.db.execute(sql`select count(*)::int as n from ticket_prints`));
    expect(count[0].n).toBe(0);
  });
});
