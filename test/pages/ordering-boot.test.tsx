/**
 * The ordering boot (APP-6, MENU-8): token, shop and menu first; the member card and promotions
 * only once the menu's products are in, so their calls do not hold up the first product rows.
 */
import { createApi } from '@/api';
import { RequestClient, type Transport } from '@/api/request';
import { bootShop, resetBoot } from '@/components/ordering/boot';
import { RootStore } from '@/stores/root';
import { FakeTransport, MemoryStorage, fakePlatform, ok } from '../support/fakes';
import { menuBody, paySetting, product, shopDetail, typesBody } from '../support/store-factories';

function build() {
  const storage = new MemoryStorage();
  const transport = new FakeTransport();
  const platform = fakePlatform({ storage, query: { id: '1' } });
  // the menu's category call answers late, as a large menu's does next to the shop's small calls
  const slowMenu: Transport = {
    send: async (request) => {
      if (request.url.endsWith('/store/productTypes')) await new Promise((resolve) => setTimeout(resolve, 20));
      return transport.send(request);
    },
  };
  const client = new RequestClient({
    transport: slowMenu,
    storage,
    toast: (m) => platform.ui.toast(m),
    reLaunch: (url) => platform.ui.reLaunch(url),
    message: (c) => c,
    context: () => ({ abroad: false, language: 'zh', userAgentType: null }),
  });
  const root = new RootStore({ api: createApi(client), storage, platform });
  return { root, transport };
}

const noodles = product({ id: 1, name: 'Beef noodles', price: 18 });

describe('bootShop', () => {
  afterEach(() => resetBoot());

  test('asks for the member card and the promotions only after the menu answered', async () => {
    const { root, transport } = build();
    transport.on('user/h5entry', ok({ token: 'tok', user: { openid: 'o1' }, expiresAt: Date.now() + 3_600_000 }));
    transport.on('store/detail', ok(shopDetail()));
    transport.on('store/paySetting', ok(paySetting(['cash'])));
    transport.on('store/memberSetting', ok({}));
    transport.on('store/productTypes', ok(typesBody(1, [noodles])));
    transport.on('store/products', ok(menuBody(1, [noodles])));
    transport.on('store/vipInfo', ok({ version: 1, unchanged: false, vipInfo: null, memberSetting: {}, levels: [] }));
    transport.on('activity/list', ok({ list: [] }));
    transport.on('activity/couponList', ok({ list: [] }));
    const res = await bootShop(root);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const calls = transport.requests.map((r) => r.url.split('/').slice(-2).join('/'));
    expect([res, calls.indexOf('store/vipInfo') > calls.indexOf('store/products'), calls.includes('activity/list')]).toEqual([{ ok: true }, true, true]);
  });
});
