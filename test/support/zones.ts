/**
 * Zone tables written by hand from the zones' published rules, for tests of the shop clock (TIME-1):
 * the European Union changes on the last Sunday of March and of October at 01:00 UTC; New South Wales
 * on the first Sunday of April (03:00 AEDT → 02:00 AEST) and of October (02:00 AEST → 03:00 AEDT).
 * test/server/time-zone.test.ts checks them against the zone data the server reads.
 */
import type { ZoneOffsets } from '../../src/domain/shop-time';

/** Europe/Paris, 2026–2027: CET +60, CEST +120. */
export const PARIS: ZoneOffsets = {
  timeZone: 'Europe/Paris',
  offset: 60,
  changes: [
    [Date.UTC(2026, 2, 29, 1), 120],
    [Date.UTC(2026, 9, 25, 1), 60],
    [Date.UTC(2027, 2, 28, 1), 120],
    [Date.UTC(2027, 9, 31, 1), 60],
  ],
};

/** Australia/Sydney, 2026–2027: AEDT +660, AEST +600. */
export const SYDNEY: ZoneOffsets = {
  timeZone: 'Australia/Sydney',
  offset: 660,
  changes: [
    [Date.UTC(2026, 3, 4, 16), 600],
    [Date.UTC(2026, 9, 3, 16), 660],
    [Date.UTC(2027, 3, 3, 16), 600],
    [Date.UTC(2027, 9, 2, 16), 660],
  ],
};

/** An instant from a UTC wall time, for readable tests. */
export const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number => Date.UTC(y, mo - 1, d, h, mi, s);
