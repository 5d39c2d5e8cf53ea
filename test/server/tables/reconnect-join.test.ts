/**
 * A diner who reconnects to a table room they are already seated in (TABLE-3…5, OPS-1 rolling
 * restarts): their `join` writes nothing — the room's version does not move, the others get no
 * Joined event — and their snapshot is the room as the database holds it now, even when this process
 * remembers an older copy. A diner's first join, or a join under another name, is written as before.
 */
import { eq, sql } from 'drizzle-orm';
import { tableCalls } from '../../../src/api/contract/table';
import { messageCalls } from '../../../src/api/contract/message';
import { CartOperation, CartReplyCode } from '../../../src/domain/enums';
import { SHOP, TABLE, codeOfTable } from '../../../server/src/demo/ids';
import { parseTableRoomId } from '../../../src/domain/table';
import { rooms } from '../../../server/src/db/schema';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { connectRoom, isEvent, isReply, isSnapshot, type RoomClient } from '../../support/room-client';
import { success } from '../orders/helpers';
import { listenOnLoopback, tomato, TOMATO_EGG } from './fixtures';

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await buildTestServer();
  base = await listenOnLoopback(server);
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

async function diners(n: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: n }, (_, i) => server.login(SHOP.restaurant, `reconnect-diner-${i}`)),
  );
}

async function openOrder(token: string, tableId: number) {
  return success(
    await server.call(
      tableCalls.order,
      { person: 2, tableId, tableCode: codeOfTable(tableId), openId: 'x', nickName: 'Diner', avatarUrl: '' },
      { token },
    ),
  );
}

async function joinRoom(
  roomId: string,
  token: string,
  n: number,
  nickname = `Diner ${n}`,
): Promise<RoomClient> {
  await openOrder(token, Number(parseTableRoomId(roomId)!.tableId));
  const c = await connectRoom(base, roomId, token);
  c.send({ type: 'join', nickname, avatar: `/a/${n}.png` });
  await c.next(isSnapshot);
  return c;
}

async function roomVersion(roomId: string): Promise<number> {
  const [row] = await server.db.select({ version: rooms.version }).from(rooms).where(eq(rooms.id, roomId));
  return row.version;
}

const joinedEvents = (c: RoomClient) =>
  c.frames.filter((f) => f.type === 'event' && f.operation === CartOperation.Joined);

test('a seated diner reconnecting gets the snapshot at the current version; nothing is written or fanned out', async () => {
  const tokens = await diners(3);
  const order = await openOrder(tokens[0], TABLE.A6);
  const a = await joinRoom(order.roomId, tokens[0], 1);
  let b = await joinRoom(order.roomId, tokens[1], 2);
  await a.next(isEvent(CartOperation.Joined));
  a.send({ type: 'add', seq: 1, product: tomato(2) });
  expect((await a.next(isReply(1))).code).toBe(CartReplyCode.ok);
  await a.next(isEvent(CartOperation.Add));
  // two joins and one add: version 3
  expect(await roomVersion(order.roomId)).toBe(3);
  b.close();
  await b.closed;

  b = await connectRoom(base, order.roomId, tokens[1]);
  b.send({ type: 'join', nickname: 'Diner 2', avatar: '/a/2.png' });
  const snap = await b.next(isSnapshot);
  expect(snap.version).toBe(3);
  expect(snap.products).toEqual([expect.objectContaining({ id: TOMATO_EGG, quantity: 2 })]);
  expect(snap.diners?.map((d) => d.nickname).sort()).toEqual(['Diner 1', 'Diner 2']);
  expect(await roomVersion(order.roomId)).toBe(3);

  // the next change is version 4 for both: a saw no Joined event of b's reconnect before it
  a.send({ type: 'add', seq: 2, product: tomato(3) });
  expect(await a.next(isReply(2))).toMatchObject({ code: CartReplyCode.ok, version: 4 });
  expect(await b.next(isEvent(CartOperation.Add))).toMatchObject({ version: 4 });
  expect(await a.next(isEvent(CartOperation.Add))).toMatchObject({ version: 4 });
  expect(joinedEvents(a)).toHaveLength(1);

  // a diner's first join is still written and fanned out
  const c = await joinRoom(order.roomId, tokens[2], 3);
  const joined = await a.next(isEvent(CartOperation.Joined));
  expect(joined).toMatchObject({ version: 5, by: { nickname: 'Diner 3' } });
  expect(await b.next(isEvent(CartOperation.Joined))).toMatchObject({ version: 5 });
  expect(await roomVersion(order.roomId)).toBe(5);
  [a, b, c].forEach((x) => x.close());
});

test('a reconnect under another name is written: the others see the new name', async () => {
  const tokens = await diners(2);
  const order = await openOrder(tokens[0], TABLE.A6);
  const a = await joinRoom(order.roomId, tokens[0], 1);
  let b = await joinRoom(order.roomId, tokens[1], 2);
  expect(await roomVersion(order.roomId)).toBe(2);
  b.close();
  await b.closed;
  b = await joinRoom(order.roomId, tokens[1], 2, 'Renamed');
  const ev = await a.next(
    (f): f is Extract<typeof f, { type: 'event' }> => f.type === 'event' && f.by.nickname === 'Renamed',
  );
  expect(ev).toMatchObject({ operation: CartOperation.Joined, version: 3 });
  expect(await roomVersion(order.roomId)).toBe(3);
  a.close();
  b.close();
});

test('the snapshot of a reconnect is the room as the database holds it, not a copy this process remembers', async () => {
  const tokens = await diners(2);
  const order = await openOrder(tokens[0], TABLE.A6);
  const a = await joinRoom(order.roomId, tokens[0], 1);
  let b = await joinRoom(order.roomId, tokens[1], 2);
  a.send({ type: 'add', seq: 1, product: tomato(2) });
  await a.next(isReply(1));
  b.close();
  await b.closed;
  // another node changed the room and its message never reached this one (version 3 → 4, lines emptied)
  await server.db
    .update(rooms)
    .set({ version: sql`${rooms.version} + 1`, lines: [] })
    .where(eq(rooms.id, order.roomId));
  expect(await roomVersion(order.roomId)).toBe(4);

  b = await connectRoom(base, order.roomId, tokens[1]);
  b.send({ type: 'join', nickname: 'Diner 2', avatar: '/a/2.png' });
  const snap = await b.next(isSnapshot);
  expect(snap).toMatchObject({ version: 4, products: [] });
  expect(await roomVersion(order.roomId)).toBe(4);

  // the same join over HTTP (cart-operate `joined`) writes nothing either
  const again = success(
    await server.call(
      messageCalls.cartOperate,
      {
        room: order.roomId,
        nickname: 'Diner 2',
        avatar: '/a/2.png',
        type: 'joined',
        operation: CartOperation.Joined,
        message: null,
      },
      { token: tokens[1] },
    ),
  );
  expect(again.code).toBe(CartReplyCode.ok);
  expect(await roomVersion(order.roomId)).toBe(4);
  a.close();
  b.close();
});
