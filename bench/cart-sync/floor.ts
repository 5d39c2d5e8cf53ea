/**
 * The cart-sync bench's floor: a bare `ws` relay that numbers each operation of a room, sends the
 * event to every socket of the room and answers the sender with the app's frames — the fan-out
 * without a database, against which the server's figures are read.
 */
import type net from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { CartOperation, CartReplyCode } from '../../src/domain/enums';

export interface FloorRelay {
  base: string;
  close(): Promise<void>;
}

/** Starts the relay on a free loopback port. */
export async function startFloorRelay(): Promise<FloorRelay> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  const rooms = new Map<string, { sockets: Set<WebSocket>; version: number }>();
  wss.on('connection', (socket, req) => {
    const id = (req.url ?? '').replace(/^\/ws\//, '').replace(/\?.*$/, '');
    let room = rooms.get(id);
    if (!room) {
      room = { sockets: new Set(), version: 0 };
      rooms.set(id, room);
    }
    const r = room;
    r.sockets.add(socket);
    socket.on('close', () => r.sockets.delete(socket));
    socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { type: string; seq: number; product: unknown };
      if (m.type === 'join') {
        socket.send(JSON.stringify({ type: 'snapshot', products: [], version: r.version }));
        return;
      }
      r.version++;
      const by = { openId: 'x', nickname: 'x', avatar: '' };
      const operation = m.type === 'add' ? CartOperation.Add : CartOperation.Edit;
      const event = JSON.stringify({ type: 'event', operation, product: m.product, by, version: r.version });
      for (const s of r.sockets) s.send(event);
      socket.send(JSON.stringify({ type: 'reply', seq: m.seq, code: CartReplyCode.ok, reason: '', latestProduct: m.product, version: r.version }));
    });
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const { port } = wss.address() as net.AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    async close() {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
