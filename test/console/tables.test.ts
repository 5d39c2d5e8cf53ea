/**
 * The floor's store without a server (CONSOLE-4): the floor read and the clock set to the server's
 * time, seated minutes on a moved clock, the panel's detail replacing its tile, the counter's actions
 * (open, settle for the figure shown, clear), a settlement meeting a new total (`amountError`: the fresh
 * figure shown, sent on the next press) or a table another hand settled (`orderStatusChanged`: the
 * table as it stands), and `table` frames of the live channel reading the floor and the panel again.
 */
import type { FloorTable, TableDetail } from '../../src/api/contract/console-floor';
import {
  FloorTable as FloorTableSchema,
  TableDetail as TableDetailSchema,
} from '../../src/api/contract/console-floor';
import { ConsoleApi } from '../../console/src/api';
import { ClockStore } from '../../console/src/stores/clock';
import { TablesStore, minutesSince } from '../../console/src/stores/tables';
import { ME, T0, failure, flush, makeRoot, ok, order, scriptedFetch } from './fixtures';

const SHOP = 1001;

function tile(over: Partial<FloorTable> = {}): FloorTable {
  return FloorTableSchema.parse({
    id: 5003,
    name: 'A3',
    areaId: 501,
    area: 'Hall',
    seats: 4,
    state: 'free',
    tableOrderId: null,
    orderNo: null,
    person: 0,
    diners: 0,
    rounds: 0,
    saleAmount: 0,
    tableFee: 0,
    runningTotal: 0,
    seatedAt: null,
    paidAt: null,
    settleMethod: null,
    settleOrderId: null,
    openedByStaff: false,
    ...over,
  });
}

const eating = (over: Partial<FloorTable> = {}) =>
  tile({
    state: 'eating',
    tableOrderId: 77,
    orderNo: 'T1001000077',
    person: 2,
    rounds: 2,
    saleAmount: 48,
    tableFee: 20,
    runningTotal: 68,
    seatedAt: T0 - 61 * 60_000,
    ...over,
  });

function detail(table: FloorTable, over: Partial<TableDetail> = {}): TableDetail {
  return TableDetailSchema.parse({
    table,
    rounds: [],
    settleTotal: table.state === 'eating' ? 74.8 : null,
    settleError: null,
    serverTime: T0,
    ...over,
  });
}

const floorOf = (...tables: FloorTable[]) => ({ areas: [{ id: 501, name: 'Hall', tables }], serverTime: T0 });

function tablesWith(fetch: ReturnType<typeof scriptedFetch>, now = () => T0) {
  const clock = new ClockStore(now);
  const tables = new TablesStore(new ConsoleApi({ fetch }), clock);
  tables.setShop(SHOP);
  return { tables, clock };
}

const bodies = (fetch: ReturnType<typeof scriptedFetch>, path: string) =>
  fetch.calls.filter((c) => c.path === path).map((c) => c.body);

describe('the floor', () => {
  test('reads the tables by area and takes the server time; seated minutes follow the clock', async () => {
    let local = T0 - 5_000; // this tablet's clock runs 5 s behind the server
    const fetch = scriptedFetch({ tables: ok(floorOf(eating(), tile({ id: 5004, name: 'A4' }))) });
    const { tables, clock } = tablesWith(fetch, () => local);
    await tables.load();
    expect(bodies(fetch, 'tables')).toEqual([{ shopId: SHOP }]);
    expect(tables.tables.map((t) => [t.name, t.state])).toEqual([
      ['A3', 'eating'],
      ['A4', 'free'],
    ]);
    expect(clock.serverNow).toBe(T0);
    // seated 61 minutes before the server's now; 2 minutes later on the tablet's clock: 63
    expect(tables.seatedMinutes(tables.tables[0])).toBe(61);
    local += 2 * 60_000;
    clock.tick();
    expect(tables.seatedMinutes(tables.tables[0])).toBe(63);
    expect(tables.seatedMinutes(tables.tables[1])).toBeNull();
    expect(minutesSince(T0, T0 - 1)).toBe(0);
  });

  test("a paid table's minutes stop at the payment", () => {
    const { tables } = tablesWith(scriptedFetch({}));
    expect(tables.seatedMinutes({ seatedAt: T0 - 90 * 60_000, paidAt: T0 - 30 * 60_000 })).toBe(60);
  });

  test('a refused read keeps the error to show', async () => {
    const { tables } = tablesWith(scriptedFetch({ tables: failure('staffForbidden', {}, 403) }));
    await tables.load();
    expect(tables.error?.code).toBe('staffForbidden');
    expect(tables.loaded).toBe(false);
  });
});

describe('the panel and the counter actions', () => {
  test("selecting a table reads its detail; the tile follows the panel's figures", async () => {
    const fresh = eating({ runningTotal: 78, saleAmount: 58 });
    const fetch = scriptedFetch({ tables: ok(floorOf(eating())), table: ok(detail(fresh)) });
    const { tables } = tablesWith(fetch);
    await tables.load();
    tables.select(5003);
    await flush();
    expect(bodies(fetch, 'table')).toEqual([{ shopId: SHOP, tableId: 5003 }]);
    expect(tables.selected?.runningTotal).toBe(78);
    expect(tables.tables[0].runningTotal).toBe(78);
    tables.close();
    expect(tables.selected).toBeNull();
  });

  test('open sends the party size; settle sends the total shown as text and the method', async () => {
    const opened = tile({
      state: 'ordering',
      tableOrderId: 78,
      person: 3,
      seatedAt: T0,
      openedByStaff: true,
    });
    const paid = eating({
      state: 'paid',
      paidAt: T0,
      settleMethod: 'card',
      runningTotal: 74.8,
      settleOrderId: 900,
    });
    const fetch = scriptedFetch({
      tables: ok(floorOf(tile())),
      table: [ok(detail(tile())), ok(detail(eating()))],
      tableOpen: ok(detail(opened)),
      tableSettle: ok({ detail: detail(paid), orderId: 900, orderNo: 'R20261126000009', total: 74.8 }),
    });
    const { tables } = tablesWith(fetch);
    await tables.load();
    tables.select(5003);
    await flush();
    expect(await tables.open(3)).toBe(true);
    expect(bodies(fetch, 'tableOpen')).toEqual([{ shopId: SHOP, tableId: 5003, person: 3 }]);
    expect(tables.selected).toMatchObject({ state: 'ordering', person: 3 });

    await tables.loadDetail();
    expect(tables.detail?.settleTotal).toBe(74.8);
    expect(await tables.settle('card')).toBe(true);
    expect(bodies(fetch, 'tableSettle')).toEqual([
      { shopId: SHOP, tableId: 5003, tableOrderId: 77, method: 'card', expectedTotal: '74.8' },
    ]);
    expect(tables.selected).toMatchObject({ state: 'paid', settleMethod: 'card' });
    expect(tables.notice).toEqual({ kind: 'settled', orderNo: 'R20261126000009' });
  });

  test('a new total (amountError) is shown and only sent on the next press', async () => {
    const paid = eating({
      state: 'paid',
      paidAt: T0,
      settleMethod: 'cash',
      runningTotal: 84.8,
      settleOrderId: 901,
    });
    const fetch = scriptedFetch({
      tables: ok(floorOf(eating())),
      table: ok(detail(eating())),
      tableSettle: [
        failure('amountError', { data: { expectedTotal: 74.8, total: 84.8 } }),
        ok({ detail: detail(paid), orderId: 901, orderNo: 'R1', total: 84.8 }),
      ],
    });
    const { tables } = tablesWith(fetch);
    tables.select(5003);
    await flush();
    expect(await tables.settle('cash')).toBe(false);
    expect(tables.notice).toEqual({ kind: 'amount', total: 84.8 });
    expect(tables.detail?.settleTotal).toBe(84.8);
    expect(tables.selected?.state).toBe('eating');
    expect(await tables.settle('cash')).toBe(true);
    expect(bodies(fetch, 'tableSettle').map((b) => (b as { expectedTotal: string }).expectedTotal)).toEqual([
      '74.8',
      '84.8',
    ]);
  });

  test('a table another hand settled first: the panel shows it as it stands and says it changed', async () => {
    const paid = eating({
      state: 'paid',
      paidAt: T0,
      settleMethod: 'cash',
      runningTotal: 74.8,
      settleOrderId: 902,
    });
    const fetch = scriptedFetch({
      tables: ok(floorOf(eating())),
      table: ok(detail(eating())),
      tableSettle: failure('orderStatusChanged', { data: { table: detail(paid) } }),
    });
    const { tables } = tablesWith(fetch);
    await tables.load();
    tables.select(5003);
    await flush();
    expect(await tables.settle('cash')).toBe(false);
    expect(tables.notice).toEqual({ kind: 'changed', state: 'paid' });
    expect(tables.selected).toMatchObject({ state: 'paid', settleOrderId: 902 });
    expect(tables.busy).toBeNull();
  });

  test('clear sends the table order; any other refusal keeps its code for the panel', async () => {
    const paid = eating({ state: 'paid', paidAt: T0, settleMethod: 'cash', settleOrderId: 903 });
    const fetch = scriptedFetch({
      tables: ok(floorOf(paid)),
      table: ok(detail(paid)),
      tableClear: [failure('orderStatusInvalid'), ok(detail(tile()))],
    });
    const { tables } = tablesWith(fetch);
    tables.select(5003);
    await flush();
    expect(await tables.clearTable()).toBe(false);
    expect(tables.notice).toMatchObject({ kind: 'error', code: 'orderStatusInvalid' });
    expect(await tables.clearTable()).toBe(true);
    expect(bodies(fetch, 'tableClear')).toEqual([
      { shopId: SHOP, tableId: 5003, tableOrderId: 77 },
      { shopId: SHOP, tableId: 5003, tableOrderId: 77 },
    ]);
    expect(tables.selected?.state).toBe('free');
  });
});

describe('the table session (TABLE-7)', () => {
  const session = (
    over: Partial<NonNullable<TableDetail['session']>> = {},
  ): NonNullable<TableDetail['session']> => ({
    code: 'old0',
    link: 'http://x/#/pages/index/index?source_type=6&shop_id=1001&table_no=A3&tableCode=old0',
    codeSetAt: null,
    seated: 2,
    held: false,
    settings: { openBy: 'diner', holdFirstRound: true },
    ...over,
  });

  test('Rotate code sends the table and shows its new link; Approve first round sends the session and shows it released', async () => {
    const held = eating();
    const fetch = scriptedFetch({
      tables: ok(floorOf(held)),
      table: ok(detail(held, { session: session({ held: true }) })),
      tableRotateCode: ok(
        detail(held, {
          session: session({
            held: true,
            code: 'new1',
            link: 'http://x/#/pages/index/index?tableCode=new1',
            codeSetAt: T0,
          }),
        }),
      ),
      tableApprove: [
        failure('orderStatusChanged'),
        ok(detail(held, { session: session({ code: 'new1', held: false }) })),
      ],
    });
    const { tables } = tablesWith(fetch);
    tables.select(5003);
    await flush();
    expect(tables.detail?.session?.held).toBe(true);
    expect(await tables.rotateCode()).toBe(true);
    expect(bodies(fetch, 'tableRotateCode')).toEqual([{ shopId: SHOP, tableId: 5003 }]);
    expect(tables.detail?.session).toMatchObject({ code: 'new1', codeSetAt: T0 });
    expect(await tables.approve()).toBe(false);
    expect(await tables.approve()).toBe(true);
    expect(bodies(fetch, 'tableApprove')).toEqual([
      { shopId: SHOP, tableId: 5003, tableOrderId: 77 },
      { shopId: SHOP, tableId: 5003, tableOrderId: 77 },
    ]);
    expect(tables.detail?.session?.held).toBe(false);
  });
});

describe('live', () => {
  test('a table frame reads the floor again, and the panel when it shows that table', async () => {
    const fetch = scriptedFetch({
      tables: ok(floorOf(eating(), tile({ id: 5004, name: 'A4' }))),
      table: ok(detail(eating())),
    });
    const { tables } = tablesWith(fetch);
    // nothing shown yet: nothing read
    tables.onTableFrame(5003);
    await flush();
    expect(fetch.calls).toEqual([]);
    await tables.load();
    tables.select(5003);
    await flush();
    const count = (path: string) => bodies(fetch, path).length;
    expect([count('tables'), count('table')]).toEqual([1, 1]);
    tables.onTableFrame(5004);
    await flush();
    expect([count('tables'), count('table')]).toEqual([2, 1]);
    tables.onTableFrame(5003);
    await flush();
    expect([count('tables'), count('table')]).toEqual([3, 2]);
  });

  test('through the root store: the socket’s table frame reaches the floor; another shop empties it', async () => {
    const fetch = scriptedFetch({
      session: ok({ me: ME }),
      me: ok(ME),
      board: ok({
        orders: [order({ id: 1 })],
        settings: { autoAccept: false, answerMinutes: 5, autoRefuse: false },
        serverTime: T0,
      }),
      tables: ok(floorOf(eating())),
    });
    const { store, sockets } = makeRoot(fetch);
    await store.start();
    await flush();
    await store.tables.load();
    const before = bodies(fetch, 'tables').length;
    sockets[0].open();
    sockets[0].send({ type: 'hello', shopId: SHOP, serverTime: T0 });
    await flush();
    sockets[0].send({ type: 'table', tableId: 5003 });
    await flush();
    // hello and the frame each read the floor once; the board stays as it was
    expect(bodies(fetch, 'tables').length).toBe(before + 2);
    expect(store.board.orders.size).toBe(1);
    store.tables.clear();
    expect(store.tables.tables).toEqual([]);
    store.stop();
  });
});
