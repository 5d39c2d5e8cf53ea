/**
 * Shared set-up of the host-model suites: which built packages exist (CI requires both), one
 * loopback server per file, and a host per launch.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MiniHost, type HostOptions, type Platform } from './host';
import { MINI_NOW, startLoopbackServer, type LoopbackServer } from './server';

export const ROOT = path.join(__dirname, '..', '..', '..');
export const PLATFORMS: Platform[] = ['weapp', 'alipay'];
/** The origin the CI builds are compiled with (API_BASE_URL in .ci/run); requests to it reach the test server. */
export const BUILD_ORIGIN = process.env.API_BASE_URL ?? 'http://127.0.0.1:8080';

export function distDir(platform: Platform): string {
  return path.join(ROOT, process.env.DIST_DIR || 'dist', platform);
}

/** The platforms whose build is present. With CI=true a missing build fails the suite. */
export function builtPlatforms(): Platform[] {
  const present = PLATFORMS.filter((p) => fs.existsSync(path.join(distDir(p), 'app.json')));
  const missing = PLATFORMS.filter((p) => !present.includes(p));
  if (missing.length > 0) {
    const msg = `dist/${missing.join(', dist/')} missing: run npm run build:${missing[0]} (API_BASE_URL=${BUILD_ORIGIN})`;
    if (process.env.CI === 'true') throw new Error(`${msg} — CI runs the host model on both builds`);
    console.warn(`host model skipped for ${missing.join(', ')}: ${msg}`);
  }
  return present;
}

/** `describe` per built platform, or one skipped `describe` saying why. */
export function describePlatforms(name: string, fn: (platform: Platform) => void): void {
  const platforms = builtPlatforms();
  if (platforms.length === 0) {
    describe.skip(`${name} (no dist/ build)`, () => {
      test('skipped', () => undefined);
    });
    return;
  }
  for (const p of platforms) describe(`${name} [${p}]`, () => fn(p));
}

export interface Harness {
  srv(): LoopbackServer;
  host(platform: Platform, opts?: Partial<HostOptions>): MiniHost;
}

/** One server per file; hosts are closed after each test. */
export function harnessForFile(): Harness {
  let srv: LoopbackServer | null = null;
  const open: MiniHost[] = [];
  beforeAll(async () => {
    srv = await startLoopbackServer();
  }, 120_000);
  afterEach(() => {
    while (open.length > 0) open.pop()?.close();
  });
  afterAll(async () => {
    await srv?.close();
  });
  return {
    srv: () => {
      if (!srv) throw new Error('server not started');
      return srv;
    },
    host(platform, opts = {}) {
      if (!srv) throw new Error('server not started');
      const h = new MiniHost({ platform, distDir: distDir(platform), serverOrigin: srv.origin, buildOrigin: BUILD_ORIGIN, now: MINI_NOW, ...opts });
      open.push(h);
      return h;
    },
  };
}
