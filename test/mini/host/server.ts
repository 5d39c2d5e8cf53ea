/**
 * The real API server for the host model: demo data on an in-memory embedded database, a fixed clock,
 * listening on a free loopback port (real HTTP, as the hosts' request APIs do).
 */
import type { AddressInfo } from 'node:net';
import { buildTestServer, TestClock, type TestServer } from '../../support/build-server';
import { instantMs, TEST_INSTANT } from '../../support/clock';

/** The instant both the server and the hosts start at: the suites' one instant (test/support/clock.ts). */
export const MINI_NOW = instantMs(TEST_INSTANT);

export interface LoopbackServer {
  server: TestServer;
  origin: string;
  close(): Promise<void>;
}

export async function startLoopbackServer(): Promise<LoopbackServer> {
  const clock = new TestClock(MINI_NOW);
  const server = await buildTestServer({ clock });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}
