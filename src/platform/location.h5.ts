import { Limits } from '../domain/enums';
import { ErrorCode } from '../domain/errors';
import type { GeoPosition, LocationAdapter, PlatformResult } from './types';

/** Browser geolocation (wgs84; the server converts coordinates, C§7 "Others"). */
export const location: LocationAdapter = {
  getLocation: () =>
    new Promise<PlatformResult<GeoPosition>>((resolve) => {
      const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
      if (!geo) {
        resolve({ ok: false, code: ErrorCode.platformUnsupported, detail: 'no geolocation in this browser' });
        return;
      }
      geo.getCurrentPosition(
        (pos) =>
          resolve({
            ok: true,
            value: { latitude: pos.coords.latitude, longitude: pos.coords.longitude, coordType: 'wgs84' },
          }),
        // denied, unavailable or timed out: C§8 "Cant get location, please open and auth"
        (err) => resolve({ ok: false, code: ErrorCode.locationUnavailable, detail: err.message }),
        { enableHighAccuracy: false, timeout: Limits.requestTimeoutMs, maximumAge: 30000 },
      );
    }),
};
