import { useStores } from '@/stores';
import { pointsMallArea, type PointsMallStore } from '@/stores/areas/points-mall';

/** The points mall's store (built by the stores: `pointsMallArea`; kept until the identity is forgotten). */
export function useMall(): PointsMallStore {
  return pointsMallArea(useStores());
}
