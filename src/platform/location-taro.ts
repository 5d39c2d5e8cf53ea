import Taro from '@tarojs/taro';
import { ErrorCode } from '../domain/errors';
import { failure } from './taro-result';
import type { LocationAdapter } from './types';

/** Mini programs: gcj02, the system of the maps services the delivery distance uses. */
export const taroLocation: LocationAdapter = {
  async getLocation() {
    try {
      const res = await Taro.getLocation({ type: 'gcj02' });
      return { ok: true, value: { latitude: res.latitude, longitude: res.longitude, coordType: 'gcj02' } };
    } catch (e) {
      // C§8 "Cant get location, please open and auth"
      return failure(ErrorCode.locationUnavailable, e);
    }
  },
};
