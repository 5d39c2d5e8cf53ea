/**
 * The appointment area's store (ORDER-5) for the confirm page's appointment card and the service-user
 * page (built by the stores: `beautyArea`).
 */
import { useStores } from '@/stores';
import { beautyArea, type BeautyStore } from '@/stores/areas/beauty';

export function useBeauty(): BeautyStore {
  return beautyArea(useStores());
}
