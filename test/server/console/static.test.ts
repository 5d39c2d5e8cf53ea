/**
 * The staff console's pages (CONSOLE-1): without a build, /console/ answers a plain text saying how to
 * make it (/console is sent to /console/; a build served: test/server/start.test.ts). The start-up
 * banner names the console and, in demo mode only, the demo logins.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoBanner } from '../../../server/src/banner';
import { testConfig } from '../../../server/src/config';
import { CONSOLE_NOT_BUILT } from '../../../server/src/http/console-static';
import { buildTestServer, type TestServer } from '../../support/build-server';

// a build is served through @fastify/static, which the test runner cannot load (ESM-only dependencies):
// test/server/start.test.ts serves one from a real server process; here, the server without a build
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-build-'));

let missing: TestServer;
beforeAll(async () => {
  missing = await buildTestServer({ config: { consoleDir: path.join(dir, 'not-there') } });
}, 60_000);
afterAll(async () => {
  await missing.close();
});

test('without a build /console/ says how to make it, in plain text', async () => {
  for (const url of ['/console/', '/console/assets/app.js']) {
    const res = await missing.app.inject({ method: 'GET', url });
    expect({ url, status: res.statusCode, type: res.headers['content-type'], body: res.body }).toEqual({
      url,
      status: 404,
      type: 'text/plain; charset=utf-8',
      body: CONSOLE_NOT_BUILT,
    });
  }
  expect(CONSOLE_NOT_BUILT).toBe('console not built: npm run build:console');
  const bare = await missing.app.inject({ method: 'GET', url: '/console' });
  expect([bare.statusCode, bare.headers.location]).toEqual([302, '/console/']);
});

test('the console calls are never cached', async () => {
  const res = await missing.app.inject({ method: 'POST', url: '/console/api/me', headers: { 'content-type': 'application/json' }, payload: '{}' });
  expect([res.statusCode, res.headers['cache-control']]).toEqual([401, 'no-store']);
});

test('the banner names the console; the demo logins only in demo mode', () => {
  const demo = demoBanner(testConfig({ publicUrl: 'http://localhost:8080', demoMode: true, seedLargeShop: false }), 1);
  expect(demo).toContain('Staff console: http://localhost:8080/console/');
  expect(demo).toContain('Shop 1003: owner owner-1003 / demo-owner-1003, staff staff-1003 / demo-staff-1003');
  expect(demo).not.toContain('owner-1099');
  const real = demoBanner(testConfig({ publicUrl: 'http://localhost:8080', demoMode: false }), 1);
  expect(real).toContain('Staff console: http://localhost:8080/console/');
  expect(real).not.toContain('demo-owner');
});
