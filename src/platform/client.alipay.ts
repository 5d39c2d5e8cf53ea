import Taro from '@tarojs/taro';
import { miniProgramClient } from './client-mini';

/** Taro hands this call to `my`; typed by the payment app's declarations (tsconfig.alipay.json). */
const host = Taro as unknown as Pick<typeof my, 'getSystemInfoSync'>;

// the payment app declares no device-info call besides getSystemInfoSync, and does not deprecate it
// (docs/decisions.md "Host declarations and documentation")
export const client = miniProgramClient('alipay', () => host.getSystemInfoSync());
