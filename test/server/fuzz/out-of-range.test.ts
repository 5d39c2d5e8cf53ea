/**
 * Found by the contract fuzz (API-4): the database's id columns hold 32 bits, and an id past
 * 2,147,483,647 used to reach the query and answer HTTP 500. The contract's `Id` now stops at that
 * figure, so such an id is a bad request before any query (and a number out of a column's range that
 * still reaches the database answers a bad request too, server/src/http/error-handler.ts); nothing is stored.
 */
import { addressCalls } from '../../../src/api/contract/address';
import { orderCalls } from '../../../src/api/contract/order';
import { vipCalls } from '../../../src/api/contract/vip';
import type { CallDef } from '../../../src/api/contract/common';
import { DEMO_USER, SHOP } from '../../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { checksum } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await buildTestServer();
  token = await server.login(SHOP.restaurant, DEMO_USER.member.openid);
}, 60_000);
afterAll(() => server.close());

const cases: Array<[CallDef, Record<string, unknown>]> = [
  [addressCalls.detail, { id: 2 ** 31 }],
  [addressCalls.delete, { id: 2 ** 31 }],
  [orderCalls.detail, { id: Number.MAX_SAFE_INTEGER }],
  [orderCalls.close, { id: 1e15 }],
  [vipCalls.rechargeQuery, { rechargeId: 1e15 }],
];

test.each(cases.map(([def, body]) => [def.path, def, body] as const))('%s with an id past the integer range is a bad request', async (_p, def, body) => {
  const before = await checksum(server);
  const res = await server.call(def, body, { token, headers: { language: 'en' } });
  expect(res).toMatchObject({ status: 200, ok: false, code: 'badRequest' });
  expect(res.info).toMatch(/^Invalid request/);
  expect(await checksum(server)).toEqual(before);
});

test('the largest id the database holds is still an ordinary missing record', async () => {
  const res = await server.call(addressCalls.detail, { id: 2 ** 31 - 1 }, { token });
  expect(res).toMatchObject({ status: 200, ok: false, code: 'addressError' });
});
