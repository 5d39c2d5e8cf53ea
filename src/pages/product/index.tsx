import { observer } from 'mobx-react';
import { useRouter } from '@tarojs/taro';
import { PageShell } from '@/components/PageShell';
import { OrderingScreen } from '@/components/ordering/OrderingScreen';
import { OrderingGate } from '@/components/ordering/OrderingGate';
import { useShopBoot } from '@/components/ordering/boot';
import { rootStore, useStores } from '@/stores';
import '@/components/ordering/ordering.scss';

// MENU-8: the token, shop, ordering stores and menu start loading as soon as this page's code arrives, before its first render
void rootStore.boot.load();

const idOf = (v: string | null | undefined): number | null => (v && /^\d+$/.test(v) ? Number(v) : null);

/**
 * product/index (C§2 "cart mode"): the menu with the cart, reached from the dine link
 * (`isDine=1&table=…`), a shared product or an auto-add product (APP-6 rule 3).
 */
export default observer(function ProductIndexPage() {
  const boot = useShopBoot();
  const { session } = useStores();
  const params = useRouter().params as Record<string, string | undefined>;
  return (
    <PageShell route="product/index">
      <OrderingGate boot={boot}>
        {() => (
          <OrderingScreen
            boot={boot}
            openProductId={idOf(params.productId ?? session.shareProductId)}
            autoAddProductId={idOf(params.autoAddProductId ?? session.autoAddProductId)}
          />
        )}
      </OrderingGate>
    </PageShell>
  );
});
