// @tarojs/taro under jest jsdom: the H5 implementation. The H5 build rewrites `Taro.x` into named
// imports of @tarojs/taro-h5 (babel-plugin-transform-taroapi); jest has no such step, so the
// default export here carries the named APIs as well.
import Taro from '@tarojs/taro-h5';
import * as api from '@tarojs/taro-h5';

export * from '@tarojs/taro-h5';
const taro = Object.assign({}, api, Taro);
export default taro;
