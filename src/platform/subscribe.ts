/** Subscribe messages (ORDER-11). Taro resolves `./subscribe` per build; tsc and jest see the h5 one. */
export { subscribe } from './subscribe.h5';
