import Taro from '@tarojs/taro';
import { windowHeightOf } from './viewport-mini';

/** Taro hands these calls to `wx` unchanged; typed by the chat app's declarations (tsconfig.weapp.json). */
const host = Taro as unknown as Pick<WechatMiniprogram.Wx, 'canIUse' | 'getWindowInfo' | 'getSystemInfoSync'>;

export const windowHeight = (): number => windowHeightOf(host);
