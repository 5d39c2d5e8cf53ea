import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { addressCalls } from '../../src/api/contract/address';
import { API_BASE, defineCall, type CallDef } from '../../src/api/contract/common';
import { deliveryCalls } from '../../src/api/contract/delivery';
import { storeCalls } from '../../src/api/contract/store';
import { userCalls } from '../../src/api/contract/user';
import { shops } from '../../server/src/db/schema';
import { SHOP } from '../../server/src/demo/ids';
import { registerCall } from '../../server/src/http/call';
import { assertShopOperating, getShop } from '../../server/src/services/shops';
import { buildTestServer, type TestServer } from '../support/build-server';

/** A call that takes an order-like action, to show the 403 of a stopped shop (C§8). */
const takeOrder = defineCall('test/takeOrder', z.object({}).strict(), z.literal('ok'));
const boom = defineCall('test/boom', z.object({}).strict(), z.literal('ok'), false);

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await buildTestServer({
    extraRoutes: [
      (app, ctx) => {
        registerCall(app, ctx, takeOrder, async (c) => {
          assertShopOperating(await getShop(ctx, c.session.shopId), null, false);
          return 'ok' as const;
        });
        registerCall(app, ctx, boom, async () => {
          throw new Error('database on fire');
        });
      },
    ],
  });
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  token = await server.login(SHOP.restaurant);
});

const post = (path: string, payload: string | undefined, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: API_BASE + path, headers: { token, ...headers }, payload });

describe('HTTP semantics of C§8', () => {
  test('a missing token answers 401 with the login-expired message', async () => {
    const res = await server.call(storeCalls.detail, {});
    expect(res).toMatchObject({ status: 401, ok: false, code: 'loginExpired', info: '登录已过期，请重新登录' });
  });

  test('an unknown token answers 401', async () => {
    const res = await server.call(storeCalls.detail, {}, { token: 'nope' });
    expect(res.status).toBe(401);
  });

  test('a stopped shop asked to take an order answers 403', async () => {
    await server.db.update(shops).set({ shopStatus: -1 }).where(eq(shops.id, SHOP.restaurant));
    await server.ctx.shopCache.bump(SHOP.restaurant);
    const res = await server.call(takeOrder, {}, { token });
    expect(res).toMatchObject({ status: 403, ok: false, code: 'forbidden' });
  });

  test('the same stopped shop still answers store/detail with its status', async () => {
    await server.db.update(shops).set({ shopStatus: -1 }).where(eq(shops.id, SHOP.restaurant));
    await server.ctx.shopCache.bump(SHOP.restaurant);
    const res = await server.call(storeCalls.detail, {}, { token });
    expect(res.status).toBe(200);
    expect(res.ok && res.info.shop.shopStatus).toBe(-1);
  });

  test('an operating shop takes the order', async () => {
    const res = await server.call(takeOrder, {}, { token });
    expect(res).toMatchObject({ status: 200, ok: true, info: 'ok' });
  });

  test('an unexpected failure answers 500 with the server-error message and no detail', async () => {
    const res = await server.call(boom, {}, { headers: { language: 'en' } });
    expect(res).toMatchObject({ status: 500, ok: false, code: 'serverError', info: 'Server Error, retry please' });
  });
});

describe('bad input answers HTTP 200 result:false with a clear message (API-4)', () => {
  test('a wrong type names the field', async () => {
    const res = await server.call(storeCalls.productDetail, { id: 'abc' }, { token });
    expect(res).toMatchObject({ status: 200, ok: false, code: 'badRequest' });
    expect(res.info).toMatch(/^请求参数错误: id /);
  });

  test('a missing field names the field', async () => {
    const res = await server.call(storeCalls.checkStock, {}, { token, headers: { language: 'en' } });
    expect(res.info).toMatch(/^Invalid request: products /);
  });

  test('an unknown field is refused', async () => {
    const res = await server.call(storeCalls.detail, { hack: true }, { token });
    expect(res.code).toBe('badRequest');
  });

  test('an oversized search text is refused', async () => {
    const res = await server.call(storeCalls.productSearch, { searchText: 'x'.repeat(65) }, { token });
    expect(res.code).toBe('badRequest');
  });

  test('a negative quantity is refused', async () => {
    const res = await server.call(storeCalls.checkStock, { products: [{ id: 1, quantity: -1 }] }, { token });
    expect(res.code).toBe('badRequest');
  });

  test('malformed JSON is a bad request, not a server error', async () => {
    const res = await post('store/detail', '{"appId":', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: false, code: 'badRequest' });
  });

  test('a body over 1 MB is a bad request', async () => {
    const res = await post('user/putLogs', JSON.stringify({ log: 'x'.repeat(1100 * 1024) }), { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: false, code: 'badRequest' });
  });

  test('an empty JSON body reads as an empty object', async () => {
    const res = await post('store/list', '', { 'content-type': 'application/json' });
    expect(res.json()).toMatchObject({ result: true });
  });

  test('a call without any body works like an empty object', async () => {
    const res = await post('store/list', undefined);
    expect(res.json()).toMatchObject({ result: true });
  });

  test('a JSON array body is a bad request', async () => {
    const res = await post('store/list', '[]', { 'content-type': 'application/json' });
    expect(res.json()).toMatchObject({ result: false, code: 'badRequest' });
  });
});

describe('language of info (C§1)', () => {
  test('messages are Chinese by default', async () => {
    const res = await server.call(userCalls.getCodeInfo, { code: 'x' });
    expect(res.info).toBe('无效的二维码');
  });

  test('the overseas environment answers in English', async () => {
    const res = await server.call(userCalls.getCodeInfo, { code: 'x' }, { headers: { 'abroad-env': '1' } });
    expect(res.info).toBe('Invalid QR');
  });

  test('an explicit language header wins over the environment', async () => {
    const res = await server.call(userCalls.getCodeInfo, { code: 'x' }, { headers: { 'abroad-env': '1', language: 'zh' } });
    expect(res.info).toBe('无效的二维码');
  });
});

test('every call of the store, user, address and delivery contract has a route', async () => {
  const defs = [storeCalls, userCalls, addressCalls, deliveryCalls].flatMap((a) => Object.values(a) as CallDef[]);
  const missing: string[] = [];
  for (const def of defs) {
    const res = await post(def.path, '{}', { 'content-type': 'application/json' });
    if (res.statusCode === 404) missing.push(def.path);
  }
  expect(missing).toEqual([]);
});
