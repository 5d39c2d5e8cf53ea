/**
 * Contact and location rules of C§5 that need no money arithmetic: the phone and GPS checks the
 * session-level stores (auth, address) use at start-up. `validation.ts` re-exports them; keeping them
 * here lets the start-up load without the money module (decimal.js).
 */
import { ErrorCode, RuleError, ruleError } from './errors';
import type { GpsPoint } from './types';
import { isValidRegionalPhone } from './countries';

/** A missing value: null, undefined or a string of only spaces. */
export const isBlank = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * Whether a phone number is well formed (USER-5): a number with a calling code (+852…) is checked
 * against the form of that region's mobiles, one without against `region`'s (CN: 11 digits starting
 * 13–19); with neither, 6–15 digits with an optional leading + (E.164 length). Spaces and dashes are
 * ignored.
 */
export function isValidPhone(phone: string, region?: string | null): boolean {
  const regional = isValidRegionalPhone(phone, region);
  if (regional !== null) return regional;
  return /^\+?\d{6,15}$/.test(phone.replace(/[\s-]/g, ''));
}

/** C§5: a contact phone is required (`requiredPhone`) and must be correct (`inputCorrectPhone`). */
export function checkPhone(phone: string | null | undefined, region?: string | null): RuleError | null {
  if (isBlank(phone)) return ruleError(ErrorCode.requiredPhone);
  return isValidPhone(phone as string, region) ? null : ruleError(ErrorCode.inputCorrectPhone);
}

/** Reads a GPS value ("lat,lng" or a point); null when missing or out of range. */
export function parseGps(value: string | GpsPoint | null | undefined): GpsPoint | null {
  if (value === null || value === undefined) return null;
  let lat: number;
  let lng: number;
  if (typeof value === 'string') {
    const parts = value.split(',').map((s) => s.trim());
    if (parts.length !== 2 || parts.some((p) => p === '')) return null;
    [lat, lng] = parts.map(Number);
  } else {
    ({ lat, lng } = value);
  }
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  // 0,0 is what an unset location saves as, not a place a shop or customer is
  if (lat === 0 && lng === 0) return null;
  return { lat, lng };
}

/** Great-circle distance in km (haversine), for when the distance service is not consulted. */
export function distanceKm(a: GpsPoint, b: GpsPoint): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}
