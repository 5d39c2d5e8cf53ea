/**
 * The live channel of a table room (C§4 "Scan-order live channel", TABLE-1…6): `GET /ws/{roomId}`
 * upgraded to a websocket, the token in the `token` header or `?token=`. Frames are the contract's
 * (src/api/contract/ws.ts).
 *
 * Delivery: each process subscribes to a room on the bus when its first socket of the room arrives,
 * BEFORE it reads the room from the database, so no message falls between the snapshot and the first
 * event. Every socket remembers the last version it was sent: a message at or below it is a
 * duplicate and skipped, one above the next expected version is a gap and the socket gets a fresh
 * snapshot instead. A socket therefore sees every change exactly once, in order, or a snapshot that
 * contains it. When the broker connection comes back after a loss, every socket gets a snapshot.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { HeaderNames } from '../../../../src/api/contract/common';
import { WsClientMessage, WsCloseCode, type WsServerMessage } from '../../../../src/api/contract/ws';
import { CartReplyCode } from '../../../../src/domain/enums';
import { perServer, type ServerContext } from '../../context';
import { AppError } from '../../http/errors';
import { messageFor, pickLanguage, type Lang } from '../../i18n/messages';
import type { Session } from '../sessions';
import { getUser } from '../users';
import { clientOpenid } from '../openids';
import type { BusMessage } from '../../bus';
import { roomBus } from './bus';
import { liveRoomForUser, noteRoomVersion, operateRoom, roomRow, snapshotOf, type Diner, type RoomOp } from './rooms';

/** Largest frame a client may send. */
const MAX_FRAME_BYTES = 64 * 1024;
/** Server pings to find dead peers; a socket that misses two is dropped. */
const PING_INTERVAL_MS = 30_000;
/** Messages kept for a socket waiting for its snapshot. */
const MAX_BUFFERED = 1000;
/**
 * How long a message that arrived ahead of its predecessor waits for it. Two processes publish the
 * versions of one room in commit order only roughly: the missing one is usually a moment behind, and
 * a snapshot (which replaces the event the diner would have seen) is needed only when it never comes.
 */
const GAP_WAIT_MS = 150;

interface Conn {
  socket: WebSocket;
  roomId: string;
  shopId: number;
  diner: Diner;
  lang: Lang;
  /** Last version this socket was sent; null until its first snapshot. */
  lastSeq: number | null;
  /** Messages that arrived while a snapshot was being read. */
  buffer: BusMessage[];
  /** Messages ahead of a missing version, waiting for it (GAP_WAIT_MS). */
  pending: Map<number, BusMessage>;
  gapTimer: ReturnType<typeof setTimeout> | null;
  syncing: boolean;
  /** Client operations are handled one after another. */
  chain: Promise<void>;
  alive: boolean;
}

interface RoomEntry {
  conns: Set<Conn>;
  ready: Promise<() => Promise<void>>;
}

class RoomHub {
  private readonly rooms = new Map<string, RoomEntry>();

  constructor(private readonly ctx: ServerContext) {
    roomBus(ctx).onReconnect(() => {
      for (const entry of this.rooms.values()) for (const c of entry.conns) void this.resync(c);
    });
  }

  /** Adds the socket to the room; resolves once the room's subscription is active. */
  async add(conn: Conn): Promise<void> {
    let entry = this.rooms.get(conn.roomId);
    if (!entry) {
      const conns = new Set<Conn>();
      const ready = roomBus(this.ctx).subscribe(conn.roomId, (m) => {
        noteRoomVersion(this.ctx, conn.roomId, m.seq);
        for (const c of conns) this.deliver(c, m);
      });
      entry = { conns, ready };
      this.rooms.set(conn.roomId, entry);
      ready.catch(() => {
        if (this.rooms.get(conn.roomId) === entry) this.rooms.delete(conn.roomId);
      });
    }
    entry.conns.add(conn);
    await entry.ready;
  }

  async remove(conn: Conn): Promise<void> {
    this.clearGap(conn);
    const entry = this.rooms.get(conn.roomId);
    if (!entry) return;
    entry.conns.delete(conn);
    if (entry.conns.size > 0) return;
    this.rooms.delete(conn.roomId);
    const unsubscribe = await entry.ready.catch(() => null);
    await unsubscribe?.();
  }

  /** Rooms with a socket on this process. */
  get roomCount(): number {
    return this.rooms.size;
  }

  /** Sockets connected to this process (all rooms). */
  get size(): number {
    let n = 0;
    for (const e of this.rooms.values()) n += e.conns.size;
    return n;
  }

  deliver(c: Conn, m: BusMessage): void {
    if (c.syncing || c.lastSeq === null) {
      // the coming snapshot covers whatever a very long wait would have buffered
      if (c.buffer.length < MAX_BUFFERED) c.buffer.push(m);
      return;
    }
    if (m.seq <= c.lastSeq) return;
    if (m.seq > c.lastSeq + 1) {
      if (c.pending.size >= MAX_BUFFERED) {
        this.gapResync(c);
        return;
      }
      c.pending.set(m.seq, m);
      c.gapTimer ??= setTimeout(() => {
        c.gapTimer = null;
        if (c.pending.size > 0) this.gapResync(c);
      }, GAP_WAIT_MS);
      return;
    }
    c.lastSeq = m.seq;
    sendEvent(c, m);
    // the versions that waited for this one follow it, in order
    for (let next = c.pending.get(c.lastSeq + 1); next; next = c.pending.get(c.lastSeq + 1)) {
      c.pending.delete(next.seq);
      c.lastSeq = next.seq;
      sendEvent(c, next);
    }
    for (const seq of c.pending.keys()) if (seq <= c.lastSeq) c.pending.delete(seq);
    if (c.pending.size === 0) this.clearGap(c);
  }

  /** The missing version did not come: a snapshot, then whatever waited beyond it. */
  private gapResync(c: Conn): void {
    for (const m of c.pending.values()) if (c.buffer.length < MAX_BUFFERED) c.buffer.push(m);
    c.pending.clear();
    this.clearGap(c);
    void this.resync(c);
  }

  clearGap(c: Conn): void {
    if (c.gapTimer) clearTimeout(c.gapTimer);
    c.gapTimer = null;
  }

  /** Sends the room as it is now and resumes delivery after it. */
  async resync(c: Conn, seq?: number): Promise<void> {
    if (c.syncing) return;
    c.syncing = true;
    try {
      const row = await roomRow(this.ctx, c.roomId);
      if (!row) {
        c.socket.close(WsCloseCode.roomNotFound, 'room gone');
        return;
      }
      send(c, snapshotOf(row, seq));
      c.lastSeq = Math.max(row.version, c.lastSeq ?? 0);
    } catch (e) {
      this.ctx.log.warn({ err: e, room: c.roomId }, 'room resync failed');
    } finally {
      c.syncing = false;
    }
    const buffered = c.buffer.splice(0).sort((a, b) => a.seq - b.seq);
    for (const m of buffered) this.deliver(c, m);
  }
}

const hubOf = perServer((ctx) => new RoomHub(ctx));

function sendText(c: Conn, text: string): void {
  if (c.socket.readyState === c.socket.OPEN) c.socket.send(text);
}

function send(c: Conn, message: WsServerMessage): void {
  sendText(c, JSON.stringify(message));
}

/** A room message's frame, written once for all the room's sockets. */
const frames = new WeakMap<BusMessage, string>();

function sendEvent(c: Conn, m: BusMessage): void {
  let text = frames.get(m);
  if (text === undefined) {
    text = JSON.stringify(m.data);
    frames.set(m, text);
  }
  sendText(c, text);
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

async function sessionOf(ctx: ServerContext, req: FastifyRequest): Promise<{ session: Session; token: string } | null> {
  const q = req.query as Record<string, unknown>;
  const token = header(req, HeaderNames.token) ?? (typeof q.token === 'string' ? q.token : undefined);
  if (!token) return null;
  const session = await ctx.sessions.resolve(token);
  return session ? { session, token } : null;
}

/** The diner a session stands for, named as the user's profile names them until they join. */
export async function dinerOf(ctx: ServerContext, userId: number, nickname?: string, avatar?: string): Promise<Diner> {
  const user = await getUser(ctx.db, userId);
  return {
    userId,
    openId: clientOpenid(user.openid),
    nickname: nickname ?? user.nickName,
    avatar: avatar ?? user.avatarUrl,
  };
}

async function handleFrame(ctx: ServerContext, hub: RoomHub, c: Conn, raw: string): Promise<void> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    send(c, { type: 'error', code: 'badRequest', info: messageFor('badRequest', c.lang) });
    return;
  }
  const parsed = WsClientMessage.safeParse(json);
  if (!parsed.success) {
    const seq = (json as { seq?: unknown })?.seq;
    if (typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0) {
      send(c, { type: 'reply', seq, code: CartReplyCode.ParamsError, reason: messageFor('badRequest', c.lang), latestProduct: null, version: c.lastSeq ?? 0 });
    } else {
      send(c, { type: 'error', code: 'badRequest', info: messageFor('badRequest', c.lang) });
    }
    return;
  }
  const m = parsed.data;
  switch (m.type) {
    case 'ping':
      send(c, { type: 'pong' });
      return;
    case 'join': {
      c.diner = { ...c.diner, nickname: m.nickname || c.diner.nickname, avatar: m.avatar || c.diner.avatar };
      await operateRoom(ctx, c.roomId, c.shopId, c.diner, { type: 'joined' }, c.lang, true);
      if (c.lastSeq === null) await hub.resync(c);
      return;
    }
    case 'sync': {
      const row = await roomRow(ctx, c.roomId);
      if (!row) return;
      const snap = snapshotOf(row, m.seq);
      send(c, m.flag === undefined ? snap : { ...snap, products: snap.products.filter((l) => l.flag === m.flag) });
      if (m.flag === undefined && (c.lastSeq === null || row.version > c.lastSeq)) {
        c.lastSeq = row.version;
        const buffered = c.buffer.splice(0).sort((a, b) => a.seq - b.seq);
        for (const b of buffered) hub.deliver(c, b);
      }
      return;
    }
    default: {
      const op: RoomOp =
        m.type === 'clear' ? { type: 'clear' } : m.type === 'submitted' ? { type: 'submitted', orderId: m.orderId } : { type: m.type, line: m.product };
      const change = await operateRoom(ctx, c.roomId, c.shopId, c.diner, op, c.lang, true);
      send(c, { type: 'reply', seq: m.seq, code: change.code, reason: change.reason, latestProduct: change.latestProduct, version: change.version });
    }
  }
}

/** Pings every room socket; one that missed the previous ping is dropped (started by the app). */
export function startRoomHeartbeat(app: FastifyInstance, ctx: ServerContext): void {
  const timer = setInterval(() => {
    for (const s of app.websocketServer?.clients ?? []) {
      const ws = s as WebSocket & { isAlive?: boolean };
      if (ws.isAlive === false) {
        ws.terminate();
        continue;
      }
      ws.isAlive = false;
      ws.ping();
    }
  }, PING_INTERVAL_MS);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));
}

/** Close code 1012 (Service Restart, RFC 6455 registry): the node is going away, connect again now. */
export const SERVICE_RESTART_CLOSE = 1012;
/** How long a closing server waits for its sockets' close handshakes before it cuts what is left. */
const CLOSE_HANDSHAKE_MS = 1000;

/**
 * Every websocket of the server (table rooms, staff boards, order pages) closed with 1012 when the
 * server closes (OPS-1 graceful shutdown), so a client reconnects at once (to another node) instead
 * of waiting out its backoff; the close handshakes are awaited a moment, then what is left is cut.
 * Replaces @fastify/websocket's own pre-close, which closes them without a code.
 */
export async function closeSocketsForRestart(app: FastifyInstance): Promise<void> {
  const server = app.websocketServer;
  if (!server) return;
  const open = [...server.clients];
  const closed = open.map(
    (s) =>
      new Promise<void>((resolve) => {
        if (s.readyState === s.CLOSED) return resolve();
        s.once('close', () => resolve());
      }),
  );
  for (const s of open) if (s.readyState === s.OPEN || s.readyState === s.CONNECTING) s.close(SERVICE_RESTART_CLOSE, 'service restart');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(closed), new Promise((r) => (timer = setTimeout(r, CLOSE_HANDSHAKE_MS)))]);
  clearTimeout(timer);
  for (const s of server.clients) s.terminate();
  server.close();
}

/** Registers the websocket route of the table rooms. */
export async function registerLiveChannel(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    preClose: async function preClose(this: FastifyInstance) {
      await closeSocketsForRestart(this);
    },
  });
  const hub = hubOf(ctx);

  app.get('/ws/:roomId', { websocket: true }, (socket: WebSocket, request: FastifyRequest) => {
    const ws = socket as WebSocket & { isAlive?: boolean };
    ws.isAlive = true;
    ws.on('pong', () => {
      ws.isAlive = true;
    });
    const roomId = (request.params as { roomId: string }).roomId;
    const lang = pickLanguage(header(request, HeaderNames.language), ctx.config.abroadEnv);
    // frames that arrive while the socket is being admitted wait for it
    const early: string[] = [];
    let conn: Conn | null = null;
    let closed = false;
    // C§9: the token's 24 hours end on an open socket too; its next frame closes it unhandled
    let expiresAt = Number.POSITIVE_INFINITY;
    socket.on('message', (data) => {
      if (ctx.clock.now() >= expiresAt) {
        socket.close(WsCloseCode.unauthorized, 'login expired');
        return;
      }
      const text = data.toString();
      if (!conn) {
        early.push(text);
        return;
      }
      const c = conn;
      c.chain = c.chain.then(() => handleFrame(ctx, hub, c, text)).catch((e) => {
        ctx.log.warn({ err: e, room: c.roomId }, 'room frame failed');
        const code = e instanceof AppError ? e.code : 'serverError';
        send(c, { type: 'error', code: code as 'badRequest', info: e instanceof AppError ? messageFor(e.code, c.lang) : '' });
      });
    });
    socket.on('close', () => {
      closed = true;
      if (conn) void hub.remove(conn);
    });
    void (async () => {
      const auth = await sessionOf(ctx, request);
      if (!auth) {
        socket.close(WsCloseCode.unauthorized, 'login expired');
        return;
      }
      expiresAt = auth.session.expiresAt;
      try {
        // TABLE-7: only the session's diners, while it runs
        await liveRoomForUser(ctx, roomId, auth.session.shopId, auth.session.userId);
      } catch {
        socket.close(WsCloseCode.roomNotFound, 'room not found');
        return;
      }
      const diner = await dinerOf(ctx, auth.session.userId);
      const c: Conn = {
        socket,
        roomId,
        shopId: auth.session.shopId,
        diner,
        lang,
        lastSeq: null,
        buffer: [],
        pending: new Map(),
        gapTimer: null,
        syncing: false,
        chain: Promise.resolve(),
        alive: true,
      };
      await hub.add(c);
      if (closed) {
        await hub.remove(c);
        return;
      }
      conn = c;
      for (const text of early.splice(0)) {
        c.chain = c.chain.then(() => handleFrame(ctx, hub, c, text)).catch((e) => ctx.log.warn({ err: e }, 'room frame failed'));
      }
    })().catch((e) => {
      ctx.log.warn({ err: e, room: roomId }, 'room socket refused');
      socket.close(1011, 'server error');
    });
  });
}

/** Sockets connected to this process (for tests and the health of a node). */
export const liveSockets = (ctx: ServerContext): number => hubOf(ctx).size;

/** Table rooms with a socket on this process (the `table_rooms` gauge). */
export const liveRooms = (ctx: ServerContext): number => hubOf(ctx).roomCount;
