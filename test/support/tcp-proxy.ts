/**
 * A small TCP load balancer for tests, in front of several server processes on loopback: every
 * incoming connection is forwarded to one backend port (round robin, or a chooser) and its bytes are
 * passed both ways. When the backend side fails or closes, the client side is destroyed too, so a
 * websocket client sees the drop as a real load balancer would show it. A backend marked down gets
 * no new connections; a connection attempt that fails (a backend that died without being marked down
 * yet) falls over to the next live backend. `close()` ends the listener and every connection.
 *
 * One direction of one connection can be held: its bytes are still read (so a closing peer is seen at
 * once) but kept by the proxy until released; they are lost if the connection ends meanwhile, as
 * bytes in transit are when a backend dies.
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
  /** The backend the connection went to; -1 while connecting or when no backend answered. */
  backend: number;
  /** Backends tried before it whose connection failed. */
  failedOver: number[];
}

/** `toBackend`: what the client sends; `toClient`: what the backend answers. */
export type TcpDirection = 'toBackend' | 'toClient';

export interface TcpProxy {
  /** Port the proxy listens on (loopback). */
  readonly port: number;
  /** New connections avoid this backend; existing ones are left as they are. */
  markDown(port: number): void;
  markUp(port: number): void;
  /** Backends not marked down, in the order given. */
  live(): number[];
  /** Where every accepted connection went, in the order accepted (an index here names a connection). */
  readonly routes: readonly TcpRoute[];
  /** Keeps the bytes of one direction of connection `route` from now on, until released. */
  hold(route: number, direction: TcpDirection): void;
  /** Passes on the bytes kept and forwards again. */
  release(route: number, direction: TcpDirection): void;
  /** Connections forwarded and open now, per backend. */
  open(): Map<number, number>;
  /** Stops listening and destroys every connection. */
  close(): Promise<void>;
}

/** One direction of a connection: forwards chunks, or keeps them while held. */
class Gate {
  held = false;
  private kept: Buffer[] = [];
  private ended = false;

  constructor(
    private readonly from: net.Socket,
    private readonly to: net.Socket,
  ) {}

  start(): void {
    this.from.on('data', (chunk: Buffer) => {
      if (this.held) this.kept.push(chunk);
      else this.write(chunk);
    });
    this.from.on('end', () => {
      this.ended = true;
      if (!this.held) this.to.end();
    });
    this.from.resume();
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    for (const chunk of this.kept.splice(0)) this.write(chunk);
    if (this.ended) this.to.end();
  }

  private write(chunk: Buffer): void {
    if (this.to.destroyed) return;
    if (!this.to.write(chunk)) {
      this.from.pause();
      this.to.once('drain', () => this.from.resume());
    }
  }
}

export async function startTcpProxy(backends: readonly number[], options: TcpProxyOptions = {}): Promise<TcpProxy> {
  if (backends.length === 0) throw new Error('tcp proxy: no backends');
  const host = options.host ?? '127.0.0.1';
  const down = new Set<number>();
  const sockets = new Set<net.Socket>();
  const openPerBackend = new Map<number, number>();
  const routes: TcpRoute[] = [];
  // per connection, same index as routes; a hold asked for before the backend answered waits here
  const gates: Array<Partial<Record<TcpDirection, Gate>> & { pending: Set<TcpDirection> }> = [];
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
    const own: (typeof gates)[number] = { pending: new Set() };
    gates.push(own);
    const order = attemptOrder(accepted++);
    // until a backend answers, the client's bytes stay buffered in its paused stream
    client.pause();
    client.on('error', () => client.destroy());
    let connected = false;

    const tryNext = () => {
      const backend = order.shift();
      if (backend === undefined || closing || client.destroyed) {
        client.destroy();
        return;
      }
      const upstream = net.connect(backend, host);
      track(upstream);
      client.once('close', () => upstream.destroy());
      upstream.once('connect', () => {
        connected = true;
        route.backend = backend;
        openPerBackend.set(backend, (openPerBackend.get(backend) ?? 0) + 1);
        upstream.once('close', () => openPerBackend.set(backend, (openPerBackend.get(backend) ?? 1) - 1));
        own.toBackend = new Gate(client, upstream);
        own.toClient = new Gate(upstream, client);
        for (const d of own.pending) own[d]!.held = true;
        own.toBackend.start();
        own.toClient.start();
      });
      upstream.on('error', () => {
        upstream.destroy();
        if (!connected) {
          route.failedOver.push(backend);
          tryNext();
        }
      });
      // the backend went away (or failed): the client sees its connection end too
      upstream.once('close', () => {
        if (connected) client.destroy();
      });
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

  const gateOf = (route: number) => {
    const g = gates[route];
    if (!g) throw new Error(`tcp proxy: no connection ${route}`);
    return g;
  };

  return {
    port,
    markDown: (p) => void down.add(p),
    markUp: (p) => void down.delete(p),
    live,
    routes,
    hold: (route, direction) => {
      const g = gateOf(route);
      g.pending.add(direction);
      if (g[direction]) g[direction]!.held = true;
    },
    release: (route, direction) => {
      const g = gateOf(route);
      g.pending.delete(direction);
      g[direction]?.release();
    },
    open: () => new Map(openPerBackend),
    close: async () => {
      closing = true;
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await stopped;
    },
  };
}
