import Taro, { useRouter } from '@tarojs/taro';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { mediaUrl } from '@/platform/media';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { SpecPanel } from '@/components/ordering/SpecSheet';
import { CartBar } from '@/components/ordering/CartBar';
import { Money } from '@/components/ordering/Money';
import { errorMessage, t } from '@/i18n';
import { useOrderingStores } from '@/components/ordering/use-ordering-stores';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';

/** product/detail (C§2, MENU-6): the product's picture, description, price and its spec choices. */
export default observer(function ProductDetailPage() {
  const boot = useShopBoot();
  const { menu } = useOrderingStores();
  const params = useRouter().params as Record<string, string | undefined>;
  const id = Number(params.id ?? params.productId);
  const product = menu.product(id);
  const state = product ? menu.productState(product) : null;
  if (!boot || (menu.loading && !product)) {
    return (
      <PageShell route="product/detail">
        <Skeleton rows={4} thumbnail />
      </PageShell>
    );
  }
  if (!product || !state) {
    return (
      <PageShell route="product/detail">
        <EmptyState title={t('pages.screens.product/detail.title')} description={t('pages.screens.product/detail.text')} actionText={t('pages.actions.goMenu')} onAction={() => void Taro.switchTab({ url: '/pages/user/index-tab-1' })} />
      </PageShell>
    );
  }
  return (
    <PageShell route="product/detail" className="detail-product-page">
      {product.image ? <Image nativeProps={{ alt: '' }} className="product-hero" src={mediaUrl(product.image)} mode="aspectFill" /> : null}
      <View className="card">
        <Text className="store-name">{product.name}</Text>
        <View className="product-row__prices">
          <Money value={product.price} className="price--large" />
          {state.memberPrice !== null ? (
            <Text className="tag tag--member">
              {t('pages.ordering.memberPriceTag')} <Money value={state.memberPrice} />
            </Text>
          ) : null}
        </View>
        {product.description ? <Text className="muted">{product.description}</Text> : null}
        {state.error ? <Text className="address-card__error">{errorMessage(state.error)}</Text> : null}
      </View>
      {state.error ? null : (
        <View className="card">
          <SpecPanel product={product} />
        </View>
      )}
      <View className="cart-bar-spacer" />
      <CartBar onOpenCart={() => void Taro.navigateTo({ url: '/pages/product/index' })} />
    </PageShell>
  );
});
