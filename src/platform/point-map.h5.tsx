/**
 * The browser build of the point map: nothing. H5 chooses a point by search or typed GPS without map
 * tiles (USER-3), and leaving Taro's map component out keeps its gesture library off the first screen.
 */
export { MAP_SCALE, POINT_MAP_ID } from '@/components/map/point-map-props';
export type { PointMapProps } from '@/components/map/point-map-props';

export function PointMap(): null {
  return null;
}
