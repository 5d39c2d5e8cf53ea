/**
 * The two boot levels: the shop level (entry, home tab, shop pages) loads the token, the shop, the
 * member card and the promotions without the ordering stores; the ordering level adds the ordering
 * module, the menu and the cart, its module load started alongside the login.
 */
import { buildOrderingStores } from '@/stores/ordering';
import type { OrderingBuilder } from '@/stores/ordering';
import type { Transport } from '@/api/request';
import { fakeRoot, menuBody, product, scriptBoot, typesBody } from '../support/store-factories';
import { ok } from '../support/fakes';

const noodles = product({ id: 1, name: 'Beef noodles', price: 18 });

function build() {
  // like the H5 loader: no builder at construction, the module on demand
  const load = jest.fn(async (): Promise<{ buildOrderingStores: OrderingBuilder }> => ({ buildOrderingStores }));
  const { root, transport } = fakeRoot({ query: { id: '1' }, ordering: { now: null, load } });
  scriptBoot(transport, [noodles]);
  const calls = () => transport.requests.map((r) => r.url.split('/').slice(-2).join('/'));
  return { root, load, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Settles turns of the event loop until `done` holds (at most 200 turns). */
async function waitFor(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i += 1) await settle();
  if (!done()) throw new Error('condition never held');
}

describe('boot levels', () => {

  test('the shop level does not load the ordering module', async () => {
    const { root, load } = build();
    const res = await root.boot.load({ ordering: false });
    expect(res).toEqual({ ok: true });
    expect(load.mock.calls.length).toEqual(0);
    expect(root.orderingReady).toEqual(false);
  });

  test('the shop level asks for the member card and the promotions but not the menu', async () => {
    const { root, calls } = build();
    await root.boot.load({ ordering: false });
    await settle();
    const asked = calls();
    expect(asked.includes('store/vipInfo')).toEqual(true);
    expect(asked.includes('activity/list')).toEqual(true);
    expect(asked.includes('store/productTypes')).toEqual(false);
  });

  test('the ordering level starts the module load before the login answers', () => {
    const { root, load } = build();
    void root.boot.load();
    // synchronously, with the login call still pending
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('the ordering level opens the menu and the cart of the shop', async () => {
    const { root } = build();
    const res = await root.boot.load();
    expect(res).toEqual({ ok: true });
    expect(root.menu.shopId).toEqual(1);
    expect(root.cart.shopId).toEqual(1);
  });

  test('the ordering level after the shop level asks for the card and promotions only once', async () => {
    const { root, calls } = build();
    await root.boot.load({ ordering: false });
    await root.boot.load();
    await settle();
    expect(calls().filter((c) => c === 'store/vipInfo')).toHaveLength(1);
  });

  test('the ordering level after the shop level logs in and loads the shop only once', async () => {
    const { root, calls } = build();
    await root.boot.load({ ordering: false });
    await root.boot.load();
    const asked = calls();
    expect(asked.filter((c) => c === 'user/h5entry').length).toEqual(1);
    expect(asked.filter((c) => c === 'store/detail').length).toEqual(1);
  });

  test('concurrent ordering boots share one run', async () => {
    const { root, calls } = build();
    await Promise.all([root.boot.load(), root.boot.load()]);
    // a visitor's launch asks for the menu by the shop's id, once
    expect(calls().filter((c) => c === 'store/publicProductTypes')).toHaveLength(1);
    expect(calls().filter((c) => c === 'store/productTypes')).toHaveLength(0);
  });

  test('a launch without a token asks for the menu before the login answers (MENU-8)', async () => {
    // the visitor entry stays unanswered until the test lets it through
    let letLoginThrough = () => undefined as void;
    const loginHeld = new Promise<void>((resolve) => {
      letLoginThrough = resolve;
    });
    const { root, transport } = fakeRoot({
      query: { id: '1' },
      via: (inner): Transport => ({
        send: async (request) => {
          if (request.url.endsWith('/user/h5entry')) await loginHeld;
          return inner.send(request);
        },
      }),
    });
    scriptBoot(transport, [noodles]);
    // as the server answers a small menu: the list with the whole menu (MENU-8)
    const { categories, stock } = menuBody(1, [noodles]);
    transport.on('store/publicProductTypes', ok({ ...typesBody(1, [noodles]), whole: { categories, stock } }));
    const booted = root.boot.load();
    await waitFor(() => root.menu.products.size > 0);
    // the menu is in while the login is still out: nothing else was asked for
    expect(transport.requests.map((r) => r.url.split('/').slice(-2).join('/'))).toEqual(['store/publicProductTypes']);
    expect(root.menu.products.get(1)?.name).toEqual('Beef noodles');
    letLoginThrough();
    expect((await booted).ok).toEqual(true);
    expect(root.cart.shopId).toEqual(1);
  });

  test('a launch with a stored token asks for the menu of the shop its token names, as before', async () => {
    const { root, calls } = build();
    await root.boot.load({ ordering: false });
    root.boot.reset();
    await root.boot.load();
    expect(calls().filter((c) => c === 'store/productTypes')).toHaveLength(1);
    expect(calls().filter((c) => c === 'store/publicProductTypes')).toHaveLength(0);
  });

  test('a failed module load fails the ordering boot and a retry succeeds', async () => {
    const { root, load } = build();
    load.mockRejectedValueOnce(new Error('chunk load failed'));
    const first = await root.boot.load();
    const second = await root.boot.load();
    expect(first.ok).toEqual(false);
    expect(second.ok).toEqual(true);
    expect(root.cart.shopId).toEqual(1);
  });

  test('a launch on the menu tab starts the ordering level at once', () => {
    const { root, load } = build();
    const started = root.boot.forLaunchRoute('#/pages/user/index-tab-1?id=1');
    expect(started !== null).toEqual(true);
    expect(load.mock.calls.length).toEqual(1);
  });

  test('a launch on the home tab starts the shop level without the ordering module', async () => {
    const { root, load } = build();
    await root.boot.forLaunchRoute('#/pages/user/index-tab?id=1');
    expect(load.mock.calls.length).toEqual(0);
    expect(root.shop.shopId).toEqual(1);
  });

  test('a launch on another page leaves the boot to that page', () => {
    const { root, calls } = build();
    expect(root.boot.forLaunchRoute('#/pages/user/order/list')).toEqual(null);
    expect(calls()).toEqual([]);
  });

  test('a boot still logging in is not restarted by the entry', async () => {
    const { root, calls } = build();
    const running = root.boot.load({ ordering: false });
    root.boot.resetStale();
    await running;
    expect(calls().filter((c) => c === 'user/h5entry')).toHaveLength(1);
  });

  test('a finished boot whose token a 401 cleared starts again at the entry', async () => {
    const { root, calls } = build();
    await root.boot.load({ ordering: false });
    root.forgetIdentity();
    root.boot.resetStale();
    await root.boot.load({ ordering: false });
    expect(calls().filter((c) => c === 'user/h5entry')).toHaveLength(2);
  });
});
