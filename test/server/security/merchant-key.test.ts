/**
 * The merchant admin API (SERVER-4, server/src/routes/merchant.ts) is closed without MERCHANT_KEY:
 * every operation of MERCHANT_OPS is tried without the `x-merchant-key` header, with a wrong key of
 * the same and of another length, with the key elsewhere in the request and with a consumer token;
 * each answers 401 with the login-expired message and nothing stored changes. The key is one for the
 * whole server (docs/architecture.md §25 Configuration), so there is no other shop's key to try; a shop id in
 * the body does not open anything either. Without MERCHANT_KEY the routes do not exist.
 */
import { MERCHANT_OPS, type MerchantOp } from '../../../server/src/services/orders/merchant';
import { RESTAURANT_PRODUCT as P, SHOP } from '../../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { place, selfPickup } from '../orders/helpers';
import { changedTables, fingerprint } from './support';

const KEY = 'sec-merchant-key-0123456789';

let server: TestServer;
let orderId: number;
let shopConfig: unknown;

beforeAll(async () => {
  server = await buildTestServer({ config: { merchantKey: KEY } });
  const token = await server.login(SHOP.restaurant);
  orderId = (await place(server, token, selfPickup())).id;
  shopConfig = (await admin('shop/export', { shopId: SHOP.restaurant }, { 'x-merchant-key': KEY })).body.info;
}, 60_000);
afterAll(() => server.close());

/** A body per operation that, with the key, would read or change something. */
const bodies = (): Record<MerchantOp, unknown> => ({
  orders: { shopId: SHOP.restaurant },
  'order/act': { id: orderId, action: 'accept' },
  stock: { productId: P.peking, stock: 0 },
  'shop/export': { shopId: SHOP.restaurant },
  'shop/load': { ...(shopConfig as object), shop: { ...((shopConfig as { shop: object }).shop ?? {}), name: 'Taken over' } },
  tables: { shopId: SHOP.restaurant },
  refunds: { open: true },
  notices: { open: true },
  'staff/add': { shopId: SHOP.restaurant, username: 'intruder', role: 'owner' },
  // reads only, but what it reads is the shop's business (OPS-1)
  check: {},
});

async function admin(op: string, body: unknown, headers: Record<string, string> = {}, query = '') {
  const res = await server.app.inject({
    method: 'POST',
    url: `/merchant/${op}${query}`,
    headers: { 'content-type': 'application/json', language: 'en', ...headers },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) as { result: boolean; info: unknown; code?: string } };
}

const OPS = Object.keys(MERCHANT_OPS) as MerchantOp[];

const sameLengthWrong = KEY.slice(0, -1) + (KEY.endsWith('x') ? 'y' : 'x');

const ATTEMPTS: Array<[string, () => Promise<Record<string, string>>, string?]> = [
  ['no key', async () => ({})],
  ['an empty key', async () => ({ 'x-merchant-key': '' })],
  ['a wrong key of the same length', async () => ({ 'x-merchant-key': sameLengthWrong })],
  ['a wrong key of another length', async () => ({ 'x-merchant-key': 'merchant' })],
  ['the key with a space after it', async () => ({ 'x-merchant-key': `${KEY} ` })],
  ['the key in upper case', async () => ({ 'x-merchant-key': KEY.toUpperCase() })],
  ['the key as a bearer token', async () => ({ authorization: `Bearer ${KEY}` })],
  ['the key as a consumer token', async () => ({ token: KEY })],
  ['a signed-in consumer token', async () => ({ token: await server.login(SHOP.restaurant) })],
  ['the key in the query string', async () => ({}), `?x-merchant-key=${KEY}`],
];

describe('every merchant operation is refused without the key', () => {
  test('the operations tried are every operation of MERCHANT_OPS', () => {
    expect(Object.keys(bodies()).sort()).toEqual([...OPS].sort());
  });

  const cases = OPS.flatMap((op) => ATTEMPTS.map(([how, headers, query]) => [op, how, headers, query ?? ''] as const));
  test.each(cases)('%s with %s: 401 login expired, nothing changed', async (op, _how, headers, query) => {
    const h = await headers();
    const before = await fingerprint(server);
    const res = await admin(op, bodies()[op], h, query);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ result: false, code: 'loginExpired', info: 'Login expired, please log in again' });
    expect(changedTables(before, await fingerprint(server))).toEqual([]);
  });

  test('the key in the body opens nothing', async () => {
    const before = await fingerprint(server);
    const res = await admin('stock', { productId: P.peking, stock: 0, 'x-merchant-key': KEY }, {});
    expect(res.status).toBe(401);
    expect(changedTables(before, await fingerprint(server))).toEqual([]);
  });

  test('the right key works (the refusals above are about the key, not the bodies)', async () => {
    for (const op of ['orders', 'shop/export', 'tables', 'refunds'] as const) {
      const res = await admin(op, bodies()[op], { 'x-merchant-key': KEY });
      expect({ op, status: res.status, result: res.body.result }).toEqual({ op, status: 200, result: true });
    }
  });

  test('a GET of an operation is not a route', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/merchant/orders', headers: { 'x-merchant-key': KEY } });
    expect(res.statusCode).toBe(404);
  });
});

describe('without MERCHANT_KEY the merchant API does not exist', () => {
  let closed: TestServer;
  beforeAll(async () => {
    closed = await buildTestServer({ config: { merchantKey: null } });
  }, 60_000);
  afterAll(() => closed.close());

  test.each(OPS)('%s answers 404 with any key', async (op) => {
    for (const key of [undefined, '', 'anything', KEY]) {
      const res = await closed.app.inject({
        method: 'POST',
        url: `/merchant/${op}`,
        headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'x-merchant-key': key }) },
        payload: JSON.stringify({}),
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
