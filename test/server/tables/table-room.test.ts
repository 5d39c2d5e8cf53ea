/**
 * Open-table orders and their shared cart over real websockets on loopback (ORDER-4, TABLE-1…5,
 * API-3, PRICE-9): one order for two diners opening a free table at once, four diners in one room,
 * concurrent edits of one line, a reconnecting diner, the HTTP cart-operate path, submitting the cart
 * and settling the table with the timed fee.
 */
import type { AddressInfo } from 'node:net';
import { messageCalls } from '../../../src/api/contract/message';
import { tableCalls } from '../../../src/api/contract/table';
import { orderCalls } from '../../../src/api/contract/order';
import { eq } from 'drizzle-orm';
import { shops } from '../../../server/src/db/schema';
import { CartOperation, CartReplyCode } from '../../../src/domain/enums';
import { lineFlag } from '../../../src/domain/pricing';
import type { CartLine } from '../../../src/domain/types';
import { SHOP, TABLE, codeOfTable } from '../../../server/src/demo/ids';
import { parseTableRoomId } from '../../../src/domain/table';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { connectRoom, isEvent, isReply, isSnapshot, type RoomClient } from '../../support/room-client';
import { success } from '../orders/helpers';
import { roomBus } from '../../../server/src/services/tables/bus';

const TOMATO_EGG = 10303; // ¥22, no options
const tomato = (quantity: number, version?: number): CartLine => ({
  id: TOMATO_EGG,
  name: 'client name is ignored',
  price: 0.01,
  quantity,
  flag: lineFlag(TOMATO_EGG),
  typeid: 1,
  ...(version === undefined ? {} : { version }),
});

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await buildTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => server.close());

const diner = (n: number) => ({ openId: `o${n}`, nickName: `Diner ${n}`, avatarUrl: `/a/${n}.png` });

async function diners(n: number): Promise<string[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => server.login(SHOP.restaurant, `table-diner-${i}-${Date.now()}`)));
}

/** Opens (or joins) the table with its code, as its QR link brings it (TABLE-7): the diner is seated. */
async function openOrder(token: string, tableId: number, person = 2) {
  return success(await server.call(tableCalls.order, { person, tableId, tableCode: codeOfTable(tableId), ...diner(1) }, { token }));
}

/** Seats the diner at the room's table (its code) and joins the room's live channel. */
async function joinRoom(roomId: string, token: string, n: number): Promise<RoomClient> {
  await openOrder(token, Number(parseTableRoomId(roomId)!.tableId));
  const c = await connectRoom(base, roomId, token);
  c.send({ type: 'join', nickname: `Diner ${n}`, avatar: `/a/${n}.png` });
  await c.next(isSnapshot);
  return c;
}

describe('table state and opening', () => {
  beforeEach(() => server.reset());

  test('a stopped shop still opens a table and takes its round: its status covers takeaway and pickup only (C§4)', async () => {
    await server.db.update(shops).set({ shopStatus: -1 }).where(eq(shops.id, SHOP.restaurant));
    await server.ctx.shopCache.bump(SHOP.restaurant);
    const [a] = await diners(1);
    const opened = await openOrder(a, TABLE.A3, 2);
    expect(opened.id).toBeGreaterThan(0);
    // the same shop refuses a takeaway order outright
    const takeaway = await server.call(
      orderCalls.confirm,
      { type: 'takeaway', payType: 'cash', products: [{ id: TOMATO_EGG, quantity: 1, flag: lineFlag(TOMATO_EGG) }], expectedTotal: 22 },
      { token: a },
    );
    expect(takeaway.status).toBe(403);
  });

  test('a free table reads nStatus 0; two diners opening it at the same moment get one order', async () => {
    const [a, b] = await diners(2);
    const before = success(await server.call(tableCalls.getTableInfo, { tableNo: 'A3', tableCode: codeOfTable(TABLE.A3) }, { token: a }));
    expect(before.tableInfo).toMatchObject({ id: TABLE.A3, nStatus: 0, sName: 'A3', nMaxPerson: 4 });
    expect(before.allTableOrders).toEqual([]);

    const [oa, ob] = await Promise.all([openOrder(a, TABLE.A3, 2), openOrder(b, TABLE.A3, 3)]);
    expect(oa.id).toBe(ob.id);
    expect(oa.roomId).toBe(`table_${SHOP.restaurant}_${TABLE.A3}_${oa.id}`);

    const after = success(await server.call(tableCalls.getTableInfo, { tableId: TABLE.A3, tableCode: codeOfTable(TABLE.A3) }, { token: b }));
    expect(after.tableInfo.nStatus).toBe(1);
    expect(after.allTableOrders.map((o) => o.id)).toEqual([oa.id]);
    // b joined the order by opening it, a opened it: both see it as theirs once they take part
    expect(success(await server.call(tableCalls.getTableInfo, { tableId: TABLE.A3 }, { token: a })).userOrders.map((o) => o.id)).toEqual([oa.id]);
  });

  test('more people than the table seats, and an unknown table, are refused', async () => {
    const [a] = await diners(1);
    const tooMany = await server.call(tableCalls.order, { person: 3, tableId: TABLE.A1, tableCode: codeOfTable(TABLE.A1), ...diner(1) }, { token: a });
    expect(tooMany.ok ? null : tooMany.code).toBe('incorrectPeopleCount');
    const unknown = await server.call(tableCalls.getTableInfo, { tableNo: 'Z9' }, { token: a });
    expect(unknown.ok ? null : unknown.code).toBe('tableNotFound');
  });
});

describe('the shared cart', () => {
  beforeEach(() => server.reset());

  test('four diners: an add is acknowledged after commit and every diner receives it exactly once', async () => {
    const tokens = await diners(4);
    const order = await openOrder(tokens[0], TABLE.A4, 4);
    const clients = await Promise.all(tokens.map((t, i) => joinRoom(order.roomId, t, i + 1)));
    // everyone's joins settle first: four joins are versions 1…4 of the room
    const seen = (fs: RoomClient['frames']) => Math.max(0, ...fs.map((f) => ('version' in f ? f.version : 0)));
    await Promise.all(clients.map((c) => c.until((fs) => seen(fs) >= 4)));

    clients[0].send({ type: 'add', seq: 1, product: tomato(2) });
    const reply = await clients[0].next(isReply(1));
    expect(reply).toMatchObject({ code: CartReplyCode.ok, latestProduct: { id: TOMATO_EGG, quantity: 2, version: 1, price: 22, name: '番茄炒蛋' } });

    for (const c of clients) {
      const ev = await c.next(isEvent(CartOperation.Add));
      expect(ev).toMatchObject({ version: reply.version, product: { quantity: 2 }, by: { nickname: 'Diner 1' } });
    }
    // settle: a second add is acknowledged and reaches every diner; the room delivers its events in
    // version order, so a repeat of the first event could only have come before the second one
    clients[0].send({ type: 'add', seq: 2, product: tomato(1) });
    const second = await clients[0].next(isReply(2));
    expect(second.code).toBe(CartReplyCode.ok);
    await Promise.all(clients.map((c) => c.until((fs) => fs.some((f) => f.type === 'event' && f.version === second.version))));
    for (const c of clients) {
      expect(c.frames.filter((f) => f.type === 'event' && f.version === reply.version)).toHaveLength(1);
      expect(c.frames.filter((f) => f.type === 'event' && f.version === second.version)).toHaveLength(1);
    }
    clients.forEach((c) => c.close());
  });

  test('two diners edit one line at the same moment: one wins, the other is answered busy with the winner, all converge', async () => {
    const tokens = await diners(3);
    const order = await openOrder(tokens[0], TABLE.A5, 3);
    const [a, b, c] = await Promise.all(tokens.map((t, i) => joinRoom(order.roomId, t, i + 1)));
    a.send({ type: 'add', seq: 1, product: tomato(1) });
    const added = await a.next(isReply(1));
    expect(added.code).toBe(CartReplyCode.ok);

    a.send({ type: 'edit', seq: 2, product: tomato(3, 1) });
    b.send({ type: 'edit', seq: 1, product: tomato(5, 1) });
    const [ra, rb] = await Promise.all([a.next(isReply(2)), b.next(isReply(1))]);
    const codes = [ra.code, rb.code].sort();
    expect(codes).toEqual([CartReplyCode.ProductBusy, CartReplyCode.ok].sort());
    const winner = ra.code === CartReplyCode.ok ? 3 : 5;
    const loser = ra.code === CartReplyCode.ok ? rb : ra;
    expect(loser.latestProduct).toMatchObject({ quantity: winner, version: 2 });

    // every diner's last Edit event says the winner's quantity; the room agrees
    for (const x of [a, b, c]) {
      const ev = await x.next((f): f is Extract<typeof f, { type: 'event' }> => f.type === 'event' && f.operation === CartOperation.Edit);
      expect(ev.product).toMatchObject({ quantity: winner, version: 2 });
    }
    const cart = success(await server.call(messageCalls.cartSync, { room: order.roomId }, { token: tokens[2] }));
    expect(cart.products).toEqual([expect.objectContaining({ quantity: winner, version: 2 })]);
    [a, b, c].forEach((x) => x.close());
  });

  test('a diner who reconnects gets the whole cart in the snapshot', async () => {
    const tokens = await diners(2);
    const order = await openOrder(tokens[0], TABLE.A6, 2);
    const a = await joinRoom(order.roomId, tokens[0], 1);
    let b = await joinRoom(order.roomId, tokens[1], 2);
    b.close();
    await b.closed;
    a.send({ type: 'add', seq: 1, product: tomato(2) });
    await a.next(isReply(1));
    b = await connectRoom(base, order.roomId, tokens[1]);
    b.send({ type: 'join', nickname: 'Diner 2', avatar: '/a/2.png' });
    const snap = await b.next(isSnapshot);
    expect(snap.products).toEqual([expect.objectContaining({ id: TOMATO_EGG, quantity: 2 })]);
    expect(snap.diners?.map((d) => d.nickname).sort()).toEqual(['Diner 1', 'Diner 2']);
    a.close();
    b.close();
  });

  test('cart-operate over HTTP reaches the diners on sockets; a stale edit is busy; bad operations change nothing', async () => {
    const tokens = await diners(2);
    const order = await openOrder(tokens[0], TABLE.A7, 2);
    const a = await joinRoom(order.roomId, tokens[0], 1);
    await openOrder(tokens[1], TABLE.A7);
    const base = { room: order.roomId, nickname: 'Diner 2', avatar: '/a/2.png' };
    const added = success(await server.call(messageCalls.cartOperate, { ...base, type: 'add', operation: CartOperation.Add, message: tomato(1) }, { token: tokens[1] }));
    expect(added).toMatchObject({ code: CartReplyCode.ok, latestProduct: { quantity: 1, version: 1 } });
    const ev = await a.next(isEvent(CartOperation.Add));
    expect(ev.by.nickname).toBe('Diner 2');

    const stale = success(await server.call(messageCalls.cartOperate, { ...base, type: 'edit', operation: CartOperation.Edit, message: tomato(4, 0) }, { token: tokens[1] }));
    expect(stale).toMatchObject({ code: CartReplyCode.ProductBusy, latestProduct: { quantity: 1, version: 1 } });
    const missing = success(await server.call(messageCalls.cartOperate, { ...base, type: 'delete', operation: CartOperation.Delete, message: { ...tomato(1, 1), flag: '99_0__' } }, { token: tokens[1] }));
    expect(missing.code).toBe(CartReplyCode.ProductNotFound);
    const unknownProduct = success(await server.call(messageCalls.cartOperate, { ...base, type: 'add', operation: CartOperation.Add, message: { ...tomato(1), id: 999999, flag: lineFlag(999999) } }, { token: tokens[1] }));
    expect(unknownProduct.code).toBe(CartReplyCode.ParamsError);
    const cart = success(await server.call(messageCalls.cartSync, { room: order.roomId }, { token: tokens[0] }));
    expect(cart).toMatchObject({ version: added ? expect.any(Number) : 0, products: [expect.objectContaining({ quantity: 1, version: 1 })] });
    a.close();
  });

  test('a socket without a valid token, or for another shop room, is closed with 4001 / 4004', async () => {
    const [t] = await diners(1);
    const order = await openOrder(t, TABLE.A8, 2);
    const anon = await connectRoom(base, order.roomId, null);
    expect(await anon.closed).toBe(4001);
    const other = await connectRoom(base, `table_${SHOP.retail}_${TABLE.A8}_${order.id}`, t);
    expect(await other.closed).toBe(4004);
  });
});

describe('submitting and settling', () => {
  beforeEach(() => server.reset());

  test('submit sends the cart to the table order and everyone gets Submitted; the timed fee is charged when settling', async () => {
    const tokens = await diners(2);
    const order = await openOrder(tokens[0], TABLE.A3, 2);
    const [a, b] = await Promise.all(tokens.map((t, i) => joinRoom(order.roomId, t, i + 1)));
    a.send({ type: 'add', seq: 1, product: tomato(1) });
    await a.next(isReply(1));
    b.send({ type: 'add', seq: 1, product: tomato(1) });
    await b.next(isReply(1));

    const sent = success(
      await server.call(
        tableCalls.userAddProducts,
        { orderId: order.id, products: [{ id: TOMATO_EGG, quantity: 2, flag: lineFlag(TOMATO_EGG) }], ...diner(2) },
        { token: tokens[1] },
      ),
    );
    // 2 × ¥22 = ¥44 of products on the table order
    expect(sent.fSaleAmount).toBe(44);
    for (const x of [a, b]) {
      const ev = await x.next(isEvent(CartOperation.Submitted));
      expect(ev).toMatchObject({ orderId: order.id, by: { nickname: 'Diner 2' } });
    }
    expect(success(await server.call(messageCalls.cartSync, { room: order.roomId }, { token: tokens[0] })).products).toEqual([]);
    const rounds = success(await server.call(tableCalls.userOrders, { orderId: order.id }, { token: tokens[0] }));
    expect(rounds.list).toHaveLength(1);
    expect(rounds.list[0]).toMatchObject({ nickName: 'Diner 2', lines: [expect.objectContaining({ quantity: 2, amount: 44 })] });

    // 61 minutes later: hall tables bill ¥10 per started hour → 2 hours = ¥20
    server.clock.advance(61 * 60_000);
    const now = success(await server.call(tableCalls.refreshOrder, { orderId: order.id, openId: 'x' }, { token: tokens[0] }));
    expect(now.fTableAmount).toBe(20);

    const payA = success(await server.call(tableCalls.canPay, { orderId: order.id, openId: 'x' }, { token: tokens[0] }));
    expect(payA).toMatchObject({ canPay: true, total: 64 });
    const payB = success(await server.call(tableCalls.canPay, { orderId: order.id, openId: 'x' }, { token: tokens[1] }));
    expect(payB.canPay).toBe(false);

    // 44 products + dishware 2 people × ¥1 = 2 + service charge 10 % × 44 = 4.40 + table fee 20 → 70.40
    const settled = success(
      await server.call(tableCalls.confirm, { orderId: order.id, openId: 'x', payType: 'cash', expectedTotal: 70.4 }, { token: tokens[0] }),
    );
    expect(settled).toMatchObject({ total: 70.4 });
    // the cash order settles the session (TABLE-7): it takes nothing more, not even a second settlement
    const again = await server.call(tableCalls.confirm, { orderId: order.id, openId: 'x', payType: 'cash', expectedTotal: 70.4 }, { token: tokens[1] });
    expect(again.ok ? null : again.code).toBe('tableSessionEnded');
    a.close();
    b.close();
  });
});

describe('delivery order on a socket', () => {
  beforeEach(() => server.reset());

  test('a version that arrives ahead of its predecessor waits for it: both are delivered in order, no snapshot', async () => {
    const [token] = await diners(1);
    const order = await openOrder(token, TABLE.A4, 1);
    const a = await joinRoom(order.roomId, token, 1);
    // the room as this socket last saw it
    const v = Math.max(...a.frames.map((f) => ('version' in f && typeof f.version === 'number' ? f.version : 0)));
    const event = (version: number) => ({
      type: 'event' as const,
      operation: CartOperation.Add,
      product: tomato(version - v),
      by: { openId: 'o9', nickname: 'Other node', avatar: '' },
      version,
    });
    const snapshotsBefore = a.frames.filter(isSnapshot).length;
    // as two processes may publish them: v+2 first, v+1 a moment later
    const bus = roomBus(server.ctx);
    // the in-process bus hands a message to the room inside publish: v+2 is held before v+1 is sent
    await bus.publish({ room: order.roomId, seq: v + 2, data: event(v + 2) });
    await bus.publish({ room: order.roomId, seq: v + 1, data: event(v + 1) });
    await a.until((fs) => fs.filter(isEvent(CartOperation.Add)).length === 2);
    expect(a.frames.filter(isEvent(CartOperation.Add)).map((f) => f.version)).toEqual([v + 1, v + 2]);
    expect(a.frames.filter(isSnapshot).length).toBe(snapshotsBefore);

    // a version that never comes: after the wait, a snapshot stands in for it and delivery goes on
    await bus.publish({ room: order.roomId, seq: v + 4, data: event(v + 4) });
    await a.until((fs) => fs.filter(isSnapshot).length === snapshotsBefore + 1, 3000);
    a.close();
  });
});
