/** Shop list texts of a launch without a shop in English (complete: typed against the zh-CN tree). */
import type { WidenArea } from '../index';
import type { entry as source } from './zh-CN';

export const entry: WidenArea<typeof source> = {
  title: 'Choose a shop',
  locating: 'Finding your location to sort by distance…',
  nearest: 'Nearest first',
  nearestArea: 'Nearest to your area ({{city}}), from your network',
  nearestAreaUnnamed: 'Nearest to your area, from your network',
  byName: 'Location unavailable: sorted by name',
  lastVisited: 'Last visited',
  emptyBrand: 'This link has no shops yet',
  allShops: 'See all shops',
};
