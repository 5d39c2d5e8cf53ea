import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { ProductStatus } from '@/domain/enums';
import { Limits } from '@/domain/enums';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import type { ProductState } from '@/stores/menu';
import { formatAmount } from '@/components/Price';

export interface ProductRowProps {
  productId: number;
  height: number;
  top: number;
  onChoose: (productId: number) => void;
  onAdd: (productId: number) => void;
  onOpen?: (productId: number) => void;
}

/** The reason a product cannot be ordered, as its tag (MENU-1, MENU-2). */
function blockedTag(state: ProductState): string | null {
  switch (state.status) {
    case ProductStatus.SALE_OUT:
      return t('pages.ordering.soldOut');
    case ProductStatus.OFFLINE:
    case ProductStatus.DELETE:
      return t('pages.ordering.offSale');
    case ProductStatus.OUT_SALE_TIME:
      return t('pages.ordering.outOfSaleTime');
    default:
      return state.error ? t('pages.ordering.unavailable') : null;
  }
}

/**
 * A product row (UI.md): image, name, short description, tags (member price, minimum, limit, stock
 * left), price in the main colour with the original struck through, and "+" or "choose spec".
 */
export const ProductRow = observer(function ProductRow({ productId, height, top, onChoose, onAdd, onOpen }: ProductRowProps) {
  const { menu, cart, shop } = useStores();
  const state = menu.productState(productId);
  // a string style and few elements per row: rows mount and unmount as the list scrolls (MENU-8)
  const style = `position:absolute;top:${top}px;left:0;right:0;height:${height}px`;
  if (!state) {
    return (
      <View className="product-row product-row--loading" style={style}>
        <View className="product-row__thumb skeleton-block" />
        <View className="product-row__main">
          <View className="skeleton-line" />
          <View className="skeleton-line skeleton-line--short" />
        </View>
      </View>
    );
  }
  const { product } = state;
  const blocked = blockedTag(state);
  const inCart = cart.quantityOf(productId);
  const symbol = shop.currencySymbol;
  const decimals = shop.numberDecimals;
  const showOriginal = typeof product.originalPrice === 'number' && product.originalPrice > product.price;
  const tags: string[] = [];
  if (state.memberPrice !== null) tags.push(`${t('pages.ordering.memberPriceTag')} ${symbol}${formatAmount(state.memberPrice, decimals)}`);
  if (state.minQuantity > 1) tags.push(t('pages.ordering.minQuantityTag', { count: state.minQuantity }));
  if (state.purchaseLimit < Limits.unlimited) tags.push(t('pages.ordering.limitTag', { count: state.purchaseLimit }));
  const lowStock = state.stockLeft !== null && state.stockLeft > 0 && state.stockLeft <= 10;
  return (
    <View className={`product-row${blocked ? ' product-row--blocked' : ''}`} style={style} id={`product-${productId}`}>
      <View className="product-row__thumb" onClick={() => onOpen?.(productId)}>
        {product.image ? <Image className="product-row__img" src={product.image} mode="aspectFill" lazyLoad /> : null}
        {blocked ? <Text className="product-row__blocked">{blocked}</Text> : null}
      </View>
      <View className="product-row__main">
        <Text className="product-row__name" onClick={() => onOpen?.(productId)}>
          {product.name}
        </Text>
        {product.description ? <Text className="product-row__desc">{product.description}</Text> : null}
        <View className="product-row__tags">
          {tags.map((tag, i) => (
            <Text key={i} className={`tag${i === 0 && state.memberPrice !== null ? ' tag--member' : ''}`}>
              {tag}
            </Text>
          ))}
          {lowStock ? <Text className="tag tag--warn">{t('pages.ordering.stockLeftTag', { count: state.stockLeft as number })}</Text> : null}
        </View>
        <View className="product-row__bottom">
          <Text className="product-row__price">
            <Text className="product-row__symbol">{symbol}</Text>
            {formatAmount(product.price, decimals)}
            {showOriginal ? <Text className="product-row__original">{`${symbol}${formatAmount(product.originalPrice as number, decimals)}`}</Text> : null}
          </Text>
          {blocked ? null : state.needsChoice ? (
            <View className="choose-spec" id={`choose-${productId}`} onClick={() => onChoose(productId)}>
              {t('pages.ordering.chooseSpec')}
              {inCart > 0 ? <Text className="badge badge--corner">{inCart}</Text> : null}
            </View>
          ) : (
            <View className="stepper">
              {inCart > 0 ? (
                <>
                  <View
                    className="stepper__btn stepper__btn--minus"
                    id={`minus-${productId}`}
                    onClick={() => {
                      const line = cart.lines.filter((l) => l.id === productId).pop();
                      if (line) cart.decrement(line.flag);
                    }}
                  >
                    −
                  </View>
                  <Text className="stepper__count">{inCart}</Text>
                </>
              ) : null}
              <View className="stepper__btn stepper__btn--plus" id={`add-${productId}`} onClick={() => onAdd(productId)}>
                +
              </View>
            </View>
          )}
        </View>
      </View>
    </View>
  );
});
