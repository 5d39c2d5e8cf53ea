/**
 * The payment app's socket: ONE global socket, with global `my.onSocket*` handlers that pile up on
 * every connect unless removed with `my.offSocket*`. Each socket registers its four handlers once and
 * removes all four when it closes, so reconnecting never doubles a callback.
 */
import type { SocketFactory, SocketLike } from '../realtime/types';

import type { MyConnectSocketCallbacks, MySocketCloseCode } from './host-documented';

type My = typeof my;
/** The answers of the global socket events as the host declares them (@mini-types/alipay). */
type MessageAnswer = Parameters<Parameters<My['onSocketMessage']>[0]>[0];
type ErrorAnswer = Parameters<Parameters<My['onSocketError']>[0]>[0];
type CloseAnswer = Parameters<Parameters<My['onSocketClose']>[0]>[0] & MySocketCloseCode;
type ConnectOptions = Parameters<My['connectSocket']>[0] & MyConnectSocketCallbacks;

/**
 * What the adapter uses of `my`: the global `my` must be assignable to it (checked below against the
 * host's declarations), and tests hand in fakes of it.
 */
export interface AlipaySocketHost {
  connectSocket: (o: ConnectOptions) => void;
  sendSocketMessage: (o: { data: string }) => void;
  closeSocket: (o?: { code?: number; reason?: string }) => void;
  onSocketOpen: (h: () => void) => void;
  offSocketOpen: (h?: () => void) => void;
  onSocketMessage: (h: (res: MessageAnswer) => void) => void;
  offSocketMessage: (h?: (res: MessageAnswer) => void) => void;
  onSocketClose: (h: (res: CloseAnswer) => void) => void;
  offSocketClose: (h?: (res: CloseAnswer) => void) => void;
  onSocketError: (h: (res: ErrorAnswer) => void) => void;
  offSocketError: (h?: (res: ErrorAnswer) => void) => void;
}

const host = (): AlipaySocketHost => (globalThis as unknown as { my: typeof my }).my;

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
    // text frames arrive as a string; anything else (a binary frame, an older client's nesting) is
    // read as its inner `data`, else as empty
    const onMessage = (res: MessageAnswer) => {
      const data: unknown = res.data;
      messageCb(typeof data === 'string' ? data : String((data as { data?: unknown } | null)?.data ?? ''));
    };
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
    const onClose = (res: CloseAnswer) => {
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
