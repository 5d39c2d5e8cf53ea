/**
 * A minimal health-checking load balancer for the rolling-restart suite and bench (OPS-1): the TCP
 * proxy of test/support/tcp-proxy.ts (HTTP and websockets pass through it as bytes) in front of
 * server processes on loopback, with each backend's `GET /readyz` probed every `probeEveryMs`
 * (200 ms). A new connection goes only to a backend whose last probe answered 200 (round robin over
 * them); connections already open are left as they are. Until its first probe answers, a backend
 * gets nothing. Every probe's outcome is kept (`probes`), so a test can tell when a node answered 503
 * and when its port closed.
 */
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/** One probe's outcome: the HTTP status, or 'refused' (nothing listens), or 'error' (timeout, reset). */
export interface Probe {
  port: number;
  /** Date.now() when the answer (or the failure) came. */
  at: number;
  status: number | 'refused' | 'error';
  /** How long the probe took, ms (to its answer, or its failure). */
  ms: number;
}

export interface BalancerOptions {
  /** Pause between two probes of one backend (default 200 ms). */
  probeEveryMs?: number;
  /** A probe without an answer in this long fails (default 1000 ms). */
  probeTimeoutMs?: number;
  /** The health path (default /readyz). */
  path?: string;
}

export interface Balancer {
  port: number;
  base: string;
  /** Backends whose last probe answered 200. */
  ready(): number[];
  /** Every probe so far, in the order answered. */
  readonly probes: readonly Probe[];
  close(): Promise<void>;
}

/** The balancer of this file: its TCP proxy is open to the test. */
export interface TcpBalancer extends Balancer {
  proxy: TcpProxy;
}

const isRefused = (e: unknown): boolean => {
  const cause = (e as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
};

export async function startBalancer(backends: readonly number[], opts: BalancerOptions = {}): Promise<TcpBalancer> {
  const { probeEveryMs = 200, probeTimeoutMs = 1000, path = '/readyz' } = opts;
  const proxy = await startTcpProxy(backends);
  for (const p of backends) proxy.markDown(p);
  const probes: Probe[] = [];
  let closed = false;
  const timers = new Map<number, NodeJS.Timeout>();

  const probe = async (port: number): Promise<void> => {
    let status: Probe['status'];
    const sent = performance.now();
    try {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(probeTimeoutMs) });
      await res.arrayBuffer();
      status = res.status;
    } catch (e) {
      status = isRefused(e) ? 'refused' : 'error';
    }
    if (closed) return;
    probes.push({ port, at: Date.now(), status, ms: performance.now() - sent });
    if (status === 200) proxy.markUp(port);
    else proxy.markDown(port);
    timers.set(port, setTimeout(() => void probe(port), probeEveryMs));
  };
  for (const p of backends) void probe(p);

  return {
    port: proxy.port,
    base: `http://127.0.0.1:${proxy.port}`,
    proxy,
    ready: () => proxy.live(),
    probes,
    close: async () => {
      closed = true;
      for (const t of timers.values()) clearTimeout(t);
      await proxy.close();
    },
  };
}
