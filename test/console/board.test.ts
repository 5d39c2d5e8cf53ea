/**
 * The console's board store without a server: cards keyed by id (upsert, dedupe, newer wins), the four
 * columns, the type filters, the tab title's count, the overdue highlight on a moved clock, an action
 * meeting a changed order, and the live channel's feed (hello → board, order frames, resync).
 */
import { BoardStore, matchesFilter, isNewer, overdueMinutes } from '../../console/src/stores/board';
import { ClockStore } from '../../console/src/stores/clock';
import { ConsoleApi } from '../../console/src/api';
import { ME, T0, failure, flush, makeRoot, ok, order, scriptedFetch } from './fixtures';

const settings = { autoAccept: false, answerMinutes: 5, autoRefuse: false };

function boardWith(fetch = scriptedFetch({}), now = () => T0) {
  const clock = new ClockStore(now);
  const arrivals: number[] = [];
  const board = new BoardStore(new ConsoleApi({ fetch }), clock, (o) => arrivals.push(o.id));
  board.setShop(1001);
  return { board, clock, arrivals };
}

describe('cards keyed by id', () => {
  test('the same order twice is one card; an older copy never replaces a newer one', () => {
    const { board } = boardWith();
    board.applyBoard({ orders: [order({ id: 1 })], settings, serverTime: T0 });
    expect(board.upsert(order({ id: 1 }))).toBe(false);
    expect(board.orders.size).toBe(1);
    const accepted = order({
      id: 1,
      status: 'confirmed',
      column: 'cooking',
      actions: ['cook'],
      updatedAt: T0 + 1000,
    });
    expect(board.upsert(accepted)).toBe(true);
    expect(board.upsert(order({ id: 1, updatedAt: T0 }))).toBe(false);
    expect(board.orders.get(1)!.status).toBe('confirmed');
  });

  test('as new but different: the later copy wins the tie', () => {
    const a = order({ id: 2 });
    expect(isNewer(a, order({ id: 2 }))).toBe(false);
    expect(isNewer(a, order({ id: 2, note: 'no onion' }))).toBe(true);
    expect(isNewer(undefined, a)).toBe(true);
  });

  test("another shop's order never lands on the board", () => {
    const { board } = boardWith();
    expect(board.upsert(order({ id: 3, shopId: 1002 }))).toBe(false);
    expect(board.orders.size).toBe(0);
  });

  test('a board answer removes the cards it no longer holds', () => {
    const { board } = boardWith();
    board.applyBoard({ orders: [order({ id: 1 }), order({ id: 2 })], settings, serverTime: T0 });
    board.applyBoard({ orders: [order({ id: 2 })], settings, serverTime: T0 });
    expect([...board.orders.keys()]).toEqual([2]);
  });
});

describe('columns, filters and title', () => {
  const orders = [
    order({
      id: 1,
      column: 'new',
      createdAt: T0 + 2000,
      type: 'takeaway',
      deliveryTime: 'ASAP',
      pickupTime: null,
    }),
    order({
      id: 2,
      column: 'new',
      createdAt: T0 + 1000,
      type: 'dine',
      tableNo: 'A1',
      people: 2,
      pickupTime: null,
    }),
    order({ id: 3, column: 'cooking', status: 'confirmed_new', type: 'openTable', pickupTime: null }),
    order({ id: 4, column: 'ready', status: 'delivered', type: 'appointment', pickupTime: null }),
    order({ id: 5, column: 'done', status: 'successed', updatedAt: T0 + 10, multiGroupNo: 'M1' }),
    order({ id: 6, column: 'done', status: 'successed', updatedAt: T0 + 20 }),
  ];

  test('four columns in order; open columns oldest first, done latest first', () => {
    const { board } = boardWith();
    board.applyBoard({ orders, settings, serverTime: T0 });
    const ids = (c: 'new' | 'cooking' | 'ready' | 'done') => board.columns[c].map((o) => o.id);
    expect(ids('new')).toEqual([2, 1]);
    expect(ids('cooking')).toEqual([3]);
    expect(ids('ready')).toEqual([4]);
    expect(ids('done')).toEqual([6, 5]);
  });

  test('filters by type: dine covers the open table, multi the parts of a multi-shop order', () => {
    const { board } = boardWith();
    board.applyBoard({ orders, settings, serverTime: T0 });
    const visible = () => board.visible.map((o) => o.id).sort();
    board.setFilter('takeaway');
    expect(visible()).toEqual([1]);
    board.setFilter('dine');
    expect(visible()).toEqual([2, 3]);
    board.setFilter('appointment');
    expect(visible()).toEqual([4]);
    board.setFilter('selfPickup');
    expect(visible()).toEqual([5, 6]);
    board.setFilter('multi');
    expect(visible()).toEqual([5]);
    expect(matchesFilter(orders[0], 'all')).toBe(true);
  });

  test('the tab title counts the new orders whatever the filter', () => {
    const { board } = boardWith();
    expect(board.title('Staff console')).toBe('Staff console');
    board.applyBoard({ orders, settings, serverTime: T0 });
    board.setFilter('appointment');
    expect(board.title('Staff console')).toBe('(2) Staff console');
    board.upsert(order({ id: 9, createdAt: T0 + 5000 }));
    expect(board.title('Staff console')).toBe('(3) Staff console');
  });

  test('a card entering New after the first load is an arrival (the sound); the first load is not', () => {
    const { board, arrivals } = boardWith();
    board.applyBoard({ orders, settings, serverTime: T0 });
    expect(arrivals).toEqual([]);
    board.upsert(order({ id: 10 }));
    board.upsert(order({ id: 10, note: 'again' }));
    expect(arrivals).toEqual([10]);
  });
});

describe('overdue at a moved clock', () => {
  test('a pending order is overdue once it waited longer than the answer time, on the server clock', () => {
    let local = T0 + 60_000; // the counter's clock runs a minute ahead of the server
    const { board, clock } = boardWith(scriptedFetch({}), () => local);
    board.applyBoard({ orders: [order({ id: 1, createdAt: T0 })], settings, serverTime: T0 });
    const card = board.orders.get(1)!;
    expect(board.overdue(card)).toBeNull();
    local += 5 * 60_000;
    clock.tick();
    expect(board.overdue(card)).toBeNull(); // exactly 5 min: not yet
    local += 1000;
    clock.tick();
    expect(board.overdue(card)).toBe(5);
    local += 3 * 60_000;
    clock.tick();
    expect(board.overdue(card)).toBe(8);
  });

  test('never without an answer time, never once accepted', () => {
    const late = T0 + 3600_000;
    expect(overdueMinutes(order({ createdAt: T0 }), { ...settings, answerMinutes: null }, late)).toBeNull();
    expect(
      overdueMinutes(order({ createdAt: T0, status: 'confirmed', column: 'cooking' }), settings, late),
    ).toBeNull();
    expect(overdueMinutes(order({ createdAt: T0 }), settings, late)).toBe(60);
  });
});

describe('actions', () => {
  test('an action sends the status the card shows and shows the answer', async () => {
    const accepted = order({
      id: 1,
      status: 'confirmed',
      column: 'cooking',
      actions: ['cook', 'refund'],
      updatedAt: T0 + 1,
    });
    const fetch = scriptedFetch({ act: ok({ order: accepted }) });
    const { board } = boardWith(fetch);
    board.applyBoard({ orders: [order({ id: 1 })], settings, serverTime: T0 });
    await board.act(board.orders.get(1)!, 'accept');
    expect(fetch.calls[0]).toEqual({
      path: 'act',
      body: { shopId: 1001, id: 1, action: 'accept', expectedStatus: 'pending' },
    });
    expect(board.orders.get(1)!.column).toBe('cooking');
    expect(board.notices.size).toBe(0);
  });

  test('refusing carries the reason', async () => {
    const refused = order({
      id: 1,
      status: 'refused',
      column: 'done',
      actions: [],
      updatedAt: T0 + 1,
      refuseReason: 'Sold out',
    });
    const fetch = scriptedFetch({ act: ok({ order: refused }) });
    const { board } = boardWith(fetch);
    board.applyBoard({ orders: [order({ id: 1 })], settings, serverTime: T0 });
    await board.act(board.orders.get(1)!, 'refuse', 'Sold out');
    expect(fetch.calls[0].body).toMatchObject({ action: 'refuse', reason: 'Sold out' });
  });

  test('orderStatusChanged: the card takes the order as it stands and says it changed', async () => {
    const now = order({
      id: 1,
      status: 'confirmed',
      column: 'cooking',
      actions: ['cook'],
      updatedAt: T0 + 5,
    });
    const fetch = scriptedFetch({ act: failure('orderStatusChanged', { data: { order: now } }) });
    const { board } = boardWith(fetch);
    board.applyBoard({ orders: [order({ id: 1 })], settings, serverTime: T0 });
    expect(await board.act(board.orders.get(1)!, 'accept')).toBe(false);
    expect(board.orders.get(1)!.status).toBe('confirmed');
    expect(board.notices.get(1)).toEqual({ kind: 'changed', status: 'confirmed' });
  });

  test('orderStatusChanged without the order: the card is fetched again', async () => {
    const now = order({ id: 1, status: 'refused', column: 'done', actions: [], updatedAt: T0 + 5 });
    const fetch = scriptedFetch({ act: failure('orderStatusChanged'), order: ok({ order: now, audit: [] }) });
    const { board } = boardWith(fetch);
    board.applyBoard({ orders: [order({ id: 1 })], settings, serverTime: T0 });
    await board.act(board.orders.get(1)!, 'accept');
    expect(fetch.calls.map((c) => c.path)).toEqual(['act', 'order']);
    expect(board.notices.get(1)).toEqual({ kind: 'changed', status: 'refused' });
  });

  test('the detail panel holds the order and its audit', async () => {
    const audit = [
      { at: T0, by: 'customer', action: 'pay', fromStatus: 'nopay', toStatus: 'pending', note: null },
    ];
    const fetch = scriptedFetch({ order: ok({ order: order({ id: 1 }), audit }) });
    const { board } = boardWith(fetch);
    board.applyBoard({ orders: [order({ id: 1 })], settings, serverTime: T0 });
    await board.openDetail(1);
    expect(board.detail).toMatchObject({ id: 1, loading: false, audit });
    board.closeDetail();
    expect(board.detail).toBeNull();
  });
});

describe('the live feed through the root store', () => {
  const signedIn = (extra: Record<string, unknown> = {}) =>
    scriptedFetch({
      session: ok({ me: ME }),
      me: ok(ME),
      board: ok({ orders: [order({ id: 1 })], settings, serverTime: T0 }),
      ...extra,
    });

  test('hello fetches the board; an order frame adds a card once; resync fetches again', async () => {
    const fetch = signedIn();
    const { store, sockets } = makeRoot(fetch);
    await store.start();
    await flush();
    expect(sockets).toHaveLength(1);
    expect(sockets[0].url).toBe('ws://shop.test/console/ws?shopId=1001');
    const boardCalls = () => fetch.calls.filter((c) => c.path === 'board').length;
    const before = boardCalls();
    sockets[0].open();
    sockets[0].send({ type: 'hello', shopId: 1001, serverTime: T0 });
    await flush();
    expect(boardCalls()).toBe(before + 1);
    const fresh = order({ id: 2, daySeq: 2, createdAt: T0 + 1000, updatedAt: T0 + 1000 });
    sockets[0].send({ type: 'order', order: fresh });
    sockets[0].send({ type: 'order', order: fresh });
    expect(store.board.orders.size).toBe(2);
    expect(store.board.arrivals).toBe(1);
    expect(store.board.title('Staff console')).toBe('(2) Staff console');
    sockets[0].send({ type: 'resync' });
    await flush();
    expect(boardCalls()).toBe(before + 2);
    // a frame off the contract is ignored
    sockets[0].send({ type: 'order', order: { id: 3 } });
    expect(store.board.orders.size).toBe(1); // the resync's board holds order 1 only
    store.stop();
  });
});
