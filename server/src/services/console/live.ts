/**
 * The live channels of order changes (CONSOLE-2; docs/architecture.md §5): the board's
 * (`CONSOLE_WS_PATH?shopId=`, the staff session cookie) and the customer's (`CUSTOMER_ORDERS_WS_PATH`,
 * the customer's token in `?token=` or the `token` header). Each socket subscribes to its bus room
 * BEFORE it is sent `hello`, so a change committed after `hello` always reaches it; the client reads
 * the board (or its orders) after `hello`. After a broker reconnect every socket is sent `resync`
 * (the board) — messages may have been lost, and the client reads again. Sockets answer the app's
 * heartbeat (services/tables/live.ts `startRoomHeartbeat`) with the pong that keeps them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  CONSOLE_SESSION_COOKIE,
  CONSOLE_WS_CLOSE,
  CONSOLE_WS_PATH,
  CUSTOMER_ORDERS_WS_PATH,
  type ConsoleWsMessage,
  type CustomerOrderWsMessage,
} from '../../../../src/api/contract/console';
import { HeaderNames } from '../../../../src/api/contract/common';
import { perServer, type ServerContext } from '../../context';
import { cookieOf } from '../../http/console-call';
import { roomBus } from '../tables/bus';
import { assertShop, resolveStaffSession } from './accounts';
import { consoleRoom, customerRoom } from './feed';

type Live = WebSocket & { isAlive?: boolean };

/** The board sockets of this process (each is sent `resync` after a broker reconnect). */
const boardSockets = perServer((ctx) => {
  const set = new Set<WebSocket>();
  roomBus(ctx).onReconnect(() => {
    for (const s of set) send(s, { type: 'resync' } satisfies ConsoleWsMessage);
  });
  return set;
});

function send(socket: WebSocket, message: ConsoleWsMessage | CustomerOrderWsMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** Answers the app's heartbeat: a socket that misses two pings is dropped. */
function keepAlive(socket: WebSocket): void {
  const ws = socket as Live;
  ws.isAlive = true;
  ws.on('pong', () => {
    ws.isAlive = true;
  });
}

/**
 * Subscribes the socket to `room` (forwarding every message until `expiresAt`, then closing it as
 * unauthorised), then sends `hello`. Unsubscribes when the socket closes.
 */
async function follow(ctx: ServerContext, socket: WebSocket, room: string, expiresAt: number, hello: ConsoleWsMessage | CustomerOrderWsMessage): Promise<void> {
  let closed = false;
  socket.on('close', () => {
    closed = true;
  });
  const unsubscribe = await roomBus(ctx).subscribe(room, (m) => {
    if (ctx.clock.now() >= expiresAt) {
      socket.close(CONSOLE_WS_CLOSE.unauthorized, 'session expired');
      return;
    }
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m.data));
  });
  if (closed) {
    await unsubscribe();
    return;
  }
  socket.on('close', () => void unsubscribe());
  send(socket, hello);
}

const queryOf = (request: FastifyRequest): Record<string, unknown> => (request.query ?? {}) as Record<string, unknown>;

/** Registers both channels (the websocket plugin is registered by the table routes, before). */
export function registerOrderChannels(app: FastifyInstance, ctx: ServerContext): void {
  app.get(CONSOLE_WS_PATH, { websocket: true }, (socket: WebSocket, request: FastifyRequest) => {
    keepAlive(socket);
    void (async () => {
      const session = await resolveStaffSession(ctx, cookieOf(request, CONSOLE_SESSION_COOKIE));
      if (!session) {
        socket.close(CONSOLE_WS_CLOSE.unauthorized, 'no session');
        return;
      }
      const raw = queryOf(request).shopId;
      const shopId = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
      const allowed = Number.isSafeInteger(shopId) && (await assertShop(ctx, session, shopId, 'shop').then(() => true, () => false));
      if (!allowed) {
        socket.close(CONSOLE_WS_CLOSE.forbidden, 'shop not allowed');
        return;
      }
      const sockets = boardSockets(ctx);
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      await follow(ctx, socket, consoleRoom(shopId), session.expiresAt, { type: 'hello', shopId, serverTime: ctx.clock.now() });
    })().catch((err: unknown) => {
      ctx.log.warn({ err }, 'board socket refused');
      socket.close(1011, 'server error');
    });
  });

  app.get(CUSTOMER_ORDERS_WS_PATH, { websocket: true }, (socket: WebSocket, request: FastifyRequest) => {
    keepAlive(socket);
    void (async () => {
      const header = request.headers[HeaderNames.token];
      const q = queryOf(request).token;
      const token = (Array.isArray(header) ? header[0] : header) ?? (typeof q === 'string' ? q : undefined);
      const session = token ? await ctx.sessions.resolve(token) : null;
      if (!session) {
        socket.close(CONSOLE_WS_CLOSE.unauthorized, 'login expired');
        return;
      }
      await follow(ctx, socket, customerRoom(session.userId), session.expiresAt, { type: 'hello' });
    })().catch((err: unknown) => {
      ctx.log.warn({ err }, 'customer order socket refused');
      socket.close(1011, 'server error');
    });
  });
}
