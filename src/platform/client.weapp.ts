import Taro from '@tarojs/taro';
import { miniProgramClient } from './client-mini';

/** Taro hands these calls to `wx` unchanged; typed by the chat app's declarations (tsconfig.weapp.json). */
const host = Taro as unknown as Pick<WechatMiniprogram.Wx, 'canIUse' | 'getDeviceInfo' | 'getSystemInfoSync'>;

// getDeviceInfo replaces getSystemInfoSync (the declarations name it in its place); base libraries
// older than it answer false to canIUse and still have getSystemInfoSync
export const client = miniProgramClient('weapp', () =>
  typeof host.canIUse === 'function' && host.canIUse('getDeviceInfo') ? host.getDeviceInfo() : host.getSystemInfoSync(),
);
