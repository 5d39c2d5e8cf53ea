import gcoord from 'gcoord';

/** The coordinate systems positions arrive in: browsers give WGS-84, the mini-program hosts GCJ-02. */
export type CoordType = 'wgs84' | 'gcj02';

export interface Position {
  latitude: number;
  longitude: number;
}

/**
 * The map system of the shops (C§7 "coordinate conversion", USER-6): mainland China maps and the
 * shops' stored positions are GCJ-02; the overseas environment keeps WGS-84.
 */
export function mapSystem(abroad: boolean): CoordType {
  return abroad ? 'wgs84' : 'gcj02';
}

const SYSTEM = { wgs84: gcoord.WGS84, gcj02: gcoord.GCJ02 } as const;

/**
 * `at` from one system to another (gcoord: points outside China are left as they are, the offset of
 * GCJ-02 applies inside only). Rounded to 6 decimals, as positions are stored.
 */
export function convert(at: Position, from: CoordType, to: CoordType): Position {
  if (from === to) return { latitude: at.latitude, longitude: at.longitude };
  const [lng, lat] = gcoord.transform([at.longitude, at.latitude], SYSTEM[from], SYSTEM[to]) as [number, number];
  return { latitude: Math.round(lat * 1e6) / 1e6, longitude: Math.round(lng * 1e6) / 1e6 };
}

/** A position in the shops' map system, whatever system it came in. */
export function toMapSystem(at: Position, from: CoordType, abroad: boolean): Position {
  return convert(at, from, mapSystem(abroad));
}
