/**
 * The deployment files of docs/deploy.md (OPS-1), checked offline — the images cannot be pulled here:
 * deploy/haproxy.cfg passes HAProxy's own check (`haproxy -c`, Debian's HAProxy; a throwaway
 * certificate stands in for the secret), and the numbers that must fit together do: the balancer
 * takes a node out within its grace, the orchestrator waits for the whole close (grace, hand-off,
 * forced close), and the image and the migration job run the prebuilt server.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { haproxyAvailable } from '../../support/haproxy';
import { ROOT } from '../../support/processes';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const cfg = read('deploy/haproxy.cfg');
const compose = read('deploy/compose.yaml');

const hasHaproxy = haproxyAvailable();
// CI installs haproxy (.ci/run): there the check never skips
if (!hasHaproxy && process.env.CI) throw new Error('haproxy is not installed: apt-get install -y haproxy');
if (!hasHaproxy)
  console.warn('deploy-config: `haproxy -c` skipped: haproxy is not installed (apt-get install -y haproxy).');

(hasHaproxy ? test : test.skip)('deploy/haproxy.cfg passes `haproxy -c`', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'haproxy-check-'));
  try {
    const key = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=shop.test',
      ],
      { encoding: 'utf8' },
    );
    expect(key.status).toBe(0);
    writeFileSync(
      path.join(dir, 'tls.pem'),
      readFileSync(path.join(dir, 'cert.pem'), 'utf8') + readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    );
    expect(cfg).toContain('/run/secrets/tls.pem');
    writeFileSync(
      path.join(dir, 'haproxy.cfg'),
      cfg.replaceAll('/run/secrets/tls.pem', path.join(dir, 'tls.pem')),
    );
    const r = spawnSync('haproxy', ['-c', '-f', path.join(dir, 'haproxy.cfg')], { encoding: 'utf8' });
    expect({ status: r.status, out: r.stdout.trim() }).toEqual({
      status: 0,
      out: expect.stringContaining('Configuration file is valid'),
    });
    // the only warnings: the nodes' names, which only compose's DNS resolves (init-addr none starts without them)
    const warnings = r.stderr.split('\n').filter((l) => l.includes('[WARNING]'));
    expect(warnings.filter((l) => !/could not resolve address 'api-\d'/.test(l))).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const ms = (text: string, re: RegExp): number => {
  const m = re.exec(text);
  if (!m) throw new Error(`not found: ${re}`);
  return Number(m[1]) * (m[2] === 's' ? 1000 : 1);
};

test('the balancer takes a node out within its grace, and the orchestrator waits for its whole close', () => {
  const inter = ms(cfg, /default-server check inter (\d+)(s|ms)/);
  const fall = Number(/ fall (\d+)/.exec(cfg)![1]);
  const grace = ms(compose, /SHUTDOWN_GRACE_MS: "(\d+)"()/);
  const handoff = ms(compose, /SHUTDOWN_HANDOFF_MS: "(\d+)"()/);
  const stop = ms(compose, /stop_grace_period: (\d+)(s)/);
  // 2 s × 2 = 4 s < 5 s: no new work reaches a node whose sockets are being handed off
  expect(inter * fall).toBeLessThan(grace);
  // 5 s + 10 s + the 10 s forced close (server/src/main.ts) = 25 s < 30 s
  expect(grace + handoff + 10_000).toBeLessThan(stop);
  expect(cfg).toMatch(/http-check send meth GET uri \/readyz/);
});

test('the image and the migration job run the prebuilt server, and the image carries no TypeScript runner', () => {
  const dockerfile = read('Dockerfile');
  expect(dockerfile).toContain('npm run build:server');
  expect(dockerfile).toMatch(/^CMD \["node", "dist\/server\/main\.cjs"\]$/m);
  expect(dockerfile).not.toMatch(/tsx/);
  expect(compose).toContain('command: ["node", "dist/server/migrate.cjs"]');
});
