/**
 * The security headers of the server's answers (server/src/http/security-headers.ts): API answers
 * never cached and always JSON, a page made by the server with a Content-Security-Policy carrying the
 * sha256 of its inline script, nosniff / Referrer-Policy / framing, HSTS only over HTTPS (or a
 * trusted proxy that says so), no X-Powered-By, and CORS only for the configured origins. The H5
 * build's page (served from disk by @fastify/static, which loads outside jest only) is covered by
 * test/e2e/security-headers.test.ts on the real server and in Chromium.
 */
import { createHash } from 'node:crypto';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { API_BASE } from '../../../src/api/contract/common';
import { MESSAGE_CENTRE_BASE } from '../../../src/api/contract/message';
import { orderCalls } from '../../../src/api/contract/order';
import { storeCalls } from '../../../src/api/contract/store';
import { SHOP } from '../../../server/src/demo/ids';
import { inlineScriptHashes, securityHeaders } from '../../../server/src/http/security-headers';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { place, selfPickup } from '../orders/helpers';

const ALLOWED = 'https://partner.example';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('base64');

let server: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  server = await buildTestServer({ config: { corsOrigins: [ALLOWED], merchantKey: 'k-sec' } });
  proxied = await buildTestServer({ config: { trustProxy: true } });
}, 90_000);
afterAll(async () => {
  await server.close();
  await proxied.close();
});

const post = (s: TestServer, url: string, body: unknown, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

/** The headers every answer carries. */
function expectBaseHeaders(res: LightMyRequestResponse): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  expect(res.headers['x-powered-by']).toBeUndefined();
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

describe('API answers', () => {
  test('a signed-in answer: JSON, Cache-Control no-store, the common headers, no page policy', async () => {
    const token = await server.login(SHOP.restaurant);
    const res = await post(server, API_BASE + orderCalls.list.path, {}, { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expectBaseHeaders(res);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(res.headers['permissions-policy']).toBeUndefined();
  });

  test.each([
    ['a 401 (no token)', () => post(server, API_BASE + storeCalls.detail.path, {})],
    ['a business refusal', async () => post(server, API_BASE + orderCalls.detail.path, { id: 999999 }, { token: await server.login(SHOP.restaurant) })],
    ['a validation refusal', async () => post(server, API_BASE + orderCalls.detail.path, { id: 'x' }, { token: await server.login(SHOP.restaurant) })],
    ['malformed JSON', async () => server.app.inject({ method: 'POST', url: API_BASE + orderCalls.list.path, headers: { 'content-type': 'application/json' }, payload: '{' })],
    ['an unknown call', () => post(server, `${API_BASE}nothing/here`, {})],
    ['a message-centre call', async () => post(server, `${MESSAGE_CENTRE_BASE}consumer/cart-sync`, { room: 'table_1_1_1' }, { token: await server.login(SHOP.restaurant) })],
    ['a merchant call without the key', () => post(server, '/merchant/orders', {})],
  ])('%s: JSON and no-store too', async (_name, send) => {
    const res = await send();
    expect(res.headers['content-type']).toMatch(/^application\/json; charset=utf-8$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expectBaseHeaders(res);
    expect(() => JSON.parse(res.body)).not.toThrow();
  });
});

describe('Strict-Transport-Security', () => {
  test('not over plain HTTP', async () => {
    const res = await post(server, API_BASE + storeCalls.detail.path, {});
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  test('a forged X-Forwarded-Proto is not believed without a trusted proxy', async () => {
    const res = await post(server, API_BASE + storeCalls.detail.path, {}, { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  test('behind a trusted proxy that says HTTPS: a year, with subdomains', async () => {
    const res = await post(proxied, API_BASE + storeCalls.detail.path, {}, { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await post(proxied, API_BASE + storeCalls.detail.path, {}, { 'x-forwarded-proto': 'http' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS: configured origins only', () => {
  test('an allowed origin is answered with itself and Vary: Origin', async () => {
    const res = await post(server, API_BASE + storeCalls.detail.path, {}, { origin: ALLOWED });
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(res.headers.vary)).toMatch(/origin/i);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  test('its preflight lists POST and the API headers', async () => {
    const res = await server.app.inject({
      method: 'OPTIONS',
      url: API_BASE + orderCalls.list.path,
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, token' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-methods']).toBe('POST');
    expect(String(res.headers['access-control-allow-headers']).split(', ')).toEqual(
      expect.arrayContaining(['content-type', 'token', 'abroad-env', 'language', 'useragenttype', 'idempotency-key']),
    );
  });

  test('its preflight answer: no body, cached 600 s by the browser, never by a cache, no credentials', async () => {
    const res = await server.app.inject({
      method: 'OPTIONS',
      url: `${MESSAGE_CENTRE_BASE}consumer/cart-sync`,
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['access-control-max-age']).toBe('600');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/origin/i);
    // the API headers themselves, whatever the browser asked for
    expect(String(res.headers['access-control-allow-headers'])).toBe('content-type, token, abroad-env, language, useragenttype, idempotency-key');
  });

  test('an OPTIONS without Access-Control-Request-Method is no preflight: the routes answer it (404), with the origin allowed', async () => {
    const res = await server.app.inject({ method: 'OPTIONS', url: API_BASE + orderCalls.list.path, headers: { origin: ALLOWED } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });

  test('outside the API an allowed origin gets no CORS header, and its preflight is not answered', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/nothing', headers: { origin: ALLOWED } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await server.app.inject({ method: 'OPTIONS', url: '/nothing', headers: { origin: ALLOWED, 'access-control-request-method': 'POST' } });
    expect(pre.statusCode).toBe(404);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-methods']).toBeUndefined();
  });

  test('a call without an Origin gets no CORS header', async () => {
    const res = await post(server, API_BASE + storeCalls.detail.path, {});
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  test.each(['https://evil.example', 'null', `${ALLOWED}.evil.example`, 'http://partner.example'])('%s gets no CORS header, on a call or a preflight', async (origin) => {
    const res = await post(server, API_BASE + storeCalls.detail.path, {}, { origin });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await server.app.inject({ method: 'OPTIONS', url: API_BASE + orderCalls.list.path, headers: { origin, 'access-control-request-method': 'POST' } });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-methods']).toBeUndefined();
    // not answered as a preflight: the routes have no OPTIONS route (404)
    expect(pre.statusCode).toBe(404);
  });

  test('without CORS_ORIGINS no origin is allowed', async () => {
    const res = await post(proxied, API_BASE + storeCalls.detail.path, {}, { origin: ALLOWED });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the sandbox cashier page (made by the server)', () => {
  test('its policy carries the hash of its own inline script', async () => {
    const token = await server.login(SHOP.restaurant);
    const order = await place(server, token, selfPickup({ payType: 'allinpay' }));
    const start = await server.call(orderCalls.pay, { id: order.id, payType: 'allinpay' }, { token });
    if (!start.ok || start.info.kind !== 'redirect') throw new Error(`no cashier page: ${JSON.stringify(start.body)}`);
    const res = await server.app.inject({ method: 'GET', url: new URL(start.info.url, 'http://localhost').pathname });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const hashes = inlineScriptHashes(res.body);
    expect(hashes).toHaveLength(1);
    expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' 'sha256-${hashes[0]}'`);
  });
});

describe('inlineScriptHashes', () => {
  test('hashes inline scripts only, as the browser does (the exact text between the tags)', () => {
    const html = '<script>a()</script><script src="x.js"></script><script type="application/json">{"a":1}</script><script type="module">b()</script><SCRIPT >\nc()\n</SCRIPT>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()'), sha('\nc()\n')]);
  });
});

describe('a revalidated file (304)', () => {
  test('carries no policy, so the browser keeps the page policy it stored with the cached page', async () => {
    const app = Fastify();
    await app.register(securityHeaders, { ctx: server.ctx });
    app.get('/index.html', async (request, reply) => {
      if (request.headers['if-none-match'] === '"v1"') return reply.code(304).send();
      return reply.header('etag', '"v1"').type('text/html; charset=utf-8').send('<!DOCTYPE html><html><head><script>window.a=1</script></head><body></body></html>');
    });
    await app.ready();
    try {
      const first = await app.inject({ method: 'GET', url: '/index.html' });
      expect(String(first.headers['content-security-policy'])).toContain("script-src 'self' 'sha256-");
      const again = await app.inject({ method: 'GET', url: '/index.html', headers: { 'if-none-match': '"v1"' } });
      expect(again.statusCode).toBe(304);
      // a resource policy (default-src 'none') here would replace the stored one and block every script
      expect(again.headers['content-security-policy']).toBeUndefined();
      expect(again.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
    }
  });
});
