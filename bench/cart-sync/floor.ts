/**
 * The cart-sync bench's floors: a bare `ws` relay that numbers each operation of a room, sends the
 * event to every socket of the room and answers the sender with the app's frames — the fan-out
 * without a database — and the same relay committing one row per operation before it broadcasts
 * (`store`: the room's row, its version bumped in one statement through the same driver as the
 * server's, PGlite or node-postgres), with the events of other relays arriving through Redis (`bus`)
 * when it runs as one of two nodes: the work every acknowledged operation needs at the least.
 */
import type net from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { CartOperation, CartReplyCode } from '../../src/domain/enums';

export interface FloorRelay {
  base: string;
  close(): Promise<void>;
}

/** Where a committed floor writes: one statement per operation, answering the room's new version. */
export interface FloorStore {
  commit(room: string, lines: string): Promise<number>;
  close(): Promise<void>;
}

/** Between two relays: each publishes the events it committed and hears the other's. */
export interface FloorBus {
  publish(room: string, event: string): void;
  onEvent(handler: (room: string, event: string) => void): void;
  close(): Promise<void>;
}

const ROOM_ROW = `CREATE TABLE IF NOT EXISTS floor_rooms (id text PRIMARY KEY, version integer NOT NULL, lines jsonb NOT NULL)`;
const BUMP = `INSERT INTO floor_rooms (id, version, lines) VALUES ($1, 1, $2::jsonb)
  ON CONFLICT (id) DO UPDATE SET version = floor_rooms.version + 1, lines = EXCLUDED.lines RETURNING version`;

/** The embedded database's floor store: PGlite in `dataDir`, as the one-node server runs it. */
export async function pgliteFloorStore(dataDir: string): Promise<FloorStore> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dataDir);
  await db.exec(ROOM_ROW);
  return {
    async commit(room, lines) {
      const res = await db.query<{ version: number }>(BUMP, [room, lines]);
      return res.rows[0].version;
    },
    close: () => db.close(),
  };
}

/** PostgreSQL's floor store: a node-postgres pool of the server's size (10). */
export async function postgresFloorStore(url: string): Promise<FloorStore> {
  const { Pool } = await import('pg');
  const pool = new Pool({ connectionString: url, max: 10 });
  await pool.query(ROOM_ROW);
  return {
    async commit(room, lines) {
      const res = await pool.query<{ version: number }>(BUMP, [room, lines]);
      return res.rows[0].version;
    },
    close: () => pool.end(),
  };
}

/** The bus through Redis (ioredis, as the server's): a relay ignores what it published itself. */
export async function redisFloorBus(url: string): Promise<FloorBus> {
  const { default: Redis } = await import('ioredis');
  const pub = new Redis(url);
  const sub = new Redis(url);
  const me = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  await sub.subscribe('floor');
  let handler: (room: string, event: string) => void = () => undefined;
  sub.on('message', (_channel: string, message: string) => {
    const m = JSON.parse(message) as { from: string; room: string; event: string };
    if (m.from !== me) handler(m.room, m.event);
  });
  return {
    publish(room, event) {
      void pub.publish('floor', JSON.stringify({ from: me, room, event }));
    },
    onEvent(h) {
      handler = h;
    },
    async close() {
      sub.disconnect();
      pub.disconnect();
    },
  };
}

/** Starts the relay on a free loopback port (with a store: each operation committed first). */
export async function startFloorRelay(opts: { store?: FloorStore; bus?: FloorBus } = {}): Promise<FloorRelay> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  const rooms = new Map<string, { sockets: Set<WebSocket>; version: number; queue: Promise<unknown> }>();
  const roomOf = (id: string) => {
    let room = rooms.get(id);
    if (!room) {
      room = { sockets: new Set(), version: 0, queue: Promise.resolve() };
      rooms.set(id, room);
    }
    return room;
  };
  opts.bus?.onEvent((id, event) => {
    for (const s of roomOf(id).sockets) s.send(event);
  });
  wss.on('connection', (socket, req) => {
    const id = (req.url ?? '').replace(/^\/ws\//, '').replace(/\?.*$/, '');
    const r = roomOf(id);
    r.sockets.add(socket);
    socket.on('close', () => r.sockets.delete(socket));
    socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { type: string; seq: number; product: unknown };
      if (m.type === 'join') {
        socket.send(JSON.stringify({ type: 'snapshot', products: [], version: r.version }));
        return;
      }
      const by = { openId: 'x', nickname: 'x', avatar: '' };
      const operation = m.type === 'add' ? CartOperation.Add : CartOperation.Edit;
      const broadcast = (version: number) => {
        r.version = version;
        const event = JSON.stringify({ type: 'event', operation, product: m.product, by, version });
        for (const s of r.sockets) s.send(event);
        opts.bus?.publish(id, event);
        socket.send(JSON.stringify({ type: 'reply', seq: m.seq, code: CartReplyCode.ok, reason: '', latestProduct: m.product, version }));
      };
      const store = opts.store;
      if (!store) {
        broadcast(r.version + 1);
        return;
      }
      // one room's operations commit one after another on a node, as the server's room queue runs them
      r.queue = r.queue
        .then(() => store.commit(id, JSON.stringify([m.product])).then(broadcast))
        .catch((e: unknown) => console.error('[cart-sync floor] commit failed:', e));
    });
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const { port } = wss.address() as net.AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    async close() {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await opts.bus?.close();
      await opts.store?.close();
    },
  };
}
