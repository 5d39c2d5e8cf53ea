/** The browser's WebSocket (the token travels in the URL: browsers cannot set socket headers). */
import type { SocketFactory, SocketLike } from '../realtime/types';

export const openSocket: SocketFactory = (url) => {
  const ws = new WebSocket(url);
  const socket: SocketLike = {
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onOpen: (cb) => ws.addEventListener('open', () => cb()),
    onMessage: (cb) => ws.addEventListener('message', (e) => cb(typeof e.data === 'string' ? e.data : String(e.data))),
    onClose: (cb) => ws.addEventListener('close', (e) => cb(e.code, e.reason)),
    onError: (cb) => ws.addEventListener('error', (e) => cb(e)),
  };
  return socket;
};
