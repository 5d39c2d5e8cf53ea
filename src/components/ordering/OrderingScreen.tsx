import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Taro from '@tarojs/taro';
import { windowHeight } from '@/platform/viewport';
import { observer } from 'mobx-react';
import { Industry, OrderType } from '@/domain/enums';
import { isMemberOnly } from '@/domain/member-offers';
import { ErrorCode } from '@/domain/errors';
import type { OrderType as OrderTypeValue } from '@/domain/enums';
import { errorMessage, t } from '@/i18n';
import { useStores } from '@/stores';
import { EmptyState } from '@/components/EmptyState';
import { OVERSCAN_PX, layoutMenu, visibleRows } from './layout';
import { Box, Label, Picture, Scroller, type ScrollJump } from '@/platform/elements';
import { ProductRow } from './ProductRow';
import { SpecSheet } from './SpecSheet';
import { CartBar } from './CartBar';
import { CartSheet } from './CartSheet';
import { notice, toastError } from './feedback';
import { showShopStatusDialog } from './checkout';
import type { BootResult } from '@/stores/boot';
import { RowsPlaceholder, ShopLoadFailed } from './OrderingGate';
import { TableStrip } from '../table/TableStrip';

/** How long the list rests on an unloaded category before it is fetched. */
const CHUNK_LOAD_DELAY_MS = 180;

export interface OrderingScreenProps {
  boot: BootResult | null;
  /** The screen sits above the tab bar. */
  tab?: boolean;
  /** A product to open (shared product) or add (auto-add product) on arrival. */
  openProductId?: number | null;
  autoAddProductId?: number | null;
}

/** The order types the shop offers (C§5 switches: dine needs the scan switch or allowDineIn). */
export function offeredOrderTypes(
  shop: { selfCollection?: boolean; openScanSwitch?: boolean; allowDineIn?: boolean; industry?: number } | null,
): OrderTypeValue[] {
  if (!shop) return [OrderType.takeaway];
  // C§2: a beauty shop takes appointments (its ordering tab is the appointment tab)
  if (shop.industry === Industry.beauty) return [OrderType.appointment];
  const out: OrderTypeValue[] = [OrderType.takeaway];
  if (shop.selfCollection !== false) out.push(OrderType.selfPickup);
  if (shop.openScanSwitch || shop.allowDineIn) out.push(OrderType.dine);
  return out;
}

interface CategoryRailProps {
  categories: ReadonlyArray<{ id: number; name: string; productIds: readonly number[]; inSaleTime: boolean }>;
  active: number | null;
  onJump: (categoryId: number) => void;
}

/**
 * The category rail (docs/architecture.md §22 Screens): the active category highlighted, a badge with its units in the cart.
 * Its own observer, so scrolling the list re-renders it only when the active category changes.
 */
const CategoryRail = observer(function CategoryRail({ categories, active, onJump }: CategoryRailProps) {
  const { cart } = useStores();
  return (
    <Scroller className="category-rail">
      {categories
        .filter((c) => c.productIds.length > 0)
        .map((c) => {
          const count = cart.quantityInCategory(c.id);
          // one element per category (and the badge when there is one): forty of them on the first render
          return (
            <Box
              key={c.id}
              id={`category-${c.id}`}
              className={`category-rail__item${active === c.id ? ' category-rail__item--on' : ''}${c.inSaleTime ? '' : ' category-rail__item--off'}`}
              onClick={() => onJump(c.id)}
            >
              {c.name}
              {count > 0 ? <Label className="badge category-rail__badge">{count}</Label> : null}
            </Box>
          );
        })}
    </Scroller>
  );
});

/**
 * CONSOLE-5: moves the shop's clock when the first running pause ends, so the banner goes and the
 * order type opens again without a reload.
 */
function usePauseEndTick(): void {
  const root = useStores();
  const { shop } = root;
  const end = shop.nextPauseEnd;
  useEffect(() => {
    if (end === null) return undefined;
    const timer = setTimeout(() => shop.tick(), Math.max(0, end - root.now()) + 50);
    return () => clearTimeout(timer);
  }, [end, shop, root]);
}

/** Shop header (docs/architecture.md §22 Screens): name, logo, status and hours, notification, activity tags, order type. */
const ShopHeader = observer(function ShopHeader() {
  const { shop, promotion, session, member } = useStores();
  usePauseEndTick();
  const s = shop.shop;
  if (!s) return null;
  // a pause of the order type has its own banner below; the status line says the rest
  const closed = shop.canOrderError === shop.pauseError ? null : shop.canOrderError;
  const types = offeredOrderTypes(s);
  const pauses = shop.pauseNotices.filter((p) => types.includes(p.orderType));
  return (
    <Box className="shop-header">
      <Box className="shop-header__row">
        {s.image ? <Picture className="shop-header__logo" src={s.image} /> : null}
        <Box className="shop-header__titles">
          <Label className="shop-header__name" id="shop-name">
            {s.name}
          </Label>
          <Label className={`shop-header__status${closed ? ' shop-header__status--closed' : ''}`}>
            {closed ? errorMessage(closed) : t('pages.ordering.openNow')} · {shop.todayHours}
          </Label>
        </Box>
        <Box
          className="shop-header__search"
          id="search-entry"
          onClick={() => void Taro.navigateTo({ url: '/pages/product/search' })}
        >
          <Label>{t('pages.ordering.search')}</Label>
        </Box>
      </Box>
      {s.notification?.isOpen && s.notification.content ? (
        <Box className="marquee">
          <Label className="marquee__label">{t('pages.ordering.notice')}</Label>
          <Label className="marquee__text">{s.notification.content}</Label>
        </Box>
      ) : null}
      {/* CONSOLE-5: an order type the shop paused, until when and why */}
      {pauses.map((p) => (
        <Box key={p.orderType} id={`pause-${p.orderType}`} className={`pause-banner${p.orderType === shop.orderType ? ' pause-banner--current' : ''}`}>
          <Label className="pause-banner__text">{errorMessage(p.error)}</Label>
        </Box>
      ))}
      {promotion.activities.length > 0 ? (
        <Box className="shop-header__tags">
          {promotion.activities.slice(0, 4).map((a) =>
            // PROMO-5: a visitor sees a member-only activity labelled as such (it does not apply to them)
            !member.isMember && isMemberOnly(a) ? (
              <Label key={a.id} className="tag tag--activity tag--member-only">
                {`${t('pages.ordering.memberOnlyTag')} · ${a.name}`}
              </Label>
            ) : (
              <Label key={a.id} className="tag tag--activity">
                {a.name}
              </Label>
            ),
          )}
        </Box>
      ) : null}
      {/* at an open table the order type is the table's: no switch (the table strip stands for it) */}
      {session.orderType === OrderType.openTable ? null : (
        <Box className="order-type-switch">
          {types.map((type) => (
            <Box
              key={type}
              id={`order-type-${type}`}
              className={`order-type-switch__item${session.orderType === type ? ' order-type-switch__item--on' : ''}`}
              onClick={() => session.setOrderType(type)}
            >
              <Label>{t(`orderType.${type}` as const)}</Label>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
});

/**
 * The ordering screen (docs/architecture.md §22 Screens, MENU-1…8): shop header, then the category rail and the windowed
 * product list scrolling in sync, the cart bar, the spec and cart sheets, and the notices of C§4/§8.
 */
export const OrderingScreen = observer(function OrderingScreen({
  boot,
  tab,
  openProductId,
  autoAddProductId,
}: OrderingScreenProps) {
  const root = useStores();
  const { menu, cart, shop, session } = root;
  // the texts follow a language change
  void session.language;
  const [scrollTop, setScrollTop] = useState(0);
  // the list's jumps (the category rail, a fresh menu): each a new `seq`
  const [listJump, setListJump] = useState<ScrollJump | undefined>(undefined);
  const jumpList = useCallback((top: number) => setListJump((j) => ({ top, seq: (j?.seq ?? 0) + 1 })), []);
  const [specId, setSpecId] = useState<number | null>(null);
  const [cartOpen, setCartOpen] = useState(false);
  const viewport = useMemo(() => windowHeight(), []);
  const frame = useRef<number | null>(null);
  const pending = useRef(0);

  // MENU-8: the products show as soon as the menu of this shop has them, before the rest of the boot —
  // and the shop and its activities: the header and its tags sit above the list, and arriving later
  // they would push it down (the category list may bring the whole menu before the shop answers)
  const menuReady =
    menu.products.size > 0 &&
    root.promotion.loaded &&
    root.shop.shop !== null &&
    root.shop.shop.id === menu.shopId &&
    menu.shopId !== null &&
    (session.id === null || String(menu.shopId) === session.id);
  const bodyShown = menuReady || boot?.ok === true;
  // the first render of the list holds only what is on screen: the rows beyond its edges, the cart bar
  // and the sheets come one frame later, once the first products are painted (MENU-8)
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled || !bodyShown) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const settle = () => {
      timer = setTimeout(() => setSettled(true), 0);
    };
    const frameId = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(settle) : null;
    if (frameId === null) settle();
    return () => {
      if (frameId !== null && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frameId);
      if (timer !== null) clearTimeout(timer);
    };
  }, [settled, bodyShown]);

  const categories = menu.visibleCategories;
  const layout = useMemo(() => layoutMenu(categories), [categories]);
  const { rows, first } = visibleRows(layout, scrollTop, viewport, settled ? OVERSCAN_PX : 0);
  const activeCategory = first?.categoryId ?? categories[0]?.id ?? null;

  // chunked menus (MENU-5/8): load the category on screen once the list rests there — a fling
  // through twenty categories does not fetch (and store) the nineteen it only passed
  const missingCategory =
    rows.find((r) => r.kind === 'product' && !menu.loadedTypeIds.includes(r.categoryId))?.categoryId ?? null;
  useEffect(() => {
    if (!menu.chunked || menu.loadingTypeId !== null || missingCategory === null) return;
    const timer = setTimeout(
      () => void menu.loadCategory(missingCategory).catch(() => undefined),
      CHUNK_LOAD_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [missingCategory, menu, menu.loadingTypeId, menu.chunked]);

  // a session order type once the ordering tab is open (takeaway unless the entry chose one)
  useEffect(() => {
    if (!boot?.ok) return;
    const offered = offeredOrderTypes(shop.shop);
    if (session.orderType === null || (offered[0] === OrderType.appointment && session.orderType !== OrderType.appointment)) session.setOrderType(offered[0]);
  }, [boot, session, shop.shop]);

  // C§4 shop dialogs: expired / stopped first, then the closed notice
  const dialog = shop.dialogs[0];
  useEffect(() => {
    if (!boot?.ok || !dialog) return;
    if (dialog.kind === 'status') void showShopStatusDialog(root, dialog);
    else {
      shop.dismissDialog('closed');
      void notice(
        errorMessage(dialog.params ? { code: dialog.code, params: dialog.params } : { code: dialog.code }),
      );
    }
  }, [boot, dialog, root, shop]);

  // MENU-5 "New menu has been updated": tapping takes the customer to the fresh menu
  useEffect(() => {
    if (!menu.newMenuUpdated) return;
    void notice(errorMessage(ErrorCode.newMenuUpdated)).then(() => {
      menu.acknowledgeNewMenu();
      jumpList(0);
      setScrollTop(0);
    });
  }, [menu.newMenuUpdated, menu, jumpList]);

  // CART-2 revalidation notices: what left the cart and why
  useEffect(() => {
    if (cart.notices.length === 0) return;
    const removed = cart.notices.filter((n) => n.kind === 'removed');
    if (removed.length > 0) void notice(removed.map((n) => errorMessage(n.error)).join('\n'));
    cart.dismissNotices();
  }, [cart.notices, cart]);

  // shared product opens its sheet; auto-add product goes straight into the cart
  const arrived = useRef(false);
  useEffect(() => {
    if (!boot?.ok || arrived.current || menu.loading) return;
    arrived.current = true;
    // a large menu loads by category: the link's products are fetched first when not at hand
    const missing = [openProductId, autoAddProductId].filter((id): id is number => !!id && !menu.product(id));
    void (missing.length > 0 ? menu.loadProducts(missing).catch(() => undefined) : Promise.resolve()).then(() => {
      if (openProductId && menu.product(openProductId)) setSpecId(openProductId);
      if (autoAddProductId) {
        const state = menu.productState(autoAddProductId);
        if (state?.needsChoice) setSpecId(autoAddProductId);
        else if (state) toastError(cart.add(autoAddProductId));
      }
    });
  }, [boot, openProductId, autoAddProductId, menu, menu.loading, cart]);

  const onScroll = useCallback((top: number) => {
    pending.current = top;
    if (frame.current !== null) return;
    const raf =
      typeof requestAnimationFrame === 'function'
        ? requestAnimationFrame
        : (f: () => void) => setTimeout(f, 16);
    frame.current = raf(() => {
      frame.current = null;
      // a transition: the rows entering the window render in short slices that yield to the next
      // frame and input, not as one long task per scroll step (MENU-8)
      startTransition(() => setScrollTop(pending.current));
    }) as unknown as number;
  }, []);

  const onAdd = useCallback(
    (productId: number) => {
      const state = menu.productState(productId);
      if (state?.needsChoice) setSpecId(productId);
      else toastError(cart.add(productId));
    },
    [menu, cart],
  );
  const onOpen = useCallback(
    (productId: number) => void Taro.navigateTo({ url: `/pages/product/detail?id=${productId}` }),
    [],
  );
  // stable callbacks: the sheets and the cart bar skip the re-render of every scroll step
  const toggleCart = useCallback(() => setCartOpen((open) => !open), []);
  const closeCart = useCallback(() => setCartOpen(false), []);
  const closeSpec = useCallback(() => setSpecId(null), []);
  const categoryTop = layout.categoryTop;
  const jump = useCallback(
    (categoryId: number) => {
      const top = categoryTop.get(categoryId) ?? 0;
      jumpList(top);
      setScrollTop(top);
    },
    [categoryTop, jumpList],
  );

  if (!boot && !menuReady) {
    return (
      <Box className={`ordering${tab ? ' ordering--tab' : ''}`}>
        <RowsPlaceholder />
      </Box>
    );
  }
  if (boot && !boot.ok) return <ShopLoadFailed code={boot.code} />;

  return (
    <Box className={`ordering${tab ? ' ordering--tab' : ''}`}>
      <ShopHeader />
      <TableStrip />
      <Box className="ordering__body">
        <CategoryRail categories={categories} active={activeCategory} onJump={jump} />
        {layout.rows.length === 0 ? (
          menu.loading ? (
            <Box className="product-list">
              <RowsPlaceholder />
            </Box>
          ) : (
            <Box className="product-list">
              <EmptyState title={t('pages.ordering.menuEmpty')} />
            </Box>
          )
        ) : (
          <Scroller className="product-list" id="product-list" onScroll={onScroll} enhanced jumpTo={listJump}>
            {/* string styles: the H5 component layer clears an object style's keys before setting them
                again, and a canvas of height 0 for a moment would reset the scroll position */}
            <Box
              className="product-list__canvas"
              style={`position:relative;height:${layout.totalHeight + 24}px`}
            >
              {rows.map((r) =>
                r.kind === 'header' ? (
                  <Box
                    key={r.key}
                    className="product-list__header"
                    style={`position:absolute;top:${r.top}px;left:0;right:0;height:${r.height}px`}
                  >
                    {r.name}
                  </Box>
                ) : (
                  <ProductRow
                    key={r.key}
                    productId={r.productId}
                    top={r.top}
                    height={r.height}
                    onChoose={setSpecId}
                    onAdd={onAdd}
                    onOpen={onOpen}
                  />
                ),
              )}
            </Box>
          </Scroller>
        )}
      </Box>
      {settled ? (
        <>
          <CartBar onOpenCart={toggleCart} raised={cartOpen && !cart.isEmpty} />
          <SpecSheet productId={specId} onClose={closeSpec} />
          <CartSheet visible={cartOpen} onClose={closeCart} />
        </>
      ) : null}
    </Box>
  );
});
