/** The viewport. Taro resolves `./viewport` per build (`viewport.weapp.ts`, `viewport.alipay.ts`, `viewport.h5.ts`); tsc and jest see the h5 one. */
export { windowHeight } from './viewport.h5';
