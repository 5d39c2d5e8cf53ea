/**
 * user/order/detail's figures (C3.43: "delivery fee, packaging fee, service charge, tax amount,
 * rounding, coupon, points deduction, VIP discount, total and paid amount") on a RootStore built on
 * fakes, in English with the shop's ¥ and 2 decimals: each recorded figure on its own row, in the
 * order the confirm page uses, zero fees left out, and the last row "Paid" once paid, "Order total"
 * before. The page shows the server's recorded figures: the test gives an order as the server records
 * it (server/src/services/orders/breakdown.ts: the discounts as adjustments, points and gift balance
 * among them) and checks the rows a customer reads.
 */
import { render, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import UserOrderDetailPage from '@/pages/user/order/detail';
import { OrderStatus, OrderType, PayStatus } from '@/domain/enums';
import type { OrderDetail } from '@/api/contract/order';
import type { SocketLike } from '@/realtime/types';
import { StoresProvider } from '@/stores';
import { buildOrderingStores, type OrderingBuilder } from '@/stores/ordering';
import { ok } from '../support/fakes';
import { NOON, fakeRoot, menuBody, orderDetail, paySetting, shopDetail, typesBody, userProfile } from '../support/store-factories';

// the first render loads the page's whole module graph under babel
jest.setTimeout(30_000);

const mockParams: Record<string, string> = {};
jest.mock('@tarojs/taro', () => ({ ...jest.requireActual('@tarojs/taro'), useRouter: () => ({ params: mockParams }) }));

/** The order channel's socket: opened by the page, never answering (the figures are the subject). */
const quietSocket = (): SocketLike => ({ send() {}, close() {}, onOpen() {}, onMessage() {}, onClose() {}, onError() {} });

/** Renders the detail of `order` (id 42) for shop 1 in English; resolves once its figures are shown. */
async function showOrder(order: OrderDetail) {
  const build: OrderingBuilder = (deps) => buildOrderingStores({ ...deps, platform: { ...deps.platform, socket: quietSocket } });
  const { root, transport } = fakeRoot({ now: () => NOON, ordering: { now: build, load: () => Promise.resolve({ buildOrderingStores: build }) } });
  root.start({ id: '1' });
  root.session.setLanguage('en');
  transport
    .on('user/h5entry', ok({ token: 'c'.repeat(64), expiresAt: Date.now() + 3_600_000, shopId: 1, user: userProfile({ id: 1, openid: 'device-1' }) }))
    .on('store/detail', ok(shopDetail({ id: 1 })))
    .on('store/paySetting', ok(paySetting()))
    .on('store/memberSetting', ok({}))
    .on('store/publicProductTypes', ok(typesBody(1, [])))
    .on('store/productTypes', ok(typesBody(1, [])))
    .on('store/products', ok(menuBody(1, [])))
    .on('store/vipInfo', ok({ vipInfo: null, memberSetting: {}, levels: [], version: 1, unchanged: false }))
    .on('activity/list', ok({ list: [] }))
    .on('activity/couponList', ok({ list: [] }))
    .on('order/detail', ok(order));
  const view = render(
    <StoresProvider value={root}>
      <UserOrderDetailPage />
    </StoresProvider>,
  );
  await waitFor(() => expect(view.container.querySelector('#order-figures')).not.toBeNull());
  return view;
}

/** The figure rows as the customer reads them: [label, amount]. */
const figureRows = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('#order-figures .figure-row')).map((row) => {
    const label = row.querySelector('.figure-row__label')?.textContent ?? '';
    return [label, (row.textContent ?? '').slice(label.length)];
  });

const line = (flag: string, productId: number, name: string, quantity: number, price: number) => ({
  flag,
  productId,
  name,
  tastes: [],
  tastesName: '',
  mealset: [],
  mealsetNames: '',
  quantity,
  price,
  originalPrice: price,
  amount: quantity * price,
  discountAmount: 0,
});

beforeEach(() => {
  mockParams.orderId = '42';
  jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' });
});
afterEach(() => jest.restoreAllMocks());

describe('the order detail’s figures (C3.43)', () => {
  it('a paid takeaway shows packaging, delivery, service charge, VIP discount, coupon, points, gift balance, tax, rounding and the paid amount', async () => {
    // Hand-computed: items 2 × 40.00 + 4 × 5.00 = 100.00; packaging 2.00; delivery 5.00; service charge
    // 10 % of 100.00 = 10.00; member discount 90 %: 100.00 × 10 % = 10.00 off; coupon "Spend 50 save 5"
    // 5.00 off; 200 points at 100 a unit = 2.00 off; gift balance 3.00; tax 6.02;
    // 100 + 2 + 5 + 10 − 10 − 5 − 2 − 3 + 6.02 = 103.02, rounded to 0.05: 103.00 (rounding −0.02).
    const order = orderDetail({
      id: 42,
      orderNo: 'N42',
      type: OrderType.takeaway,
      status: OrderStatus.confirmed,
      payStatus: PayStatus.success,
      paidAmount: 103,
      lines: [line('a', 10202, 'Beef noodles', 2, 40), line('b', 10702, 'Cola', 4, 5)],
      goodsAmount: 100,
      packFee: 2,
      deliveryFee: 5,
      serviceCharge: 10,
      dishwareAmount: 0,
      tableFee: 0,
      vipDiscount: 10,
      couponAmount: 5,
      couponId: 31,
      couponName: 'Spend 50 save 5',
      pointsDeduction: 2,
      pointsUsed: 200,
      discountAmount: 17,
      taxAmount: 6.02,
      roundingAmount: -0.02,
      total: 103,
      // as the server records them: the engine's reasons, points and the gift balance included
      adjustments: [
        { source: 'memberDiscount', name: '90%', amount: 6, flag: 'a' },
        { source: 'memberDiscount', name: '90%', amount: 4, flag: 'b' },
        { source: 'coupon', name: 'Spend 50 save 5', amount: 5, couponId: 31 },
        { source: 'points', name: '200 points', amount: 2 },
        { source: 'giftAmount', name: 'gift balance', amount: 3 },
      ],
    });
    const { container } = await showOrder(order);
    expect(figureRows(container)).toEqual([
      ['Items', '¥100.00'],
      ['Packaging', '¥2.00'],
      ['Delivery fee', '¥5.00'],
      ['Service charge', '¥10.00'],
      // the two lines' shares of the member discount on one row: 6.00 + 4.00
      ['Member discount', '-¥10.00'],
      ['Spend 50 save 5', '-¥5.00'],
      // once, not again as a discount row
      ['Points', '-¥2.00'],
      ['Gift balance', '-¥3.00'],
      ['Tax', '¥6.02'],
      ['Rounding', '-¥0.02'],
      ['Paid', '¥103.00'],
    ]);
    expect(container.querySelector('#order-total')?.textContent).toBe('Paid¥103.00');
  });

  it('an unpaid dine-in order without fees shows its member price and shop discount, and its order total', async () => {
    // Hand-computed: 3 × 10.00 = 30.00; member price 9.00 a unit: 3 × 1.00 = 3.00 off; the shop's
    // "spend 25 less 2" 2.00 off; 30 − 3 − 2 = 25.00; no fee, tax or rounding.
    const order = orderDetail({
      id: 42,
      orderNo: 'N42',
      type: OrderType.dine,
      status: OrderStatus.nopay,
      payStatus: PayStatus.processing,
      tableNo: 'A3',
      deliveryTime: null,
      lines: [line('a', 10403, 'Dumplings', 3, 10)],
      goodsAmount: 30,
      vipDiscount: 3,
      discountAmount: 5,
      total: 25,
      adjustments: [
        { source: 'memberPrice', name: 'member price', amount: 3, flag: 'a' },
        { source: 'shopRebate', name: 'spend 25 less 2', amount: 2 },
      ],
    });
    const { container } = await showOrder(order);
    expect(figureRows(container)).toEqual([
      ['Items', '¥30.00'],
      ['Member price', '-¥3.00'],
      ['Shop discount', '-¥2.00'],
      ['Order total', '¥25.00'],
    ]);
  });

  it('a rounding up is added, not taken off', async () => {
    // Hand-computed: 1 × 12.48 = 12.48, rounded to 0.05: 12.50 (rounding +0.02).
    const order = orderDetail({
      id: 42,
      orderNo: 'N42',
      type: OrderType.selfPickup,
      status: OrderStatus.confirmed,
      payStatus: PayStatus.success,
      deliveryTime: null,
      pickupTime: 'ASAP',
      paidAmount: 12.5,
      lines: [line('a', 20101, 'Chicken burger', 1, 12.48)],
      goodsAmount: 12.48,
      roundingAmount: 0.02,
      total: 12.5,
    });
    const { container } = await showOrder(order);
    expect(figureRows(container)).toEqual([
      ['Items', '¥12.48'],
      ['Rounding', '¥0.02'],
      ['Paid', '¥12.50'],
    ]);
  });
});
