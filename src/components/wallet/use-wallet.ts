/**
 * The wallet area's store for the member pages (MEMBER-4…6): built once per identity by
 * `RootStore.area`, from the root's API, platform, card and shop. Imported only by the member
 * subpackage, so the store's code stays out of the main package.
 */
import { pageOrigin } from '@/platform';
import { useStores } from '@/stores';
import { MemberWalletStore } from '@/stores/areas/member-wallet';

/** The H5 app's own address of a route (the provider cashier returns there); null in a mini program. */
function appUrl(path: string): string | null {
  const origin = pageOrigin();
  return origin ? `${origin}/#${path}` : null;
}

export function useWallet(): MemberWalletStore {
  return useStores().area(
    'wallet',
    (root) =>
      new MemberWalletStore({
        api: root.api,
        platform: root.platform,
        member: root.member,
        shop: root.shop,
        scoped: [root.promotion],
        now: root.now,
        appUrl,
      }),
  );
}
