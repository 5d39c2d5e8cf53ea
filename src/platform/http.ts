/** The request transport. Taro resolves `./http` per build (`http.weapp.ts`, `http.alipay.ts`, `http.h5.ts`); tsc and jest see the h5 one. */
export { taroTransport } from './http.h5';
