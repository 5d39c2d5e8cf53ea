import type { DeliveryApi } from '../api/delivery';
import { ErrorCode } from '../domain/errors';
import type { GeoPosition, LocationAdapter, PlatformResult } from '../platform/types';

/** Where a position came from: the device (precise) or the network address (city-level, C§7 "IP location"). */
export type PositionSource = 'device' | 'ip';

/** A position for sorting by distance, with where it came from and, from the network address, its city. */
export type RoughPosition = GeoPosition & { source: PositionSource; city?: string };

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

/**
 * C§7 "IP location": the device position when the device gives one, else where the network address puts
 * the customer (delivery/ipLocation: the server asks a maps service, city-level, already in the shops' map
 * system). Only for ordering shops by distance: an address's GPS never comes from the network address.
 * Null when neither places the customer.
 */
export async function roughPosition(
  location: Pick<LocationAdapter, 'getLocation'>,
  delivery: Pick<DeliveryApi, 'ipLocation'>,
): Promise<RoughPosition | null> {
  const device = await location.getLocation();
  if (device.ok) return { ...device.value, source: 'device' };
  try {
    const res = await delivery.ipLocation({});
    if (!res.located) return null;
    return { latitude: res.latitude, longitude: res.longitude, coordType: res.coordType, source: 'ip', city: res.city };
  } catch {
    return null;
  }
}
