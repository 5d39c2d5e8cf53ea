import Taro from '@tarojs/taro';
import type { Transport, TransportFailure } from '../api/request';

/** The browser's transport: Taro.request (fetch), which answers every HTTP status through `success`. */
export const taroTransport: Transport = {
  send: (request) =>
    new Promise((resolve, reject) => {
      void Taro.request({
        url: request.url,
        method: request.method,
        header: request.headers,
        data: request.data,
        timeout: request.timeoutMs,
        dataType: 'json',
        success: (res) => resolve({ statusCode: res.statusCode, data: res.data }),
        fail: (e) => {
          const err = e as { errno?: number; errMsg?: string };
          const failure: TransportFailure = { errno: err.errno, errMsg: err.errMsg };
          reject(failure);
        },
      }).catch(() => {
        // the promise form rejects too; the fail callback already answered
      });
    }),
};
