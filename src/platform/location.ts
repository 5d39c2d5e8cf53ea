/** Location. Taro resolves `./location` per build; tsc and jest see the h5 one. */
export { location } from './location.h5';
