import { ErrorCode } from '../../src/domain/errors';
import { FakeTransport, fail, ok } from '../support/fakes';
import { NOON, buildStores, loadShop, paySetting, shopDetail } from '../support/store-factories';

const HOUR = 60 * 60 * 1000;

describe('ShopStore', () => {
  it('loads store/detail, paySetting and memberSetting together', async () => {
    const f = buildStores();
    await loadShop(f, { name: 'Dumplings' }, ['cash', 'vip'], { isShowVipPrice: true });
    expect([f.shop.shop?.name, f.shop.paySetting?.payTypes, f.shop.memberSetting]).toEqual([
      'Dumplings',
      ['cash', 'vip'],
      { isShowVipPrice: true },
    ]);
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
    expect([f.shop.realStatus, f.shop.dialogs]).toEqual([1, []]);
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
    expect([f.session.orderType, f.shop.dialogs]).toEqual(['dine', []]);
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
    expect([f.shop.dialogs, f.shop.todayHours]).toEqual([[], '09:00-21:00']);
  });
});
