// Screenshots of the H5 build at 375×812 in headless Chromium (docs/architecture.md §22 Screens: screens are checked by
// looking at them). Build first: npm run build:h5. Usage: node scripts/screenshot.mjs
// Writes docs/screens/<name>.png for each screen below.
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(root, 'dist', 'h5');
const outDir = join(root, 'docs', 'screens');
const SCREENS = [
  { name: 'h5-home', hash: '#/pages/user/index-tab', ready: '.shop-home__order-type' },
  { name: 'h5-orders-empty', hash: '#/pages/user/order/list', ready: '.empty-state' },
];
const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'application/javascript', '.css': 'text/css', '.png': 'image/png' };

const server = createServer((req, res) => {
  const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
  const file = normalize(join(distDir, path === '/' ? 'index.html' : path));
  if (!file.startsWith(distDir) || !existsSync(file) || statSync(file).isDirectory()) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  mkdirSync(outDir, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  for (const screen of SCREENS) {
    await page.goto(base + screen.hash, { waitUntil: 'load' });
    await page.waitForSelector(screen.ready, { timeout: 30_000 });
    await page.waitForTimeout(500);
    const file = join(outDir, `${screen.name}.png`);
    await page.screenshot({ path: file });
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
  server.close();
}
