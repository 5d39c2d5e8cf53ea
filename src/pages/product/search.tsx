import { useEffect, useRef, useState } from 'react';
import Taro from '@tarojs/taro';
import { View, Input } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { useShopBoot } from '@/components/ordering/boot';
import { ProductRow } from '@/components/ordering/ProductRow';
import { SpecSheet } from '@/components/ordering/SpecSheet';
import { CartBar } from '@/components/ordering/CartBar';
import { ROW_HEIGHT } from '@/components/ordering/layout';
import { toastError } from '@/components/ordering/feedback';
import { t } from '@/i18n';
import { useOrderingStores } from '@/components/ordering/use-ordering-stores';
import '@/components/ordering/ordering.scss';

/** product/search (C§2, MENU-6): products by name, addable from the results. */
export default observer(function ProductSearchPage() {
  const boot = useShopBoot();
  const { menu, cart } = useOrderingStores();
  const [text, setText] = useState(menu.searchText);
  const [specId, setSpecId] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!boot?.ok) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void menu.search(text).catch(() => undefined), 250);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [text, boot, menu]);

  const results = menu.searchResults;
  return (
    <PageShell route="product/search" className="search-page">
      <View className="search-bar">
        <Input id="search-input" className="search-bar__input" focus value={text} placeholder={t('pages.ordering.searchPlaceholder')} onInput={(e) => setText(e.detail.value)} />
      </View>
      {text.trim() === '' ? (
        <EmptyState title={t('pages.screens.product/search.title')} description={t('pages.screens.product/search.text')} />
      ) : menu.searching ? (
        <View className="spinner" />
      ) : results.length === 0 ? (
        <EmptyState title={t('pages.ordering.noResults')} actionText={t('pages.actions.goMenu')} onAction={() => void Taro.switchTab({ url: '/pages/user/index-tab-1' })} />
      ) : (
        <View className="search-results" style={`position:relative;height:${results.length * ROW_HEIGHT}px`}>
          {results.map((p, i) => (
            <ProductRow
              key={p.id}
              productId={p.id}
              top={i * ROW_HEIGHT}
              height={ROW_HEIGHT}
              onChoose={setSpecId}
              onAdd={(id) => {
                const state = menu.productState(id);
                if (state?.needsChoice) setSpecId(id);
                else toastError(cart.add(id));
              }}
              onOpen={(id) => void Taro.navigateTo({ url: `/pages/product/detail?id=${id}` })}
            />
          ))}
        </View>
      )}
      <View className="cart-bar-spacer" />
      <CartBar onOpenCart={() => void Taro.navigateTo({ url: '/pages/product/index' })} />
      <SpecSheet productId={specId} onClose={() => setSpecId(null)} />
    </PageShell>
  );
});
