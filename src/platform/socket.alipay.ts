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

/** Builds the adapter over a given host (the running app passes the global `my`). */
export function alipaySocketFactory(my: () => AlipaySocketHost): SocketFactory {
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
    const removeAll = () => {
      if (removed) return;
      removed = true;
      m.offSocketOpen(onOpen);
      m.offSocketMessage(onMessage);
      m.offSocketClose(onClose);
      m.offSocketError(onError);
    };
    const onClose = (res: { code?: number; reason?: string }) => {
      removeAll();
      closeCb(res?.code ?? 1006, res?.reason ?? '');
    };
    m.onSocketOpen(onOpen);
    m.onSocketMessage(onMessage);
    m.onSocketClose(onClose);
    m.onSocketError(onError);
    m.connectSocket({ url, header: headers, fail: (e) => onError(e) });
    const socket: SocketLike = {
      send: (data) => m.sendSocketMessage({ data }),
      close: (code, reason) => {
        m.closeSocket({ code, reason });
        removeAll();
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
