import Taro from '@tarojs/taro';
import { ErrorCode } from '../domain/errors';
import { taroLocation, taroMapCentre, taroMoveMap } from './location-taro';
import { failure } from './taro-result';
import type { LocationAdapter } from './types';

/**
 * Chat app: device position, the `<map>` tiles of the host and its own place chooser with search
 * (`chooseLocation`, declared in the app's requiredPrivateInfos). All positions are gcj02.
 */
export const location: LocationAdapter = {
  getLocation: taroLocation.getLocation,
  mapTiles: true,
  mapCentre: taroMapCentre,
  moveMap: taroMoveMap,
  async choosePlace(near) {
    try {
      const res = await Taro.chooseLocation(near ? { latitude: near.latitude, longitude: near.longitude } : {});
      return {
        ok: true,
        value: { name: res.name ?? '', address: res.address ?? '', latitude: res.latitude, longitude: res.longitude, coordType: 'gcj02' },
      };
    } catch (e) {
      // "chooseLocation:fail cancel" is the customer backing out
      return failure(ErrorCode.locationUnavailable, e);
    }
  },
};
