/**
 * The payment app's socket: ONE global socket, with global `my.onSocket*` handlers that pile up on
 * every connect unless removed with `my.offSocket*`. Each socket registers its four handlers once and
 * removes all four when it closes, so reconnecting never doubles a callback.
 */
import type { SocketFactory, SocketLike } from '../realtime/types';

type Handler<T> = (res: T) => void;
export interface AlipaySocketHost {
  connectSocket(o: { url: string; header?: Record<string, string>; fail?: (e: unknown) => void }): void;
  sendSocketMessage(o: { data: string }): void;
  closeSocket(o?: { code?: number; reason?: string }): void;
  onSocketOpen(h: Handler<unknown>): void;
  offSocketOpen(h?: Handler<unknown>): void;
  onSocketMessage(h: Handler<{ data: string | { data: string } }>): void;
  offSocketMessage(h?: Handler<{ data: string | { data: string } }>): void;
  onSocketClose(h: Handler<{ code?: number; reason?: string }>): void;
  offSocketClose(h?: Handler<{ code?: number; reason?: string }>): void;
  onSocketError(h: Handler<unknown>): void;
  offSocketError(h?: Handler<unknown>): void;
}

const host = (): AlipaySocketHost => (globalThis as unknown as { my: AlipaySocketHost }).my;

/** How long a socket the app closed may take to report its close before the next one connects anyway. */
const CLOSE_WAIT_MS = 1500;

/** Builds the adapter over a given host (the running app passes the global `my`). */
export function alipaySocketFactory(my: () => AlipaySocketHost): SocketFactory {
  // The close of a socket the app closed itself arrives later, through the global handlers: a socket
  // connected before it arrived would take it for its own. So the next socket connects (and listens)
  // only once that close came back, or after CLOSE_WAIT_MS.
  let closing: Promise<void> | null = null;
  return (url, headers) => {
    const m = my();
    let openCb: () => void = () => undefined;
    let messageCb: (d: string) => void = () => undefined;
    let closeCb: (code: number, reason: string) => void = () => undefined;
    let errorCb: (e: unknown) => void = () => undefined;
    const onOpen = () => openCb();
    const onMessage = (res: { data: string | { data: string } }) =>
      messageCb(typeof res.data === 'string' ? res.data : String(res.data?.data ?? ''));
    const onError = (e: unknown) => errorCb(e);
    let removed = false;
    let started = false;
    const removeAll = () => {
      if (removed) return;
      removed = true;
      if (!started) return;
      m.offSocketOpen(onOpen);
      m.offSocketMessage(onMessage);
      m.offSocketClose(onClose);
      m.offSocketError(onError);
    };
    const onClose = (res: { code?: number; reason?: string }) => {
      removeAll();
      closeCb(res?.code ?? 1006, res?.reason ?? '');
    };
    const start = () => {
      if (removed) return;
      started = true;
      m.onSocketOpen(onOpen);
      m.onSocketMessage(onMessage);
      m.onSocketClose(onClose);
      m.onSocketError(onError);
      m.connectSocket({ url, header: headers, fail: (e) => onError(e) });
    };
    if (closing) void closing.then(start);
    else start();
    const socket: SocketLike = {
      send: (data) => {
        if (started && !removed) m.sendSocketMessage({ data });
      },
      close: (code, reason) => {
        if (removed) return;
        const wasStarted = started;
        removeAll();
        if (!wasStarted) return;
        // wait for this close to come back before another socket listens
        const done = new Promise<void>((resolve) => {
          const timer = setTimeout(finish, CLOSE_WAIT_MS);
          function finish(): void {
            clearTimeout(timer);
            m.offSocketClose(finish);
            resolve();
          }
          m.onSocketClose(finish);
        });
        const mine = done.then(() => {
          if (closing === mine) closing = null;
        });
        closing = mine;
        m.closeSocket({ code, reason });
      },
      onOpen: (cb) => (openCb = cb),
      onMessage: (cb) => (messageCb = cb),
      onClose: (cb) => (closeCb = cb),
      onError: (cb) => (errorCb = cb),
    };
    return socket;
  };
}

export const openSocket: SocketFactory = alipaySocketFactory(host);
