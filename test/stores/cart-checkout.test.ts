import { ErrorCode } from '../../src/domain/errors';
import { cartStorageKey } from '../../src/stores/cart';
import { CONFIRM_PAGE, TABLE_ORDER_PAGE } from '../../src/stores/checkout';
import { MemoryStorage, ok } from '../support/fakes';
import { NOON, buildStores, loadMenu, product, readyToOrder } from '../support/store-factories';

const HOUR = 60 * 60 * 1000;
const noodles = product({ id: 1, name: 'Beef noodles', price: 18 });
const dumplings = product({ id: 2, name: 'Dumplings', price: 12, typeid: 11 });
const inStock = ok({ id: null, name: null, stock: null });

describe('CheckoutStore.checkout (C§4 order confirmation)', () => {
  it('shows the expiry notice when the shop status is below 1', async () => {
    const f = buildStores();
    f.session.setOrderType('takeaway');
    await readyToOrder(f, [noodles], { shop: { shopStatus: 0, industry: 1 } });
    f.cart.add(1);
    expect(await f.checkout.checkout()).toEqual({
      step: 'expiredNotice',
      dialog: { status: 0, code: ErrorCode.storeExpiredNotice, confirm: 'dismiss', cancel: null },
    });
  });

  it('shows the closed notice outside business hours', async () => {
    const f = buildStores({ now: NOON + 10 * HOUR });
    f.session.setOrderType('takeaway');
    await readyToOrder(f, [noodles]);
    f.cart.add(1);
    expect(await f.checkout.checkout()).toEqual({
      step: 'closedNotice',
      error: { code: ErrorCode.storeClosed, params: { hours: '09:00-21:00', nextOpening: '09:00' } },
    });
  });

  it('shows the closed notice for dine-in when the scan switch is off', async () => {
    const f = buildStores();
    f.session.setOrderType('dine');
    await readyToOrder(f, [noodles], { shop: { openScanSwitch: false } });
    f.cart.add(1);
    expect(await f.checkout.checkout()).toEqual({ step: 'closedNotice', error: { code: ErrorCode.scanOrderClosed } });
  });

  it('does nothing for an empty cart', async () => {
    const f = buildStores();
    await readyToOrder(f, [noodles]);
    const calls = f.transport.requests.length;
    expect(await f.checkout.checkout()).toEqual({ step: 'none' });
    expect(f.transport.requests.length).toEqual(calls);
  });

  it('clears empty lines before going on', async () => {
    const storage = new MemoryStorage();
    storage.set(cartStorageKey(1), {
      lines: [
        { id: 1, name: 'Beef noodles', price: 18, quantity: 1, flag: '1_0__', typeid: 10 },
        { id: 2, name: 'Dumplings', price: 12, quantity: 0, flag: '2_0__', typeid: 11 },
      ],
    });
    const f = buildStores({ storage });
    await readyToOrder(f, [noodles, dumplings]);
    f.transport.on('store/checkStock', inStock);
    await f.checkout.checkout();
    expect(f.cart.lines.map((l) => l.id)).toEqual([1]);
  });

  it('adds the menu taxes to the lines', async () => {
    const taxes = [{ taxID: 1, taxType: 0 as const, taxValue: 10 }];
    const f = buildStores();
    await readyToOrder(f, [noodles]);
    f.cart.add(1);
    // the menu refreshed with taxes while the cart stayed open
    await loadMenu(f, [{ ...noodles, taxes }], { version: 2 });
    f.transport.on('store/checkStock', inStock);
    await f.checkout.checkout();
    expect(f.cart.lines[0].taxes).toEqual(taxes);
  });

  it('names the short product in a stock shortfall and shrinks it to the stock left', async () => {
    const f = buildStores();
    await readyToOrder(f, [noodles, dumplings]);
    f.cart.add(1);
    f.cart.add(2, { quantity: 3 });
    f.transport.on('store/checkStock', ok({ id: 2, name: 'Dumplings', stock: 1 }));
    const step = await f.checkout.checkout();
    expect(step).toEqual({ step: 'stockShortage', product: 'Dumplings', error: { code: ErrorCode.insufficientInventory, params: { product: 'Dumplings' } } });
    expect(f.cart.quantityOf(2)).toEqual(1);
  });

  it('gives the stock warning when none of the product is left, and takes it out of the cart (P§8)', async () => {
    const f = buildStores();
    await readyToOrder(f, [noodles, dumplings]);
    f.cart.add(1);
    f.cart.add(2, { quantity: 3 });
    f.transport.on('store/checkStock', ok({ id: 2, name: 'Dumplings', stock: 0 }));
    const step = await f.checkout.checkout();
    expect(step).toEqual({ step: 'stockShortage', product: 'Dumplings', error: { code: ErrorCode.stockWarning, params: { product: 'Dumplings' } } });
    expect(f.cart.quantityOf(2)).toEqual(0);
  });

  it('sends every line to the stock check', async () => {
    const f = buildStores();
    await readyToOrder(f, [noodles, dumplings]);
    f.cart.add(1);
    f.cart.add(2, { quantity: 3 });
    f.transport.on('store/checkStock', inStock);
    await f.checkout.checkout();
    expect(f.transport.last?.data).toEqual({ products: [{ id: 1, quantity: 1 }, { id: 2, quantity: 3 }] });
  });

  it('goes to order/confirm when everything is in stock', async () => {
    const f = buildStores();
    f.session.setOrderType('takeaway');
    await readyToOrder(f, [noodles]);
    f.cart.add(1);
    f.transport.on('store/checkStock', inStock);
    expect(await f.checkout.checkout()).toEqual({ step: 'confirm', url: CONFIRM_PAGE });
  });

  it('goes to order/order for an open table', async () => {
    const f = buildStores();
    f.session.setOrderType('openTable');
    await readyToOrder(f, [noodles]);
    f.cart.add(1);
    f.transport.on('store/checkStock', inStock);
    expect(await f.checkout.checkout()).toEqual({ step: 'confirm', url: TABLE_ORDER_PAGE });
  });

  it('stops at the minimum order amount for takeaway', async () => {
    const f = buildStores();
    f.session.setOrderType('takeaway');
    await readyToOrder(f, [noodles], { shop: { minSellStartAmount: 30 } });
    f.cart.add(1);
    expect(await f.checkout.checkout()).toEqual({ step: 'invalid', error: { code: ErrorCode.belowMinimumAmount, params: { amount: 30 } } });
  });

  it('stops when the must-pick category has no item (MENU-7)', async () => {
    const f = buildStores();
    await readyToOrder(f, [noodles, dumplings], { shop: { mustPickTypeId: 11 } });
    f.cart.add(1);
    expect(await f.checkout.checkout()).toEqual({ step: 'invalid', error: { code: ErrorCode.mustPickCategory, params: { category: 'category 11' } } });
  });
});
