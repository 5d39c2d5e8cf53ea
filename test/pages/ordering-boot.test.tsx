/**
 * The ordering boot (APP-6, MENU-8): token, shop and menu first; the shop's activities alongside the
 * menu and in before the boot ends (their tags sit above the list: arriving later they would push the
 * first product rows down); the member card only once the menu's products are in, so its call does not
 * hold up the first product rows — except for a page that shows member prices in its sums (the order
 * confirmation), which asks for the card alongside the menu and waits for it.
 */
import type { Transport } from '@/api/request';
import { MEMBER_WAIT_MS, PROMOTIONS_WAIT_MS } from '@/stores/boot';
import type { FakeTransport } from '../support/fakes';
import { fakeRoot, product, scriptBoot } from '../support/store-factories';

function build() {
  // the menu's category call answers late, as a large menu's does next to the shop's small calls
  const slowMenu = (transport: FakeTransport): Transport => ({
    send: async (request) => {
      if (/\/store\/(productTypes|publicProductTypes)$/.test(request.url)) await new Promise((resolve) => setTimeout(resolve, 20));
      return transport.send(request);
    },
  });
  return fakeRoot({ query: { id: '1' }, via: slowMenu });
}

const noodles = product({ id: 1, name: 'Beef noodles', price: 18 });

/** Whether the call to `path` was sent before the menu's products were in (read after the boot). */
function askedBeforeMenu(transport: FakeTransport, path: string, menuIn: () => boolean): () => boolean {
  let before = false;
  const seen = transport.send.bind(transport);
  transport.send = async (request) => {
    if (request.url.endsWith(path)) before = !menuIn();
    return seen(request);
  };
  return () => before;
}

/** The call to `path` answers only after `ms`. */
function slowCall(transport: FakeTransport, path: string, ms: number): void {
  const seen = transport.send.bind(transport);
  transport.send = async (request) => {
    if (request.url.endsWith(path)) await new Promise((resolve) => setTimeout(resolve, ms));
    return seen(request);
  };
}

describe('root.boot.load', () => {

  test('asks for the member card only after the menu answered', async () => {
    const { root, transport } = build();
    scriptBoot(transport, [noodles]);
    const res = await root.boot.load();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const calls = transport.requests.map((r) => r.url.split('/').slice(-2).join('/'));
    expect(res).toEqual({ ok: true });
    expect(calls.indexOf('store/vipInfo') > calls.indexOf('store/products')).toEqual(true);
  });

  test('asks for the activities alongside the menu (before its slow category call answers) and has them when the boot ends', async () => {
    const { root, transport } = build();
    scriptBoot(transport, [noodles]);
    const activitiesAskedBeforeMenu = askedBeforeMenu(transport, '/activity/list', () => root.menu.products.size > 0);
    const res = await root.boot.load();
    expect(res).toEqual({ ok: true });
    expect(activitiesAskedBeforeMenu()).toEqual(true);
    expect(root.promotion.loaded).toEqual(true);
  });

  test('an activity call slower than PROMOTIONS_WAIT_MS holds the menu back no longer than that', async () => {
    const { root, transport } = build();
    scriptBoot(transport, [noodles]);
    slowCall(transport, '/activity/list', PROMOTIONS_WAIT_MS + 2_000);
    const started = Date.now();
    const res = await root.boot.load();
    const waited = Date.now() - started;
    expect(res).toEqual({ ok: true });
    expect(root.promotion.loaded).toEqual(false);
    expect(waited >= PROMOTIONS_WAIT_MS - 50).toEqual(true);
    expect(waited < PROMOTIONS_WAIT_MS + 1_000).toEqual(true);
  });

  test('a page showing member prices asks for the card alongside the menu and has it when the boot ends', async () => {
    const { root, transport } = build();
    scriptBoot(transport, [noodles]);
    const cardAskedBeforeMenu = askedBeforeMenu(transport, '/store/vipInfo', () => root.menu.products.size > 0);
    const res = await root.boot.load({ member: true });
    const cardCalls = transport.requests.filter((r) => r.url.endsWith('/store/vipInfo')).length;
    expect(res).toEqual({ ok: true });
    expect(cardAskedBeforeMenu()).toEqual(true);
    expect(root.member.loaded).toEqual(true);
    expect(cardCalls).toEqual(1);
  });

  test('a card call slower than MEMBER_WAIT_MS holds such a page back no longer than that', async () => {
    const { root, transport } = build();
    scriptBoot(transport, [noodles]);
    slowCall(transport, '/store/vipInfo', MEMBER_WAIT_MS + 2_000);
    const started = Date.now();
    const res = await root.boot.load({ member: true });
    const waited = Date.now() - started;
    expect(res).toEqual({ ok: true });
    expect(root.member.loaded).toEqual(false);
    expect(waited >= MEMBER_WAIT_MS - 50).toEqual(true);
    expect(waited < MEMBER_WAIT_MS + 1_000).toEqual(true);
  });
});
