/**
 * Build size benchmark (APP-1, APP-4): main/total package bytes of the mini programs and the gzip
 * size of the JS the H5 site loads before the home page is interactive (measured in Chromium).
 * Run the three builds first: npm run build:weapp && npm run build:alipay && npm run build:h5.
 * Prints `BENCH <name> <value> bytes` lines.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { SHOP } from '../server/src/demo/ids';
import { newPhone, startServer } from '../test/e2e/harness';
import { CHROMIUM, CHROMIUM_FLAGS } from '../test/e2e/harness';

const root = join(__dirname, '..');

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


/**
 * Gzip bytes of every script the browser fetched from opening the shop link until the home page shows
 * the shop and its order-type buttons: the H5 build served by the real server with the demo data
 * (the entry page logs in and loads the shop before it routes to the home tab).
 */
export async function h5InitialJsGzip(): Promise<number> {
  const server = await startServer({ DEMO_LARGE_SHOP: '0' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    // a phone whose clock reads the server's (the suites' fixed instant): a token the server dates
    // is not taken for an expired one
    const { page } = await newPhone(browser, server);
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.set(
        response.url(),
        response.body().then((body) => gzipSync(body).length),
      );
    });
    await page.goto(`${server.base}/#/pages/index/index?id=${SHOP.restaurant}`, { waitUntil: 'load' });
    // the home page is interactive once the shop's name and its order-type buttons are on screen
    await page.waitForSelector('#home-shop-name', { timeout: 60_000 });
    await page.waitForSelector('.shop-home__order-type', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(scripts.values());
    return sizes.reduce((sum, size) => sum + size, 0);
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const weapp = miniProgramSizes(join(root, process.env.DIST_DIR || 'dist', 'weapp'));
  console.log(`BENCH weapp_main_bytes ${weapp.main} bytes`);
  console.log(`BENCH weapp_total_bytes ${weapp.total} bytes`);
  const alipay = miniProgramSizes(join(root, process.env.DIST_DIR || 'dist', 'alipay'));
  console.log(`BENCH alipay_main_bytes ${alipay.main} bytes`);
  const h5 = await h5InitialJsGzip();
  console.log(`BENCH h5_initial_js_gzip_bytes ${h5} bytes`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
