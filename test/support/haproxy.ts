/**
 * HAProxy in front of server processes on loopback (OPS-1): the balancer of docs/deploy.md
 * (deploy/haproxy.cfg's backend: `option httpchk` on `GET /readyz`, no stickiness), with the
 * bench's timings — a check every 200 ms, out after 2 failures, back after 2 successes, a check
 * without an answer in 1 s failed — and without TLS. A connection that a node refuses is sent to the
 * other (`option redispatch`, `retries`); when no node is up HAProxy answers 503 itself.
 *
 * The same surface as test/support/balancer.ts: `ready()` are the servers HAProxy has UP (read from
 * its stats socket every 100 ms), `probes` the checks seen by those reads — a check that repeats the
 * previous one's status and duration exactly is not told apart from it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Balancer, Probe } from './balancer';
import { freePort, waitUntil } from './processes';

/** True when an `haproxy` binary is on the PATH (Debian's package `haproxy`). */
export function haproxyAvailable(): boolean {
  const r = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  return r.status === 0 && /HAProxy version/.test(r.stdout);
}

export interface HaproxyOptions {
  /** Pause between two checks of one server (default 200 ms). */
  checkEveryMs?: number;
  /** A check without an answer in this long fails (default 1000 ms). */
  checkTimeoutMs?: number;
  /** Failed checks in a row that take a server out (default 2). */
  fall?: number;
  /** Passed checks in a row that bring it back (default 2). */
  rise?: number;
}

const config = (
  port: number,
  socket: string,
  backends: readonly number[],
  o: Required<HaproxyOptions>,
): string =>
  [
    'global',
    '  maxconn 8000',
    `  stats socket ${socket} mode 600 level admin`,
    'defaults',
    '  mode http',
    '  option log-health-checks',
    '  option redispatch',
    '  retries 3',
    '  maxconn 8000',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 120s',
    '  timeout http-request 10s',
    `  timeout check ${o.checkTimeoutMs}ms`,
    'frontend public',
    `  bind 127.0.0.1:${port}`,
    '  default_backend api',
    'backend api',
    '  balance leastconn',
    '  option httpchk',
    '  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host api',
    '  http-check expect status 200',
    `  default-server check inter ${o.checkEveryMs}ms fall ${o.fall} rise ${o.rise}`,
    ...backends.map((p) => `  server n${p} 127.0.0.1:${p}`),
    '',
  ].join('\n');

/** One command on HAProxy's stats socket; its whole answer. */
function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const c = net.createConnection(socket, () => c.end(`${command}\n`));
    c.setTimeout(2000, () => c.destroy(new Error(`haproxy stats socket: no answer to ${command}`)));
    c.on('data', (d: Buffer) => chunks.push(d));
    c.on('error', reject);
    c.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** `check_status` of `show stat` as a probe's outcome. */
const outcome = (checkStatus: string, code: string): Probe['status'] | null => {
  if (checkStatus === 'L7OK' || checkStatus === 'L7STS') return Number(code) || 'error';
  if (checkStatus === 'L4CON') return 'refused';
  if (checkStatus === '' || checkStatus === 'INI' || checkStatus === 'UNK') return null;
  // L4TOUT, L7TOUT, L7RSP, SOCKERR…
  return 'error';
};

export interface HaproxyBalancer extends Balancer {
  /** What HAProxy printed (its checks' and servers' state changes). */
  output(): string;
}

export async function startHaproxy(
  backends: readonly number[],
  opts: HaproxyOptions = {},
): Promise<HaproxyBalancer> {
  const o: Required<HaproxyOptions> = { checkEveryMs: 200, checkTimeoutMs: 1000, fall: 2, rise: 2, ...opts };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'haproxy-'));
  const socket = path.join(dir, 'admin.sock');
  const cfg = path.join(dir, 'haproxy.cfg');
  const port = await freePort();
  writeFileSync(cfg, config(port, socket, backends, o));
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const up = new Set<number>();
  const probes: Probe[] = [];
  const last = new Map<number, string>();
  let closed = false;
  const read = async (): Promise<void> => {
    const csv = await ask(socket, 'show stat');
    const lines = csv.split('\n').filter(Boolean);
    const head = (lines[0] ?? '').replace(/^# /, '').split(',');
    const col = (name: string) => head.indexOf(name);
    const at = Date.now();
    for (const line of lines.slice(1)) {
      const f = line.split(',');
      const m = /^n(\d+)$/.exec(f[col('svname')] ?? '');
      if (f[col('pxname')] !== 'api' || !m) continue;
      const p = Number(m[1]);
      // "UP", "UP 1/2" (one failed check: still sent traffic), "DOWN", "DOWN 1/2" (not yet back)
      if ((f[col('status')] ?? '').startsWith('UP')) up.add(p);
      else up.delete(p);
      const status = outcome(f[col('check_status')] ?? '', f[col('check_code')] ?? '');
      const ms = Number(f[col('check_duration')] ?? '');
      const key = `${f[col('check_status')]}|${f[col('check_code')]}|${f[col('check_duration')]}`;
      if (status === null || last.get(p) === key) continue;
      last.set(p, key);
      probes.push({ port: p, at, status, ms: Number.isFinite(ms) ? ms : NaN });
    }
  };
  let timer: NodeJS.Timeout | null = null;
  const poll = () => {
    if (closed) return;
    read()
      .catch(() => undefined)
      .finally(() => {
        if (!closed) timer = setTimeout(poll, 100);
      });
  };
  try {
    await waitUntil(
      'haproxy listening',
      async () => {
        if (child.exitCode !== null) throw new Error(`haproxy exited ${child.exitCode}:\n${out}`);
        return ask(socket, 'show info').then(
          (s) => s.includes('Name: HAProxy'),
          () => false,
        );
      },
      { timeoutMs: 10_000 },
    );
  } catch (e) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  poll();

  return {
    port,
    base: `http://127.0.0.1:${port}`,
    ready: () => [...up].sort((a, b) => a - b),
    probes,
    output: () => out,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
