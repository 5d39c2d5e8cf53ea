/**
 * The point chosen on the POI page, handed back to the address form that opened it (USER-3). A
 * module value rather than a page event: the form reads it when it shows again.
 */
export interface PickedPoint {
  /** The detail address (C§3 Address `address`) the point stands for; may be empty (a bare position). */
  address: string;
  /** "lat,lng" (C§3 Address `addressGps`). */
  addressGps: string;
  /** The place's own name (a building, a shop), when the chooser knows it. */
  name?: string;
}

let picked: PickedPoint | null = null;

export function setPickedPoint(point: PickedPoint): void {
  picked = point;
}

/** The point chosen since the last call, once. */
export function takePickedPoint(): PickedPoint | null {
  const p = picked;
  picked = null;
  return p;
}

/**
 * The detail address a picked point puts into the form: the street address followed by the place
 * name (a host chooser answers both, e.g. "南京东路 300 号" and "恒基名人购物中心"), once each.
 */
export function addressOfPoint(point: PickedPoint): string {
  const address = point.address.trim();
  const name = (point.name ?? '').trim();
  if (!name || address.includes(name)) return address;
  if (!address || name.includes(address)) return name;
  return `${address} ${name}`;
}
