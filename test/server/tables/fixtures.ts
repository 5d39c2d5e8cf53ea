/** What the table-room suites share: a plain dish's cart line, and a test server listening on loopback. */
import type { AddressInfo } from 'node:net';
import { lineFlag } from '../../../src/domain/pricing';
import type { CartLine } from '../../../src/domain/types';
import type { TestServer } from '../../support/build-server';

/** Tomato and egg: a restaurant dish without specs or tastes. */
export const TOMATO_EGG = 10303;

/** A cart line of `quantity` tomato and egg (the client's price and name: the server rebuilds both). */
export const tomato = (quantity: number): CartLine => ({
  id: TOMATO_EGG,
  name: 'x',
  price: 0,
  quantity,
  flag: lineFlag(TOMATO_EGG),
  typeid: 1,
});

/** Starts `server` on a free loopback port (the sockets need one); its base URL. */
export async function listenOnLoopback(server: TestServer): Promise<string> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}
