/**
 * The kitchen ticket store without a server (CONSOLE-3): the route's kind and id and the `?w=` width,
 * the ticket read, printing that records the print first and only then opens the print (a refused
 * record prints nothing), a reprint at another width, and a round's ticket reading its prints again
 * when its table changes.
 */
import type { Ticket } from '../../src/api/contract/console-floor';
import { Ticket as TicketSchema } from '../../src/api/contract/console-floor';
import { ConsoleApi } from '../../console/src/api';
import { ClockStore } from '../../console/src/stores/clock';
import { TicketsStore, ticketHash, ticketQuery, ticketRef } from '../../console/src/stores/tickets';
import { T0, failure, flush, ok, scriptedFetch } from './fixtures';

const SHOP = 1001;

function ticket(over: Partial<Ticket> = {}): Ticket {
  return TicketSchema.parse({
    kind: 'round',
    id: 41,
    shopName: 'Demo',
    type: 'openTable',
    tableNo: 'A3',
    area: 'Hall',
    pickupNo: null,
    orderNo: 'T1001000077',
    roundNo: 2,
    diner: 'Bob',
    people: 2,
    at: T0,
    due: null,
    lines: [
      {
        flag: '10305_0__',
        productId: 10305,
        name: 'Green beans',
        tastes: [],
        tastesName: '',
        mealset: [],
        mealsetNames: '',
        quantity: 1,
        price: 26,
        originalPrice: 26,
        amount: 26,
        discountAmount: 0,
      },
    ],
    note: '',
    prints: [],
    ...over,
  });
}

function ticketsWith(fetch: ReturnType<typeof scriptedFetch>) {
  const tickets = new TicketsStore(new ConsoleApi({ fetch }), new ClockStore(() => T0));
  tickets.setShop(SHOP);
  return tickets;
}

test('the route names the ticket; ?w= the width; &print=1 prints once shown', () => {
  expect(ticketRef(['round', '41'])).toEqual({ kind: 'round', id: 41 });
  expect(ticketRef(['order', '7'])).toEqual({ kind: 'order', id: 7 });
  expect(ticketRef(['table', '7'])).toBeNull();
  expect(ticketRef(['order', '0'])).toBeNull();
  expect(ticketRef(['order', '1e3'])).toBeNull();
  expect(ticketRef(['order'])).toBeNull();
  expect(ticketQuery('#/ticket/round/41?w=58')).toEqual({ width: 58, autoPrint: false });
  expect(ticketQuery('#/ticket/round/41?w=80&print=1')).toEqual({ width: 80, autoPrint: true });
  expect(ticketQuery('#/ticket/round/41?w=70')).toEqual({ width: null, autoPrint: false });
  expect(ticketQuery('#/ticket/round/41')).toEqual({ width: null, autoPrint: false });
  expect(ticketHash('order', 12)).toBe('#/ticket/order/12?w=80');
  expect(ticketHash('round', 41, 58)).toBe('#/ticket/round/41?w=58');
});

test('opening reads the ticket at the width the address asked', async () => {
  const fetch = scriptedFetch({ ticket: ok(ticket()) });
  const tickets = ticketsWith(fetch);
  await tickets.open('round', 41, 58);
  expect(fetch.calls).toEqual([{ path: 'ticket', body: { shopId: SHOP, kind: 'round', id: 41 } }]);
  expect(tickets.width).toBe(58);
  expect(tickets.ticket?.lines.map((l) => l.name)).toEqual(['Green beans']);
});

test('print records the print first, then prints; a reprint at 80 mm adds one', async () => {
  const first = { width: 58 as const, by: 'staff-1001', at: T0 };
  const second = { width: 80 as const, by: 'staff-1001', at: T0 + 60_000 };
  const fetch = scriptedFetch({ ticket: ok(ticket()), ticketPrinted: [ok({ prints: [first] }), ok({ prints: [second, first] })] });
  const tickets = ticketsWith(fetch);
  await tickets.open('round', 41, 58);
  const printed: string[] = [];
  // the print dialog opens only once the server has the record
  expect(await tickets.print(() => printed.push(`print after ${fetch.calls.length} calls`))).toBe(true);
  expect(printed).toEqual(['print after 2 calls']);
  expect(fetch.calls[1]).toEqual({ path: 'ticketPrinted', body: { shopId: SHOP, kind: 'round', id: 41, width: 58 } });
  expect(tickets.ticket?.prints).toEqual([first]);
  tickets.setWidth(80);
  expect(await tickets.print(() => printed.push('again'))).toBe(true);
  expect((fetch.calls[2].body as { width: number }).width).toBe(80);
  expect(tickets.ticket?.prints).toEqual([second, first]);
});

test('a refused record prints nothing and keeps the error', async () => {
  const fetch = scriptedFetch({ ticket: ok(ticket()), ticketPrinted: failure('orderNotFound') });
  const tickets = ticketsWith(fetch);
  await tickets.open('round', 41);
  let printed = 0;
  expect(await tickets.print(() => (printed += 1))).toBe(false);
  expect(printed).toBe(0);
  expect(tickets.error?.code).toBe('orderNotFound');
  // the default width is 80 mm
  expect((fetch.calls[1].body as { width: number }).width).toBe(80);
});

test("a round's ticket reads its prints again when a table changes; an order's does not", async () => {
  const fetch = scriptedFetch({ ticket: [ok(ticket()), ok(ticket({ prints: [{ width: 80, by: 'staff-2', at: T0 }] })), ok(ticket({ kind: 'order', id: 9, type: 'dine', roundNo: null, diner: null, pickupNo: 3 }))] });
  const tickets = ticketsWith(fetch);
  await tickets.open('round', 41);
  tickets.onTableFrame();
  await flush();
  expect(tickets.ticket?.prints.map((p) => p.by)).toEqual(['staff-2']);
  await tickets.open('order', 9);
  const calls = fetch.calls.length;
  tickets.onTableFrame();
  await flush();
  expect(fetch.calls.length).toBe(calls);
  tickets.clear();
  expect(tickets.ticket).toBeNull();
});
