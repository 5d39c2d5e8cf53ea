import { useCallback } from 'react';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { ShopHome } from '@/components/ShopHome';
import { EntryPrompts } from '@/components/prompts/EntryPrompts';
import { DownloadAppPrompt } from '@/platform/download-prompt';
import { openRoute } from '@/components/navigation';
import { useShopBoot } from '@/components/ordering/boot';
import type { OrderType } from '@/domain/enums';
import { useStores } from '@/stores';

/** Home tab (C§2, SHOP-1): the shop card with its notification, order-type entries and the member card summary. */
export default observer(function UserIndexTabPage() {
  const { session } = useStores();
  const boot = useShopBoot({ ordering: false });
  const chooseOrderType = useCallback(
    (type: OrderType) => {
      session.setOrderType(type);
      void openRoute('/pages/user/index-tab-1');
    },
    [session],
  );
  return (
    <PageShell route="user/index-tab" tab>
      <ShopHome onChooseOrderType={chooseOrderType} loading={boot === null} />
      <EntryPrompts />
      <DownloadAppPrompt />
    </PageShell>
  );
});
