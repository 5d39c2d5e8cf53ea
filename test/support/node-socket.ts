/** The platform socket for tests in Node: a `ws` client behind the app's SocketLike. */
import WebSocket from 'ws';
import type { SocketFactory, SocketLike } from '../../src/realtime/types';

export const nodeSocket: SocketFactory = (url, headers) => {
  const ws = new WebSocket(url, { headers });
  const socket: SocketLike = {
    send: (data) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(data);
    },
    close: (code, reason) => ws.close(code, reason),
    onOpen: (cb) => ws.on('open', () => cb()),
    onMessage: (cb) => ws.on('message', (data) => cb(data.toString())),
    onClose: (cb) => ws.on('close', (code, reason) => cb(code, reason.toString())),
    onError: (cb) => ws.on('error', (e) => cb(e)),
  };
  return socket;
};
