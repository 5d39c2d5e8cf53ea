/**
 * Table QR codes: `npm run merchant -- table-codes` writes a PNG and an SVG of each table's
 * scan-order link with the table's code (TABLE-7), and the start-up banner draws the demo table A1's
 * code under its link.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { contextTransport, runCommand } from '../../server/cli/merchant';
import { demoBanner, startBanner } from '../../server/src/banner';
import { loadConfig, testConfig } from '../../server/src/config';
import { SHOP, TABLE, TABLE_CODE } from '../../server/src/demo/ids';
import type { MerchantTable } from '../../server/src/services/orders/merchant';
import { scanOrderLink } from '../../server/src/tables-link';
import { buildTestServer, type TestServer } from '../support/build-server';
import { PNG_SIGNATURE, readQrPng, terminalQrModules } from '../support/qr';

// writing and decoding a PNG and an SVG per table takes seconds on a busy 2-core machine
jest.setTimeout(60_000);

const root = path.resolve(__dirname, '../..');
const KEY = 'merchant-secret';
const BASE = 'https://shop.example.com';
const TABLE_NAMES = Object.keys(TABLE) as (keyof typeof TABLE)[];

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ config: { merchantKey: KEY } });
}, 60_000);
afterAll(() => server.close());

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'table-codes-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function tableCodes(args: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runCommand(['table-codes', ...args], contextTransport(server.ctx), (line) => lines.push(line));
  return lines;
}

describe('the scan-order link', () => {
  test('names the shop, the table number and the table code, escaped, after the public address', () => {
    expect(scanOrderLink('http://localhost:8080/', SHOP.restaurant, 'A1', TABLE_CODE.A1)).toBe(
      `http://localhost:8080/#/pages/index/index?source_type=6&shop_id=1001&table_no=A1&tableCode=${TABLE_CODE.A1}`,
    );
    expect(scanOrderLink(BASE, 7, '大厅 1&2', 'a&b')).toBe(
      `${BASE}/#/pages/index/index?source_type=6&shop_id=7&table_no=%E5%A4%A7%E5%8E%85%201%262&tableCode=a%26b`,
    );
  });
});

describe('npm run merchant -- table-codes', () => {
  test('writes a PNG and an SVG of every table of the shop, one line per file', async () => {
    const dir = tempDir();
    const lines = await tableCodes(['--shop', String(SHOP.restaurant), '--out', dir, '--base', `${BASE}/`]);
    const expected = TABLE_NAMES.flatMap((name) =>
      ['png', 'svg'].map((ext) => path.join(dir, `${SHOP.restaurant}-${name}.${ext}`)),
    );
    expect(lines).toEqual(expected);
    expect(fs.readdirSync(dir).sort()).toEqual(expected.map((f) => path.basename(f)).sort());
  });

  test('each PNG reads back as its table scan-order link; each SVG draws the same code', async () => {
    const dir = tempDir();
    await tableCodes(['--shop', String(SHOP.restaurant), '--out', dir, '--base', BASE]);
    for (const name of TABLE_NAMES) {
      const link = scanOrderLink(BASE, SHOP.restaurant, name, TABLE_CODE[name]);
      const png = fs.readFileSync(path.join(dir, `${SHOP.restaurant}-${name}.png`));
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(readQrPng(png)).toBe(link);
      const svg = fs.readFileSync(path.join(dir, `${SHOP.restaurant}-${name}.svg`), 'utf8');
      expect(svg).toContain('<svg ');
      expect(svg).toMatch(/<path [^>]*d="M/);
      expect(svg).toContain(await QRCode.toString(link, { type: 'svg' }));
    }
  });

  test('without --shop every shop with tables gets its codes; links start with the server address', async () => {
    const dir = tempDir();
    const lines = await tableCodes(['--out', dir]);
    expect(lines).toHaveLength(TABLE_NAMES.length * 2);
    const a1 = fs.readFileSync(path.join(dir, `${SHOP.restaurant}-A1.png`));
    expect(readQrPng(a1)).toBe(scanOrderLink(loadConfig().publicUrl, SHOP.restaurant, 'A1', TABLE_CODE.A1));
  });

  test('an unknown shop is refused and nothing is written', async () => {
    const dir = tempDir();
    await expect(tableCodes(['--shop', '999999', '--out', dir])).rejects.toThrow('Not found: no shop 999999');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  test('a shop without tables writes nothing and says so', async () => {
    const dir = tempDir();
    expect(await tableCodes(['--shop', String(SHOP.beauty), '--out', dir])).toEqual(['no tables']);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  test('the admin API lists the tables the codes are made from', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/merchant/tables',
      headers: { 'content-type': 'application/json', 'x-merchant-key': KEY },
      payload: JSON.stringify({ shopId: SHOP.restaurant }),
    });
    const body = JSON.parse(res.body) as { result: boolean; info: MerchantTable[] };
    expect(body.info).toEqual(
      TABLE_NAMES.map((name) => ({ shopId: SHOP.restaurant, id: TABLE[name], name, code: TABLE_CODE[name] })),
    );
  });

  test('from the command line an unknown shop prints the reason and exits with 1', () => {
    const run = spawnSync(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'server/cli/merchant.ts'), 'table-codes', '--shop', '999999', '--out', tempDir()],
      { cwd: root, env: { ...process.env, DATABASE_URL: 'memory://' }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.stderr.trim()).toBe('Not found: no shop 999999');
    expect(run.status).toBe(1);
  }, 70_000);
});

describe('the start-up banner', () => {
  const config = testConfig({ publicUrl: 'http://192.168.1.20:8080' });
  const link = scanOrderLink(config.publicUrl, SHOP.restaurant, 'A1', TABLE_CODE.A1);

  test('draws the QR code of table A1 under its scan-order link', async () => {
    const banner = await startBanner(config, 1);
    const drawn = await QRCode.toString(link, { type: 'terminal', small: true });
    expect(banner).toContain(`  Scan-order table A1 (open table):           ${link}\n${drawn}\n`);
  });

  test('the drawn code holds the modules of the A1 link', async () => {
    const banner = await startBanner(config, 1);
    const block = banner.slice(banner.indexOf(`${link}\n`) + link.length + 1);
    const code = QRCode.create(link);
    expect(terminalQrModules(block, code.modules.size)).toEqual(Array.from(code.modules.data, Boolean));
  });

  test('without a drawn code the banner keeps the link alone', () => {
    expect(demoBanner(config, 1)).toContain(`${link}\n\n`);
  });

  test('the first scan-order link is table A1 of shop 1001 with its code as the database holds it, as plain text', async () => {
    const banner = await startBanner(config, 1, 'rotated0123');
    const first = banner.split('\n').find((l) => l.includes('source_type=6'));
    expect(first).toBe(`  Scan-order table A1 (open table):           ${scanOrderLink(config.publicUrl, SHOP.restaurant, 'A1', 'rotated0123')}`);
  });
});
