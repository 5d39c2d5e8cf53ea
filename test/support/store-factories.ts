/**
 * Builds the ordering stores (shop, menu, cart, checkout, order, address, member, promotion) on fakes — a
 * scripted transport, memory storage, a fake platform and a real session — plus small source data
 * with the spec's field names. No Taro, no network.
 */
import { createApi } from '../../src/api';
import type { Api } from '../../src/api';
import { RequestClient } from '../../src/api/request';
import type { Transport } from '../../src/api/request';
import type { ShopDetail } from '../../src/api/contract/store';
import type { OrderDetail } from '../../src/api/contract/order';
import type { LoginAdapter, PlatformName } from '../../src/platform/types';
import type { Platform } from '../../src/platform/types';
import type { Product, ShopSettings } from '../../src/domain/types';
import { AddressStore } from '../../src/stores/address';
import { AddressEditStore } from '../../src/stores/areas/address-edit';
import { CartStore } from '../../src/stores/cart';
import { CheckoutStore } from '../../src/stores/checkout';
import { MemberStore } from '../../src/stores/member';
import { MenuStore } from '../../src/stores/menu';
import { OrderStore } from '../../src/stores/order';
import { OrderConfirmStore } from '../../src/stores/areas/order-confirm';
import { PromotionStore } from '../../src/stores/promotion';
import { RootStore } from '../../src/stores/root';
import type { OrderingLoader } from '../../src/stores/root';
import { SessionStore } from '../../src/stores/session';
import type { Timers } from '../../src/realtime/channel';
import { TableStore } from '../../src/stores/table';
import { ShopStore } from '../../src/stores/shop';
import { FakeTransport, MemoryStorage, fakePlatform, ok } from './fakes';

/** 2026-11-23 12:00 in Asia/Shanghai (a Monday), the shops' default time zone. */
export const NOON = Date.UTC(2026, 10, 23, 4, 0, 0);

export const shopSettings = (over: Partial<ShopSettings> = {}): ShopSettings => ({
  id: 1,
  name: 'Noodle House',
  industry: 2,
  shopStatus: 1,
  openShop: true,
  openScanSwitch: true,
  numberDecimals: 2,
  gpsAddress: '31.230000,121.470000',
  businessTimeRange: [{ start: '09:00', end: '21:00' }],
  ...over,
});

export const shopDetail = (over: Partial<ShopSettings> = {}, extra: Partial<ShopDetail> = {}): ShopDetail => ({
  shop: shopSettings(over),
  realStatus: over.shopStatus ?? 1,
  isOpen: true,
  todayHours: '09:00-21:00',
  nextOpening: null,
  menuVersion: 1,
  serverTime: NOON,
  ...extra,
});

export const paySetting = (types: Array<'cash' | 'vip' | 'weixin' | 'alipay' | 'stripe' | 'allinpay'> = ['cash']) => ({
  cash: types.includes('cash'),
  vip: types.includes('vip'),
  weixin: types.includes('weixin'),
  alipay: types.includes('alipay'),
  stripe: types.includes('stripe'),
  allinpay: types.includes('allinpay'),
  payTypes: types,
});

export const product = (over: Partial<Product> & { id: number }): Product => ({
  name: `product ${over.id}`,
  typeid: 10,
  price: 10,
  status: 0,
  ...over,
});

/** One menu of categories with their products, as store/products answers it. */
export const menuBody = (version: number, products: Product[], stock: Record<string, number> = {}) => {
  const byType = new Map<number, Product[]>();
  for (const p of products) byType.set(p.typeid, [...(byType.get(p.typeid) ?? []), p]);
  return {
    version,
    unchanged: false as const,
    categories: [...byType.entries()].map(([id, ps]) => ({ id, name: `category ${id}`, products: ps })),
    stock,
  };
};

/** The category list of a menu, as store/productTypes answers it. */
export const typesBody = (version: number, products: Product[]) => {
  const byType = new Map<number, number[]>();
  for (const p of products) byType.set(p.typeid, [...(byType.get(p.typeid) ?? []), p.id]);
  return {
    version,
    unchanged: false as const,
    types: [...byType.entries()].map(([id, productIds]) => ({ id, name: `category ${id}`, productIds })),
  };
};

/** A user of a login answer (UserProfile of the contract): a visitor unless `over` says otherwise. */
export const userProfile = (over: { id?: number; openid?: string; nickName?: string; phone?: string | null; authorised?: boolean; vipInfo?: ReturnType<typeof memberInfo> | null } = {}) => ({
  id: 1,
  nickName: '',
  avatarUrl: '',
  phone: null,
  authorised: false,
  openid: 'visitor-openid',
  vipInfo: null,
  ...over,
});

export const memberInfo = (over: Partial<{ id: number; amount: number; giftAmount: number; points: number; discount: number; level: number }> = {}) => ({
  id: 7,
  amount: 100,
  giftAmount: 0,
  points: 0,
  discount: 100,
  level: 1,
  ...over,
});

export const orderDetail = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  goodsAmount: 20,
  deliveryFee: 0,
  packFee: 0,
  dishwareAmount: 0,
  serviceCharge: 0,
  tableFee: 0,
  taxAmount: 0,
  roundingAmount: 0,
  couponAmount: 0,
  pointsDeduction: 0,
  pointsUsed: 0,
  vipDiscount: 0,
  discountAmount: 0,
  total: 20,
  adjustments: [],
  id: 501,
  orderNo: 'N501',
  shopId: 1,
  shopName: 'Noodle House',
  type: 'takeaway',
  createdAt: NOON,
  status: 'nopay',
  payStatus: 0,
  payType: 'weixin',
  note: '',
  merchantNote: '',
  tableNo: null,
  people: null,
  contact: null,
  appointmentTime: null,
  pickupTime: null,
  deliveryTime: 'ASAP',
  service: null,
  couponId: null,
  couponName: null,
  paidAmount: 0,
  payDeadline: NOON + 15 * 60 * 1000,
  daySeq: null,
  isPickerPack: false,
  lines: [],
  ...over,
});

export interface StoreFixture {
  transport: FakeTransport;
  storage: MemoryStorage;
  platform: ReturnType<typeof fakePlatform>;
  api: Api;
  session: SessionStore;
  member: MemberStore;
  promotion: PromotionStore;
  shop: ShopStore;
  menu: MenuStore;
  address: AddressStore;
  /** The address pages' editing store over `address`. */
  addressEdit: AddressEditStore;
  cart: CartStore;
  /** The checkout over `cart` (pay type, coupon, points, order form, the breakdown). */
  checkout: CheckoutStore;
  order: OrderStore;
  /** The confirm screen's store (its uuids are `opts.uuids`, then counted ones). */
  orderConfirm: OrderConfirmStore;
  table: TableStore;
  /** Moves the fake clock (the stores read it on load and tick). */
  setNow(now: number): void;
}

/**
 * The member facts a member's load asks for beside store/vipInfo (P§9 gift rules, the times red
 * bag): none, unless a test scripts its own.
 */
export function scriptMemberFacts(transport: FakeTransport): FakeTransport {
  return transport.on('vip/giftAmountRules', ok({ list: [] })).on('activity/getTimesRedBag', ok(null));
}

/** The ordering stores wired together on fakes. */
export function buildStores(
  opts: {
    platform?: PlatformName;
    storage?: MemoryStorage;
    transport?: FakeTransport;
    abroad?: boolean;
    now?: number;
    payment?: Platform['payment'];
    location?: Platform['location'];
    uuids?: string[];
    /** Sends the calls somewhere else than the scripted fake (e.g. the real server through inject). */
    via?: Transport;
    /** The origin the table room's websocket connects to (a listening test server). */
    socketOrigin?: string;
    /** The table store's timers (a test fires them by hand). */
    timers?: Timers;
  } = {},
): StoreFixture {
  let now = opts.now ?? NOON;
  const clock = () => now;
  const storage = opts.storage ?? new MemoryStorage();
  const transport = opts.transport ?? scriptMemberFacts(new FakeTransport());
  const platform = fakePlatform({
    name: opts.platform ?? 'h5',
    storage,
    ...(opts.payment ? { payment: opts.payment } : {}),
    ...(opts.location ? { location: opts.location } : {}),
  });
  const client = new RequestClient({
    transport: opts.via ?? transport,
    storage,
    toast: (m) => platform.ui.toast(m),
    reLaunch: (url) => platform.ui.reLaunch(url),
    message: (c) => c,
    context: () => ({ abroad: opts.abroad ?? false, language: 'zh', userAgentType: session.userAgent }),
  });
  const api = createApi(client);
  const session = new SessionStore({ storage, platform, abroad: opts.abroad ?? false, now: clock });
  const abroad = opts.abroad ?? false;
  const member = new MemberStore({ api });
  const promotion = new PromotionStore({ api });
  const shop = new ShopStore({ api, session, abroad, now: clock });
  const menu = new MenuStore({ api, storage, member, now: clock });
  const address = new AddressStore({ api, platform });
  const addressEdit = new AddressEditStore({ api, address });
  const cart = new CartStore({ storage, menu });
  const checkout = new CheckoutStore({ api, platform, abroad, session, shop, menu, member, promotion, address, cart });
  const uuids = [...(opts.uuids ?? [])];
  let n = 0;
  const order = new OrderStore({ api, platform, session, member, promotion, now: clock });
  const orderConfirm = new OrderConfirmStore({
    api,
    platform,
    session,
    cart,
    checkout,
    shop,
    member,
    promotion,
    address,
    order,
    uuid: () => uuids.shift() ?? `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}`,
  });
  const table = new TableStore({
    api,
    platform,
    session,
    shop,
    menu,
    cart,
    checkout,
    member,
    now: clock,
    socketOrigin: () => opts.socketOrigin ?? '',
    ...(opts.timers ? { timers: opts.timers } : {}),
  });
  return {
    transport,
    storage,
    platform,
    api,
    session,
    member,
    promotion,
    shop,
    menu,
    address,
    addressEdit,
    cart,
    checkout,
    order,
    orderConfirm,
    table,
    setNow(next: number) {
      now = next;
    },
  };
}

/** Scripts store/detail, paySetting and memberSetting, then loads the shop. */
export async function loadShop(
  f: StoreFixture,
  over: Partial<ShopSettings> = {},
  pay: Parameters<typeof paySetting>[0] = ['cash'],
  memberSetting: Record<string, unknown> = {},
): Promise<void> {
  f.transport.on('store/detail', ok(shopDetail(over)));
  f.transport.on('store/paySetting', ok(paySetting(pay)));
  f.transport.on('store/memberSetting', ok(memberSetting));
  await f.shop.load(over.id ?? 1);
}

/** Scripts a small menu (store/productTypes then store/products) and loads it. */
export async function loadMenu(f: StoreFixture, products: Product[], opts: { version?: number; stock?: Record<string, number>; shopId?: number } = {}): Promise<void> {
  const version = opts.version ?? 1;
  f.transport.on('store/productTypes', ok(typesBody(version, products)));
  f.transport.on('store/products', ok(menuBody(version, products, opts.stock)));
  await f.menu.load(opts.shopId ?? 1);
}

/** A shop, its menu and an opened cart, ready to order from. */
export async function readyToOrder(
  f: StoreFixture,
  products: Product[],
  opts: { shop?: Partial<ShopSettings>; pay?: Parameters<typeof paySetting>[0]; stock?: Record<string, number> } = {},
): Promise<void> {
  await loadShop(f, opts.shop, opts.pay);
  await loadMenu(f, products, { stock: opts.stock, shopId: opts.shop?.id ?? 1 });
  f.cart.open(opts.shop?.id ?? 1);
}

/** What `fakeRoot` may change. */
export interface FakeRootOptions {
  storage?: MemoryStorage;
  /** The launch query the platform reports. */
  query?: Record<string, string | undefined>;
  login?: LoginAdapter;
  now?: () => number;
  ordering?: OrderingLoader;
  /** Wraps the scripted transport (to hold an answer back, say). */
  via?: (transport: FakeTransport) => Transport;
}

/**
 * A RootStore wired as the app wires it (src/stores/index.ts) — the request client reads the
 * session's user-agent code and a 401 forgets the identity — on fakes: a scripted transport, memory
 * storage and a fake platform.
 */
export function fakeRoot(opts: FakeRootOptions = {}) {
  const storage = opts.storage ?? new MemoryStorage();
  const transport = new FakeTransport();
  const platform = fakePlatform({ storage, ...(opts.query ? { query: opts.query } : {}), ...(opts.login ? { login: opts.login } : {}) });
  let root: RootStore | null = null;
  const client = new RequestClient({
    transport: opts.via ? opts.via(transport) : transport,
    storage,
    toast: (m) => platform.ui.toast(m),
    reLaunch: (url) => platform.ui.reLaunch(url),
    message: (c) => c,
    context: () => ({ abroad: false, language: 'zh', userAgentType: root?.session.userAgent ?? null }),
    onUnauthorized: () => root?.forgetIdentity(),
    now: opts.now,
  });
  root = new RootStore({ api: createApi(client), storage, platform, now: opts.now, ordering: opts.ordering });
  return { root, transport, platform, storage };
}

/** Scripts the calls of a visitor's boot of shop 1 with `products` as its (small) menu. */
export function scriptBoot(transport: FakeTransport, products: Product[]): void {
  transport.on('user/h5entry', ok({ token: 't'.repeat(64), shopId: 1, user: userProfile({ id: 1, openid: 'o1' }), expiresAt: Date.now() + 3_600_000 }));
  transport.on('store/detail', ok(shopDetail()));
  transport.on('store/paySetting', ok(paySetting(['cash'])));
  transport.on('store/memberSetting', ok({}));
  // a launch without a token asks for the list by the shop's id (MENU-8); with one, by the token's shop
  transport.on('store/publicProductTypes', ok(typesBody(1, products)));
  transport.on('store/productTypes', ok(typesBody(1, products)));
  transport.on('store/products', ok(menuBody(1, products)));
  transport.on('store/vipInfo', ok({ version: 1, unchanged: false, vipInfo: null, memberSetting: {}, levels: [] }));
  transport.on('activity/list', ok({ list: [] }));
  transport.on('activity/couponList', ok({ list: [] }));
}
