/** Phone number authorisation. Taro resolves `./phone` per build; tsc and jest see the h5 one. */
export { phone } from './phone.h5';
