/** QR / bar code scanning. Taro resolves `./scan` per build; tsc and jest see the h5 one. */
export { scan } from './scan.h5';
