/** The chat app's socket tasks: each `connectSocket` returns its own task (several may coexist). */
import Taro from '@tarojs/taro';
import type { SocketFactory, SocketLike } from '../realtime/types';

export const openSocket: SocketFactory = (url, headers) => {
  const pending: Array<(t: Taro.SocketTask) => void> = [];
  let task: Taro.SocketTask | null = null;
  const withTask = (fn: (t: Taro.SocketTask) => void) => (task ? fn(task) : pending.push(fn));
  void Taro.connectSocket({ url, header: headers }).then((t) => {
    task = t;
    for (const fn of pending.splice(0)) fn(t);
  });
  const socket: SocketLike = {
    send: (data) => withTask((t) => t.send({ data })),
    close: (code, reason) => withTask((t) => t.close({ code, reason })),
    onOpen: (cb) => withTask((t) => t.onOpen(() => cb())),
    onMessage: (cb) => withTask((t) => t.onMessage((res) => cb(typeof res.data === 'string' ? res.data : ''))),
    onClose: (cb) => withTask((t) => t.onClose((res) => cb(res.code, res.reason))),
    onError: (cb) => withTask((t) => t.onError((e) => cb(e))),
  };
  return socket;
};
