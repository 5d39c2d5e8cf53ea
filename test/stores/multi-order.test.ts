/**
 * The multi-shop order store (ORDER-10) on fakes: the carts this device keeps per shop of the chain,
 * each shop's figures by the domain pricing from that shop's facts, one submission with each shop's
 * total and the grand total, the carts emptied once placed, one wallet payment, and a refusal that
 * names its shop. Clock: Monday 2026-11-23 12:00 (UTC+8).
 */
import { createMultiOrderApi } from '../../src/api/multi-order';
import type { MultiOrder, MultiShopFacts } from '../../src/api/contract/multi-order';
import { ActivityType, OrderTypeLimit, PayStatus, ValidType } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import type { Activity, CartLine, Product } from '../../src/domain/types';
import { cartStorageKey } from '../../src/stores/cart-source';
import { MultiOrderStore } from '../../src/stores/areas/multi-order';
import { fail, ok } from '../support/fakes';
import { NOON, buildStores, product, shopSettings, type StoreFixture } from '../support/store-factories';

const line = (p: Product, quantity: number): CartLine => ({ id: p.id, name: p.name, price: p.price, quantity, flag: `${p.id}_0__`, typeid: p.typeid });

const noodles = product({ id: 101, name: 'Noodles', price: 20 });
const tea = product({ id: 201, name: 'Tea', price: 15 });

/** Shop 1: spend 40 save 5 (pickup and takeaway). */
const fullReduction: Activity = {
  id: 901,
  type: ActivityType.fullReduction,
  name: 'Save 5 from 40',
  status: 1,
  validType: ValidType.fixed,
  startDate: '2025-01-01 00:00:00',
  endDate: '2030-12-31 23:59:59',
  priority: 1,
  orderType: OrderTypeLimit.takeaway | OrderTypeLimit.pick,
  gears: [{ full: 40, less: 5 }],
  cyclicCalc: false,
} as Activity;

const facts = (shopId: number, over: Partial<MultiShopFacts> = {}): MultiShopFacts => ({
  shopId,
  shop: shopSettings({ id: shopId, name: `Shop ${shopId}`, address: `${shopId} Road`, currencySymbol: '¥', selfCollection: true, businessTimeRange: [{ start: '00:00', end: '23:59' }] }),
  realStatus: 1,
  isOpen: true,
  payTypes: ['cash', 'weixin', 'allinpay'],
  products: [],
  activities: [],
  member: null,
  serverTime: NOON,
  ...over,
});

const shopsAnswer = () =>
  ok({
    shops: [
      // shop 1: ¥1 packaging per unit on pickup, and its full reduction
      facts(1, {
        shop: { ...facts(1).shop, packFee: 1, packageFeeApplySceneSet: { takeaway: true, selfPickUp: true, dine: false, openTable: false } },
        products: [noodles],
        activities: [fullReduction],
      }),
      // shop 2: no fees, no activity
      facts(2, { products: [tea] }),
    ],
  });

const summary = (id: number) => ({ id, name: `Shop ${id}`, address: '', phone: '', image: '', industry: 2, gpsAddress: null, businessHours: '00:00-23:59', shopStatus: 1, isOpen: true, current: id === 1 });

const group = (over: Partial<MultiOrder> = {}): MultiOrder => ({
  id: 77,
  multiOrderIds: [501, 502],
  orders: [
    { id: 501, orderNo: 'A1', shopId: 1, shopName: 'Shop 1', status: 'nopay', payStatus: 0, total: 37 },
    { id: 502, orderNo: 'B1', shopId: 2, shopName: 'Shop 2', status: 'nopay', payStatus: 0, total: 15 },
  ],
  total: 52,
  payType: 'weixin',
  status: 'nopay',
  needPay: true,
  payDeadline: NOON + 900_000,
  currencySymbol: '¥',
  numberDecimals: 2,
  ...over,
});

function storeOf(f: StoreFixture, ordered: number[][] = []): MultiOrderStore {
  let n = 0;
  return new MultiOrderStore({
    api: f.api,
    multi: createMultiOrderApi(f.api.client),
    storage: f.storage,
    platform: f.platform,
    session: f.session,
    address: f.address,
    abroad: false,
    now: () => NOON,
    uuid: () => `key-${(n += 1)}`,
    onOrdered: (ids) => ordered.push([...ids]),
  });
}

/** Carts at shops 1 and 2: noodles × 2 and tea × 1. */
function withCarts(platform: 'weapp' | 'h5' = 'weapp', requestPayment = jest.fn(async () => ({ ok: true as const, value: undefined }))) {
  const f = buildStores({ platform, payment: { supported: true, requestPayment } });
  f.storage.set(cartStorageKey(1), { lines: [line(noodles, 2)] });
  f.storage.set(cartStorageKey(2), { lines: [line(tea, 1)] });
  f.transport.on('store/list', ok({ list: [summary(1), summary(2), summary(3)] }));
  f.transport.on('order/multiShops', shopsAnswer());
  return { f, requestPayment };
}

const calls = (f: StoreFixture, path: string) => f.transport.requests.filter((r) => r.url.endsWith(`/${path}`));

describe('multi-shop order store (ORDER-10)', () => {
  it('offers "check out all shops" only with carts at two shops of the chain or more', async () => {
    const { f } = withCarts();
    const multi = storeOf(f);
    await multi.scan();
    expect(multi.carts.map((c) => c.shopId)).toEqual([1, 2]);
    expect(multi.canCheckoutAll).toBe(true);
    f.storage.set(cartStorageKey(2), { lines: [] });
    await multi.scan();
    expect(multi.canCheckoutAll).toBe(false);
  });

  it('prices each shop by its own rules and adds up one total', async () => {
    const { f } = withCarts();
    const multi = storeOf(f);
    await multi.load();
    // the facts are asked for the products of each cart only
    expect(calls(f, 'order/multiShops')[0].data).toEqual({
      carts: [
        { shopId: 1, productIds: [101] },
        { shopId: 2, productIds: [201] },
      ],
    });
    const [one, two] = multi.parts;
    // shop 1: noodles 2 × 20 = 40, spend 40 save 5 → −5, packaging 1 × 2 = 2 → 37
    expect(one.breakdown.amountToPay).toBe(37);
    expect(one.breakdown.fees.packaging).toBe(2);
    // shop 2: tea 15, nothing else → 15
    expect(two.breakdown.amountToPay).toBe(15);
    // 37 + 15
    expect(multi.grandTotal).toBe(52);
    // host wallet on weapp, the card page everywhere; cash is never one payment for several shops
    expect(multi.payTypes).toEqual(['weixin', 'allinpay']);
  });

  it('sends each shop’s choices and total, empties the carts, pays once with the wallet', async () => {
    const { f, requestPayment } = withCarts();
    f.transport.on('order/multiConfirm', ok(group()));
    f.transport.on('order/multiPay', ok({ kind: 'wallet', provider: 'weixin', tradeNo: 'T77', amount: 52, params: { timeStamp: '1', nonceStr: 'n', package: 'prepay_id=x', signType: 'RSA', paySign: 's' } }));
    f.transport.on('order/multiPayQuery', ok(group({ status: 'paid', needPay: false, orders: group().orders.map((o) => ({ ...o, status: 'pending', payStatus: PayStatus.success })) })));
    const ordered: number[][] = [];
    const multi = storeOf(f, ordered);
    await multi.load();
    multi.setContact({ name: 'Wang', phone: '138 1234 5678' });
    const out = await multi.confirm();
    expect(out.status).toBe('placed');
    if (out.status !== 'placed') return;
    expect(out.payment).toEqual({ status: 'paid', groupId: 77 });
    const sent = calls(f, 'order/multiConfirm')[0].data;
    expect(sent).toMatchObject({
      payType: 'weixin',
      expectedTotal: 52,
      parts: [
        { shopId: 1, type: 'selfPickup', expectedTotal: 37, products: [{ id: 101, quantity: 2 }], contact_phone: '13812345678', pickupTime: 'ASAP' },
        { shopId: 2, type: 'selfPickup', expectedTotal: 15, products: [{ id: 201, quantity: 1 }] },
      ],
    });
    expect(calls(f, 'order/multiConfirm')[0].headers['Idempotency-Key']).toBe('key-1');
    expect(requestPayment).toHaveBeenCalledTimes(1);
    expect(f.storage.get<{ lines: CartLine[] }>(cartStorageKey(1))?.lines).toEqual([]);
    expect(f.storage.get<{ lines: CartLine[] }>(cartStorageKey(2))?.lines).toEqual([]);
    expect(ordered).toEqual([[1, 2]]);
    expect(multi.group?.status).toBe('paid');
  });

  it('shows a refusal with the shop it names and sends a new key next time', async () => {
    const { f } = withCarts();
    f.transport.on(
      'order/multiConfirm',
      fail('Product Tea sold out: Shop 2', 'productSoldOut', { shopId: 2, shopName: 'Shop 2' }),
      ok(group()),
    );
    f.transport.on('order/multiPay', fail('x', 'paymentWrong'));
    const multi = storeOf(f);
    await multi.load();
    multi.setContact({ name: 'Wang', phone: '13812345678' });
    const out = await multi.confirm();
    expect(out).toMatchObject({ status: 'refused', refusal: { shopId: 2, shopName: 'Shop 2', error: { code: ErrorCode.productSoldOut } } });
    expect(multi.refusal?.shopName).toBe('Shop 2');
    // nothing was placed: the carts stay
    expect(f.storage.get<{ lines: CartLine[] }>(cartStorageKey(2))?.lines).toHaveLength(1);
    await multi.confirm();
    const keys = calls(f, 'order/multiConfirm').map((r) => r.headers['Idempotency-Key']);
    expect(keys).toEqual(['key-1', 'key-2']);
  });

  it('checks the picker before sending anything', async () => {
    const { f } = withCarts();
    const multi = storeOf(f);
    await multi.load();
    const out = await multi.confirm();
    expect(out.status).toBe('invalid');
    expect(calls(f, 'order/multiConfirm')).toHaveLength(0);
  });

  it('a double tap makes one call', async () => {
    const { f } = withCarts();
    f.transport.on('order/multiConfirm', ok(group()));
    f.transport.on('order/multiPay', fail('x', 'paymentWrong'));
    const multi = storeOf(f);
    await multi.load();
    multi.setContact({ name: 'Wang', phone: '13812345678' });
    const [a, b] = await Promise.all([multi.confirm(), multi.confirm()]);
    expect([a.status, b.status].sort()).toEqual(['busy', 'placed']);
    expect(calls(f, 'order/multiConfirm')).toHaveLength(1);
  });
});
