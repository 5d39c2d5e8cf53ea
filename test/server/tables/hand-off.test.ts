/**
 * The hand-off of a node that got SIGTERM (OPS-1 rolling restart, server/src/services/tables/live.ts
 * `handOffSockets`): its websockets are closed with 1012 a share at a time over the spread (turns of
 * 50 ms), each socket staying live until its turn, and the operation a socket has in flight is
 * answered before that socket closes, so nothing commits after its client has moved to another node.
 */
import { eq } from 'drizzle-orm';
import { tableCalls } from '../../../src/api/contract/table';
import { CartReplyCode } from '../../../src/domain/enums';
import { SHOP, TABLE, codeOfTable } from '../../../server/src/demo/ids';
import { rooms } from '../../../server/src/db/schema';
import {
  handOffSockets,
  liveWorkInFlight,
  SERVICE_RESTART_CLOSE,
} from '../../../server/src/services/tables/live';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { connectRoom, isReply, isSnapshot, type RoomClient } from '../../support/room-client';
import { success } from '../orders/helpers';
import { listenOnLoopback, tomato } from './fixtures';

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await buildTestServer();
  base = await listenOnLoopback(server);
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

async function seatedDiners(n: number): Promise<{ roomId: string; clients: RoomClient[] }> {
  const tokens = await Promise.all(
    Array.from({ length: n }, (_, i) => server.login(SHOP.restaurant, `hand-off-diner-${i}`)),
  );
  let roomId = '';
  const clients: RoomClient[] = [];
  for (const [i, token] of tokens.entries()) {
    const order = success(
      await server.call(
        tableCalls.order,
        {
          person: n,
          tableId: TABLE.A6,
          tableCode: codeOfTable(TABLE.A6),
          openId: 'x',
          nickName: `Diner ${i}`,
          avatarUrl: '',
        },
        { token },
      ),
    );
    roomId = order.roomId;
    const c = await connectRoom(base, roomId, token);
    c.send({ type: 'join', nickname: `Diner ${i}`, avatar: `/a/${i}.png` });
    await c.next(isSnapshot);
    clients.push(c);
  }
  return { roomId, clients };
}

const roomVersion = async (roomId: string): Promise<number> =>
  (await server.db.select({ version: rooms.version }).from(rooms).where(eq(rooms.id, roomId)))[0].version;

test('the sockets are closed with 1012 a share a turn; the operation in flight is answered before its socket closes', async () => {
  const { roomId, clients } = await seatedDiners(4);
  // four joins: version 4
  expect(await roomVersion(roomId)).toBe(4);
  const [first] = clients;
  const closedAt: Array<number | null> = clients.map(() => null);
  const started = performance.now();
  clients.forEach((c, i) => void c.closed.then(() => (closedAt[i] = performance.now() - started)));

  // the first diner's add is being handled when the hand-off begins; 4 sockets over 150 ms: 3 turns of 50 ms, 2 a turn
  // the hand-off begins once the server has taken the add from the first socket (its own 'message'
  // listener ran first) and started on it (the microtask that listener queued runs before this one)
  const [firstOnServer] = [...server.app.websocketServer.clients];
  const handOff = new Promise<void>((resolve, reject) =>
    firstOnServer.once('message', () =>
      queueMicrotask(() => {
        inFlightAtStart = liveWorkInFlight(server.app.ctx);
        handOffSockets(server.app, server.app.ctx, 150).then(resolve, reject);
      }),
    ),
  );
  let inFlightAtStart = 0;
  first.send({ type: 'add', seq: 1, product: tomato(2) });
  await handOff;
  expect(inFlightAtStart).toBeGreaterThan(0);

  expect(SERVICE_RESTART_CLOSE).toBe(1012);
  expect(await Promise.all(clients.map((c) => c.closed))).toEqual([1012, 1012, 1012, 1012]);
  // answered on its own socket before the close, and committed once: version 5
  expect(first.frames.find(isReply(1))).toMatchObject({ code: CartReplyCode.ok, version: 5 });
  expect(await roomVersion(roomId)).toBe(5);
  // the second turn's sockets stayed open through the first turn: closed no earlier than 50 ms in
  const order = clients.map((_, i) => i).sort((x, y) => (closedAt[x] ?? 0) - (closedAt[y] ?? 0));
  const secondTurn = order.slice(2).map((i) => closedAt[i] ?? 0);
  expect(Math.min(...secondTurn)).toBeGreaterThanOrEqual(50);
});
