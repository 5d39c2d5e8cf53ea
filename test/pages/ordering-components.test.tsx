/**
 * Ordering components on the real stores (built on fakes): the cart bar's minimum-order hint
 * (docs/architecture.md §22 Screens, ORDER-1), a sold-out product row (MENU-2), and the spec sheet's required taste group and its
 * cart line (MENU-3, C§5), the expired-shop dialog (SHOP-3) and the stock shortfall dialog (CART-3).
 */
import type { ReactElement } from 'react';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { runInAction } from 'mobx';
import { setLanguage } from '@/i18n';
import { StoresProvider } from '@/stores';
import type { RootStore } from '@/stores/root';
import { CartBar } from '@/components/ordering/CartBar';
import { OrderingScreen } from '@/components/ordering/OrderingScreen';
import { runCheckout } from '@/components/ordering/checkout';
import { ProductRow } from '@/components/ordering/ProductRow';
import { SpecPanel } from '@/components/ordering/SpecSheet';
import { ProductStatus } from '@/domain/enums';
import { buildStores, loadMenu, loadShop, product, readyToOrder, type StoreFixture } from '../support/store-factories';
import { ok } from '../support/fakes';

const dumplings = product({ id: 1, name: '水饺', price: 12 });
const lobster = product({ id: 2, name: '龙虾', price: 288, status: ProductStatus.SALE_OUT });
const tofu = product({
  id: 3,
  name: '麻婆豆腐',
  price: 22,
  specs: [
    { id: 31, name: '小份', price: 22 },
    { id: 32, name: '大份', price: 30 },
  ],
  tastes: [{ id: 7, name: '辣度', required: true, options: [{ id: 71, name: '微辣', price: 0 }] }],
});

function renderWith(f: StoreFixture, ui: ReactElement) {
  const root = { ...f } as unknown as RootStore;
  return render(<StoresProvider value={root}>{ui}</StoresProvider>);
}

describe('ordering components', () => {
  let f: StoreFixture;

  beforeEach(async () => {
    setLanguage('zh-CN');
    f = buildStores();
    await readyToOrder(f, [dumplings, lobster, tofu], { shop: { minSellStartAmount: 20, currencySymbol: '¥' } });
  });
  afterEach(() => jest.restoreAllMocks());

  test('the cart bar names the amount still missing to the minimum order and keeps checkout off', () => {
    act(() => {
      f.cart.add(dumplings.id);
    });
    const { container } = renderWith(f, <CartBar onOpenCart={() => undefined} />);
    // minimum 20 − goods 12 = 8 still missing
    expect(container.querySelector('.cart-bar__hint')?.textContent).toBe('差 ¥8.00 起送');
    expect(container.querySelector('#checkout')?.className).toContain('cart-bar__go--off');
  });

  test('a sold-out product row shows the sold-out tag and offers no add button', () => {
    const { container } = renderWith(f, <ProductRow productId={lobster.id} top={0} height={108} onChoose={() => undefined} onAdd={() => undefined} />);
    expect(container.querySelector('.product-row__blocked')?.textContent).toBe('已售罄');
    expect(container.querySelector(`#add-${lobster.id}`)).toBeNull();
    expect(container.querySelector(`#choose-${lobster.id}`)).toBeNull();
  });

  test('adding without the required taste toasts the message naming the group and adds nothing', () => {
    const showToast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' });
    const { container } = renderWith(f, <SpecPanel product={tofu} />);
    fireEvent.click(container.querySelector('#spec-add') as Element);
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: expect.stringContaining('辣度') }));
    expect(f.cart.lines).toHaveLength(0);
  });

  test('the spec sheet puts the chosen spec and taste into the cart as one line at the spec price', () => {
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' });
    const onAdded = jest.fn();
    const { container } = renderWith(f, <SpecPanel product={tofu} onAdded={onAdded} />);
    fireEvent.click(container.querySelector('#spec-32') as Element);
    fireEvent.click(container.querySelector('#taste-71') as Element);
    fireEvent.click(container.querySelector('#spec-add') as Element);
    expect(f.cart.lines).toHaveLength(1);
    expect(f.cart.lines[0]).toMatchObject({ id: tofu.id, specId: 32, price: 30, quantity: 1, tastes: [expect.objectContaining({ id: 71 })] });
    expect(onAdded).toHaveBeenCalled();
  });

  test('the checkout of a cart short of stock shows a single "got it" dialog naming the product', async () => {
    const showModal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' });
    act(() => {
      f.cart.add(dumplings.id, { quantity: 2 });
    });
    f.transport.on('store/checkStock', ok({ id: dumplings.id, name: '水饺', stock: 1 }));
    const root = { ...f } as unknown as RootStore;
    await act(async () => {
      await runCheckout(root);
    });
    expect(showModal).toHaveBeenCalledWith(expect.objectContaining({ content: '水饺库存不足', showCancel: false, confirmText: '知道了' }));
    // C§5: the short line shrank to what is left
    expect(f.cart.quantityOf(dumplings.id)).toBe(1);
  });
});

describe('the ordering screen of a shop whose service expired', () => {
  test('shows the expired dialog; in a fast-food shop confirming switches the order to dine-in', async () => {
    setLanguage('zh-CN');
    const f = buildStores();
    // industry 2: fast food (C§4)
    await readyToOrder(f, [dumplings], { shop: { shopStatus: 0, industry: 2 } });
    await act(async () => {
      renderWith(f, <OrderingScreen boot={{ ok: true }} />);
    });
    expect(f.platform.ui.modals[0]).toMatchObject({ content: '门店服务已过期，请联系商家', confirmText: '改为堂食', cancelText: '联系商家' });
    expect(f.session.orderType).toBe('dine');
  });
});

describe('the ordering screen when the menu changed on the server', () => {
  test('shows "New menu has been updated" and clears the notice once read (MENU-5)', async () => {
    setLanguage('zh-CN');
    const showModal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' });
    const f = buildStores();
    await readyToOrder(f, [dumplings]);
    act(() => f.menu.markNewMenu());
    await act(async () => {
      renderWith(f, <OrderingScreen boot={{ ok: true }} />);
    });
    expect(showModal).toHaveBeenCalledWith(expect.objectContaining({ content: '菜单已更新，点击屏幕前往点单页' }));
    expect(f.menu.newMenuUpdated).toBe(false);
    showModal.mockRestore();
  });
});

describe('the first render of the ordering screen (MENU-8)', () => {
  test('holds the rows back until the shop is in, whose header would push them down', async () => {
    setLanguage('zh-CN');
    const f = buildStores();
    // the menu and the activities are in before the shop (the category list may bring the whole menu)
    await loadMenu(f, [dumplings, tofu]);
    runInAction(() => {
      f.promotion.loaded = true;
    });
    let view: ReturnType<typeof renderWith> | undefined;
    await act(async () => {
      view = renderWith(f, <OrderingScreen boot={null} />);
    });
    const container = view!.container;
    const rows = () => container.querySelectorAll('.product-row:not(.product-row--loading)').length;
    const before = [rows(), container.querySelector('.ordering__body') !== null, container.querySelectorAll('.product-row--loading').length > 0];
    await act(async () => {
      await loadShop(f);
    });
    expect(before).toEqual([0, false, true]);
    expect(rows()).toEqual(2);
    expect(container.querySelector('#shop-name') !== null).toEqual(true);
  });

  test('paints the product rows first and adds the cart bar a frame later', async () => {
    setLanguage('zh-CN');
    const f = buildStores();
    await readyToOrder(f, [dumplings, tofu]);
    let view: ReturnType<typeof renderWith> | undefined;
    await act(async () => {
      view = renderWith(f, <OrderingScreen boot={{ ok: true }} />);
    });
    const container = view!.container;
    // the first render: the rows, no cart bar yet
    expect(container.querySelectorAll('.product-row:not(.product-row--loading)').length).toBe(2);
    expect(container.querySelector('#cart-bar')).toBeNull();
    // the next frame adds it
    await waitFor(() => expect(container.querySelector('#cart-bar')).not.toBeNull());
  });
});
