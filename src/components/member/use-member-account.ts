/** The member account store of the member pages (built by the stores: `memberAccountArea`). */
import { useStores } from '@/stores';
import { memberAccountArea, type MemberAccountStore } from '@/stores/areas/member-account';

export function useMemberAccount(): MemberAccountStore {
  return memberAccountArea(useStores());
}
