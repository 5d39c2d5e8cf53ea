/** Image choice and upload. Taro resolves `./upload` per build; tsc and jest see the h5 one. */
export { upload } from './upload.h5';
