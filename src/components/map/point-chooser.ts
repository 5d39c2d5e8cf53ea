/**
 * The rules of the point chooser page (USER-3), apart from any rendering: where the pin is, which
 * nearby place is chosen, what the search box matches and what "confirm" hands back to the address
 * form. The page keeps this state with `useReducer`; the map (mini programs) and the typed position
 * (browser) feed it the same actions.
 */
import { ErrorCode, ruleError } from '@/domain/errors';
import type { RuleError } from '@/domain/errors';
import type { GpsPoint } from '@/domain/types';
import { distanceKm, parseGps } from '@/domain/validation';
import type { PickedPoint } from '@/components/ordering/point-pick';

/** Where a nearby point comes from. */
export type PointSource = 'located' | 'shop' | 'saved';

/** A place offered in the nearby list. */
export interface NearbyPoint {
  key: string;
  source: PointSource;
  /** Its own name (the shop's name, or empty for a saved address or the device position). */
  name: string;
  /** The detail address it stands for. */
  address: string;
  at: GpsPoint;
  /** Metres from the pin, when the pin is somewhere. */
  distanceM: number | null;
}

/** What the page knows that can be offered as nearby places. */
export interface NearbySources {
  /** The device position, once located. */
  located: GpsPoint | null;
  shop: { name: string; address: string; gpsAddress: string | GpsPoint | null | undefined } | null;
  saved: ReadonlyArray<{ id: number; address: string; addressGps?: string | null }>;
}

export interface ChooserState {
  /** The pin: the map centre (mini programs) or the typed/located position (browser). */
  centre: GpsPoint | null;
  /**
   * Where the map's camera is sent: the first fix, "my location", a place chosen from the list. Not
   * moved by the customer's own dragging, so the map is never pushed back while it settles.
   */
  view: GpsPoint | null;
  /** The nearby place the pin stands on, when the customer chose one and did not move away. */
  selected: NearbyPoint | null;
  /** The search box: filters the nearby list and names a bare pin. */
  query: string;
  /** The device location: not asked yet, being asked, found, or refused/unavailable. */
  locating: 'idle' | 'pending' | 'done' | 'failed';
  /** The device position of the last fix. */
  located: GpsPoint | null;
}

export type ChooserAction =
  | { type: 'locating' }
  /** `recentre`: the customer asked for their location, so the pin goes there. */
  /** `fallback`: where the pin starts when there is no fix (the shop), so the map shows the area. */
  | { type: 'located'; at: GpsPoint | null; recentre?: boolean; fallback?: GpsPoint | null }
  | { type: 'centre'; at: GpsPoint | null }
  | { type: 'select'; point: NearbyPoint }
  | { type: 'query'; text: string };

/** A chosen place stays chosen while the pin is within this many metres of it (a map settles with jitter). */
export const SELECTED_RADIUS_M = 20;

export const initialChooserState: ChooserState = { centre: null, view: null, selected: null, query: '', locating: 'idle', located: null };

const metres = (a: GpsPoint, b: GpsPoint): number => Math.round(distanceKm(a, b) * 1000);

/** The chooser's state after one action. */
export function chooserReducer(state: ChooserState, action: ChooserAction): ChooserState {
  switch (action.type) {
    case 'locating':
      return { ...state, locating: 'pending' };
    case 'located': {
      if (!action.at) {
        const start = !state.centre && action.fallback ? { centre: action.fallback, view: action.fallback } : {};
        return { ...state, ...start, locating: 'failed' };
      }
      // the first fix centres the pin; a pin the customer already placed stays unless they asked
      if (state.centre && !action.recentre) return { ...state, locating: 'done', located: action.at };
      return { ...state, locating: 'done', located: action.at, centre: action.at, view: action.at, selected: null };
    }
    case 'centre': {
      const keep = state.selected && action.at && metres(state.selected.at, action.at) <= SELECTED_RADIUS_M;
      return { ...state, centre: action.at, selected: keep ? state.selected : null };
    }
    case 'select':
      return { ...state, centre: action.point.at, view: action.point.at, selected: action.point };
    case 'query':
      return { ...state, query: action.text };
  }
}

/**
 * The nearby list: the device position, the shop and the saved addresses that have a position, nearest
 * to the pin first (in list order while the pin is nowhere); one entry per position.
 */
export function nearbyPoints(sources: NearbySources, centre: GpsPoint | null): NearbyPoint[] {
  const out: NearbyPoint[] = [];
  const add = (p: Omit<NearbyPoint, 'distanceM'>) => {
    if (out.some((o) => metres(o.at, p.at) < 1)) return;
    out.push({ ...p, distanceM: centre ? metres(centre, p.at) : null });
  };
  if (sources.located) add({ key: 'located', source: 'located', name: '', address: '', at: sources.located });
  const shopAt = sources.shop ? parseGps(sources.shop.gpsAddress) : null;
  if (sources.shop && shopAt) add({ key: 'shop', source: 'shop', name: sources.shop.name, address: sources.shop.address, at: shopAt });
  for (const a of sources.saved) {
    const at = parseGps(a.addressGps);
    if (at) add({ key: `saved-${a.id}`, source: 'saved', name: '', address: a.address, at });
  }
  return centre ? out.map((p, i) => ({ p, i })).sort((x, y) => (x.p.distanceM ?? 0) - (y.p.distanceM ?? 0) || x.i - y.i).map((x) => x.p) : out;
}

/** The nearby places whose name or address contains every word of the search (case-insensitive). */
export function matchPoints(points: readonly NearbyPoint[], query: string): NearbyPoint[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...points];
  return points.filter((p) => {
    const text = `${p.name} ${p.address}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** "lat,lng" with 6 decimals, as addressGps is stored (about 0.1 m). */
export const gpsText = (p: GpsPoint): string => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;

/**
 * What "confirm" hands back to the address form: the chosen place's address and name, or the bare
 * pin named by the search box. No pin → C§5 "Address not include gps info".
 */
export function confirmPoint(state: ChooserState): { ok: true; point: PickedPoint } | { ok: false; error: RuleError } {
  if (!state.centre) return { ok: false, error: ruleError(ErrorCode.addressNoGps) };
  const s = state.selected;
  // the device position has no address of its own: like a bare pin, the search box names it
  if (s && s.source !== 'located') return { ok: true, point: { address: s.address, name: s.name, addressGps: gpsText(s.at) } };
  return { ok: true, point: { address: state.query.trim(), addressGps: gpsText(state.centre) } };
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/**
 * The map centre a `regionchange` event reports when the map stops moving, or null for the start of
 * a move (and for events that carry no centre). The chat app reports `type: 'end'` on the event and
 * `detail.centerLocation`; the payment app reports `detail.type: 'end'` with `detail.latitude` /
 * `detail.longitude`.
 */
export function regionEndCentre(event: unknown): GpsPoint | null {
  if (typeof event !== 'object' || event === null) return null;
  const e = event as { type?: unknown; detail?: Record<string, unknown> };
  const detail = e.detail ?? {};
  const ended = e.type === 'end' || detail.type === 'end';
  if (!ended) return null;
  const centre = (detail.centerLocation ?? detail) as Record<string, unknown>;
  const lat = num(centre.latitude);
  const lng = num(centre.longitude);
  return lat !== null && lng !== null ? parseGps({ lat, lng }) : null;
}

/** Whether a `regionchange` event is the end of a move (its centre may still need asking the map). */
export function isRegionEnd(event: unknown): boolean {
  if (typeof event !== 'object' || event === null) return false;
  const e = event as { type?: unknown; detail?: { type?: unknown } };
  return e.type === 'end' || e.detail?.type === 'end';
}
