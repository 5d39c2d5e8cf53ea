import type { GpsPoint } from '@/domain/types';
import type { GeoPosition, PlatformResult } from '@/platform/types';

/** The id the map context is looked up by. */
export const POINT_MAP_ID = 'poi-map';

/** C§9 map zoom: min 5, max 18, default scale 16. */
export const MAP_SCALE = { min: 5, max: 18, initial: 16 } as const;

export interface PointMapProps {
  /** Where the camera goes: the first fix, or a place chosen from the list. */
  view: GpsPoint;
  /** The map stopped moving with its centre (the fixed pin) at `at`. */
  onMoved: (at: GpsPoint) => void;
  /** Asks the map its centre when the host's event carries none. */
  mapCentre?: (mapId: string) => Promise<PlatformResult<GeoPosition>>;
  /** Sends the map to a position the props already hold (the customer dragged it away since). */
  moveMap?: (mapId: string, to: { latitude: number; longitude: number }) => Promise<PlatformResult<void>>;
}
