/**
 * The wallet area's store for the member pages (MEMBER-4…6), built by the stores: `memberWalletArea`.
 * Imported only by the member subpackage, so the store's code stays out of the main package.
 */
import { useStores } from '@/stores';
import { memberWalletArea, type MemberWalletStore } from '@/stores/areas/member-wallet';

export function useWallet(): MemberWalletStore {
  return memberWalletArea(useStores());
}
