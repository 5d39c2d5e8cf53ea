import Taro from '@tarojs/taro';
import { windowHeightOf } from './viewport-mini';

/** Taro hands these calls to `my`; typed by the payment app's declarations (tsconfig.alipay.json). */
const host = Taro as unknown as Pick<typeof my, 'canIUse' | 'getWindowInfo' | 'getSystemInfoSync'>;

export const windowHeight = (): number => windowHeightOf(host);
