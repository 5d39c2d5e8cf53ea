/**
 * The table store against the real server (ORDER-4, TABLE-1…5): two diners' stores, each with its own
 * token, talk to a listening server (demo data, fixed clock) through the calls and real websockets on
 * loopback. The cart store's lines are the room's while at the table: what one diner adds, the other
 * sees; a submission empties both carts and shows the submitted dialog; the bill of the table is
 * priced by the engine with the timed fee and the server takes that total.
 */
import type { AddressInfo } from 'node:net';
import { SHOP, TABLE, TABLE_CODE } from '../../server/src/demo/ids';
import { consoleCalls } from '../../src/api/contract/console';
import type { Timers } from '../../src/realtime/channel';
import { HELD_RECHECK_MS } from '../../src/stores/table';
import { consoleCall, ok, owner, staffOf } from '../server/console/support';
import { buildTestServer, type TestServer } from '../support/build-server';
import { InjectTransport } from '../support/inject-transport';
import { buildStores, type StoreFixture } from '../support/store-factories';

const TOMATO_EGG = 10303; // ¥22, no options

let server: TestServer;
let base: string;
const open: StoreFixture[] = [];

beforeAll(async () => {
  server = await buildTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => {
  for (const f of open.splice(0)) f.table.leave();
});

/** Waits until `pred` holds (the room's changes arrive over the socket). */
async function until(pred: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A diner's stores at the demo restaurant in scan-order (open table) mode, shop and menu loaded. */
async function dinerAt(n: number, device?: StoreFixture, timers?: Timers): Promise<StoreFixture> {
  const f = buildStores({ via: new InjectTransport(server), now: server.clock.now(), socketOrigin: base, ...(device ? { storage: device.storage } : {}), ...(timers ? { timers } : {}) });
  const openid = device ? device.session.openid : `store-diner-${n}-${Date.now()}`;
  const token = device ? (device.session.token ?? '') : await server.login(SHOP.restaurant, openid);
  f.api.client.setToken(token);
  // the session reads the token the client stored (the table's websocket carries it)
  f.session.refreshToken();
  f.session.start({});
  f.session.setOrderType('openTable');
  const loaded = await f.shop.load(SHOP.restaurant);
  expect(loaded).toEqual(true);
  expect(f.shop.error).toEqual(null);
  await Promise.all([f.menu.load(SHOP.restaurant), f.member.load(), f.promotion.load()]);
  f.cart.open(SHOP.restaurant);
  open.push(f);
  return f;
}

/** The diner scanned the table's QR code: its link's `tableCode` is the session's (TABLE-7). */
const scanned = (f: StoreFixture, table: keyof typeof TABLE): void => f.session.patch({ tableCode: TABLE_CODE[table] });

describe('the table store (ORDER-4, TABLE-1…5)', () => {
  test('without the table\u2019s code (or with a wrong one) the table cannot be ordered on: "scan the code on your table" (TABLE-7)', async () => {
    const a = await dinerAt(6);
    expect(await a.table.enter({ tableNo: 'A2' })).toBeNull();
    expect(a.table.phase).toEqual('error');
    expect(a.table.error).toMatchObject({ code: 'tableCodeInvalid' });
    expect(a.table.info?.sName).toEqual('A2');
    a.session.patch({ tableCode: 'not-the-code' });
    expect(await a.table.enter({ tableNo: 'A2' })).toBeNull();
    expect(a.table.error).toMatchObject({ code: 'tableCodeInvalid' });
    scanned(a, 'A2');
    expect((await a.table.enter({ tableNo: 'A2' }))?.kind).toEqual('tablePage');
    expect(a.table.phase).toEqual('free');
  });

  test('two diners fill one cart, one submits, the other gets the dialog; the bill carries the timed fee', async () => {
    const a = await dinerAt(1);
    const b = await dinerAt(2);

    // a free table: the table page asks for the number of people
    scanned(a, 'A3');
    scanned(b, 'A3');
    const first = await a.table.enter({ tableNo: 'A3' });
    expect(first?.kind).toEqual('tablePage');
    expect(a.table.phase).toEqual('free');
    expect(await a.table.open(9)).toMatchObject({ code: 'incorrectPeopleCount' });
    expect(await a.table.open(2)).toBeNull();
    await until(() => a.table.status === 'open', 'A connected');

    // the table is occupied now: the second diner goes straight into the same order
    const second = await b.table.enter({ tableNo: 'A3' });
    expect(second).toMatchObject({ kind: 'productTab', orderId: a.table.order!.id });
    await until(() => b.table.status === 'open', 'B connected');
    expect(b.cart.shared).toBe(true);

    // what A adds, B sees; B's unit of the same dish merges into the one line
    expect(a.cart.add(TOMATO_EGG)).toBeNull();
    await until(() => b.cart.quantityOf(TOMATO_EGG) === 1, 'B sees A’s dish');
    expect(b.cart.add(TOMATO_EGG)).toBeNull();
    await until(() => a.cart.quantityOf(TOMATO_EGG) === 2 && b.cart.quantityOf(TOMATO_EGG) === 2, 'both see 2');
    await until(() => a.table.diners.length === 2, 'A sees both diners');
    // the room's lines are not written into the device's own cart
    expect(a.storage.get<{ lines: unknown[] }>(`cart_${SHOP.restaurant}`)?.lines ?? []).toEqual([]);

    // B sends the cart to the kitchen; A gets the submitted dialog and an empty cart
    expect(await b.table.submit()).toBeNull();
    expect(b.table.submitted).toMatchObject({ mine: true });
    await until(() => a.table.submitted !== null, 'A gets submitted');
    expect(a.table.submitted).toMatchObject({ mine: false, by: { openId: expect.any(String) } });
    await until(() => a.cart.lines.length === 0 && a.table.orderedCount === 2, 'A sees the round');
    expect(b.cart.lines).toEqual([]);

    // 61 minutes later: hall tables bill ¥10 per started hour → 2 hours = ¥20.
    // 2 × ¥22 = 44 + dishware 2 units × ¥1 = 2 + service charge 10 % × 44 = 4.40 + table fee 20 → 70.40
    server.clock.advance(61 * 60_000);
    a.setNow(server.clock.now());
    a.shop.tick(server.clock.now());
    await a.table.refresh();
    expect(a.table.settleBreakdown?.amountToPay).toBe(70.4);
    const settled = await a.table.settle('cash');
    expect(settled).toMatchObject({ status: 'placed', order: { total: 70.4 } });
  });

  test('a held first round: the diner sees it waiting, and the page learns of the staff\u2019s approval by itself (TABLE-7)', async () => {
    const R = SHOP.restaurant;
    ok(await consoleCall(server, consoleCalls.tableSessionSettingsSave, { shopId: R, openBy: 'diner', holdFirstRound: true }, await owner(server, R)));
    // the store's timers, fired by hand: the page asks again after HELD_RECHECK_MS, not by the wall clock
    const pending: Array<{ fn: () => void; ms: number }> = [];
    const timers: Timers = {
      setTimeout: (fn, ms) => {
        const t = { fn, ms };
        pending.push(t);
        return t;
      },
      clearTimeout: (h) => {
        const i = pending.indexOf(h as (typeof pending)[number]);
        if (i >= 0) pending.splice(i, 1);
      },
    };
    const a = await dinerAt(7, undefined, timers);
    scanned(a, 'A5');
    expect((await a.table.enter({ tableNo: 'A5' }))?.kind).toEqual('tablePage');
    expect(await a.table.open(2)).toBeNull();
    await until(() => a.table.status === 'open', 'A connected');
    expect(a.cart.add(TOMATO_EGG)).toBeNull();
    await until(() => a.cart.quantityOf(TOMATO_EGG) === 1, 'the dish is in the room');
    expect(await a.table.submit()).toBeNull();
    await until(() => a.table.held, 'the round shows held');
    const recheck = () => pending.filter((t) => t.ms === HELD_RECHECK_MS);
    /** Fires the one recheck the page has scheduled (a timer that fired is no longer pending). */
    const fire = () => {
      const [t] = recheck();
      pending.splice(pending.indexOf(t), 1);
      t.fn();
    };
    expect(recheck()).toHaveLength(1);

    // nothing approved yet: asking again keeps it held and asks once more later
    fire();
    await until(() => recheck().length === 1, 'asks again later');
    expect(a.table.held).toBe(true);

    ok(await consoleCall(server, consoleCalls.tableApprove, { shopId: R, tableId: TABLE.A5, tableOrderId: a.table.order!.id }, await staffOf(server, R)));
    fire();
    await until(() => !a.table.held, 'the approval reaches the page');
    // released: no more asking
    expect(recheck()).toHaveLength(0);
  });

  test('a table number that does not exist is an error, not a table', async () => {
    const a = await dinerAt(3);
    expect(await a.table.enter({ tableNo: 'Z99' })).toBeNull();
    expect(a.table.phase).toEqual('error');
    expect(a.table.error?.code).toEqual('tableNotFound');
  });

  test('leaving the table gives the cart back to the device, as it was', async () => {
    const a = await dinerAt(4);
    expect(a.cart.add(TOMATO_EGG)).toBeNull();
    scanned(a, 'A4');
    await a.table.enter({ tableId: TABLE.A4 });
    expect(await a.table.open(1)).toBeNull();
    await until(() => a.table.status === 'open', 'connected');
    expect(a.cart.lines).toEqual([]);
    a.table.leave();
    expect(a.cart.shared).toBe(false);
    expect(a.cart.quantityOf(TOMATO_EGG)).toBe(1);
  });

  test('a reload sits down again at the same table and gets the whole shared cart back', async () => {
    const a = await dinerAt(5);
    scanned(a, 'A6');
    await a.table.enter({ tableNo: 'A6' });
    expect(await a.table.open(2)).toBeNull();
    await until(() => a.table.status === 'open', 'connected');
    expect(a.cart.add(TOMATO_EGG, { quantity: 3 })).toBeNull();
    await until(() => a.table.lines.some((l) => l.quantity === 3 && l.version === 1), 'the server numbered the line');
    const orderId = a.table.order!.id;
    a.table.leave();

    // the same device starts again: nothing in memory, the seat in storage
    const again = await dinerAt(5, a);
    expect(await again.table.resume()).toBe(true);
    expect(again.table.order?.id).toBe(orderId);
    await until(() => again.cart.quantityOf(TOMATO_EGG) === 3, 'the cart back from the room');
    expect(again.cart.shared).toBe(true);
  });
});
