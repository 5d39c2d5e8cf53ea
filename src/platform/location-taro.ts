import Taro from '@tarojs/taro';
import { ErrorCode } from '../domain/errors';
import { failure } from './taro-result';
import type { GeoPosition, LocationAdapter, PlatformResult } from './types';

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

/**
 * The centre of a page's `<map>` (gcj02 on both hosts). Callback style: the payment-app host answers
 * map-context calls through callbacks only.
 */
export function taroMapCentre(mapId: string): Promise<PlatformResult<GeoPosition>> {
  return new Promise((resolve) => {
    try {
      Taro.createMapContext(mapId).getCenterLocation({
        success: (res) => resolve({ ok: true, value: { latitude: res.latitude, longitude: res.longitude, coordType: 'gcj02' } }),
        fail: (e) => resolve(failure(ErrorCode.locationUnavailable, e)),
      });
    } catch (e) {
      resolve(failure(ErrorCode.locationUnavailable, e));
    }
  });
}

/** Moves a page's `<map>` to a position (both hosts take latitude/longitude on moveToLocation). */
export function taroMoveMap(mapId: string, to: { latitude: number; longitude: number }): Promise<PlatformResult<void>> {
  return new Promise((resolve) => {
    try {
      Taro.createMapContext(mapId).moveToLocation({
        latitude: to.latitude,
        longitude: to.longitude,
        success: () => resolve({ ok: true, value: undefined }),
        fail: (e) => resolve(failure(ErrorCode.locationUnavailable, e)),
      });
    } catch (e) {
      resolve(failure(ErrorCode.locationUnavailable, e));
    }
  });
}
