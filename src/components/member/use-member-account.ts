/** The member account store of the member pages, built on first use from the root (RootStore.area). */
import { useStores } from '@/stores';
import { MemberAccountStore } from '@/stores/areas/member-account';

export const MEMBER_ACCOUNT_AREA = 'member-account';

export function useMemberAccount(): MemberAccountStore {
  return useStores().area(
    MEMBER_ACCOUNT_AREA,
    (root) =>
      new MemberAccountStore({
        api: root.api,
        member: root.member,
        auth: root.auth,
        session: root.session,
        platform: root.platform,
        now: root.now,
        shop: root.shop,
      }),
  );
}
