/**
 * `npm start` end to end: scripts/start.mjs runs the real server process, which serves the H5 build
 * at / and the API, and shuts down cleanly on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { freePort, waitUntil } from '../support/processes';
import { TABLE_CODE } from '../../server/src/demo/ids';

const root = path.resolve(__dirname, '../..');

let child: ChildProcess;
let port: number;
let output = '';
const h5 = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-'));
const consoleBuild = fs.mkdtempSync(path.join(os.tmpdir(), 'console-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(h5, 'index.html'), '<!doctype html><html><body><div id="app">storefront-h5</div></body></html>');
  fs.mkdirSync(path.join(consoleBuild, 'assets'));
  fs.writeFileSync(path.join(consoleBuild, 'assets', 'app.js'), 'console.log("board");\n');
  fs.writeFileSync(path.join(consoleBuild, 'index.html'), '<!doctype html><html><body><div id="console">staff-console</div></body></html>');
  port = await freePort();
  child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      // as a newcomer runs it (a production start refuses the demo's sandbox payments: test/server/payments/modes.test.ts)
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: h5,
      CONSOLE_DIR: consoleBuild,
      DATABASE_URL: 'memory://',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'data-')),
      DEMO_LARGE_SHOP: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const outcome = await waitUntil(
    'the start banner',
    () => (child.exitCode !== null ? 'exited' : output.includes('API base:') && 'listening'),
    { timeoutMs: 90_000, everyMs: 100 },
  ).catch((e: Error) => e.message);
  if (outcome !== 'listening') throw new Error(`server did not start (${outcome}):\n${output}`);
}, 100_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

test('the server answers / with the H5 page', async () => {
  const res = await fetch(`http://127.0.0.1:${port}/`);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('storefront-h5');
});

test('the server answers /console/ with the staff console, and the banner names it with the demo logins', async () => {
  const res = await fetch(`http://127.0.0.1:${port}/console/`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(await res.text()).toContain('staff-console');
  const asset = await fetch(`http://127.0.0.1:${port}/console/assets/app.js`);
  expect([asset.status, await asset.text()]).toEqual([200, 'console.log("board");\n']);
  const bare = await fetch(`http://127.0.0.1:${port}/console`, { redirect: 'manual' });
  expect([bare.status, bare.headers.get('location')]).toEqual([302, '/console/']);
  expect(output).toContain(`Staff console: http://localhost:${port}/console/`);
  expect(output).toContain('owner owner-1001 / demo-owner-1001, staff staff-1001 / demo-staff-1001');
});

test('the start-up banner prints the shop, dine-in and scan-order links', () => {
  expect(output).toContain(`http://localhost:${port}/#/pages/index/index?id=1001`);
  expect(output).toContain('?id=1001&isDine=1&table=A1');
  expect(output).toContain(`?source_type=6&shop_id=1001&table_no=A1&tableCode=${TABLE_CODE.A1}`);
});

test('the start-up banner draws the QR code of table A1 under its scan-order link', async () => {
  const link = `http://localhost:${port}/#/pages/index/index?source_type=6&shop_id=1001&table_no=A1&tableCode=${TABLE_CODE.A1}`;
  expect(output).toContain(`${link}\n${await QRCode.toString(link, { type: 'terminal', small: true })}\n`);
});

test('the demo says it runs the sandbox payment provider', () => {
  expect(output).toContain('Payments: SANDBOX (demo mode: no money moves;');
  expect(output).toContain('(PAYMENTS=sandbox)');
});

test('the API of the started server signs a visitor in', async () => {
  const res = await fetch(`http://127.0.0.1:${port}/new/consumer/user/h5entry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 1001, openid: 'start-test' }),
  });
  expect(((await res.json()) as { result: boolean }).result).toBe(true);
});

test('SIGTERM shuts the server down cleanly', async () => {
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
}, 20_000);
