import { ErrorCode } from '../domain/errors';
import { taroLocation, taroMapCentre, taroMoveMap } from './location-taro';
import { errMsgOf } from './taro-result';
import type { ChosenPlace, LocationAdapter, PlatformResult } from './types';

/** The payment-app place chooser (`my.chooseLocation`, typed by @mini-types/alipay); absent on old clients. */
type AlipayLocationHost = Partial<Pick<typeof my, 'chooseLocation'>>;

/** Payment-app error 11: the customer closed the chooser. */
const USER_CANCELLED = 11;

/** Payment app: device position, the `<map>` tiles of the host and `my.chooseLocation` (gcj02). */
export const location: LocationAdapter = {
  getLocation: taroLocation.getLocation,
  mapTiles: true,
  mapCentre: taroMapCentre,
  moveMap: taroMoveMap,
  choosePlace: (near) =>
    new Promise<PlatformResult<ChosenPlace>>((resolve) => {
      const host = (globalThis as unknown as { my?: AlipayLocationHost }).my;
      if (!host?.chooseLocation) {
        resolve({ ok: false, code: ErrorCode.platformUnsupported, detail: 'client too old for chooseLocation' });
        return;
      }
      host.chooseLocation({
        ...(near ? { latitude: near.latitude, longitude: near.longitude } : {}),
        success: (res) =>
          resolve({
            ok: true,
            // the host answers numbers as strings on some clients
            value: { name: res.name ?? '', address: res.address ?? '', latitude: Number(res.latitude), longitude: Number(res.longitude), coordType: 'gcj02' },
          }),
        fail: (e) =>
          resolve({
            ok: false,
            code: ErrorCode.locationUnavailable,
            detail: e?.errorMessage ?? errMsgOf(e),
            cancelled: e?.error === USER_CANCELLED,
          }),
      });
    }),
};
