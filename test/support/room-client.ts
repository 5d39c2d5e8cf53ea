/**
 * A diner's websocket to a table room for server tests: real sockets on loopback, frames parsed
 * with the contract, waits by predicate with a deadline.
 */
import WebSocket from 'ws';
import { WsServerMessage } from '../../src/api/contract/ws';

export interface RoomClient {
  ws: WebSocket;
  frames: WsServerMessage[];
  /** Close code once closed. */
  closed: Promise<number>;
  send(frame: unknown): void;
  /** The first frame (already received or coming) matching `pred` not handed out before. */
  next<T extends WsServerMessage>(pred: (f: WsServerMessage) => f is T, timeoutMs?: number): Promise<T>;
  /** Waits until `pred` holds over all frames. */
  until(pred: (frames: WsServerMessage[]) => boolean, timeoutMs?: number): Promise<void>;
  close(code?: number): void;
}

export function connectRoom(baseUrl: string, roomId: string, token: string | null): Promise<RoomClient> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/ws/${roomId}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const ws = new WebSocket(url);
  const frames: WsServerMessage[] = [];
  const waiters = new Set<() => void>();
  // frames already handed out by `next` (each frame is handed out once)
  const taken = new Set<number>();
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (data) => {
    frames.push(WsServerMessage.parse(JSON.parse(data.toString())));
    for (const w of [...waiters]) w();
  });
  const client: RoomClient = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next<T extends WsServerMessage>(pred: (f: WsServerMessage) => f is T, timeoutMs = 5000): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          for (let i = 0; i < frames.length; i++) {
            const f = frames[i];
            if (!taken.has(i) && pred(f)) {
              taken.add(i);
              waiters.delete(check);
              clearTimeout(timer);
              resolve(f);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames.filter((_, i) => !taken.has(i)))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    until(pred, timeoutMs = 5000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pred(frames)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`condition not met within ${timeoutMs} ms; frames ${JSON.stringify(frames)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: (code = 1000) => ws.close(code),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
  });
}

export const isReply = (seq: number) => (f: WsServerMessage): f is Extract<WsServerMessage, { type: 'reply' }> =>
  f.type === 'reply' && f.seq === seq;
export const isSnapshot = (f: WsServerMessage): f is Extract<WsServerMessage, { type: 'snapshot' }> => f.type === 'snapshot';
export const isEvent = (operation?: number) => (f: WsServerMessage): f is Extract<WsServerMessage, { type: 'event' }> =>
  f.type === 'event' && (operation === undefined || f.operation === operation);
