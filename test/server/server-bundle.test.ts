/**
 * The prebuilt server (`npm run build:server`, scripts/build-server.mjs; docs/decisions.md "The server
 * runs prebuilt"): what `npm start` and the container image run. Its bundles require nothing but
 * Node's own modules and the production dependencies (the image installs only those); a node started
 * from `main.cjs` on the embedded database migrates, seeds the demo, is ready and serves the API and
 * the demo's images (found from the bundle's folder); the merchant CLI's bundle checks the data the
 * node left.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { API_BASE } from '../../src/api/contract/common';
import { SHOP } from '../../server/src/demo/ids';
import { newDataDir, ROOT, serverBundle, spawnServer, type ServerProcess } from '../support/processes';

jest.setTimeout(180_000);

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** The package a require names (`@scope/name/sub` → `@scope/name`), or null for a relative path. */
const packageOf = (spec: string): string | null => {
  if (spec.startsWith('.') || spec.startsWith('/')) return null;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

test.each(['main.cjs', 'migrate.cjs', 'merchant.cjs'])(
  '%s requires only Node modules and production dependencies',
  (file) => {
    const code = readFileSync(path.join(serverBundle(), file), 'utf8');
    // require("…") of the static imports, import("…") of the dynamic ones, and the embedded database's
    // module, which server/src/db/client.ts loads through Node's own require (nodeRequire()("…"))
    const required = new Set(
      [...code.matchAll(/\b(?:require|import|nodeRequire\(\))\(["']([^"']+)["']\)/g)].map((m) => m[1]),
    );
    // packages are left to node_modules: the database's, at least, in every bundle; the HTTP server's in the node's
    expect([...required]).toEqual(
      expect.arrayContaining([
        'drizzle-orm',
        'pg',
        '@electric-sql/pglite',
        ...(file === 'main.cjs' ? ['fastify', '@fastify/websocket'] : []),
      ]),
    );
    const builtins = new Set(builtinModules);
    const outside = [...required]
      .filter((spec) => !spec.startsWith('node:') && !builtins.has(spec))
      .map(packageOf)
      .filter((p): p is string => p !== null && !(p in pkg.dependencies));
    expect(outside).toEqual([]);
  },
);

describe('a node started from the bundle', () => {
  let node: ServerProcess | null = null;
  const dataDir = newDataDir(undefined, 'bundle-data-');
  afterAll(async () => {
    await node?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('migrates and seeds the embedded database, is ready, and serves the API and the demo images', async () => {
    node = await spawnServer({ name: 'bundle', entry: 'bundle', dataDir, env: { DEMO_LARGE_SHOP: '0' } });
    const ready = await fetch(`${node.base}/readyz`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 200,
      body: { ready: true },
    });
    const menu = await fetch(`${node.base}${API_BASE}store/publicProductTypes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shopId: SHOP.restaurant }),
    });
    const body = (await menu.json()) as { result: boolean; info: { list?: unknown[] } };
    expect(body.result).toBe(true);
    // a demo image the seeded menu names, served from server/src/demo/images above the bundle
    const image = /\/demo-images\/[\w.-]+\.(svg|png|jpg)/.exec(JSON.stringify(body.info))?.[0];
    expect(image).toBeDefined();
    const res = await fetch(`${node.base}${image}`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // a data directory given to spawnServer is left in place
    await node.stop();
    node = null;
  });

  test('the merchant bundle checks the data the stopped node left: every check passes', () => {
    const r = spawnSync(process.execPath, [path.join(serverBundle(), 'merchant.cjs'), 'check'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', MERCHANT_URL: '', NODE_ENV: 'test' },
      encoding: 'utf8',
    });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: expect.any(String) });
    const lines = r.stdout.trim().split('\n');
    // the five checks of services/ops/check.ts, each passed, and the summary line
    expect(lines.filter((l) => l.startsWith('PASS '))).toHaveLength(5);
    expect(lines.filter((l) => l.startsWith('FAIL '))).toEqual([]);
    expect(lines[lines.length - 1]).toBe('check: 5 passed, 0 failed');
  });
});
