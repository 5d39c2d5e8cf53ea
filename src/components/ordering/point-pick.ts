/**
 * The point chosen on the POI page, handed back to the address form that opened it (USER-3). A
 * module value rather than a page event: the form reads it when it shows again.
 */
export interface PickedPoint {
  address: string;
  addressGps: string;
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
