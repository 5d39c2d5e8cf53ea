/**
 * Multi-shop orders (ORDER-10; C§2 multi-confirm, C§3 multiOrderIds): one submission per shop of the
 * token's chain, each priced by its own shop, all placed in one transaction or none, paid once.
 * Clock: the test server's Monday 2026-11-23 12:00 (UTC+8), inside both shops' hours.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { multiOrderCalls, type MultiConfirmReq } from '../../../src/api/contract/multi-order';
import { orderCalls } from '../../../src/api/contract/order';
import { OrderStatus, PayStatus } from '../../../src/domain/enums';
import { orders, payments, products, refunds } from '../../../server/src/db/schema';
import { refundOrder } from '../../../server/src/services/orders/lifecycle';
import { multiOrders } from '../../../server/src/db/schema/multi';
import { BRANCH_ACTIVITY, BRANCH_PRODUCT } from '../../../server/src/demo/branch';
import { RESTAURANT_PRODUCT, SHOP } from '../../../server/src/demo/ids';
import { serverPerFile, type TestServer } from '../../support/build-server';
import { completeTrade, failure, orderRow, stockOf, success } from './helpers';

const server = serverPerFile();

const TOMATO_EGG = 10303; // restaurant, ¥22
const SOUR_PLUM = 10704; // restaurant, ¥10, no dishware

type Part = MultiConfirmReq['parts'][number];

const pickup = (shopId: number, lines: Array<[number, number]>, expectedTotal: number): Part => ({
  shopId,
  type: 'selfPickup',
  products: lines.map(([id, quantity], i) => ({ id, quantity, flag: `l${i}` })),
  contact_name: 'Wang',
  contact_phone: '13812345678',
  pickupTime: 'ASAP',
  expectedTotal,
});

/**
 * Restaurant (1001), self pickup by a visitor: tomato and egg 2 × ¥22 + sour plum ¥10 = goods ¥54;
 * its full reduction "¥5 off from ¥50" −5; packaging ¥1 per unit × 3 = 3; dishware ¥1 per unit of the
 * two dishes = 2 (the drink takes none). Total 54 − 5 + 3 + 2 = ¥54.
 */
const restaurantPart = (expectedTotal = 54) => pickup(SHOP.restaurant, [[TOMATO_EGG, 2], [SOUR_PLUM, 1]], expectedTotal);
/**
 * Branch (1004), self pickup: tomato and egg ¥22 + scallion noodles ¥16 + sour plum ¥10 = goods ¥48;
 * its own full reduction "¥6 off from ¥40" −6; its packaging ¥2 per unit × 3 = 6; no dishware.
 * Total 48 − 6 + 6 = ¥48.
 */
const branchPart = (expectedTotal = 48) =>
  pickup(SHOP.branch, [[BRANCH_PRODUCT.tomatoEgg, 1], [BRANCH_PRODUCT.scallionNoodles, 1], [BRANCH_PRODUCT.sourPlum, 1]], expectedTotal);

/** Grand total ¥54 + ¥48 = ¥102. */
const body = (over: Partial<MultiConfirmReq> = {}): MultiConfirmReq => ({
  payType: 'weixin',
  parts: [restaurantPart(), branchPart()],
  expectedTotal: 102,
  ...over,
});

const confirm = (s: TestServer, token: string, b: MultiConfirmReq, key: string = randomUUID()) =>
  s.call(multiOrderCalls.confirm, b, { token, headers: { 'idempotency-key': key } });

const counts = async (s: TestServer) => ({
  orders: (await s.db.select({ id: orders.id }).from(orders)).length,
  groups: (await s.db.select({ id: multiOrders.id }).from(multiOrders)).length,
});

describe('order/multiConfirm', () => {
  test('two shops of one chain: one order per shop, each priced by its own shop, with the combined total', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const g = success(await confirm(s, token, body()));
    expect(g.total).toBe(102);
    expect(g.status).toBe('nopay');
    expect(g.needPay).toBe(true);
    expect(g.multiOrderIds).toHaveLength(2);
    expect(g.orders.map((o) => [o.shopId, o.total])).toEqual([
      [SHOP.restaurant, 54],
      [SHOP.branch, 48],
    ]);
    const [rest, branch] = await Promise.all(g.multiOrderIds.map((id) => orderRow(s, id)));
    // restaurant: ¥5 off, packaging 1 × 3, dishware 1 × 2
    expect(rest.shopId).toEqual(SHOP.restaurant);
    expect(rest.status).toEqual(OrderStatus.nopay);
    expect(Number(rest.total)).toEqual(54);
    expect(rest.breakdown).toMatchObject({ goodsAmount: 54, discountAmount: 5, packFee: 3, dishwareAmount: 2, total: 54 });
    // branch: ¥6 off, packaging 2 × 3, no dishware
    expect(branch.shopId).toEqual(SHOP.branch);
    expect(branch.status).toEqual(OrderStatus.nopay);
    expect(Number(branch.total)).toEqual(48);
    expect(branch.breakdown).toMatchObject({ goodsAmount: 48, discountAmount: 6, packFee: 6, dishwareAmount: 0, total: 48 });
    // both orders count down together
    expect(rest.payDeadline).toBe(branch.payDeadline);
    expect(g.payDeadline).toBe(rest.payDeadline);
  });

  test('a shop of another chain is refused and nothing is placed', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const beautyPart: Part = { ...branchPart(), shopId: SHOP.beauty };
    const f = failure(await confirm(s, token, body({ parts: [restaurantPart(), beautyPart] })));
    expect(f.code).toBe('getShopDataFailed');
    expect((f.body as { data: { shopId: number } }).data.shopId).toBe(SHOP.beauty);
    expect(await counts(s)).toEqual({ orders: 0, groups: 0 });
  });

  test('a sold-out item at one shop places no order at any shop; the refusal names the shop and the rule', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    // the restaurant's part holds tracked stock too: mango pudding (stock 5)
    const restStockBefore = await stockOf(s, RESTAURANT_PRODUCT.mangoPudding);
    await s.db.update(products).set({ stock: 0 }).where(eq(products.id, BRANCH_PRODUCT.mangoPudding));
    /**
     * Restaurant: tomato and egg ¥22 + mango pudding ¥16 = goods ¥38 (below ¥50: no reduction; the
     * dessert discount needs ¥20 of drinks and desserts: ¥16 is short); packaging 1 × 2 = 2; dishware
     * 1 × 2 = 2. Total 38 + 2 + 2 = ¥42.
     * Branch: mango pudding ¥16 + tomato and egg ¥22 = ¥38 (below ¥40); packaging 2 × 2 = 4. Total ¥42.
     */
    const parts = [
      pickup(SHOP.restaurant, [[TOMATO_EGG, 1], [RESTAURANT_PRODUCT.mangoPudding, 1]], 42),
      pickup(SHOP.branch, [[BRANCH_PRODUCT.tomatoEgg, 1], [BRANCH_PRODUCT.mangoPudding, 1]], 42),
    ];
    // stock is taken when the orders are written: the restaurant's order is already in the
    // transaction when the branch's hold comes up short, and goes with it
    const f = failure(await confirm(s, token, body({ parts, expectedTotal: 84 })));
    expect(f.code).toBe('productSoldOut');
    expect(f.info).toContain('沪味小馆（静安寺店）');
    expect((f.body as { data: { shopId: number } }).data.shopId).toBe(SHOP.branch);
    expect(await counts(s)).toEqual({ orders: 0, groups: 0 });
    expect(await stockOf(s, RESTAURANT_PRODUCT.mangoPudding)).toBe(restStockBefore);
  });

  test('a client total differing from the server’s is refused with amountError naming the shop', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const f = failure(await confirm(s, token, body({ parts: [restaurantPart(), branchPart(47)], expectedTotal: 101 })));
    expect(f.code).toBe('amountError');
    expect((f.body as { data: unknown }).data).toMatchObject({ shopId: SHOP.branch, expectedTotal: 47, total: 48 });
    // each shop right but the grand total wrong: 54 + 48 = 102, not 100
    const g = failure(await confirm(s, token, body({ expectedTotal: 100 })));
    expect(g.code).toBe('amountError');
    expect((g.body as { data: unknown }).data).toMatchObject({ expectedTotal: 100, total: 102 });
    expect(await counts(s)).toEqual({ orders: 0, groups: 0 });
  });

  test('cash cannot be the one payment of several shops', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    expect(failure(await confirm(s, token, body({ payType: 'cash' }))).code).toBe('noValidPayType');
    expect(await counts(s)).toEqual({ orders: 0, groups: 0 });
  });

  test('a parallel burst with one Idempotency-Key places one group', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => confirm(s, token, body(), key)));
    const ids = answers.map((a) => success(a).id);
    expect(new Set(ids).size).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(success(a).multiOrderIds))).size).toBe(1);
    expect(await counts(s)).toEqual({ orders: 2, groups: 1 });
  });
});

describe('order/multiPay', () => {
  test('one payment of the server’s total marks every order of the group paid', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const g = success(await confirm(s, token, body()));
    const start = success(await s.call(multiOrderCalls.pay, { id: g.id, payType: 'weixin' }, { token }));
    expect(start.kind).toBe('wallet');
    const [trade] = await s.db.select().from(payments).where(eq(payments.purpose, 'multi'));
    // 54 + 48, the orders' own totals
    expect(Number(trade.amount)).toBe(102);
    await completeTrade(s, start);
    const after = success(await s.call(multiOrderCalls.detail, { id: g.id }, { token }));
    expect(after.status).toBe('paid');
    expect(after.needPay).toBe(false);
    const rows = await s.db.select().from(orders).where(inArray(orders.id, g.multiOrderIds));
    expect(rows.map((o) => [o.status, o.payStatus, Number(o.paidAmount)]).sort()).toEqual([
      [OrderStatus.pending, PayStatus.success, 48],
      [OrderStatus.pending, PayStatus.success, 54],
    ]);
    // each order's own detail shows it paid
    for (const id of g.multiOrderIds) {
      const d = success(await s.call(orderCalls.detail, { id }, { token }));
      expect(d.payStatus).toBe(PayStatus.success);
    }
  });

  test('an order of the group cancelled before paying: the group cannot be paid, no trade starts', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const g = success(await confirm(s, token, body()));
    success(await s.call(orderCalls.close, { id: g.multiOrderIds[1] }, { token }));
    expect(failure(await s.call(multiOrderCalls.pay, { id: g.id, payType: 'weixin' }, { token })).code).toBe('notPayOrderInvalid');
    expect(await s.db.select().from(payments).where(eq(payments.purpose, 'multi'))).toHaveLength(0);
    expect(success(await s.call(multiOrderCalls.detail, { id: g.id }, { token })).status).toBe('cancelled');
  });

  test('a payment that cannot pay every order pays none and is refunded whole', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const g = success(await confirm(s, token, body()));
    const start = success(await s.call(multiOrderCalls.pay, { id: g.id, payType: 'weixin' }, { token }));
    // meanwhile one order is paid on its own (order/pay): the group trade may no longer pay both
    await s.db.update(orders).set({ payStatus: PayStatus.success, status: OrderStatus.pending }).where(eq(orders.id, g.multiOrderIds[1]));
    const res = await completeTrade(s, start);
    expect(res.outcome).toBe('refunded');
    const first = await orderRow(s, g.multiOrderIds[0]);
    expect(first.status).toEqual(OrderStatus.nopay);
    expect(first.payStatus).toEqual(PayStatus.processing);
    const [trade] = await s.db.select().from(payments).where(eq(payments.purpose, 'multi'));
    expect(['refunding', 'refunded']).toContain(trade.state);
  });

  test('a payment that arrives after the countdown takes every order back while their stock is there', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const g = success(await confirm(s, token, body()));
    const start = success(await s.call(multiOrderCalls.pay, { id: g.id, payType: 'weixin' }, { token }));
    // both shops give 15 minutes: past the shared deadline the orders are cancelled
    s.clock.advance(16 * 60_000);
    expect(success(await s.call(multiOrderCalls.detail, { id: g.id }, { token })).status).toBe('cancelled');
    const res = await completeTrade(s, start);
    expect(res.outcome).toBe('reinstated');
    const after = success(await s.call(multiOrderCalls.detail, { id: g.id }, { token }));
    expect(after.status).toBe('paid');
    expect(after.orders.map((o) => o.status)).toEqual([OrderStatus.pending, OrderStatus.pending]);
  });

  test('a refund of one paid order of the group gives back that order’s share of the one trade', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const g = success(await confirm(s, token, body()));
    await completeTrade(s, success(await s.call(multiOrderCalls.pay, { id: g.id, payType: 'weixin' }, { token })));
    // the branch refunds its order (¥48 of the ¥102 trade)
    const refunded = await refundOrder(s.ctx, g.multiOrderIds[1]);
    expect(refunded.status).toBe(OrderStatus.refund);
    const [trade] = await s.db.select().from(payments).where(eq(payments.purpose, 'multi'));
    const rows = await s.db.select().from(refunds).where(eq(refunds.paymentId, trade.id));
    expect(rows.map((r) => [r.orderId, Number(r.amount), r.state])).toEqual([[g.multiOrderIds[1], 48, 'succeeded']]);
    // the restaurant's order stays paid
    const first = await orderRow(s, g.multiOrderIds[0]);
    expect(first.status).toEqual(OrderStatus.pending);
    expect(first.payStatus).toEqual(PayStatus.success);
  });

  test('another user cannot see or pay the group', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const other = await s.login(SHOP.restaurant);
    const g = success(await confirm(s, token, body()));
    expect(failure(await s.call(multiOrderCalls.detail, { id: g.id }, { token: other })).code).toBe('orderNotFound');
    expect(failure(await s.call(multiOrderCalls.pay, { id: g.id, payType: 'weixin' }, { token: other })).code).toBe('orderNotFound');
  });
});

describe('order/multiShops', () => {
  test('answers each chain shop’s pricing facts and refuses a shop outside the chain', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const res = success(
      await s.call(multiOrderCalls.shops, { carts: [{ shopId: SHOP.branch, productIds: [BRANCH_PRODUCT.tomatoEgg] }] }, { token }),
    );
    expect(res.shops[0].shopId).toBe(SHOP.branch);
    expect(res.shops[0].products.map((p) => p.id)).toEqual([BRANCH_PRODUCT.tomatoEgg]);
    expect(res.shops[0].activities.map((a) => a.id)).toContain(BRANCH_ACTIVITY.fullReduction);
    expect(res.shops[0].payTypes).toContain('weixin');
    const f = failure(await s.call(multiOrderCalls.shops, { carts: [{ shopId: SHOP.beauty, productIds: [] }] }, { token }));
    expect(f.code).toBe('getShopDataFailed');
  });
});
