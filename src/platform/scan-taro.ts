import Taro from '@tarojs/taro';
import { ErrorCode } from '../domain/errors';
import { failure } from './taro-result';
import type { ScanAdapter } from './types';

/** Both mini program hosts scan with their own camera UI through Taro.scanCode. */
export const taroScan: ScanAdapter = {
  async scanCode() {
    try {
      const res = await Taro.scanCode({ onlyFromCamera: false });
      return { ok: true, value: { result: res.result } };
    } catch (e) {
      return failure(ErrorCode.cameraScanFailed, e);
    }
  },
};
