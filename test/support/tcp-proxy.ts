/**
 * A small TCP load balancer for tests, in front of several server processes on loopback: every
 * incoming connection is forwarded to one backend port (round robin, or a chooser) and piped both
 * ways. When the backend side fails or closes, the client side is destroyed too, so a websocket
 * client sees the drop as a real load balancer would show it. A backend marked down gets no new
 * connections; a connection attempt that fails (a backend that died without being marked down yet)
 * falls over to the next live backend. `close()` ends the listener and every piped connection.
 */
import net from 'node:net';

export interface TcpProxyOptions {
  /**
   * The backend a new connection should go to, given the backends not marked down (in the order
   * given) and the number of connections accepted before it. A port not among `live` is ignored and
   * round robin applies. Default: round robin.
   */
  choose?: (live: readonly number[], accepted: number) => number;
  host?: string;
}

export interface TcpRoute {
  /** The backend the connection went to. */
  backend: number;
  /** Backends tried before it whose connection failed. */
  failedOver: number[];
}

export interface TcpProxy {
  /** Port the proxy listens on (loopback). */
  readonly port: number;
  /** New connections avoid this backend; existing ones are left as they are. */
  markDown(port: number): void;
  markUp(port: number): void;
  /** Backends not marked down, in the order given. */
  live(): number[];
  /** Where every accepted connection went, in the order accepted (failed attempts: `backend` -1). */
  readonly routes: TcpRoute[];
  /** Piped connections open now, per backend. */
  open(): Map<number, number>;
  /** Stops listening and destroys every connection. */
  close(): Promise<void>;
}

export async function startTcpProxy(backends: readonly number[], options: TcpProxyOptions = {}): Promise<TcpProxy> {
  if (backends.length === 0) throw new Error('tcp proxy: no backends');
  const host = options.host ?? '127.0.0.1';
  const down = new Set<number>();
  const sockets = new Set<net.Socket>();
  const openPerBackend = new Map<number, number>();
  const routes: TcpRoute[] = [];
  let accepted = 0;
  let closing = false;

  const live = () => backends.filter((p) => !down.has(p));

  /** Live backends in the order they are tried for one connection: the chosen one first. */
  const attemptOrder = (n: number): number[] => {
    const l = live();
    if (l.length === 0) return [];
    const chosen = options.choose?.(l, n);
    const start = chosen !== undefined && l.includes(chosen) ? l.indexOf(chosen) : n % l.length;
    return [...l.slice(start), ...l.slice(0, start)];
  };

  const track = (s: net.Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  };

  const server = net.createServer((client) => {
    track(client);
    const route: TcpRoute = { backend: -1, failedOver: [] };
    routes.push(route);
    const order = attemptOrder(accepted++);
    // until a backend answers, the client's bytes stay buffered in its (not yet flowing) stream
    client.pause();
    client.on('error', () => client.destroy());
    let settled = false;

    const tryNext = () => {
      const backend = order.shift();
      if (backend === undefined || closing || client.destroyed) {
        client.destroy();
        return;
      }
      const upstream = net.connect(backend, host);
      track(upstream);
      upstream.once('connect', () => {
        settled = true;
        route.backend = backend;
        openPerBackend.set(backend, (openPerBackend.get(backend) ?? 0) + 1);
        upstream.once('close', () => openPerBackend.set(backend, (openPerBackend.get(backend) ?? 1) - 1));
        upstream.pipe(client);
        client.pipe(upstream);
        client.resume();
      });
      upstream.on('error', () => {
        if (!settled) {
          route.failedOver.push(backend);
          upstream.destroy();
          tryNext();
          return;
        }
        upstream.destroy();
      });
      upstream.once('close', () => {
        // the backend went away (or failed): the client sees its connection end too
        if (settled) client.destroy();
      });
      client.once('close', () => upstream.destroy());
    };
    tryNext();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    markDown: (p) => void down.add(p),
    markUp: (p) => void down.delete(p),
    live,
    routes,
    open: () => new Map(openPerBackend),
    close: async () => {
      closing = true;
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await stopped;
    },
  };
}
