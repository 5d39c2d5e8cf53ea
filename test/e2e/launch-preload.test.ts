/**
 * The launch page's chunks are asked for by index.html itself (config/launch-preload.ts, MENU-8), and
 * the server sends the build's compressed copies of scripts and styles (config/index.ts
 * compression plugins, @fastify/static preCompressed), cached for a year.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SHOP } from '../../server/src/demo/ids';
import { H5_DIR, e2eReady, newPhone, serverAndBrowser } from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(120_000);

suite('launch preload and compressed build files', () => {
  const env = serverAndBrowser();

  /** The scripts and stylesheets a launch on `hash` loads besides the page's own, and the preloads it asked for. */
  async function launchFiles(hash: string, selector: string): Promise<{ loaded: string[]; preloaded: string[] }> {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      const loaded: string[] = [];
      page.on('request', (r) => {
        const m = /\/((?:js|css)\/[^/?]+\.(?:js|css))$/.exec(new URL(r.url()).pathname);
        if (m) loaded.push(m[1]);
      });
      await page.goto(`${env.server.base}/${hash}`);
      await page.locator(selector).first().waitFor({ timeout: 60_000 });
      const preloaded = await page.evaluate(() =>
        Array.from(document.querySelectorAll('link[rel="preload"]')).map((l) => (l as HTMLLinkElement).getAttribute('href')!.replace(/^\.\//, '')),
      );
      const initial = [...readFileSync(path.join(H5_DIR, 'index.html'), 'utf8').matchAll(/ src="\.\/(js\/[^"]+)"/g)].map((m) => m[1]);
      return { loaded: [...new Set(loaded)].filter((f) => !initial.includes(f)).sort(), preloaded: [...preloaded].sort() };
    } finally {
      await context.close();
    }
  }

  it('asks for every chunk of the menu, the ordering chunk included, before the start-up script has run', async () => {
    const { loaded, preloaded } = await launchFiles(`#/pages/user/index-tab-1?id=${SHOP.restaurant}`, '.product-row:not(.product-row--loading)');
    // the ordering chunk (named) is among them: the launch boot loads it beside the page
    expect(loaded.some((f) => f.startsWith('js/ordering.'))).toBe(true);
    // every file of the first screen was preloaded (later ones, such as the spec sheet's, load on use)
    expect(loaded.filter((f) => !preloaded.includes(f))).toEqual([]);
    expect(preloaded.length).toBeGreaterThan(5);
  });

  it('asks for the entry page chunks on a launch without a route, and nothing on an unknown route', async () => {
    const entry = await launchFiles(`#/pages/index/index?id=${SHOP.restaurant}`, '#home-takeaway');
    expect(entry.preloaded.length).toBeGreaterThan(0);
    const { context, page } = await newPhone(env.browser, env.server);
    await page.goto(`${env.server.base}/#/pages/no/such-page`);
    const links = await page.evaluate(() => document.querySelectorAll('link[rel="preload"]').length);
    await context.close();
    expect(links).toBe(0);
  });

  it('preloads nothing for a customer whose stored language is not the start-up one, whose launch still opens', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      // the app draws nothing until that language's chunk is in: page chunks arriving first were lost
      await context.addInitScript(() => window.localStorage.setItem('language', JSON.stringify({ data: 'es' })));
      await page.goto(`${env.server.base}/#/pages/index/index?id=${SHOP.retail}`);
      await page.locator('#home-selfPickup').waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => document.querySelectorAll('link[rel="preload"]').length)).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("sends the build's own brotli and gzip copies of a script, cached for a year", async () => {
    const app = readdirSync(path.join(H5_DIR, 'js')).find((f) => /^app\.[0-9a-f]{8}\.js$/.test(f))!;
    const original = readFileSync(path.join(H5_DIR, 'js', app));
    for (const [encoding, copy, decode] of [
      ['br', `${app}.br`, brotliDecompressSync],
      ['gzip', `${app}.gz`, gunzipSync],
    ] as const) {
      const res = await fetch(`${env.server.base}/js/${app}`, { headers: { 'accept-encoding': encoding } });
      // fetch decodes the body; the length sent is the copy's (a reply compressed on its way out has none)
      const body = Buffer.from(await res.arrayBuffer());
      expect({ encoding, status: res.status, 'content-encoding': res.headers.get('content-encoding'), 'content-length': res.headers.get('content-length'), 'cache-control': res.headers.get('cache-control') }).toEqual({ encoding, status: 200, 'content-encoding': encoding, 'content-length': String(statSync(path.join(H5_DIR, 'js', copy)).size), 'cache-control': 'public, max-age=31536000, immutable' });
      expect(body.equals(original)).toBe(true);
      expect(decode(readFileSync(path.join(H5_DIR, 'js', copy))).equals(original)).toBe(true);
    }
  });
});
