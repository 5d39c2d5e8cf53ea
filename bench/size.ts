/**
 * Build size benchmark (APP-1, APP-4): main/total package bytes of the mini programs and the gzip
 * size of the JS the H5 site loads before the home page is interactive (measured in Chromium).
 * Run the three builds first: npm run build:weapp && npm run build:alipay && npm run build:h5.
 * Prints `BENCH <name> <value> bytes` lines.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, normalize, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';

const root = join(__dirname, '..');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

interface PackageSizes {
  main: number;
  total: number;
}

/** Bytes of a mini program build: everything, and everything outside the subpackage roots. */
export function miniProgramSizes(distDir: string): PackageSizes {
  const appJson = JSON.parse(readFileSync(join(distDir, 'app.json'), 'utf8')) as {
    subPackages?: { root: string }[];
    subpackages?: { root: string }[];
  };
  const roots = (appJson.subPackages ?? appJson.subpackages ?? []).map((pkg) => pkg.root.replace(/\/$/, '') + '/');
  let main = 0;
  let total = 0;
  for (const file of listFiles(distDir)) {
    const rel = relative(distDir, file).split(sep).join('/');
    // source maps are not uploaded with the package
    if (rel.endsWith('.map')) continue;
    const size = statSync(file).size;
    total += size;
    if (!roots.some((r) => rel.startsWith(r))) main += size;
  }
  return { main, total };
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** A tiny static server for dist/h5 on a free loopback port. */
export function serveStatic(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/` });
    });
  });
}

/** Gzip bytes of every script the browser fetched until the home page shows its entry buttons. */
export async function h5InitialJsGzip(distDir: string): Promise<number> {
  const { server, url } = await serveStatic(distDir);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.set(
        response.url(),
        response.body().then((body) => gzipSync(body).length),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    // the home page is interactive once its order-type buttons are on screen
    await page.waitForSelector('.shop-home__order-type', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(scripts.values());
    return sizes.reduce((sum, size) => sum + size, 0);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

async function main(): Promise<void> {
  const weapp = miniProgramSizes(join(root, 'dist', 'weapp'));
  console.log(`BENCH weapp_main_bytes ${weapp.main} bytes`);
  console.log(`BENCH weapp_total_bytes ${weapp.total} bytes`);
  const alipay = miniProgramSizes(join(root, 'dist', 'alipay'));
  console.log(`BENCH alipay_main_bytes ${alipay.main} bytes`);
  const h5 = await h5InitialJsGzip(join(root, 'dist', 'h5'));
  console.log(`BENCH h5_initial_js_gzip_bytes ${h5} bytes`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
