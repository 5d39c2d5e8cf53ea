import { useCallback } from 'react';
import { observer } from 'mobx-react-lite';
import { PageShell } from '@/components/PageShell';
import { ShopHome } from '@/components/ShopHome';
import { openRoute } from '@/components/navigation';
import type { OrderType } from '@/domain/enums';
import { useStores } from '@/stores';

/** Entry route `/` (C§2): the shop home, reached on launch and after a 401. */
export default observer(function IndexIndexPage() {
  const { session } = useStores();
  const chooseOrderType = useCallback(
    (type: OrderType) => {
      session.setOrderType(type);
      void openRoute('/pages/user/index-tab-1');
    },
    [session],
  );
  return (
    <PageShell route="index/index">
      <ShopHome onChooseOrderType={chooseOrderType} />
    </PageShell>
  );
});
