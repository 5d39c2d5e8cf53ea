/**
 * The H5 site's security headers on the real server (server/src/http/security-headers.ts) with the
 * H5 build, and the app under its Content-Security-Policy in headless Chromium: the page's policy
 * allows its inline script by the sha256 of the script in the build's index.html (no
 * 'unsafe-inline' script), and walking the app — entry, SMS login, the menu with a dish added, the
 * order confirmation, the member pages, then every page of the route walk — raises no
 * `securitypolicyviolation` event and logs no CSP error. A script injected into the page is refused
 * (the listener does hear violations). A new build served without a restart gets its own hash;
 * Strict-Transport-Security is sent behind a trusted proxy that says HTTPS, not over plain HTTP.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_MEMBER, RESTAURANT_PRODUCT as R, SHOP } from './demo';
import { RESTAURANT_CATEGORY } from '../../server/src/demo/ids';
import { apiCall, e2eReady, H5_DIR, H5_INDEX, launch, newPhone, serverAndBrowser, startServer, tap, type } from './harness';
import { WALK, walkUrl, type WalkFixture } from '../support/route-walk';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(900_000);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

/** The inline scripts of a page, as the browser hashes them (the exact text between the tags). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)].filter((m) => !/\bsrc\s*=/i.test(m[1])).map((m) => m[2]);
}

/** The directives of a policy, by name. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name, values];
      }),
  );
}

/** Records every CSP violation of the page's documents, and CSP errors on its console. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(msg.text())) consoleErrors.push(msg.text().slice(0, 300));
  });
  return async () => [...consoleErrors, ...((await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => [])) as string[])];
}

suite('security headers of the H5 site', () => {
  const env = serverAndBrowser();

  test('the page: a policy with the sha256 of its inline script, and the other headers', async () => {
    const res = await fetch(`${env.server.base}/`, { headers: { connection: 'close' } });
    await res.arrayBuffer();
    const csp = res.headers.get('content-security-policy') ?? '';
    const d = directives(csp);
    const scripts = inlineScripts(readFileSync(H5_INDEX, 'utf8'));
    // the Taro build's index.html sets the root font size in an inline script
    expect(scripts.length).toBeGreaterThan(0);
    expect(d['script-src']).toEqual(["'self'", ...scripts.map((s) => `'sha256-${sha256(s)}'`)]);
    expect(d['script-src']).not.toContain("'unsafe-inline'");
    expect(d['script-src']).not.toContain("'unsafe-eval'");
    expect(d['default-src']).toEqual(["'self'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'self'"]);
    expect(d['frame-ancestors']).toEqual(["'self'"]);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toMatch(/camera=\(self\).*geolocation=\(self\)/);
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  test('a script and a style of the build: nosniff and the resource policy', async () => {
    const html = readFileSync(H5_INDEX, 'utf8');
    // the start-up stylesheet is written into the page (config/inline-css.ts): a page's stylesheet stands for the styles
    const sheet = readdirSync(path.join(H5_DIR, 'css')).find((name) => name.endsWith('.css'));
    for (const asset of [/src="\.?\/?(js\/app\.[^"]+\.js)"/.exec(html)?.[1], sheet && `css/${sheet}`]) {
      expect(asset).toBeTruthy();
      const res = await fetch(`${env.server.base}/${asset}`, { headers: { connection: 'close' } });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'");
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  test('walking the app under the policy: entry, login, menu, confirm, member pages and every route — no violation', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    const violations = await watchCsp(page);
    let pending = 0;
    page.on('request', () => (pending += 1));
    page.on('requestfinished', () => (pending -= 1));
    page.on('requestfailed', () => (pending -= 1));
    /** Until no request has been out for three looks in a row (at most 10 s). */
    const quiet = async () => {
      const deadline = Date.now() + 10_000;
      for (let calm = 0; calm < 3 && Date.now() < deadline; ) {
        await new Promise((r) => setTimeout(r, 150));
        calm = pending > 0 ? 0 : calm + 1;
      }
    };
    const seen: Array<[string, string[]]> = [];
    const check = async (where: string) => {
      const v = await violations();
      if (v.length > 0) seen.push([where, v]);
    };
    try {
      // entry
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await page.locator('#home-takeaway').waitFor({ timeout: 60_000 });
      await check('entry');

      // SMS login as the demo member
      await page.goto(`${env.server.base}/#/pages/user/login`);
      await type(page, '#login-phone', DEMO_MEMBER.phone);
      const sent = await apiCall(page, 'user/sendSmsCode', { phone: DEMO_MEMBER.phone, test: true });
      expect(sent).toMatchObject({ result: true });
      await type(page, '#login-code', String((sent.info as { testCode: string }).testCode));
      await tap(page, '#login-submit');
      await page.locator('#home-dine').waitFor({ timeout: 30_000 });
      await check('login');

      // the menu: a dish added to the cart
      await tap(page, '#home-takeaway');
      await page.locator('#product-list').waitFor({ timeout: 30_000 });
      await tap(page, `#category-${RESTAURANT_CATEGORY.noodles}`);
      await tap(page, `#add-${R.xiaolongbao}`);
      await check('menu');

      // the fixture of the route walk: an address and an order of the member
      const saved = await apiCall(page, 'address/add', { name: '张三', phone: '13800000000', address: '南京东路 100 号', addressGps: '31.2350,121.4800', gender: 1, isDefault: true });
      expect(saved).toMatchObject({ result: true });
      const list = await apiCall(page, 'order/list', { page: 1, pageLimit: 1 });
      const orders = (list.info as { list?: Array<{ id: number }> }).list ?? [];
      const fixture: WalkFixture = {
        orderId: orders[0]?.id ?? 1,
        addressId: (saved.info as { id: number }).id,
        webPage: `${env.server.base}/demo-images/avatar-li-si.svg`,
      };

      // every page of the app, the order confirmation and the member pages among them
      expect(WALK.map((w) => w.route)).toEqual(expect.arrayContaining(['pages/order/confirm', 'pages/member/index', 'pages/user/center']));
      for (const entry of WALK) {
        await page.goto(`${env.server.base}/#${walkUrl(entry, fixture)}`);
        await quiet();
        await check(entry.route);
      }
      expect(seen).toEqual([]);

      // the listener hears a violation: an injected inline script is refused and reported
      await page.goto(`${env.server.base}/#/pages/user/center`);
      await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
      const ran = await page.evaluate(() => {
        const s = document.createElement('script');
        s.textContent = 'window.__injected = true;';
        document.head.appendChild(s);
        return (window as unknown as { __injected?: boolean }).__injected === true;
      });
      expect(ran).toBe(false);
      await page.waitForFunction(() => ((window as unknown as { __csp: string[] }).__csp ?? []).length > 0, undefined, { timeout: 5000 });
      expect((await violations()).join('\n')).toMatch(/script-src/);
    } finally {
      await context.close();
    }
  });
});

suite('a new build, and HTTPS behind a trusted proxy', () => {
  let copy: string;
  beforeAll(() => {
    copy = mkdtempSync(path.join(os.tmpdir(), 'sec-h5-'));
    cpSync(H5_DIR, copy, { recursive: true });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  test('the page rebuilt while the server runs is served with the hash of its new inline script; HSTS only over HTTPS', async () => {
    const server = await startServer({ STATIC_DIR: copy, TRUST_PROXY: '1' });
    try {
      const get = async (headers: Record<string, string> = {}) => {
        const res = await fetch(`${server.base}/index.html`, { headers: { connection: 'close', ...headers } });
        await res.arrayBuffer();
        return res;
      };
      const original = inlineScripts(readFileSync(path.join(copy, 'index.html'), 'utf8'))[0];
      expect((await get()).headers.get('content-security-policy')).toContain(`'sha256-${sha256(original)}'`);

      const changed = `${original};window.__rebuilt=1;`;
      const html = readFileSync(path.join(copy, 'index.html'), 'utf8').replace(original, changed);
      writeFileSync(path.join(copy, 'index.html'), html);
      const csp = (await get()).headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`'sha256-${sha256(changed)}'`);
      expect(csp).not.toContain(sha256(original));

      expect((await get({ 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect((await get()).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await server.stop();
    }
  });
});
