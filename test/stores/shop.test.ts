import { ErrorCode } from '../../src/domain/errors';
import { FakeTransport, fail, ok } from '../support/fakes';
import { NOON, buildStores, loadShop, paySetting, product, readyToOrder, shopDetail, userProfile } from '../support/store-factories';

const HOUR = 60 * 60 * 1000;

describe('ShopStore', () => {
  it('loads store/detail, paySetting and memberSetting together', async () => {
    const f = buildStores();
    await loadShop(f, { name: 'Dumplings' }, ['cash', 'vip'], { isShowVipPrice: true });
    expect(f.shop.shop?.name).toEqual('Dumplings');
    expect(f.shop.paySetting?.payTypes).toEqual(['cash', 'vip']);
    expect(f.shop.memberSetting).toEqual({ isShowVipPrice: true });
  });

  it('asks store/detail for the shop id it is given', async () => {
    const f = buildStores();
    await loadShop(f, { id: 42 });
    const detail = f.transport.requests.find((r) => r.url.endsWith('/store/detail'));
    expect(detail?.data).toEqual({ id: 42 });
  });

  it('tells the session the shop industry so the ordering tab is relabelled', async () => {
    const f = buildStores();
    await loadShop(f, { industry: 1 });
    expect(f.session.tabOrderingLabelKey).toBe('tabBar.cart');
  });

  it('keeps the failure code when the shop cannot be loaded', async () => {
    const f = buildStores();
    f.transport.on('store/detail', fail('Order failed at get shop data', ErrorCode.getShopDataFailed));
    f.transport.on('store/paySetting', ok(paySetting()));
    f.transport.on('store/memberSetting', ok({}));
    expect(await f.shop.load(1)).toBe(false);
    expect(f.shop.error).toBe(ErrorCode.getShopDataFailed);
  });

  it('shows the expired dialog for status 0 on takeaway', async () => {
    const f = buildStores();
    f.session.setOrderType('takeaway');
    await loadShop(f, { shopStatus: 0 });
    expect(f.shop.dialogs).toEqual([
      { kind: 'status', status: 0, code: ErrorCode.storeExpiredNotice, confirm: 'switchToDine', cancel: 'callShop' },
    ]);
  });

  it('shows the stopped dialog for status -1 with a single button outside fast food', async () => {
    const f = buildStores();
    f.session.setOrderType('takeaway');
    await loadShop(f, { shopStatus: -1, industry: 1 });
    expect(f.shop.dialogs).toEqual([
      { kind: 'status', status: -1, code: ErrorCode.storeStoppedNotice, confirm: 'dismiss', cancel: null },
    ]);
  });

  it('treats the real status as normal for dine-in (C§4)', async () => {
    const f = buildStores();
    f.session.setOrderType('dine');
    await loadShop(f, { shopStatus: 0 });
    expect(f.shop.realStatus).toEqual(1);
    expect(f.shop.dialogs).toEqual([]);
  });

  it('treats the real status as normal in the overseas environment', async () => {
    const f = buildStores({ abroad: true });
    f.session.setOrderType('takeaway');
    await loadShop(f, { shopStatus: -1 });
    expect(f.shop.realStatus).toBe(1);
  });

  it('switches a fast-food order to dine when the status dialog is confirmed', async () => {
    const f = buildStores();
    f.session.setOrderType('takeaway');
    await loadShop(f, { shopStatus: 0, industry: 2 });
    f.shop.answerStatusDialog('switchToDine');
    expect(f.session.orderType).toEqual('dine');
    expect(f.shop.dialogs).toEqual([]);
  });

  it('shows the closed notice with the hours outside business hours', async () => {
    const f = buildStores({ now: NOON + 10 * HOUR });
    f.session.setOrderType('takeaway');
    await loadShop(f);
    // 22:00 in Shanghai: closed, opens at 09:00
    expect(f.shop.dialogs).toEqual([
      { kind: 'closed', code: ErrorCode.storeClosed, params: { hours: '09:00-21:00', nextOpening: '09:00' } },
    ]);
  });

  it('follows the clock when ticked', async () => {
    const f = buildStores();
    f.session.setOrderType('takeaway');
    await loadShop(f);
    f.shop.tick(NOON + 10 * HOUR);
    expect(f.shop.isOpen).toBe(false);
  });

  it('is closed for dine-in when the scan switch is off', async () => {
    const f = buildStores();
    f.session.setOrderType('dine');
    await loadShop(f, { openScanSwitch: false });
    expect(f.shop.closedError).toEqual({ code: ErrorCode.scanOrderClosed });
  });

  it('does not show a dismissed dialog again on this visit', async () => {
    const f = buildStores();
    f.session.setOrderType('takeaway');
    await loadShop(f, { shopStatus: -1 });
    f.shop.dismissDialog('status');
    expect(f.shop.dialogs).toEqual([]);
  });

  it('shows no dialog for an open, normal shop', async () => {
    const transport = new FakeTransport();
    const f = buildStores({ transport });
    f.session.setOrderType('takeaway');
    transport.on('store/detail', ok(shopDetail()));
    transport.on('store/paySetting', ok(paySetting()));
    transport.on('store/memberSetting', ok({}));
    await f.shop.load(1);
    expect(f.shop.dialogs).toEqual([]);
    expect(f.shop.todayHours).toEqual('09:00-21:00');
  });
});

describe('ShopStore.switchShop (SHOP-1, choosing another shop of the chain)', () => {
  const OLD_TOKEN = 'a'.repeat(64);
  const NEW_TOKEN = 'b'.repeat(64);
  const moved = ok({ token: NEW_TOKEN, expiresAt: NOON + HOUR, shopId: 2, user: userProfile({ id: 7, openid: 'member-openid' }) });

  /** Shop 1 loaded with a logged-in member (token of shop 1). */
  async function inShopOne() {
    const f = buildStores();
    f.session.start({ id: '1' });
    await loadShop(f, { id: 1, name: 'Chain — East' });
    // after the load: the request client reads stored tokens against the wall clock, not the fixture's
    f.session.setLogin(OLD_TOKEN, 'member-openid', NOON + HOUR);
    return f;
  }

  it("exchanges the shop's token for the same customer's token in the chosen shop", async () => {
    const f = await inShopOne();
    f.transport.on('user/token', moved);
    await f.shop.switchShop(2);
    expect(f.transport.last?.data).toEqual({ id: 2, token: OLD_TOKEN });
    expect(f.session.token).toEqual(NEW_TOKEN);
    expect(f.session.openid).toEqual('member-openid');
  });

  it('points the session at the chosen shop', async () => {
    const f = await inShopOne();
    f.transport.on('user/token', moved);
    expect(await f.shop.switchShop(2)).toEqual({ ok: true, changed: true });
    expect(f.session.id).toEqual('2');
  });

  it("forgets the old shop's settings so the next load reads the chosen shop", async () => {
    const f = await inShopOne();
    f.transport.on('user/token', moved);
    await f.shop.switchShop(2);
    expect(f.shop.detail).toEqual(null);
    expect(f.shop.paySetting).toEqual(null);
    expect(f.shop.memberSetting).toEqual(null);
    expect(f.session.industry).toEqual(null);
  });

  it('resets the stores that belong to the old shop (the member card)', async () => {
    const f = await inShopOne();
    f.member.setVipInfo({ id: 60001 } as Parameters<typeof f.member.setVipInfo>[0]);
    f.transport.on('user/token', moved);
    await f.shop.switchShop(2, [f.member]);
    expect(f.member.vipInfo).toBeNull();
  });

  it('asks for no token when there is none; the next login enters the chosen shop', async () => {
    const f = buildStores();
    f.session.start({ id: '1' });
    await loadShop(f, { id: 1 });
    const before = f.transport.requests.length;
    await f.shop.switchShop(2);
    expect(f.transport.requests.length - before).toEqual(0);
    expect(f.session.id).toEqual('2');
    expect(f.session.token).toEqual(null);
  });

  it('drops the old token when the exchange is refused, so it is never sent to the chosen shop', async () => {
    const f = await inShopOne();
    f.transport.on('user/token', fail('Order failed at get shop data', ErrorCode.getShopDataFailed));
    expect(await f.shop.switchShop(2)).toEqual({ ok: true, changed: true });
    expect(f.session.token).toEqual(null);
    expect(f.session.id).toEqual('2');
  });

  it('does nothing when the chosen shop is the current one', async () => {
    const f = await inShopOne();
    const before = f.transport.requests.length;
    expect(await f.shop.switchShop(1)).toEqual({ ok: true, changed: false });
    expect(f.transport.requests.length - before).toEqual(0);
    expect(f.shop.shop?.name).toEqual('Chain — East');
  });

  it('refuses a shop id that is not a positive integer', async () => {
    const f = await inShopOne();
    expect(await f.shop.switchShop(0)).toEqual({ ok: false, error: { code: ErrorCode.jumpingStationWrong } });
  });

  it("finds the first shop's cart again when switching back (carts are kept per shop)", async () => {
    const f = buildStores();
    f.session.start({ id: '1' });
    await readyToOrder(f, [product({ id: 11, price: 10 })], { shop: { id: 1 } });
    f.cart.add(11);
    await f.shop.switchShop(2);
    await readyToOrder(f, [product({ id: 21, price: 5 })], { shop: { id: 2 } });
    const inShopTwo = f.cart.lines.map((l) => l.id);
    await f.shop.switchShop(1);
    await readyToOrder(f, [product({ id: 11, price: 10 })], { shop: { id: 1 } });
    expect(inShopTwo).toEqual([]);
    expect(f.cart.lines.map((l) => [l.id, l.quantity])).toEqual([[11, 1]]);
  });
});
