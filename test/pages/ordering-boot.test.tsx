/**
 * The ordering boot (APP-6, MENU-8): token, shop and menu first; the member card and promotions
 * only once the menu's products are in, so their calls do not hold up the first product rows.
 */
import type { Transport } from '@/api/request';
import { bootShop, resetBoot } from '@/components/ordering/boot';
import type { FakeTransport } from '../support/fakes';
import { fakeRoot, product, scriptBoot } from '../support/store-factories';

function build() {
  // the menu's category call answers late, as a large menu's does next to the shop's small calls
  const slowMenu = (transport: FakeTransport): Transport => ({
    send: async (request) => {
      if (request.url.endsWith('/store/productTypes')) await new Promise((resolve) => setTimeout(resolve, 20));
      return transport.send(request);
    },
  });
  return fakeRoot({ query: { id: '1' }, via: slowMenu });
}

const noodles = product({ id: 1, name: 'Beef noodles', price: 18 });

describe('bootShop', () => {
  afterEach(() => resetBoot());

  test('asks for the member card and the promotions only after the menu answered', async () => {
    const { root, transport } = build();
    scriptBoot(transport, [noodles]);
    const res = await bootShop(root);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const calls = transport.requests.map((r) => r.url.split('/').slice(-2).join('/'));
    expect([res, calls.indexOf('store/vipInfo') > calls.indexOf('store/products'), calls.includes('activity/list')]).toEqual([{ ok: true }, true, true]);
  });
});
