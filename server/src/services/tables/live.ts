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
import {
  admitToLiveRoom,
  noteRoomVersion,
  operateRoom,
  rememberRoom,
  roomRow,
  seatedAs,
  snapshotOf,
  type Diner,
  type RoomOp,
  type RoomRow,
} from './rooms';

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
  /** The hub's tick when the socket joined its room's delivery (a room read started later covers it). */
  addedAt: number;
  /** Handed off by a closing node (handOffSockets): its frames from now on are dropped unhandled. */
  handedOff?: boolean;
}

interface RoomEntry {
  conns: Set<Conn>;
  ready: Promise<() => Promise<void>>;
}

/** A read of a room's row in flight, shared by the sockets that need one started after `startedAt`. */
interface RoomRead {
  startedAt: number;
  row: Promise<RoomRow | null>;
  /** The read after this one, shared by every need that came while this one ran. */
  next: Promise<RoomRow | null> | null;
}

class RoomHub {
  private readonly rooms = new Map<string, RoomEntry>();
  private readonly reads = new Map<string, RoomRead>();
  /** Orders the sockets' joins and the room reads: a read covers a need only if it started after it. */
  private tick = 0;
  /** The server closes: sockets leaving no longer unsubscribe one by one (the bus closes as a whole). */
  closing = false;
  /** Work a socket started (admission, frames): a closing server lets it finish before it closes the sockets. */
  readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly ctx: ServerContext) {
    roomBus(ctx).onReconnect(() => {
      for (const entry of this.rooms.values()) for (const c of entry.conns) void this.resync(c);
    });
  }

  /** Runs `work` counted as in flight until it settles. */
  track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.then(
      () => this.inFlight.delete(work),
      () => this.inFlight.delete(work),
    );
    return work;
  }

  /**
   * The room's row, read from the database by a statement that started after `since` (a hub tick):
   * every socket of the room that needs the room at about the same moment shares one read (a
   * restarted node's floor reconnecting, the bus coming back), instead of one statement a socket.
   */
  readRoom(roomId: string, since: number): Promise<RoomRow | null> {
    const current = this.reads.get(roomId);
    if (current && current.startedAt > since) return current.row;
    if (current) {
      // the read in flight began before this need: the next one, once it is done
      current.next ??= current.row.then(
        () => this.startRead(roomId),
        () => this.startRead(roomId),
      );
      return current.next;
    }
    return this.startRead(roomId);
  }

  private startRead(roomId: string): Promise<RoomRow | null> {
    const existing = this.reads.get(roomId);
    // a `next` of a read that ended joins the read another need started meanwhile
    if (existing && existing.next === null) return existing.row;
    const row = roomRow(this.ctx, roomId).then((r) => {
      // the room's next operation on this process writes over this version without reading it
      if (r) rememberRoom(this.ctx, r);
      return r;
    });
    const read: RoomRead = { startedAt: ++this.tick, row, next: null };
    this.reads.set(roomId, read);
    const done = () => {
      if (this.reads.get(roomId) === read) this.reads.delete(roomId);
    };
    read.row.then(done, done);
    return read.row;
  }

  /** A tick now: a read that starts after this call covers what the caller knows of. */
  now(): number {
    return ++this.tick;
  }

  /** Adds the socket to the room; resolves once the room's subscription is active. */
  async add(conn: Conn): Promise<void> {
    conn.addedAt = ++this.tick;
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
    if (this.closing) return;
    const unsubscribe = await entry.ready.catch(() => null);
    await unsubscribe?.();
  }

  /** The room sockets of this process by their websocket. */
  connsBySocket(): Map<WebSocket, Conn> {
    const m = new Map<WebSocket, Conn>();
    for (const e of this.rooms.values()) for (const c of e.conns) m.set(c.socket, c);
    return m;
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
      const row = await this.readRoom(c.roomId, this.now());
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
    this.flush(c);
  }

  /**
   * A socket's first snapshot from the room as its join committed it (no read: the join's write
   * returned it), then what arrived meanwhile. The socket's delivery was active before the join was
   * written, so every later version is in its buffer.
   */
  syncFrom(c: Conn, row: RoomRow): void {
    if (c.syncing) return;
    send(c, snapshotOf(row));
    c.lastSeq = Math.max(row.version, c.lastSeq ?? 0);
    this.flush(c);
  }

  private flush(c: Conn): void {
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

async function sessionOf(
  ctx: ServerContext,
  req: FastifyRequest,
): Promise<{ session: Session; token: string } | null> {
  const q = req.query as Record<string, unknown>;
  const token = header(req, HeaderNames.token) ?? (typeof q.token === 'string' ? q.token : undefined);
  if (!token) return null;
  const session = await ctx.sessions.resolve(token);
  return session ? { session, token } : null;
}

/** The diner a session stands for, named as the user's profile names them until they join. */
export async function dinerOf(
  ctx: ServerContext,
  userId: number,
  nickname?: string,
  avatar?: string,
): Promise<Diner> {
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
      send(c, {
        type: 'reply',
        seq,
        code: CartReplyCode.ParamsError,
        reason: messageFor('badRequest', c.lang),
        latestProduct: null,
        version: c.lastSeq ?? 0,
      });
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
      if (c.lastSeq === null) {
        // A diner already seated under this name (a reconnect, a whole floor of them after a node
        // restarts): nothing to write or fan out; the snapshot is the room read now, by a read
        // shared with the room's other sockets and started after this socket's delivery began, so
        // every later version reaches it through the bus.
        const row = await hub.readRoom(c.roomId, hub.now());
        if (row && row.shopId === c.shopId && seatedAs(row, c.diner)) {
          hub.syncFrom(c, row);
          return;
        }
      }
      const joined = await operateRoom(ctx, c.roomId, c.shopId, c.diner, { type: 'joined' }, c.lang, true);
      if (c.lastSeq === null) {
        if (joined.row && joined.row.version === joined.version) hub.syncFrom(c, joined.row);
        else await hub.resync(c);
      }
      return;
    }
    case 'sync': {
      const row = await hub.readRoom(c.roomId, hub.now());
      if (!row) return;
      const snap = snapshotOf(row, m.seq);
      send(
        c,
        m.flag === undefined ? snap : { ...snap, products: snap.products.filter((l) => l.flag === m.flag) },
      );
      if (m.flag === undefined && (c.lastSeq === null || row.version > c.lastSeq)) {
        c.lastSeq = row.version;
        const buffered = c.buffer.splice(0).sort((a, b) => a.seq - b.seq);
        for (const b of buffered) hub.deliver(c, b);
      }
      return;
    }
    default: {
      const op: RoomOp =
        m.type === 'clear'
          ? { type: 'clear' }
          : m.type === 'submitted'
            ? { type: 'submitted', orderId: m.orderId }
            : { type: m.type, line: m.product };
      const change = await operateRoom(ctx, c.roomId, c.shopId, c.diner, op, c.lang, true);
      send(c, {
        type: 'reply',
        seq: m.seq,
        code: change.code,
        reason: change.reason,
        latestProduct: change.latestProduct,
        version: change.version,
      });
    }
  }
}

/**
 * A frame taken from the socket's queue: handled unless the server is closing, then dropped unhandled
 * (its sender settles it from the snapshot after reconnecting to another node: an operation never
 * answered may or may not have been committed, and this one was not). A frame the client sent before
 * it closed its own socket (a diner adding a dish and leaving the page) is still handled, as a
 * request sent before leaving is.
 */
function frameOf(ctx: ServerContext, hub: RoomHub, c: Conn, raw: string): Promise<void> {
  if (hub.closing || c.handedOff) return Promise.resolve();
  return handleFrame(ctx, hub, c, raw);
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
/** Sockets closed in one turn of the event loop: the requests in flight are served between batches. */
const CLOSE_BATCH = 100;
/** How long a closing server waits for the work its sockets started (frames, admissions) to finish. */
const CLOSE_WORK_MS = 5000;

/** `p`, or nothing after `ms`. */
async function upTo(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p, new Promise((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}

/** The pause between two turns of a hand-off (handOffSockets). */
const HANDOFF_TURN_MS = 50;

/**
 * The hand-off of a node that got SIGTERM (OPS-1 rolling restart), once the balancer has taken it out:
 * its websockets (table rooms, staff boards, order pages) closed with 1012 a share at a time, spread
 * evenly over `spreadMs` in turns of HANDOFF_TURN_MS, so the nodes that take them get a stream of
 * reconnects instead of one burst; each client reconnects at once (src/domain/reconnect.ts). A socket
 * stays live until its turn — its diners keep their operations and the room's updates — and then its
 * room work finishes first: its frames from then on are dropped (its client settles them from the
 * snapshot elsewhere) and the one in flight is answered before the close (up to CLOSE_WORK_MS), so no
 * operation commits after its client has reread the room on another node. What is left (a socket
 * opened meanwhile) is closed by closeSocketsForRestart when the server closes.
 */
export async function handOffSockets(
  app: FastifyInstance,
  ctx: ServerContext,
  spreadMs: number,
): Promise<void> {
  const server = app.websocketServer;
  if (!server) return;
  const hub = hubOf(ctx);
  const open = [...server.clients];
  if (open.length === 0) return;
  const started = performance.now();
  const conns = hub.connsBySocket();
  const turns = Math.max(1, Math.floor(spreadMs / HANDOFF_TURN_MS));
  const perTurn = Math.ceil(open.length / turns);
  const handOff = async (s: WebSocket): Promise<void> => {
    const c = conns.get(s);
    if (c) {
      c.handedOff = true;
      await upTo(c.chain, CLOSE_WORK_MS);
    }
    if (s.readyState === s.OPEN || s.readyState === s.CONNECTING)
      s.close(SERVICE_RESTART_CLOSE, 'service restart');
  };
  const done: Promise<void>[] = [];
  for (let i = 0, turn = 0; i < open.length; i += perTurn, turn++) {
    const wait = started + turn * HANDOFF_TURN_MS - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    for (const s of open.slice(i, i + perTurn)) done.push(handOff(s));
  }
  await Promise.all(done);
  ctx.log.info(
    { sockets: open.length, perTurn, handOffMs: Math.round(performance.now() - started) },
    'websockets handed off',
  );
}

/**
 * Every websocket of the server (table rooms, staff boards, order pages) closed with 1012 when the
 * server closes (OPS-1 graceful shutdown), so a client reconnects (to another node, within the
 * restart jitter of src/domain/reconnect.ts) instead of waiting out its backoff.
 *
 * First the work in flight finishes, sockets still open (up to CLOSE_WORK_MS): frames not yet started
 * and new ones are dropped from now on, so every operation is either answered on its socket or never
 * committed — none commits after its client, reconnected elsewhere, has read the room (it would
 * send it again). Then the sockets are closed in batches, nothing awaited per socket (a room left
 * empty is not unsubscribed: the bus closes as a whole); the close handshakes are awaited a moment
 * and what is left is cut. Replaces @fastify/websocket's own pre-close, which closes them without a code.
 */
export async function closeSocketsForRestart(app: FastifyInstance, ctx?: ServerContext): Promise<void> {
  const server = app.websocketServer;
  if (!server) return;
  const started = performance.now();
  const hub = ctx ? hubOf(ctx) : null;
  let work = 0;
  if (hub) {
    hub.closing = true;
    work = hub.inFlight.size;
    await upTo(Promise.allSettled([...hub.inFlight]), CLOSE_WORK_MS);
  }
  const drained = performance.now();
  const open = [...server.clients];
  const closed = open.map(
    (s) =>
      new Promise<void>((resolve) => {
        if (s.readyState === s.CLOSED) return resolve();
        s.once('close', () => resolve());
      }),
  );
  for (let i = 0; i < open.length; i += CLOSE_BATCH) {
    if (i > 0) await new Promise<void>((r) => setImmediate(r));
    for (const s of open.slice(i, i + CLOSE_BATCH)) {
      if (s.readyState === s.OPEN || s.readyState === s.CONNECTING)
        s.close(SERVICE_RESTART_CLOSE, 'service restart');
    }
  }
  const sent = performance.now();
  await upTo(Promise.all(closed), CLOSE_HANDSHAKE_MS);
  let cut = 0;
  for (const s of server.clients) {
    cut++;
    s.terminate();
  }
  server.close();
  ctx?.log.info(
    {
      work,
      workLeft: hub ? hub.inFlight.size : 0,
      workMs: Math.round(drained - started),
      sockets: open.length,
      closeMs: Math.round(sent - drained),
      handshakeMs: Math.round(performance.now() - sent),
      cut,
    },
    'websockets closed with 1012',
  );
}

/** Registers the websocket route of the table rooms. */
export async function registerLiveChannel(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    preClose: async function preClose(this: FastifyInstance) {
      await closeSocketsForRestart(this, ctx);
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
      c.chain = hub.track(
        c.chain
          .then(() => frameOf(ctx, hub, c, text))
          .catch((e) => {
            ctx.log.warn({ err: e, room: c.roomId }, 'room frame failed');
            const code = e instanceof AppError ? e.code : 'serverError';
            send(c, {
              type: 'error',
              code: code as 'badRequest',
              info: e instanceof AppError ? messageFor(e.code, c.lang) : '',
            });
          }),
      );
    });
    socket.on('close', () => {
      closed = true;
      if (conn) void hub.remove(conn);
    });
    void hub.track(
      (async () => {
        if (hub.closing) return;
        const auth = await sessionOf(ctx, request);
        if (!auth) {
          socket.close(WsCloseCode.unauthorized, 'login expired');
          return;
        }
        expiresAt = auth.session.expiresAt;
        // TABLE-7: only the session's diners, while it runs (one statement, with the diner's profile)
        const user = await admitToLiveRoom(ctx, roomId, auth.session.shopId, auth.session.userId);
        if (!user) {
          socket.close(WsCloseCode.roomNotFound, 'room not found');
          return;
        }
        const diner: Diner = {
          userId: auth.session.userId,
          openId: clientOpenid(user.openid),
          nickname: user.nickName,
          avatar: user.avatarUrl,
        };
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
          addedAt: 0,
        };
        await hub.add(c);
        if (closed) {
          await hub.remove(c);
          return;
        }
        conn = c;
        for (const text of early.splice(0)) {
          c.chain = hub.track(
            c.chain
              .then(() => frameOf(ctx, hub, c, text))
              .catch((e) => ctx.log.warn({ err: e }, 'room frame failed')),
          );
        }
      })().catch((e) => {
        ctx.log.warn({ err: e, room: roomId }, 'room socket refused');
        socket.close(1011, 'server error');
      }),
    );
  });
}

/** Sockets connected to this process (for tests and the health of a node). */
export const liveSockets = (ctx: ServerContext): number => hubOf(ctx).size;

/** Admissions and frames of this process's sockets not yet settled. */
export const liveWorkInFlight = (ctx: ServerContext): number => hubOf(ctx).inFlight.size;

/** Table rooms with a socket on this process (the `table_rooms` gauge). */
export const liveRooms = (ctx: ServerContext): number => hubOf(ctx).roomCount;
