/**
 * The ordering stores on demand (H5): a RootStore whose loader has no builder at hand leaves the menu,
 * cart and order to `ready()`, which loads their module once.
 */
import { buildOrderStore } from '../../src/stores/order-build';
import { buildOrderingStores } from '../../src/stores/ordering';
import type { OrderingBuilder } from '../../src/stores/ordering';
import { ORDERING_NOT_LOADED } from '../../src/stores/root';
import type { OrderingLoader } from '../../src/stores/root';
import { fakeRoot } from '../support/store-factories';

/** A loader like the H5 one: nothing at construction, the module once `load` resolves. */
function lazyLoader(build: OrderingBuilder = buildOrderingStores) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const load = jest.fn(async () => {
    await gate;
    return { buildOrderingStores: build };
  });
  const loader: OrderingLoader = { now: null, load };
  return { loader, load, release };
}

const buildRoot = (ordering?: OrderingLoader) => fakeRoot({ query: { id: '1' }, ordering });

describe('RootStore ordering stores', () => {
  it('builds the menu, cart and order with the root when the loader has a builder at hand', () => {
    const { root } = buildRoot();
    expect(root.orderingReady).toEqual(true);
    expect(root.cart.shopId).toEqual(null);
    expect(root.menu.products.size).toEqual(0);
  });

  it('builds the checkout over the cart of the root', () => {
    const { root } = buildRoot();
    root.checkout.setOrderInfo({ note: 'no onions' });
    root.cart.clearAfterOrder();
    expect(root.checkout.orderInfo.note).toBe('');
  });

  it('throws a clear error when the cart is read before ready() on a lazy loader', () => {
    const { root } = buildRoot(lazyLoader().loader);
    expect(() => root.cart).toThrow(ORDERING_NOT_LOADED);
    expect(() => root.checkout).toThrow(ORDERING_NOT_LOADED);
  });

  it('does not count the ordering stores as ready before the module loads', () => {
    const { root } = buildRoot(lazyLoader().loader);
    expect(root.orderingReady).toBe(false);
  });

  it('builds the menu, cart and order once ready() resolves', async () => {
    const { loader, release } = lazyLoader();
    const { root } = buildRoot(loader);
    const ready = root.ready();
    release();
    await ready;
    expect(root.orderingReady).toEqual(true);
    expect(root.menu.shopId).toEqual(null);
    expect(root.order.detail).toEqual(null);
  });

  it('shares one load between concurrent ready() calls', async () => {
    const { loader, load, release } = lazyLoader();
    const { root } = buildRoot(loader);
    const both = Promise.all([root.ready(), root.ready()]);
    release();
    await both;
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the same stores when ready() is called again after the load', async () => {
    const { loader, load, release } = lazyLoader();
    const { root } = buildRoot(loader);
    release();
    await root.ready();
    const cart = root.cart;
    await root.ready();
    expect(root.cart === cart).toEqual(true);
    expect(load.mock.calls.length).toEqual(1);
  });

  it('builds the stores only once when adopt() and ready() both deliver a builder', async () => {
    const build = jest.fn(buildOrderingStores);
    const { loader, release } = lazyLoader(build);
    const { root } = buildRoot(loader);
    const ready = root.ready();
    root.adopt(build);
    release();
    await ready;
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after a failed one', async () => {
    const load = jest
      .fn<Promise<{ buildOrderingStores: OrderingBuilder }>, []>()
      .mockRejectedValueOnce(new Error('chunk load failed'))
      .mockResolvedValue({ buildOrderingStores });
    const { root } = buildRoot({ now: null, load });
    await expect(root.ready()).rejects.toThrow('chunk load failed');
    await root.ready();
    expect(root.orderingReady).toEqual(true);
    expect(load.mock.calls.length).toEqual(2);
  });

  it('builds the order store alone for a page that reads orders only, and the ordering stores take it later', async () => {
    const { loader, load, release } = lazyLoader();
    const { root } = buildRoot(loader);
    root.adoptOrder(buildOrderStore);
    expect(root.orderReady).toBe(true);
    expect(root.orderingReady).toBe(false);
    expect(root.order.list).toEqual([]);
    // the menu, cart and pricing are still not built, nor asked for
    expect(() => root.menu).toThrow(ORDERING_NOT_LOADED);
    expect(load).not.toHaveBeenCalled();
    const order = root.order;
    const ready = root.ready();
    release();
    await ready;
    expect(root.orderingReady).toBe(true);
    // one order store: its list, tab and live channel stay as the order list left them
    expect(root.order === order).toBe(true);
  });

  it('holds the order channel on the payment app while the table room holds its one socket', async () => {
    const { loader, release } = lazyLoader();
    const { root } = buildRoot(loader);
    const build = jest.fn(buildOrderStore);
    root.adoptOrder(build);
    const deps = build.mock.calls[0][0];
    // no table room yet: the socket is free
    expect(deps.tableSocketBusy()).toBe(false);
    const ready = root.ready();
    release();
    await ready;
    root.table.status = 'open';
    expect(deps.tableSocketBusy()).toBe(true);
    root.table.status = 'idle';
    expect(deps.tableSocketBusy()).toBe(false);
  });
});
