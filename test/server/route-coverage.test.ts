/**
 * API-1: every call of the contract (src/api/contract, all areas) has a server route. The calls the
 * server does not answer yet are listed by name below, so the list can only shrink: a call that gains
 * a route must leave the list (the second test), and a call without a route that is not listed fails
 * the first test. docs/features.md names the same calls in the rows they belong to.
 */
import { API_BASE, allCalls } from '../../src/api/contract';
import { buildTestServer, type TestServer } from '../support/build-server';

/** Contract calls without a route (none left). */
const NOT_SERVED = new Set<string>([]);

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());

async function hasRoute(path: string): Promise<boolean> {
  const res = await server.app.inject({
    method: 'POST',
    url: API_BASE + path,
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });
  return res.statusCode !== 404;
}

test('every contract call has a route, apart from the calls listed as not served', async () => {
  const missing: string[] = [];
  for (const def of allCalls) {
    if (!NOT_SERVED.has(def.path) && !(await hasRoute(def.path))) missing.push(def.path);
  }
  expect(missing).toEqual([]);
});

test('no call listed as not served has gained a route', async () => {
  const served: string[] = [];
  for (const path of NOT_SERVED) if (await hasRoute(path)) served.push(path);
  expect(served).toEqual([]);
});

test('the list of calls not served names only calls of the contract', () => {
  const known = new Set(allCalls.map((d) => d.path));
  expect([...NOT_SERVED].filter((p) => !known.has(p))).toEqual([]);
});
