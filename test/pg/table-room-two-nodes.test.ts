/**
 * One table room served by two server processes (TABLE-6, SERVER-2): one PostgreSQL, one Redis (a
 * redis-server started here). Diners connected to different processes fill one cart; every diner
 * receives every operation exactly once, in version order, and the carts converge.
 */
import { SHOP, TABLE, TABLE_CODE } from '../../server/src/demo/ids';
import { lineFlag } from '../../src/domain/pricing';
import { CartReplyCode } from '../../src/domain/enums';
import { consumerCall, spawnNode } from '../support/nodes';
import { createDatabase, spawnRedis, type OwnDatabase, type RedisProcess, type ServerProcess } from '../support/processes';
import { connectRoom, isReply, isSnapshot, type RoomClient } from '../support/room-client';

const url = process.env.DATABASE_URL ?? '';
const onPostgres = /^postgres(ql)?:\/\//.test(url);
if (!onPostgres) console.warn('test/pg/table-room-two-nodes skipped: DATABASE_URL is not a postgres:// URL.');
const describeOnPostgres = onPostgres ? describe : describe.skip;

const GROUP = 'room-two-nodes';
const DB = 'app_room_two_nodes';

type Node = ServerProcess;

const call = <T>(node: Node, pathName: string, body: unknown, token?: string): Promise<T> => consumerCall<T>(node.base, pathName, body, token);

const TOMATO_EGG = 10303;
const line = { id: TOMATO_EGG, name: 'x', price: 0, quantity: 1, flag: lineFlag(TOMATO_EGG), typeid: 1 };

describeOnPostgres('one room on two processes through Redis', () => {
  let a: Node;
  let b: Node;
  let redis: RedisProcess | undefined;
  let database: OwnDatabase | undefined;
  beforeAll(async () => {
    redis = await spawnRedis();
    database = await createDatabase(url, DB);
    a = await spawnNode({ name: 'a', group: GROUP, databaseUrl: database.url, redisUrl: redis.url });
    b = await spawnNode({ name: 'b', group: GROUP, databaseUrl: database.url, redisUrl: redis.url });
  }, 200_000);
  afterAll(async () => {
    await Promise.all([a, b].map((n) => n?.stop()));
    await redis?.stop();
    await database?.drop();
  });

  test('diners on A and on B each see every operation exactly once and end with the same cart', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { token } = await call<{ token: string }>(i % 2 ? b : a, 'user/login', { id: SHOP.restaurant, code: `room-two-nodes-${i}` });
      tokens.push(token);
    }
    // every diner scans the table's code (TABLE-7): seated in its session, on either node
    const order = await call<{ id: number; roomId: string }>(a, 'table/order', { person: 4, tableId: TABLE.A4, tableCode: TABLE_CODE.A4, openId: 'x', nickName: 'n', avatarUrl: '' }, tokens[0]);
    for (let i = 1; i < 4; i++) await call(i % 2 ? b : a, 'table/order', { person: 4, tableId: TABLE.A4, tableCode: TABLE_CODE.A4, openId: 'x', nickName: 'n', avatarUrl: '' }, tokens[i]);
    const clients: RoomClient[] = [];
    for (let i = 0; i < 4; i++) {
      const c = await connectRoom(i % 2 ? b.base : a.base, order.roomId, tokens[i]);
      c.send({ type: 'join', nickname: `Diner ${i}`, avatar: '' });
      await c.next(isSnapshot);
      clients.push(c);
    }
    // 4 diners × 5 adds, all in flight at once (each diner's own ops one at a time, as the app sends them)
    await Promise.all(
      clients.map(async (c) => {
        for (let s = 1; s <= 5; s++) {
          c.send({ type: 'add', seq: s, product: line });
          const r = await c.next(isReply(s), 10_000);
          expect(r.code).toBe(CartReplyCode.ok);
        }
      }),
    );
    // joins (4) + adds (20) = version 24
    const last = (c: RoomClient) => Math.max(...c.frames.map((f) => ('version' in f && f.type !== 'reply' ? f.version : 0)));
    await Promise.all(clients.map((c) => c.until(() => last(c) >= 24, 10_000)));
    for (const c of clients) {
      const snap = c.frames.find((f) => f.type === 'snapshot');
      const events = c.frames.filter((f) => f.type === 'event').map((f) => (f as { version: number }).version);
      // after its first snapshot a diner gets each later version once, in order (or a snapshot covering a gap)
      const resyncs = c.frames.filter((f) => f.type === 'snapshot').length - 1;
      expect(new Set(events).size).toBe(events.length);
      expect(events).toEqual([...events].sort((x, y) => x - y));
      if (resyncs === 0) expect(events).toEqual(Array.from({ length: 24 - (snap as { version: number }).version }, (_, i) => (snap as { version: number }).version + i + 1));
    }
    const cartA = await call<{ products: Array<{ quantity: number }>; version: number }>(a, 'consumer/cart-sync', { room: order.roomId }, tokens[0]);
    const cartB = await call<{ products: Array<{ quantity: number }>; version: number }>(b, 'consumer/cart-sync', { room: order.roomId }, tokens[1]);
    expect(cartA).toEqual(cartB);
    expect(cartA.products.map((p) => p.quantity)).toEqual([20]);
    clients.forEach((c) => c.close());
  }, 120_000);
});
