import { observer } from 'mobx-react';
import { comparer, computed, type IComputedValue } from 'mobx';
import { memberOnlyProductIds } from '@/domain/member-offers';
import { ProductStatus } from '@/domain/enums';
import { Limits } from '@/domain/enums';
import { getLanguage, t } from '@/i18n';
import { NBSP, formatMoney, symbolAfter } from '@/domain/formats';
import { useStores } from '@/stores';
import type { RootStore } from '@/stores/root';
import type { ProductState } from '@/stores/menu';
import { Box, Label, Picture } from '@/platform/elements';
import { LoadingRow } from './LoadingRow';

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

const memberOnlyCells = new WeakMap<RootStore, IComputedValue<ReadonlySet<number>>>();

/**
 * PROMO-5: the products a visitor sees as member-only offers, one set per root: the rows re-render
 * only when its contents change (promotions arriving, the customer becoming a member).
 */
function memberOnlyIds(root: RootStore): ReadonlySet<number> {
  let cell = memberOnlyCells.get(root);
  if (!cell) {
    cell = computed(() => memberOnlyProductIds(root.promotion.activities, root.member.isMember), { equals: comparer.structural });
    memberOnlyCells.set(root, cell);
  }
  return cell.get();
}

/**
 * A product row (docs/architecture.md §22 Screens): image, name, short description, tags (member
 * price, minimum, limit, stock left), price in the main colour with the original struck through, and
 * "+" or "choose spec".
 */
/** Rows starting within this offset of the list's top are on the first screen: their pictures load at once. */
const FIRST_SCREEN_PX = 800;

export const ProductRow = observer(function ProductRow({ productId, height, top, onChoose, onAdd, onOpen }: ProductRowProps) {
  const root = useStores();
  const { menu, cart, shop } = root;
  // its own product's state only: a category loading elsewhere leaves this row alone (MENU-8)
  const state = menu.rowState(productId);
  // a string style and few elements per row: rows mount and unmount as the list scrolls (MENU-8)
  const style = `position:absolute;top:${top}px;left:0;right:0;height:${height}px`;
  if (!state) return <LoadingRow style={style} />;
  const { product } = state;
  const blocked = blockedTag(state);
  const inCart = cart.quantityOf(productId);
  const symbol = shop.currencySymbol;
  const decimals = shop.numberDecimals;
  // amounts as the language on screen writes them (src/domain/formats.ts)
  const language = getLanguage();
  const money = (value: number, sym: string) => formatMoney(value, { symbol: sym, decimals, language });
  const after = symbolAfter(language);
  const showOriginal = typeof product.originalPrice === 'number' && product.originalPrice > product.price;
  const tags: string[] = [];
  // P§5: the member price only while vip price display is on (state.memberPrice is null otherwise)
  if (state.memberPrice !== null) tags.push(`${t('pages.ordering.memberPriceTag')} ${money(state.memberPrice, symbol)}`);
  // PROMO-5: a visitor sees the member-only offers labelled (they apply to members only)
  if (memberOnlyIds(root).has(productId)) tags.push(t('pages.ordering.memberOnlyTag'));
  // the member tags (member price, member-only) come first and wear the member colours
  const memberTags = tags.length;
  if (state.minQuantity > 1) tags.push(t('pages.ordering.minQuantityTag', { count: state.minQuantity }));
  if (state.purchaseLimit < Limits.unlimited) tags.push(t('pages.ordering.limitTag', { count: state.purchaseLimit }));
  const lowStock = state.stockLeft !== null && state.stockLeft > 0 && state.stockLeft <= 10;
  const open = onOpen ? () => onOpen(productId) : undefined;
  return (
    <Box className={`product-row${blocked ? ' product-row--blocked' : ''}`} style={style} id={`product-${productId}`}>
      <Box className="product-row__thumb" onClick={open}>
        {product.image ? <Picture className="product-row__img" src={product.image} eager={top < FIRST_SCREEN_PX} /> : null}
        {blocked ? <Label className="product-row__blocked">{blocked}</Label> : null}
      </Box>
      <Box className="product-row__main">
        <Label className="product-row__name" onClick={open}>
          {product.name}
        </Label>
        {product.description ? <Label className="product-row__desc">{product.description}</Label> : null}
        {/* ORDER-5: a service shows how long it takes */}
        {product.serviceTime ? <Label className="product-row__desc product-row__duration">{t('pages.ordering.serviceMinutes', { minutes: product.serviceTime })}</Label> : null}
        {/* the tag line only when there is a tag: most rows have none, and every element counts here */}
        {tags.length > 0 || lowStock ? (
          <Box className="product-row__tags">
            {tags.map((tag, i) => (
              <Label key={i} className={`tag${i < memberTags ? ' tag--member' : ''}`}>
                {tag}
              </Label>
            ))}
            {lowStock ? <Label className="tag tag--warn">{t('pages.ordering.stockLeftTag', { count: state.stockLeft as number })}</Label> : null}
          </Box>
        ) : null}
        <Box className="product-row__bottom">
          <Label className="product-row__price">
            {after ? null : <Label className="product-row__symbol">{symbol}</Label>}
            {money(product.price, '')}
            {after ? <Label className="product-row__symbol">{`${NBSP}${symbol}`}</Label> : null}
            {showOriginal ? <Label className="product-row__original">{money(product.originalPrice as number, symbol)}</Label> : null}
          </Label>
          {blocked ? null : state.needsChoice ? (
            <Box className="choose-spec" id={`choose-${productId}`} onClick={() => onChoose(productId)}>
              {t('pages.ordering.chooseSpec')}
              {inCart > 0 ? <Label className="badge badge--corner">{inCart}</Label> : null}
            </Box>
          ) : inCart > 0 ? (
            <Box className="stepper">
              <Box
                className="stepper__btn stepper__btn--minus"
                id={`minus-${productId}`}
                onClick={() => {
                  const line = cart.lines.filter((l) => l.id === productId).pop();
                  if (line) cart.decrement(line.flag);
                }}
              >
                −
              </Box>
              <Label className="stepper__count">{inCart}</Label>
              <Box className="stepper__btn stepper__btn--plus" id={`add-${productId}`} onClick={() => onAdd(productId)}>
                +
              </Box>
            </Box>
          ) : (
            <Box className="stepper__btn stepper__btn--plus" id={`add-${productId}`} onClick={() => onAdd(productId)}>
              +
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
});
