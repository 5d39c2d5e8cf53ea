/** Sharing. Taro resolves `./share` per build; tsc and jest see the h5 one. */
export { share } from './share.h5';
export type { ShareAdapter, ShareContent } from './share-types';
