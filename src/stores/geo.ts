import type { DeliveryApi } from '../api/delivery';
import { ErrorCode } from '../domain/errors';
import type { GeoPosition, LocationAdapter, PlatformResult } from '../platform/types';

/**
 * The device position in the shops' map system (USER-6, C§7 "coordinate conversion"): the hosts answer
 * GCJ-02 already; a browser answers WGS-84, which the server converts (about 500 m apart in Shanghai —
 * enough to change a delivery fee tier). A position that cannot be converted is not used.
 */
export async function locateOnMap(
  location: Pick<LocationAdapter, 'getLocation'>,
  delivery: Pick<DeliveryApi, 'convertGps'>,
): Promise<PlatformResult<GeoPosition>> {
  const res = await location.getLocation();
  if (!res.ok || res.value.coordType === 'gcj02') return res;
  try {
    const at = await delivery.convertGps({ latitude: res.value.latitude, longitude: res.value.longitude, from: res.value.coordType });
    return { ok: true, value: { latitude: at.latitude, longitude: at.longitude, coordType: at.coordType } };
  } catch (e) {
    return { ok: false, code: ErrorCode.locationUnavailable, detail: e instanceof Error ? e.message : 'conversion failed' };
  }
}
