import Taro from '@tarojs/taro';
import type { KeyValueStorage } from './types';

/**
 * Taro storage, the same on every platform (wx/my storage, localStorage in browsers). Mini programs
 * answer '' for a missing key: read as undefined.
 */
export const storage: KeyValueStorage = {
  get<T = unknown>(key: string): T | undefined {
    try {
      const value: unknown = Taro.getStorageSync(key);
      return value === '' || value === null || value === undefined ? undefined : (value as T);
    } catch {
      return undefined;
    }
  },
  set(key, value) {
    try {
      Taro.setStorageSync(key, value);
    } catch {
      // storage full or disabled (private browsing): the value lives only for this run
    }
  },
  remove(key) {
    try {
      Taro.removeStorageSync(key);
    } catch {
      // nothing stored, nothing to remove
    }
  },
};
