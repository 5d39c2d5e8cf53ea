import type { Transport, TransportFailure } from '../api/request';

/**
 * The chat app's request semantics (docs/architecture.md §13 Platform by build): `wx.request` calls `success` with
 * `{data, statusCode, header}` for every HTTP answer, whatever its status, and `fail` only when no
 * answer arrived (`errno`, `errMsg`: timeout, abort, no network, refused URL). The call and its
 * answers are typed by the host's declarations (miniprogram-api-typings, tsconfig.weapp.json).
 */
export const taroTransport: Transport = {
  send: (request) =>
    new Promise((resolve, reject) => {
      wx.request({
        url: request.url,
        method: request.method,
        header: request.headers,
        // the request layer sends JSON objects (or nothing)
        data: request.data as WechatMiniprogram.RequestOption['data'],
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
