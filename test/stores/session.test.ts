import { createApi } from '../../src/api';
import { OPENID_STORAGE_KEY, RequestClient, TOKEN_STORAGE_KEY } from '../../src/api/request';
import { Industry, OrderType } from '../../src/domain/enums';
import { ORDER_TYPE_CHANGED } from '../../src/domain/user-agent';
import { getLanguage, setLanguage } from '../../src/i18n';
import { RootStore } from '../../src/stores/root';
import { LANGUAGE_STORAGE_KEY, LIVE_CLOSE_ON_HIDE } from '../../src/stores/session';
import type { OrderTypeChange } from '../../src/stores/session';
import { FakeRealtime, FakeTransport, MemoryStorage, fakePlatform } from '../support/fakes';

const DAY_MS = 24 * 60 * 60 * 1000;

function build(
  opts: {
    name?: 'weapp' | 'alipay' | 'h5';
    userAgent?: string;
    storage?: MemoryStorage;
    abroad?: boolean;
    now?: () => number;
  } = {},
) {
  const storage = opts.storage ?? new MemoryStorage();
  const platform = fakePlatform({ name: opts.name, userAgent: opts.userAgent, deviceId: 'device-1', storage });
  const realtime = new FakeRealtime();
  const client = new RequestClient({
    transport: new FakeTransport(),
    storage,
    toast: () => undefined,
    reLaunch: () => undefined,
    message: (c) => c,
    context: () => ({ abroad: false, language: 'zh', userAgentType: null }),
  });
  const root = new RootStore({ api: createApi(client), storage, platform, realtime, abroad: opts.abroad, now: opts.now });
  return { root, session: root.session, storage, platform, realtime };
}

afterEach(() => {
  setLanguage('zh-CN');
});

describe('session start-up', () => {
  it('reads the shop, table and flags of the launch query', () => {
    const { session } = build();
    session.start({ id: '12', brand: 'b1', table: 'A3', isAutoNumber: '1', payOpenid: 'po', payCallback: '/pages/order/success' });
    expect({
      id: session.id,
      brand: session.brand,
      tableNo: session.tableNo,
      isAutoNumber: session.isAutoNumber,
      payOpenid: session.payOpenid,
      payCallback: session.payCallback,
    }).toEqual({ id: '12', brand: 'b1', tableNo: 'A3', isAutoNumber: true, payOpenid: 'po', payCallback: '/pages/order/success' });
  });

  it('treats source_type 6 as the scan-order program: shop_id, table_no and openTable', () => {
    const { session } = build({ name: 'weapp' });
    session.start({ source_type: '6', shop_id: '9', table_no: 'T5' });
    expect(session.isScanOrder).toEqual(true);
    expect(session.id).toEqual('9');
    expect(session.newTableNo).toEqual('T5');
    expect(session.orderType).toEqual(OrderType.openTable);
    // weapp scan-order code: 201 (C§3 scan order 201–203)
    expect(session.userAgent).toBe(201);
  });

  it('uses the device id as open id when the launch carries none', () => {
    const { session } = build();
    session.start({});
    expect(session.openid).toEqual('device-1');
    expect(session.openidFromDevice).toEqual(true);
  });

  it('stores the launch open id so a 401 can clear it', () => {
    const { session, storage } = build();
    session.start({ openid: 'wx-open-1' });
    expect(session.openid).toEqual('wx-open-1');
    expect(storage.get(OPENID_STORAGE_KEY)).toEqual('wx-open-1');
  });

  it('clears the once-per-launch session flags from storage', () => {
    const storage = new MemoryStorage({
      limitShowed: true,
      takeawaySearchValue: 'noodles',
      firstChargeShowed: true,
      firstRegisterShowed: true,
      keepMe: 'yes',
    });
    const { session } = build({ storage });
    session.start({});
    expect([...storage.data.keys()].sort()).toEqual(['keepMe']);
  });

  it('detects a kiosk client from the browser identification', () => {
    const { session } = build({ userAgent: 'Mozilla/5.0 ShopKiosk/2.1' });
    session.start({});
    expect(session.isKioskClient).toBe(true);
  });

  it('takes the dine order type from isDine', () => {
    const { session } = build();
    session.start({ isDine: '1' });
    // h5 dine code: 103 (C§3 dine 101–106)
    expect(session.orderType).toEqual(OrderType.dine);
    expect(session.userAgent).toEqual(103);
  });

  it('reads the launch query from the platform when none is given', () => {
    const storage = new MemoryStorage();
    const platform = fakePlatform({ query: { id: '77' }, storage });
    const client = new RequestClient({
      transport: new FakeTransport(),
      storage,
      toast: () => undefined,
      reLaunch: () => undefined,
      message: (c) => c,
      context: () => ({ abroad: false, language: 'zh', userAgentType: null }),
    });
    const root = new RootStore({ api: createApi(client), storage, platform });
    root.start();
    expect(root.session.id).toBe('77');
  });

  it('keeps a new token on a device whose clock is days ahead of the server', () => {
    // the server's clock says 2026-11-23 12:00 and its token lasts 24 h; the phone says 3 days later
    const server = Date.UTC(2026, 10, 23, 4);
    const device = server + 3 * 86_400_000;
    const { session } = build({ now: () => device });
    session.start({});
    session.setLogin('tok', 'open-1', server + 86_400_000);
    // without this the token is dropped at once and the app logs in again on every call
    expect(session.refreshToken()).toEqual('tok');
    expect(session.isLoggedIn).toEqual(true);
  });

  it('drops the token at the server\'s expiry when it comes before 24 h on the device', () => {
    const now = 1_700_000_000_000;
    let clock = now;
    const { session } = build({ now: () => clock });
    session.start({});
    session.setLogin('tok', 'open-1', now + 3_600_000);
    clock = now + 3_600_000 - 1;
    expect(session.refreshToken()).toBe('tok');
    clock = now + 3_600_000;
    expect(session.refreshToken()).toBeNull();
  });

  it('loads a still-valid token at start', () => {
    const now = 1_700_000_000_000;
    const storage = new MemoryStorage({ [TOKEN_STORAGE_KEY]: { value: 'tok', expiresAt: now + 1000 } });
    const { session } = build({ storage, now: () => now });
    session.start({});
    expect(session.token).toEqual('tok');
    expect(session.isLoggedIn).toEqual(true);
  });
});

describe('session language', () => {
  it('defaults to zh-CN outside the overseas environment', () => {
    const { session } = build();
    session.start({});
    expect(session.language).toEqual('zh-CN');
    expect(getLanguage()).toEqual('zh-CN');
  });

  it('defaults to en in the overseas environment', () => {
    const { session } = build({ abroad: true });
    session.start({});
    expect(session.language).toEqual('en');
    expect(getLanguage()).toEqual('en');
  });

  it('lets a stored language override the default', () => {
    const { session } = build({ abroad: true, storage: new MemoryStorage({ [LANGUAGE_STORAGE_KEY]: 'fr' }) });
    session.start({});
    expect(session.language).toBe('fr');
  });

  it('stores a language the customer chooses and switches the texts', () => {
    const { session, storage } = build();
    session.setLanguage('en');
    expect(session.language).toEqual('en');
    expect(storage.get(LANGUAGE_STORAGE_KEY)).toEqual('en');
    expect(getLanguage()).toEqual('en');
  });
});

describe('session order type', () => {
  it('picks the user-agent code of the order type on this platform', () => {
    const { session } = build({ name: 'alipay' });
    session.start({});
    session.setOrderType(OrderType.selfPickup);
    // alipay selfPickup: 52 (C§3 selfPickup 51–56)
    expect(session.userAgent).toBe(52);
  });

  it('uses the kiosk code for a kiosk browser', () => {
    const { session } = build({ userAgent: 'kiosk-terminal' });
    session.start({});
    session.setOrderType(OrderType.takeaway);
    // kiosk takeaway: 4 (C§3 takeaway 1–6)
    expect(session.userAgent).toBe(4);
  });

  it('fires the order-type-changed event with the new code', () => {
    const { session } = build();
    session.start({});
    const seen: OrderTypeChange[] = [];
    session.events.on(ORDER_TYPE_CHANGED, (e) => seen.push(e));
    session.setOrderType(OrderType.appointment);
    // h5 appointment: 303 (C§3 appointment 301–303)
    expect(seen).toEqual([{ orderType: OrderType.appointment, previous: null, userAgent: 303 }]);
  });

  it('does not fire the event when the order type stays the same', () => {
    const { session } = build();
    session.start({});
    session.setOrderType(OrderType.takeaway);
    const seen: OrderTypeChange[] = [];
    session.events.on(ORDER_TYPE_CHANGED, (e) => seen.push(e));
    session.setOrderType(OrderType.takeaway);
    expect(seen).toEqual([]);
  });
});

describe('ordering tab label', () => {
  it('reads choose product for a restaurant', () => {
    const { session } = build();
    session.setIndustry(Industry.fastfood);
    session.setOrderType(OrderType.takeaway);
    expect(session.tabOrderingLabelKey).toBe('tabBar.chooseProduct');
  });

  it('reads cart for a retail shop', () => {
    const { session } = build();
    session.setIndustry(Industry.retail);
    expect(session.tabOrderingLabelKey).toBe('tabBar.cart');
  });

  it('reads appointment for a beauty shop', () => {
    const { session } = build();
    session.setIndustry(Industry.beauty);
    expect(session.tabOrderingLabelKey).toBe('tabBar.appointment');
  });

  it('reads appointment when the order type is appointment', () => {
    const { session } = build();
    session.setOrderType(OrderType.appointment);
    expect(session.tabOrderingLabelKey).toBe('tabBar.appointment');
  });
});

describe('app hide and show (APP-10)', () => {
  it('closes the live channel with code 1000 when the app is hidden', () => {
    const { session, platform, realtime } = build();
    session.start({});
    platform.lifecycle.emitHide();
    expect(realtime.closed).toEqual([LIVE_CLOSE_ON_HIDE]);
    expect(session.appVisible).toEqual(false);
  });

  it('reopens the live channel when the app shows again', () => {
    const { session, platform, realtime } = build();
    session.start({});
    platform.lifecycle.emitHide();
    platform.lifecycle.emitShow();
    expect(realtime.opened).toEqual(1);
    expect(session.appVisible).toEqual(true);
  });

  it('does not open a channel on show that hide did not close', () => {
    const { session, platform, realtime } = build();
    session.start({});
    platform.lifecycle.emitShow();
    expect(realtime.opened).toBe(0);
  });

  it('follows a channel attached after start', () => {
    const { session, platform } = build();
    session.start({});
    const later = new FakeRealtime();
    session.attachLiveChannel(later);
    platform.lifecycle.emitHide();
    expect(later.closed).toEqual([1000]);
  });

  it('stops following show and hide once disposed', () => {
    const { session, platform, realtime } = build();
    session.start({});
    session.dispose();
    platform.lifecycle.emitHide();
    expect(realtime.closed).toEqual([]);
  });
});

describe('session identity', () => {
  it('keeps a login token for 24 hours and then drops it', () => {
    let now = 1_700_000_000_000;
    const { session } = build({ now: () => now });
    session.setLogin('tok-9', 'open-9');
    now += DAY_MS - 1;
    expect(session.refreshToken()).toBe('tok-9');
    now += 1;
    expect(session.refreshToken()).toEqual(null);
    expect(session.isLoggedIn).toEqual(false);
  });

  it('clears token and openid and falls back to the device id', () => {
    const { session, storage } = build();
    session.setLogin('tok-9', 'open-9');
    session.clearIdentity();
    expect(session.token).toEqual(null);
    expect(session.openid).toEqual('device-1');
    expect(storage.get(TOKEN_STORAGE_KEY)).toEqual(undefined);
    expect(storage.get(OPENID_STORAGE_KEY)).toEqual(undefined);
  });

  it('uses the default main colour until the shop sets one', () => {
    const { session } = build();
    expect(session.mainColor).toBe('#df554a');
    session.setMainColor('#0a7cff');
    expect(session.mainColor).toBe('#0a7cff');
    session.setMainColor('');
    expect(session.mainColor).toBe('#df554a');
  });
});
