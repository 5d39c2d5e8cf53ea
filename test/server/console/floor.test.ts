/**
 * The console's floor (CONSOLE-4) through its calls: a table followed from free to ordering, eating,
 * bill asked, paid and cleared back to free, with the running total and the timed fee; the counter
 * opening a table diners then join; settling at the counter priced like a diner's settlement
 * (`amountError` with the fresh figure, nothing written), placed as a paid cash order of the board, and
 * settled once when five staff press Settle at the same moment (real HTTP requests in parallel);
 * clearing; another shop's table answered like a missing one with nothing changed; the `table` frames
 * the board room hears after each change.
 */
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { CONSOLE_API_BASE, consoleCalls } from '../../../src/api/contract/console';
import { tableCalls } from '../../../src/api/contract/table';
import { orderAudit, orders, tableCounterActs, tableOrders, users } from '../../../server/src/db/schema';
import { SHOP, TABLE } from '../../../server/src/demo/ids';
import { rowsOf } from '../../../server/src/services/orders/holds';
import { serverPerFile, type TestServer } from '../../support/build-server';
import { success } from '../orders/helpers';
import { GREEN_BEANS, TOMATO_EGG, askBill, boardFrames, dinerAt, openAt, sendRound, tableFrames } from './floor-support';
import { consoleCall, ok, staffOf } from './support';

const server = serverPerFile();
const R = SHOP.restaurant;
const EN = { language: 'en' };

const tile = async (s: TestServer, cookie: string, tableId: number) => {
  const floor = ok(await consoleCall(s, consoleCalls.tables, { shopId: R }, cookie, EN));
  const t = floor.areas.flatMap((a) => a.tables).find((x) => x.id === tableId);
  if (!t) throw new Error(`table ${tableId} is not on the floor`);
  return t;
};

/** Rows of the tables a refused call must leave alone. */
async function snapshot(s: TestServer): Promise<string> {
  const res = await s.db.execute(
    sql`select (select coalesce(json_agg(t order by t.id), '[]') from table_orders t)::text as a,
               (select coalesce(json_agg(c order by c.table_order_id), '[]') from table_counter_acts c)::text as b,
               (select count(*) from orders)::text as c,
               (select count(*) from users)::text as d,
               (select count(*) from ticket_prints)::text as e`,
  );
  return JSON.stringify(rowsOf(res));
}

describe('the floor follows a table', () => {
  test('free → ordering → eating → bill asked → paid at the counter → cleared to free; figures with the timed fee', async () => {
    const s = server();
    const cookie = await staffOf(s, R);
    const live = await boardFrames(s, R);
    try {
      const floor = ok(await consoleCall(s, consoleCalls.tables, { shopId: R }, cookie, EN));
      expect(floor.serverTime).toBe(s.clock.now());
      // the demo restaurant: the hall (A1…A8) first, then the private rooms (R1…R4), by the areas' order
      expect(floor.areas.map((a) => [a.name, a.tables.map((t) => t.name)])).toEqual([
        ['Hall', ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8']],
        ['Private Room', ['R1', 'R2', 'R3', 'R4']],
      ]);
      expect(await tile(s, cookie, TABLE.A3)).toMatchObject({ state: 'free', seats: 4, tableOrderId: null, rounds: 0, runningTotal: 0, seatedAt: null });

      const seated = s.clock.now();
      const ann = await dinerAt(s, 'Ann');
      const bob = await dinerAt(s, 'Bob');
      const order = await openAt(s, ann, TABLE.A3, 2);
      await openAt(s, bob, TABLE.A3, 2);
      expect(await tile(s, cookie, TABLE.A3)).toMatchObject({ state: 'ordering', tableOrderId: order.id, person: 2, rounds: 0, seatedAt: seated, openedByStaff: false });

      await sendRound(s, ann, order, TOMATO_EGG);
      s.clock.advance(10 * 60_000);
      await sendRound(s, bob, order, GREEN_BEANS);
      // 61 minutes after sitting down: the hall bills ¥10 per started hour → 2 hours = ¥20;
      // rounds 22 + 26 = 48 → running total 48 + 20 = 68
      s.clock.set(seated + 61 * 60_000);
      expect(await tile(s, cookie, TABLE.A3)).toMatchObject({ state: 'eating', rounds: 2, diners: 0, saleAmount: 48, tableFee: 20, runningTotal: 68 });

      await askBill(s, bob, order.id);
      const asked = ok(await consoleCall(s, consoleCalls.table, { shopId: R, tableId: TABLE.A3 }, cookie, EN));
      expect(asked.table.state).toBe('billAsked');
      // what settling costs, priced like the diner's settlement: 48 + dishware ¥1 × 2 dishes = 2
      // + service charge 10 % × 48 = 4.80 + table fee 20 → 74.80 (under ¥50: no full reduction)
      expect(asked.settleTotal).toBe(74.8);
      expect(asked.rounds.map((r) => [r.no, r.diner, r.amount])).toEqual([
        [1, 'Ann', 22],
        [2, 'Bob', 26],
      ]);

      const settled = ok(
        await consoleCall(s, consoleCalls.tableSettle, { shopId: R, tableId: TABLE.A3, tableOrderId: order.id, method: 'card', expectedTotal: '74.80' }, cookie, EN),
      );
      expect(settled.total).toBe(74.8);
      expect(settled.detail.table).toMatchObject({ state: 'paid', runningTotal: 74.8, paidAt: s.clock.now(), settleMethod: 'card', settleOrderId: settled.orderId });

      // a normal paid order of the board: cash at the counter (the card is written beside it)
      const board = ok(await consoleCall(s, consoleCalls.board, { shopId: R }, cookie));
      const card = board.orders.find((o) => o.id === settled.orderId);
      expect(card).toMatchObject({ type: 'openTable', payType: 'cash', payStatus: 1, total: 74.8, paidAmount: 74.8, tableNo: 'A3', people: 2, column: 'new' });
      const audit = await s.db.select().from(orderAudit).where(eq(orderAudit.orderId, settled.orderId));
      expect(audit.map((a) => [a.action, a.by, a.note])).toEqual([['tableSettle', `staff-${R}`, 'card']]);

      const cleared = ok(await consoleCall(s, consoleCalls.tableClear, { shopId: R, tableId: TABLE.A3, tableOrderId: order.id }, cookie, EN));
      expect(cleared.table).toMatchObject({ state: 'free', tableOrderId: null });
      const [acts] = await s.db.select().from(tableCounterActs).where(eq(tableCounterActs.tableOrderId, order.id));
      expect(acts).toMatchObject({ settleMethod: 'card', settledBy: `staff-${R}`, clearedBy: `staff-${R}`, openedBy: null });

      // a frame for every change: open, round, round, bill asked, paid (the order's change and the
      // settlement), cleared — the floor reads the table again after each
      expect(new Set(tableFrames(live.frames))).toEqual(new Set([TABLE.A3]));
      expect(tableFrames(live.frames).length).toBeGreaterThanOrEqual(6);
    } finally {
      await live.stop();
    }
  });

  test("a diner's own settlement turns the table paid too, and a paid table is cleared for the next party", async () => {
    const s = server();
    const cookie = await staffOf(s, R);
    const ann = await dinerAt(s, 'Ann');
    const order = await openAt(s, ann, TABLE.A4, 1);
    await sendRound(s, ann, order, TOMATO_EGG);
    // 22 + dishware ¥1 × 1 dish + service charge 10 % × 22 = 2.20, no fee in the first minute → 25.20
    success(await s.call(tableCalls.confirm, { orderId: order.id, openId: 'o-Ann', payType: 'cash', expectedTotal: 25.2 }, { token: ann.token }));
    expect(await tile(s, cookie, TABLE.A4)).toMatchObject({ state: 'paid', runningTotal: 25.2, settleMethod: null });
    // the counter seats the next party straight away: the paid order is cleared first
    const next = ok(await consoleCall(s, consoleCalls.tableOpen, { shopId: R, tableId: TABLE.A4, person: 3 }, cookie, EN));
    expect(next.table).toMatchObject({ state: 'ordering', person: 3, openedByStaff: true });
    expect(next.table.tableOrderId).not.toBe(order.id);
    const [old] = await s.db.select().from(tableOrders).where(eq(tableOrders.id, order.id));
    expect(old.status).toBe(3);
  });
});

describe('the counter opens a table', () => {
  test('diners who scan join the party the counter opened; opening it again changes nothing', async () => {
    const s = server();
    const cookie = await staffOf(s, R);
    const opened = ok(await consoleCall(s, consoleCalls.tableOpen, { shopId: R, tableId: TABLE.A5, person: 3 }, cookie, EN));
    expect(opened.table).toMatchObject({ state: 'ordering', person: 3, openedByStaff: true, rounds: 0 });
    const ann = await dinerAt(s, 'Ann');
    const joined = await openAt(s, ann, TABLE.A5, 2);
    expect(joined.id).toBe(opened.table.tableOrderId);
    expect(joined.nPerson).toBe(3);
    const [counter] = await s.db.select().from(users).where(eq(users.openid, `counter-${R}`));
    expect(counter.platform).toBe('counter');

    const before = await snapshot(s);
    const again = await consoleCall(s, consoleCalls.tableOpen, { shopId: R, tableId: TABLE.A5, person: 2 }, cookie, EN);
    expect([again.status, again.code]).toEqual([200, 'orderStatusChanged']);
    expect((again.data as { table: { table: { person: number } } }).table.table.person).toBe(3);
    // five people at a table for four
    const tooMany = await consoleCall(s, consoleCalls.tableOpen, { shopId: R, tableId: TABLE.A6, person: 5 }, cookie, EN);
    expect(tooMany.code).toBe('incorrectPeopleCount');
    expect(await snapshot(s)).toBe(before);
  });

  test('a table opened without any round is cleared; one eating is refused until settled', async () => {
    const s = server();
    const cookie = await staffOf(s, R);
    const opened = ok(await consoleCall(s, consoleCalls.tableOpen, { shopId: R, tableId: TABLE.A6, person: 2 }, cookie));
    const id = opened.table.tableOrderId!;
    const cleared = ok(await consoleCall(s, consoleCalls.tableClear, { shopId: R, tableId: TABLE.A6, tableOrderId: id }, cookie));
    expect(cleared.table.state).toBe('free');

    const ann = await dinerAt(s, 'Ann');
    const order = await openAt(s, ann, TABLE.A7, 2);
    await sendRound(s, ann, order, TOMATO_EGG);
    const before = await snapshot(s);
    const refused = await consoleCall(s, consoleCalls.tableClear, { shopId: R, tableId: TABLE.A7, tableOrderId: order.id }, cookie);
    expect(refused.code).toBe('orderStatusInvalid');
    // a cleared table order named again: it moved on
    const stale = await consoleCall(s, consoleCalls.tableClear, { shopId: R, tableId: TABLE.A6, tableOrderId: id }, cookie);
    expect(stale.code).toBe('orderStatusChanged');
    expect(await snapshot(s)).toBe(before);
  });
});

describe('settling at the counter', () => {
  test('a total other than the server’s answers amountError with the fresh figure and changes nothing', async () => {
    const s = server();
    const cookie = await staffOf(s, R);
    const ann = await dinerAt(s, 'Ann');
    const order = await openAt(s, ann, TABLE.A8, 2);
    await sendRound(s, ann, order, GREEN_BEANS, 2);
    const before = await snapshot(s);
    // 2 × 26 = 52, the shop's full reduction "¥5 off from ¥50" → 47; + dishware ¥1 × 2 dishes = 2
    // + service charge 10 % × 47 = 4.70 → 53.70 (no fee in the first minute)
    const wrong = await consoleCall(s, consoleCalls.tableSettle, { shopId: R, tableId: TABLE.A8, tableOrderId: order.id, method: 'cash', expectedTotal: '52' }, cookie);
    expect(wrong.code).toBe('amountError');
    expect((wrong.data as { total: number }).total).toBe(53.7);
    // a table order of another table
    const elsewhere = await consoleCall(s, consoleCalls.tableSettle, { shopId: R, tableId: TABLE.A1, tableOrderId: order.id, method: 'cash', expectedTotal: '53.7' }, cookie);
    expect(elsewhere.code).toBe('tableNotFound');
    expect(await snapshot(s)).toBe(before);
    // the contract refuses a total that is not an amount
    const text = await consoleCall(s, consoleCalls.tableSettle, { shopId: R, tableId: TABLE.A8, tableOrderId: order.id, method: 'cash', expectedTotal: '53,7' }, cookie);
    expect(text.code).toBe('badRequest');
    expect(await snapshot(s)).toBe(before);
  });

  test('five staff settling one table at the same moment: one settlement, one order, the others told it changed', async () => {
    const s = server();
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    const cookies = await Promise.all([staffOf(s, R), staffOf(s, R), staffOf(s, R), staffOf(s, R), staffOf(s, R)]);
    const ann = await dinerAt(s, 'Ann');
    const order = await openAt(s, ann, TABLE.A2, 2);
    await sendRound(s, ann, order, TOMATO_EGG);
    // 22 + dishware ¥1 × 1 dish + service charge 10 % × 22 = 2.20 → 25.20
    const body = JSON.stringify({ shopId: R, tableId: TABLE.A2, tableOrderId: order.id, method: 'cash', expectedTotal: '25.20' });
    const answers = await Promise.all(
      cookies.map(async (cookie) => {
        const res = await fetch(`${base}${CONSOLE_API_BASE}${consoleCalls.tableSettle.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body,
        });
        return (await res.json()) as { result: boolean; code?: string; info: unknown };
      }),
    );
    expect(answers.filter((a) => a.result)).toHaveLength(1);
    expect(answers.filter((a) => !a.result).map((a) => a.code)).toEqual(['orderStatusChanged', 'orderStatusChanged', 'orderStatusChanged', 'orderStatusChanged']);
    const placed = await s.db.select().from(orders).where(and(eq(orders.shopId, R), eq(orders.type, 'openTable')));
    expect(placed.map((o) => [o.total, o.payStatus])).toEqual([['25.2000', 1]]);
    const [row] = await s.db.select().from(tableOrders).where(eq(tableOrders.id, order.id));
    expect([row.status, row.settleOrderId]).toEqual([2, placed[0].id]);
  });
});

describe('another shop', () => {
  test("another shop's table answers like a missing one and nothing changes", async () => {
    const s = server();
    const retail = await staffOf(s, SHOP.retail);
    const ann = await dinerAt(s, 'Ann');
    const order = await openAt(s, ann, TABLE.A3, 2);
    await sendRound(s, ann, order, TOMATO_EGG);
    const before = await snapshot(s);
    const missing = await consoleCall(s, consoleCalls.table, { shopId: SHOP.retail, tableId: 999_999 }, retail);
    const calls = [
      consoleCall(s, consoleCalls.table, { shopId: SHOP.retail, tableId: TABLE.A3 }, retail),
      consoleCall(s, consoleCalls.table, { shopId: R, tableId: TABLE.A3 }, retail),
      consoleCall(s, consoleCalls.tableOpen, { shopId: R, tableId: TABLE.A1, person: 2 }, retail),
      consoleCall(s, consoleCalls.tableOpen, { shopId: SHOP.retail, tableId: TABLE.A1, person: 2 }, retail),
      consoleCall(s, consoleCalls.tableSettle, { shopId: R, tableId: TABLE.A3, tableOrderId: order.id, method: 'cash', expectedTotal: '26.2' }, retail),
      consoleCall(s, consoleCalls.tableSettle, { shopId: SHOP.retail, tableId: TABLE.A3, tableOrderId: order.id, method: 'cash', expectedTotal: '26.2' }, retail),
      consoleCall(s, consoleCalls.tableClear, { shopId: R, tableId: TABLE.A3, tableOrderId: order.id }, retail),
    ];
    for (const r of await Promise.all(calls)) expect([r.status, r.code, r.info]).toEqual([missing.status, 'tableNotFound', missing.info]);
    const floor = await consoleCall(s, consoleCalls.tables, { shopId: R }, retail);
    expect([floor.status, floor.code]).toEqual([403, 'staffForbidden']);
    expect(await snapshot(s)).toBe(before);
  });
});
