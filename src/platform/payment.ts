/** Wallet payment (ORDER-7). Taro resolves `./payment` per build; tsc and jest see the h5 one. */
export { payment } from './payment.h5';
