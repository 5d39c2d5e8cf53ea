import type { Transport, TransportFailure } from '../api/request';

interface WxRequestSuccess {
  data: unknown;
  statusCode: number;
  header?: Record<string, string>;
}
interface WxRequestFail {
  errno?: number;
  errMsg?: string;
}
type WxRequest = (options: {
  url: string;
  method: string;
  header: Record<string, string>;
  data: unknown;
  timeout: number;
  dataType: 'json';
  success: (res: WxRequestSuccess) => void;
  fail: (err: WxRequestFail) => void;
}) => unknown;

/**
 * The chat app's request semantics (docs/architecture.md §13 Platform by build): `wx.request` calls `success` with
 * `{data, statusCode, header}` for every HTTP answer, whatever its status, and `fail` only when no
 * answer arrived (`errno`, `errMsg`: timeout, abort, no network, refused URL).
 */
export const taroTransport: Transport = {
  send: (request) =>
    new Promise((resolve, reject) => {
      const request$ = (wx as { request: WxRequest }).request;
      request$({
        url: request.url,
        method: request.method,
        header: request.headers,
        data: request.data,
        timeout: request.timeoutMs,
        dataType: 'json',
        success: (res) => resolve({ statusCode: res.statusCode, data: res.data }),
        fail: (err) => {
          const failure: TransportFailure = { errno: err.errno, errMsg: err.errMsg };
          reject(failure);
        },
      });
    }),
};
