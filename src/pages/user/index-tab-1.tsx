import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { OrderingScreen } from '@/components/ordering/OrderingScreen';
import { OrderingGate } from '@/components/ordering/OrderingGate';
import { EntryPrompts } from '@/components/prompts/EntryPrompts';
import { useShopBoot } from '@/components/ordering/boot';
import { rootStore } from '@/stores';
import '@/components/ordering/ordering.scss';

// MENU-8: the token, shop, ordering stores and menu start loading as soon as this page's code arrives,
// before its first render (on H5 the ordering chunk loads alongside the login call)
void rootStore.boot.load();

/** Ordering tab (C§2, MENU-1…8): the shop's menu by category, the cart bar and the spec sheet. */
export default observer(function UserIndexTab1Page() {
  const boot = useShopBoot();
  return (
    <PageShell route="user/index-tab-1" tab>
      <OrderingGate boot={boot} tab>
        {() => <OrderingScreen boot={boot} tab />}
      </OrderingGate>
      <EntryPrompts />
    </PageShell>
  );
});
