/**
 * The app's RoomChannel against the real server on loopback (TABLE-3…5): two diners' channels over
 * real websockets converge on one cart; a busy edit lands on the winner's line.
 */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { tableCalls } from '../../../src/api/contract/table';
import { lineFlag } from '../../../src/domain/pricing';
import { CartReplyCode } from '../../../src/domain/enums';
import { RoomChannel, wsUrl, type SocketFactory } from '../../../src/realtime';
import { SHOP, TABLE, TABLE_CODE } from '../../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { success } from '../orders/helpers';

/** The channel's socket interface over the `ws` package (what a browser's WebSocket does). */
const nodeSocket: SocketFactory = (url) => {
  const ws = new WebSocket(url);
  return {
    send: (d) => ws.send(d),
    close: (code, reason) => ws.close(code, reason),
    onOpen: (cb) => ws.on('open', cb),
    onMessage: (cb) => ws.on('message', (d) => cb(d.toString())),
    onClose: (cb) => ws.on('close', (code, reason) => cb(code, reason.toString())),
    onError: (cb) => ws.on('error', cb),
  };
};

const waitFor = async (pred: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await buildTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => server.close());

test('two diners\' channels share one cart; a stale edit is answered busy and shows the winner', async () => {
  const [t1, t2] = await Promise.all([server.login(SHOP.restaurant, 'channel-1'), server.login(SHOP.restaurant, 'channel-2')]);
  // both scan the table's code (TABLE-7): each is seated in its session
  const seat = async (token: string) =>
    success(await server.call(tableCalls.order, { person: 2, tableId: TABLE.A2, tableCode: TABLE_CODE.A2, openId: 'x', nickName: 'One', avatarUrl: '' }, { token }));
  const order = await seat(t1);
  await seat(t2);
  const open = (token: string, nickname: string) => {
    const ch = new RoomChannel({ roomId: order.roomId, url: wsUrl(base, order.roomId, token), token, me: { openId: nickname, nickname, avatar: '' }, socket: nodeSocket });
    ch.open();
    return ch;
  };
  const one = open(t1, 'One');
  const two = open(t2, 'Two');
  await waitFor(() => one.status === 'open' && two.status === 'open');

  const flag = lineFlag(10303);
  const added = await one.add({ id: 10303, name: 'x', price: 0, quantity: 2, flag, typeid: 1 });
  expect(added.code).toBe(CartReplyCode.ok);
  await waitFor(() => two.cart.lines.length === 1);
  expect(two.cart.lines[0]).toMatchObject({ quantity: 2, version: 1, price: 22, by: { nickname: 'One' } });
  await waitFor(() => two.cart.diners.length === 2 || one.cart.diners.length === 2);

  // both edit version 1: the second to arrive is busy and shows the first one's quantity
  const [e1, e2] = await Promise.all([one.edit({ ...one.cart.lines[0], quantity: 3 }), two.edit({ ...two.cart.lines[0], quantity: 5 })]);
  expect([e1.code, e2.code].sort()).toEqual([CartReplyCode.ProductBusy, CartReplyCode.ok].sort());
  const winner = e1.code === CartReplyCode.ok ? 3 : 5;
  await waitFor(() => one.cart.lines[0]?.quantity === winner && two.cart.lines[0]?.quantity === winner);
  expect(one.cart.version).toBe(two.cart.version);

  one.close();
  two.close();
});
