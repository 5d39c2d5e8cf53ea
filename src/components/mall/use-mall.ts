import { newIdempotencyKey } from '@/api/request';
import { useStores } from '@/stores';
import { PointsMallStore } from '@/stores/areas/points-mall';

/** The points mall's store (built on first use from the root; kept until the identity is forgotten). */
export function useMall(): PointsMallStore {
  return useStores().area(
    'pointsMall',
    (root) =>
      new PointsMallStore({
        api: root.api,
        member: root.member,
        promotion: root.promotion,
        openid: () => root.session.openid,
        newKey: newIdempotencyKey,
      }),
  );
}
