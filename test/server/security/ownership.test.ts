/**
 * Records belong to someone (C§6 roles, docs/architecture.md §18 Trust): a user naming
 * another user's order, address, member card, top-up or coupon — or a diner of one shop naming a
 * table order or room of another shop — gets the answer it would get for a record that does not
 * exist, and nothing stored changes (every table's rows compared before and after).
 *
 * Every field of the contract that takes a record id is classified in RECORD_FIELDS below; a new
 * call or field taking an id that is not classified fails the first test, so no call is left
 * without an ownership case.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { addressCalls } from '../../../src/api/contract/address';
import { activityCalls } from '../../../src/api/contract/activity';
import { allCalls, type CallDef } from '../../../src/api/contract';
import { deliveryCalls } from '../../../src/api/contract/delivery';
import { messageCalls } from '../../../src/api/contract/message';
import { multiOrderCalls, type MultiConfirmReq } from '../../../src/api/contract/multi-order';
import { orderCalls } from '../../../src/api/contract/order';
import { storeCalls } from '../../../src/api/contract/store';
import { tableCalls } from '../../../src/api/contract/table';
import { vipCalls } from '../../../src/api/contract/vip';
import { CartOperation, PayStatus, WsCloseCode } from '../../../src/domain/enums';
import { lineFlag } from '../../../src/domain/pricing';
import { eq } from 'drizzle-orm';
import { tableOrders } from '../../../server/src/db/schema';
import { BRANCH_PRODUCT } from '../../../server/src/demo/branch';
import { ACTIVITY, DEMO_MEMBER, DEMO_MEMBER_EMPTY, DEMO_USER, MEMBER_COUPON, RESTAURANT_PRODUCT as P, SHOP, TABLE, TABLE_CODE } from '../../../server/src/demo/ids';
import { buildTestServer, type CallResult, type TestServer } from '../../support/build-server';
import { connectRoom } from '../../support/room-client';
import { place, quote, selfPickup, success, takeaway } from '../orders/helpers';
import { changedTables, fieldKey, fieldPaths, fingerprint } from './support';

/**
 * How a field that takes a record id is protected:
 * - `own`: a record of one user (order, address, card, top-up, coupon): checked against the token's
 *   user; a case below tries it with another user's record.
 * - `shop`: a record shared by the diners of one table session (a table's order and its room): checked
 *   against the token's shop and the caller's seat in the session (TABLE-7); the cases below try it
 *   from another shop and from a diner of the same shop who is not seated at that table.
 * - `shopScope`: a shop id, checked by the shop-scope hook (test/server/shop-scope.test.ts).
 * - `catalogue`: the token's shop's public menu, promotions, pay types or staff: nobody owns them,
 *   and the server looks them up within the token's shop.
 * - `ignored`: named by the request but not used to decide who acts (docs/decisions.md "Table
 *   rooms": identity is the token's).
 */
type Protection = 'own' | 'shop' | 'shopScope' | 'catalogue' | 'ignored';

const RECORD_FIELDS: ReadonlyArray<[CallDef, string, Protection]> = [
  [storeCalls.detail, 'id', 'shopScope'],
  [storeCalls.detail, 'appId', 'shopScope'],
  // a shop's menu is public: the launch asks for the linked shop's before it has a token (MENU-8)
  [storeCalls.publicProductTypes, 'shopId', 'catalogue'],
  [storeCalls.productsChunk, 'typeId', 'catalogue'],
  [storeCalls.productsChunk, 'ids', 'catalogue'],
  [storeCalls.productDetail, 'id', 'catalogue'],
  [storeCalls.comboCheck, 'productId', 'catalogue'],
  [storeCalls.productTastes, 'productId', 'catalogue'],
  [storeCalls.checkStock, 'products[].id', 'catalogue'],
  [storeCalls.stockQuery, 'products[].id', 'catalogue'],
  [storeCalls.limitCardList, 'id', 'own'],
  [storeCalls.limitCardUseList, 'productId', 'catalogue'],
  [storeCalls.limitCardUseList, 'memberId', 'own'],
  [{ path: 'user/login' } as CallDef, 'id', 'shopScope'],
  [{ path: 'user/aliLogin' } as CallDef, 'id', 'shopScope'],
  [{ path: 'user/h5entry' } as CallDef, 'id', 'shopScope'],
  [{ path: 'user/h5entry' } as CallDef, 'companyId', 'shopScope'],
  [{ path: 'user/h5entry' } as CallDef, 'groupId', 'shopScope'],
  [{ path: 'user/token' } as CallDef, 'id', 'shopScope'],
  [addressCalls.detail, 'id', 'own'],
  [addressCalls.update, 'id', 'own'],
  [addressCalls.delete, 'id', 'own'],
  [deliveryCalls.getDistance, 'addressId', 'own'],
  [orderCalls.detail, 'id', 'own'],
  [orderCalls.confirm, 'shopId', 'shopScope'],
  [orderCalls.confirm, 'vipId', 'own'],
  [orderCalls.confirm, 'couponId', 'own'],
  [orderCalls.confirm, 'products[].couponId', 'own'],
  [orderCalls.confirm, 'payTypeId', 'catalogue'],
  [orderCalls.confirm, 'products[].id', 'catalogue'],
  [orderCalls.confirm, 'products[].specId', 'catalogue'],
  [orderCalls.confirm, 'products[].tastes[].id', 'catalogue'],
  [orderCalls.confirm, 'products[].mealset[].groupId', 'catalogue'],
  [orderCalls.confirm, 'products[].mealset[].productId', 'catalogue'],
  [orderCalls.confirm, 'products[].mealset[].specId', 'catalogue'],
  [orderCalls.confirm, 'products[].mealset[].tastes[].id', 'catalogue'],
  [orderCalls.confirm, 'serviceUser.id', 'catalogue'],
  [orderCalls.confirm, 'serviceUser.tagId', 'catalogue'],
  [orderCalls.confirm, 'acceptedOffers[].activityId', 'catalogue'],
  [orderCalls.confirm, 'acceptedOffers[].productId', 'catalogue'],
  [orderCalls.confirmDelivered, 'id', 'own'],
  [orderCalls.close, 'id', 'own'],
  [orderCalls.deliveryInfo, 'orderNo', 'own'],
  [orderCalls.payErrorCallback, 'id', 'own'],
  [orderCalls.sendProductOrderSuccess, 'id', 'own'],
  [orderCalls.daySeq, 'id', 'own'],
  [orderCalls.updateTradeNo, 'id', 'own'],
  [orderCalls.pay, 'id', 'own'],
  [orderCalls.payQuery, 'id', 'own'],
  [tableCalls.getTableInfo, 'tableId', 'shop'],
  [tableCalls.order, 'tableId', 'shop'],
  [tableCalls.order, 'openId', 'ignored'],
  [tableCalls.userAddProducts, 'orderId', 'shop'],
  [tableCalls.userAddProducts, 'openId', 'ignored'],
  [tableCalls.userAddProducts, 'products[].id', 'catalogue'],
  [tableCalls.userAddProducts, 'products[].specId', 'catalogue'],
  [tableCalls.userAddProducts, 'products[].tastes[].id', 'catalogue'],
  [tableCalls.userAddProducts, 'products[].mealset[].groupId', 'catalogue'],
  [tableCalls.userAddProducts, 'products[].mealset[].productId', 'catalogue'],
  [tableCalls.userAddProducts, 'products[].mealset[].specId', 'catalogue'],
  [tableCalls.userAddProducts, 'products[].mealset[].tastes[].id', 'catalogue'],
  // the round is the room's cart, re-priced from the menu; the request's lines are not used
  [tableCalls.userAddProducts, 'products[].couponId', 'ignored'],
  [tableCalls.refreshOrder, 'orderId', 'shop'],
  [tableCalls.refreshOrder, 'openId', 'ignored'],
  [tableCalls.userOrders, 'orderId', 'shop'],
  [tableCalls.canPay, 'orderId', 'shop'],
  [tableCalls.canPay, 'openId', 'ignored'],
  [tableCalls.confirm, 'orderId', 'shop'],
  [tableCalls.confirm, 'openId', 'ignored'],
  [tableCalls.confirm, 'payTypeId', 'catalogue'],
  [tableCalls.confirm, 'vipId', 'own'],
  [tableCalls.confirm, 'couponId', 'own'],
  [tableCalls.cancelPay, 'orderId', 'shop'],
  [tableCalls.cancelPay, 'openId', 'ignored'],
  [{ path: 'beauty/users' } as CallDef, 'productIds', 'catalogue'],
  [{ path: 'beauty/users' } as CallDef, 'tagId', 'catalogue'],
  [{ path: 'beauty/alreadyAppointmentTimes' } as CallDef, 'serviceUserId', 'catalogue'],
  [vipCalls.doc, 'id', 'own'],
  [vipCalls.pointDoc, 'id', 'own'],
  [vipCalls.updatePayPassword, 'id', 'own'],
  [vipCalls.recharge, 'ruleId', 'catalogue'],
  [vipCalls.rechargeQuery, 'rechargeId', 'own'],
  [activityCalls.detail, 'id', 'catalogue'],
  // a red bag's link is shared by its owner for others to open (P§3 timesRedBag / expand coupons)
  [activityCalls.detail, 'fromRedBagID', 'catalogue'],
  [activityCalls.receiveExpandCoupon, 'id', 'catalogue'],
  [activityCalls.receiveExpandCoupon, 'fromRedBagID', 'catalogue'],
  [activityCalls.getCouponByLink, 'id', 'catalogue'],
  // the times-red-bag activity (the progress read is the caller's own card's)
  [activityCalls.checkTimesRedBag, 'id', 'catalogue'],
  // the order whose earned coupons are read

  [activityCalls.checkOverSendCoupon, 'id', 'own'],
  [activityCalls.pointStoreCouponDetail, 'couponActivityId', 'catalogue'],
  [activityCalls.pointExchangeProduct, 'activityId', 'catalogue'],
  [activityCalls.pointExchangeProduct, 'memberId', 'own'],
  [messageCalls.cartSync, 'room', 'shop'],
  [messageCalls.cartOperate, 'room', 'shop'],
  [messageCalls.cartOperate, 'message.id', 'catalogue'],
  [messageCalls.cartOperate, 'message.specId', 'catalogue'],
  [messageCalls.cartOperate, 'message.tastes[].id', 'catalogue'],
  [messageCalls.cartOperate, 'message.tastes[].typeId', 'catalogue'],
  [messageCalls.cartOperate, 'message.mealset[].groupId', 'catalogue'],
  [messageCalls.cartOperate, 'message.mealset[].id', 'catalogue'],
  [messageCalls.cartOperate, 'message.taxes[].productID', 'catalogue'],
  [messageCalls.cartOperate, 'message.taxes[].taxID', 'catalogue'],
  [messageCalls.cartOperate, 'message.serviceTagId', 'catalogue'],
  // a room line is re-built from the menu when the round is submitted; its coupon is not used
  [messageCalls.cartOperate, 'message.couponInfo.couponId', 'ignored'],
  [messageCalls.cartOperate, 'message.couponInfo.activityId', 'catalogue'],
  [multiOrderCalls.shops, 'carts[].shopId', 'shopScope'],
  [multiOrderCalls.shops, 'carts[].productIds', 'catalogue'],
  [multiOrderCalls.confirm, 'parts[].shopId', 'shopScope'],
  [multiOrderCalls.confirm, 'parts[].products[].id', 'catalogue'],
  [multiOrderCalls.confirm, 'parts[].products[].specId', 'catalogue'],
  [multiOrderCalls.confirm, 'parts[].products[].tastes[].id', 'catalogue'],
  [multiOrderCalls.confirm, 'parts[].products[].mealset[].groupId', 'catalogue'],
  [multiOrderCalls.confirm, 'parts[].products[].mealset[].productId', 'catalogue'],
  [multiOrderCalls.confirm, 'parts[].products[].mealset[].specId', 'catalogue'],
  [multiOrderCalls.confirm, 'parts[].products[].mealset[].tastes[].id', 'catalogue'],
  [multiOrderCalls.confirm, 'parts[].products[].couponId', 'own'],
  [multiOrderCalls.confirm, 'parts[].serviceUser.id', 'catalogue'],
  [multiOrderCalls.confirm, 'parts[].serviceUser.tagId', 'catalogue'],
  [multiOrderCalls.pay, 'id', 'own'],
  [multiOrderCalls.payQuery, 'id', 'own'],
  [multiOrderCalls.detail, 'id', 'own'],
];

/** A field that names a record: `id`, `orderNo`, `room`, or ending in Id / ID / Ids / _id. */
const RECORD_FIELD = /(^|\.|\])(id|ids|orderNo|room|roomId)$|Id$|ID$|Ids$|_id$/;

/** A record id nobody has. */
const NONE = 999_999;

// --------------------------------------------------------------------------------------------
// the world: user A (the demo member) owns records; B (another member of the same shop) and a
// diner of another shop try to use them
// --------------------------------------------------------------------------------------------

interface World {
  a: string;
  b: string;
  /** A diner of the retail shop (another shop of the chain). */
  outsider: string;
  /** A diner of the beauty salon (outside the chain). */
  stranger: string;
  addressA: number;
  /** A's unpaid online pickup order. */
  orderA: { id: number; orderNo: string };
  /** A's paid (cash) takeaway order. */
  takeawayA: { id: number; orderNo: string };
  rechargeA: number;
  multiA: number;
  /** A's open table order at the restaurant and its room. */
  tableA: { orderId: number; room: string };
  /** B's own open table order with a round sent, ready to settle. */
  tableB: { orderId: number };
  baseUrl: string;
}

let server: TestServer;
let w: World;

const DINER = { openId: 'o-x', nickName: 'Diner', avatarUrl: '/a/1.png' };
const TOMATO_EGG = 10303; // restaurant, ¥22, no options

beforeAll(async () => {
  server = await buildTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const a = await server.login(SHOP.restaurant, DEMO_USER.member.openid);
  const b = await server.login(SHOP.restaurant, DEMO_USER.memberEmpty.openid);
  const outsider = await server.login(SHOP.retail, 'ownership-outsider');
  const stranger = await server.login(SHOP.beauty, 'ownership-stranger');

  const addressA = success(
    await server.call(
      addressCalls.add,
      { name: 'Zhang', phone: '13800000000', province: 'SH', city: 'SH', county: 'HP', address: '1 Owner Road', addressGps: '31.2404,121.4737', gender: 1 },
      { token: a },
    ),
  ).id;
  const orderA = await place(server, a, selfPickup({ payType: 'weixin' }));
  const takeawayA = await place(server, a, takeaway({ payType: 'cash' }));
  const rechargeA = success(await server.call(vipCalls.recharge, { amount: 100, payType: 'weixin' }, { token: a })).rechargeId;
  const multi: MultiConfirmReq = {
    payType: 'weixin',
    parts: [
      { shopId: SHOP.restaurant, type: 'selfPickup', products: [{ id: TOMATO_EGG, quantity: 1, flag: 'l0' }], contact_name: 'Zhang', contact_phone: '13800000000', pickupTime: 'ASAP', expectedTotal: 0 },
      { shopId: SHOP.branch, type: 'selfPickup', products: [{ id: BRANCH_PRODUCT.tomatoEgg, quantity: 1, flag: 'l0' }], contact_name: 'Zhang', contact_phone: '13800000000', pickupTime: 'ASAP', expectedTotal: 0 },
    ],
    expectedTotal: 0,
  };
  const multiA = success(await server.call(multiOrderCalls.confirm, await quotedMulti(a, multi), { token: a, headers: { 'idempotency-key': randomUUID() } })).id;

  const openA = success(await server.call(tableCalls.order, { person: 2, tableId: TABLE.A4, tableCode: TABLE_CODE.A4, ...DINER }, { token: a }));
  const tableA = { orderId: openA.id, room: `table_${SHOP.restaurant}_${TABLE.A4}_${openA.id}` };

  // B's table: opened, one tomato and egg in the room, sent as a round
  const openB = success(await server.call(tableCalls.order, { person: 1, tableId: TABLE.A5, tableCode: TABLE_CODE.A5, ...DINER }, { token: b }));
  const roomB = `table_${SHOP.restaurant}_${TABLE.A5}_${openB.id}`;
  const line = { id: TOMATO_EGG, name: 'x', price: 22, quantity: 1, flag: lineFlag(TOMATO_EGG), typeid: 1 };
  success(
    await server.call(
      messageCalls.cartOperate,
      { room: roomB, message: line, nickname: 'B', avatar: '/a/2.png', type: 'add', operation: CartOperation.Add },
      { token: b },
    ),
  );
  success(await server.call(tableCalls.userAddProducts, { products: [{ id: TOMATO_EGG, quantity: 1, flag: line.flag }], orderId: openB.id, ...DINER }, { token: b }));

  w = { a, b, outsider, stranger, addressA, orderA, takeawayA, rechargeA, multiA, tableA, tableB: { orderId: openB.id }, baseUrl };
}, 120_000);
afterAll(() => server.close());

/** The multi-shop body with each part's and the grand total the server quotes (its amountError answers). */
async function quotedMulti(token: string, body: MultiConfirmReq): Promise<MultiConfirmReq> {
  let b = body;
  for (let i = 0; i < body.parts.length + 1; i += 1) {
    const r = await server.call(multiOrderCalls.confirm, b, { token });
    if (r.ok || r.code !== 'amountError') throw new Error(`no quote: ${r.ok ? 'accepted' : `${r.code} ${r.info}`}`);
    const data = (r.body as { data: { total: number; shopId?: number } }).data;
    b =
      data.shopId === undefined
        ? { ...b, expectedTotal: data.total }
        : { ...b, parts: b.parts.map((p) => (p.shopId === data.shopId ? { ...p, expectedTotal: data.total } : p)) };
    if (data.shopId === undefined) return b;
  }
  throw new Error('the multi-shop quote did not settle');
}

/** What a test compares: success and its answer, or the failure's HTTP status and code. */
const answerOf = (r: CallResult<CallDef>) => (r.ok ? { ok: true, status: r.status, info: r.info as unknown } : { ok: false, status: r.status, code: r.code });

interface Case {
  call: CallDef;
  field: string;
  /** What the case tries. */
  what: string;
  /** The intruder's request with the owner's record. */
  intrude: () => Promise<CallResult<CallDef>>;
  /** The same request naming a record that does not exist. */
  ghost: () => Promise<CallResult<CallDef>>;
  /** Proof the record is real: the owner's own request succeeds (reads only). */
  owner?: () => Promise<CallResult<CallDef>>;
  /** The intruder's answer must be a refusal (not an empty success). */
  refused?: boolean;
  /**
   * Tables the intruder's own records may change in: settling their own table takes its pay lock
   * for them (as table/canPay does) and keeps it after a refusal, until they leave the pay page.
   */
  ownTables?: string[];
}

const c = <C extends CallDef>(def: C, body: unknown, token: () => string) => () =>
  server.call(def, body, { token: token() }) as Promise<CallResult<CallDef>>;

const A = () => w.a;
const B = () => w.b;
const OUT = () => w.outsider;
const STRANGER = () => w.stranger;

const addressBody = { name: 'Intruder', phone: '13900000000', address: '9 Other Road', addressGps: '31.2404,121.4737', gender: 1 };

const CASES: Case[] = [
  // addresses
  { call: addressCalls.detail, field: 'id', what: 'read', intrude: () => c(addressCalls.detail, { id: w.addressA }, B)(), ghost: c(addressCalls.detail, { id: NONE }, B), owner: () => c(addressCalls.detail, { id: w.addressA }, A)(), refused: true },
  { call: addressCalls.update, field: 'id', what: 'edit', intrude: () => c(addressCalls.update, { ...addressBody, id: w.addressA }, B)(), ghost: c(addressCalls.update, { ...addressBody, id: NONE }, B), refused: true },
  { call: addressCalls.update, field: 'id', what: 'set as default', intrude: () => c(addressCalls.update, { ...addressBody, id: w.addressA, isDefault: true }, B)(), ghost: c(addressCalls.update, { ...addressBody, id: NONE, isDefault: true }, B), refused: true },
  { call: addressCalls.delete, field: 'id', what: 'delete', intrude: () => c(addressCalls.delete, { id: w.addressA }, B)(), ghost: c(addressCalls.delete, { id: NONE }, B), refused: true },
  { call: deliveryCalls.getDistance, field: 'addressId', what: 'measure', intrude: () => c(deliveryCalls.getDistance, { addressId: w.addressA }, B)(), ghost: c(deliveryCalls.getDistance, { addressId: NONE }, B), owner: () => c(deliveryCalls.getDistance, { addressId: w.addressA }, A)(), refused: true },

  // orders
  { call: orderCalls.detail, field: 'id', what: 'read', intrude: () => c(orderCalls.detail, { id: w.orderA.id }, B)(), ghost: c(orderCalls.detail, { id: NONE }, B), owner: () => c(orderCalls.detail, { id: w.orderA.id }, A)(), refused: true },
  { call: orderCalls.close, field: 'id', what: 'cancel', intrude: () => c(orderCalls.close, { id: w.orderA.id }, B)(), ghost: c(orderCalls.close, { id: NONE }, B), refused: true },
  { call: orderCalls.confirmDelivered, field: 'id', what: 'confirm received', intrude: () => c(orderCalls.confirmDelivered, { id: w.takeawayA.id }, B)(), ghost: c(orderCalls.confirmDelivered, { id: NONE }, B), refused: true },
  { call: orderCalls.deliveryInfo, field: 'orderNo', what: 'read the rider', intrude: () => c(orderCalls.deliveryInfo, { orderNo: w.takeawayA.orderNo }, B)(), ghost: c(orderCalls.deliveryInfo, { orderNo: '20991231999999' }, B), owner: () => c(orderCalls.deliveryInfo, { orderNo: w.takeawayA.orderNo }, A)(), refused: true },
  { call: orderCalls.payErrorCallback, field: 'id', what: 'report a failed payment', intrude: () => c(orderCalls.payErrorCallback, { id: w.orderA.id, payType: 'weixin', payStatus: PayStatus.cancel, reason: 'x' }, B)(), ghost: c(orderCalls.payErrorCallback, { id: NONE, payType: 'weixin', payStatus: PayStatus.cancel, reason: 'x' }, B), refused: true },
  { call: orderCalls.sendProductOrderSuccess, field: 'id', what: 'send the placed message', intrude: () => c(orderCalls.sendProductOrderSuccess, { id: w.orderA.id }, B)(), ghost: c(orderCalls.sendProductOrderSuccess, { id: NONE }, B), refused: true },
  { call: orderCalls.daySeq, field: 'id', what: 'read the pickup number', intrude: () => c(orderCalls.daySeq, { id: w.orderA.id }, B)(), ghost: c(orderCalls.daySeq, { id: NONE }, B), owner: () => c(orderCalls.daySeq, { id: w.orderA.id }, A)(), refused: true },
  { call: orderCalls.updateTradeNo, field: 'id', what: 'attach a trade number', intrude: () => c(orderCalls.updateTradeNo, { id: w.orderA.id, tradeNo: 'T-intruder' }, B)(), ghost: c(orderCalls.updateTradeNo, { id: NONE, tradeNo: 'T-intruder' }, B), refused: true },
  { call: orderCalls.pay, field: 'id', what: 'pay online', intrude: () => c(orderCalls.pay, { id: w.orderA.id, payType: 'weixin' }, B)(), ghost: c(orderCalls.pay, { id: NONE, payType: 'weixin' }, B), refused: true },
  { call: orderCalls.pay, field: 'id', what: 'pay by card', intrude: () => c(orderCalls.pay, { id: w.orderA.id, payType: 'vip', payPassword: DEMO_MEMBER_EMPTY.payPassword }, B)(), ghost: c(orderCalls.pay, { id: NONE, payType: 'vip', payPassword: DEMO_MEMBER_EMPTY.payPassword }, B), refused: true },
  { call: orderCalls.payQuery, field: 'id', what: 'query the payment', intrude: () => c(orderCalls.payQuery, { id: w.orderA.id }, B)(), ghost: c(orderCalls.payQuery, { id: NONE }, B), owner: () => c(orderCalls.payQuery, { id: w.orderA.id }, A)(), refused: true },
  { call: activityCalls.checkOverSendCoupon, field: 'id', what: "read an order's earned coupons", intrude: () => c(activityCalls.checkOverSendCoupon, { id: w.takeawayA.id }, B)(), ghost: c(activityCalls.checkOverSendCoupon, { id: NONE }, B) },

  // orders naming A's card or coupons
  {
    call: orderCalls.confirm, field: 'vipId', what: "pay by A's card",
    intrude: async () => c(orderCalls.confirm, { ...selfPickup({ payType: 'vip', payPassword: DEMO_MEMBER.payPassword }), vipId: DEMO_MEMBER.id, expectedTotal: await quote(server, w.b, selfPickup({ payType: 'vip' })) }, B)(),
    ghost: async () => c(orderCalls.confirm, { ...selfPickup({ payType: 'vip', payPassword: DEMO_MEMBER.payPassword }), vipId: NONE, expectedTotal: await quote(server, w.b, selfPickup({ payType: 'vip' })) }, B)(),
    refused: true,
  },
  {
    call: orderCalls.confirm, field: 'couponId', what: "use A's coupon",
    intrude: () => c(orderCalls.confirm, { ...selfPickup({ products: [{ id: P.braisedPork, quantity: 3, flag: 'a' }] }), couponId: MEMBER_COUPON.amount, expectedTotal: 100 }, B)(),
    ghost: () => c(orderCalls.confirm, { ...selfPickup({ products: [{ id: P.braisedPork, quantity: 3, flag: 'a' }] }), couponId: NONE, expectedTotal: 100 }, B)(),
    refused: true,
  },
  {
    call: orderCalls.confirm, field: 'products[].couponId', what: "use A's product coupon",
    intrude: () => c(orderCalls.confirm, { ...selfPickup({ products: [{ id: P.kungPaoChicken, quantity: 1, flag: 'c', tastes: [{ id: 12, quantity: 1 }], couponId: MEMBER_COUPON.product }] }), expectedTotal: 100 }, B)(),
    ghost: () => c(orderCalls.confirm, { ...selfPickup({ products: [{ id: P.kungPaoChicken, quantity: 1, flag: 'c', tastes: [{ id: 12, quantity: 1 }], couponId: NONE }] }), expectedTotal: 100 }, B)(),
    refused: true,
  },
  {
    call: multiOrderCalls.confirm, field: 'parts[].products[].couponId', what: "use A's product coupon in a multi-shop order",
    intrude: () => c(multiOrderCalls.confirm, multiWithCoupon(MEMBER_COUPON.product), B)(),
    ghost: () => c(multiOrderCalls.confirm, multiWithCoupon(NONE), B)(),
    refused: true,
  },
  {
    call: tableCalls.confirm, field: 'vipId', what: "settle a table with A's card",
    intrude: () => c(tableCalls.confirm, { orderId: w.tableB.orderId, openId: DINER.openId, payType: 'vip', vipId: DEMO_MEMBER.id, payPassword: DEMO_MEMBER.payPassword, expectedTotal: 100 }, B)(),
    ghost: () => c(tableCalls.confirm, { orderId: w.tableB.orderId, openId: DINER.openId, payType: 'vip', vipId: NONE, payPassword: DEMO_MEMBER.payPassword, expectedTotal: 100 }, B)(),
    refused: true,
    ownTables: ['table_orders'],
  },
  {
    call: tableCalls.confirm, field: 'couponId', what: "settle a table with A's coupon",
    intrude: () => c(tableCalls.confirm, { orderId: w.tableB.orderId, openId: DINER.openId, payType: 'cash', couponId: MEMBER_COUPON.amount, expectedTotal: 100 }, B)(),
    ghost: () => c(tableCalls.confirm, { orderId: w.tableB.orderId, openId: DINER.openId, payType: 'cash', couponId: NONE, expectedTotal: 100 }, B)(),
    refused: true,
    ownTables: ['table_orders'],
  },

  // member card
  { call: vipCalls.doc, field: 'id', what: 'read balance records', intrude: () => c(vipCalls.doc, { id: DEMO_MEMBER.id }, B)(), ghost: c(vipCalls.doc, { id: NONE }, B), owner: c(vipCalls.doc, { id: DEMO_MEMBER.id }, A), refused: true },
  { call: vipCalls.pointDoc, field: 'id', what: 'read point records', intrude: () => c(vipCalls.pointDoc, { id: DEMO_MEMBER.id }, B)(), ghost: c(vipCalls.pointDoc, { id: NONE }, B), owner: c(vipCalls.pointDoc, { id: DEMO_MEMBER.id }, A), refused: true },
  {
    call: vipCalls.updatePayPassword, field: 'id', what: 'change the pay password (original known)',
    intrude: c(vipCalls.updatePayPassword, { id: DEMO_MEMBER.id, originPayPassword: DEMO_MEMBER.payPassword, payPassword: '864200', repeatPayPassword: '864200' }, B),
    ghost: c(vipCalls.updatePayPassword, { id: NONE, originPayPassword: DEMO_MEMBER.payPassword, payPassword: '864200', repeatPayPassword: '864200' }, B),
    refused: true,
  },
  {
    call: vipCalls.updatePayPassword, field: 'id', what: 'reset the pay password by SMS (forgot)',
    intrude: c(vipCalls.updatePayPassword, { id: DEMO_MEMBER.id, phone: DEMO_MEMBER.phone, smsCode: '000000', payPassword: '864200', repeatPayPassword: '864200' }, B),
    ghost: c(vipCalls.updatePayPassword, { id: NONE, phone: DEMO_MEMBER.phone, smsCode: '000000', payPassword: '864200', repeatPayPassword: '864200' }, B),
    refused: true,
  },
  { call: vipCalls.rechargeQuery, field: 'rechargeId', what: 'read a top-up', intrude: () => c(vipCalls.rechargeQuery, { rechargeId: w.rechargeA }, B)(), ghost: c(vipCalls.rechargeQuery, { rechargeId: NONE }, B), owner: () => c(vipCalls.rechargeQuery, { rechargeId: w.rechargeA }, A)(), refused: true },
  { call: storeCalls.limitCardList, field: 'id', what: 'list limit cards', intrude: c(storeCalls.limitCardList, { id: DEMO_MEMBER.id }, B), ghost: c(storeCalls.limitCardList, { id: NONE }, B) },
  { call: storeCalls.limitCardUseList, field: 'memberId', what: 'list limit-card uses', intrude: c(storeCalls.limitCardUseList, { memberId: DEMO_MEMBER.id }, B), ghost: c(storeCalls.limitCardUseList, { memberId: NONE }, B) },
  {
    call: activityCalls.pointExchangeProduct, field: 'memberId', what: "spend A's points",
    intrude: c(activityCalls.pointExchangeProduct, { openid: DEMO_USER.member.openid, activityId: ACTIVITY.pointRedeem, memberId: DEMO_MEMBER.id }, B),
    ghost: c(activityCalls.pointExchangeProduct, { openid: DEMO_USER.member.openid, activityId: ACTIVITY.pointRedeem, memberId: NONE }, B),
    owner: c(activityCalls.pointStoreCouponDetail, { couponActivityId: ACTIVITY.pointRedeem, openid: DEMO_USER.member.openid }, A),
    refused: true,
  },

  // multi-shop orders
  { call: multiOrderCalls.detail, field: 'id', what: 'read', intrude: () => c(multiOrderCalls.detail, { id: w.multiA }, B)(), ghost: c(multiOrderCalls.detail, { id: NONE }, B), owner: () => c(multiOrderCalls.detail, { id: w.multiA }, A)(), refused: true },
  { call: multiOrderCalls.pay, field: 'id', what: 'pay', intrude: () => c(multiOrderCalls.pay, { id: w.multiA, payType: 'weixin' }, B)(), ghost: c(multiOrderCalls.pay, { id: NONE, payType: 'weixin' }, B), refused: true },
  { call: multiOrderCalls.payQuery, field: 'id', what: 'query the payment', intrude: () => c(multiOrderCalls.payQuery, { id: w.multiA }, B)(), ghost: c(multiOrderCalls.payQuery, { id: NONE }, B), refused: true },

  // table orders and rooms: shared by the diners of the shop, closed to other shops
  ...[
    ['another shop of the chain', OUT],
    ['a shop outside the chain', STRANGER],
  ].flatMap(([who, token]) => {
    const t = token as () => string;
    return [
      { call: tableCalls.getTableInfo, field: 'tableId', what: `read a table from ${who}`, intrude: c(tableCalls.getTableInfo, { tableId: TABLE.A4 }, t), ghost: c(tableCalls.getTableInfo, { tableId: NONE }, t), owner: c(tableCalls.getTableInfo, { tableId: TABLE.A4 }, A), refused: true },
      { call: tableCalls.order, field: 'tableId', what: `open a table from ${who}`, intrude: c(tableCalls.order, { person: 1, tableId: TABLE.A6, tableCode: TABLE_CODE.A6, ...DINER }, t), ghost: c(tableCalls.order, { person: 1, tableId: NONE, tableCode: TABLE_CODE.A6, ...DINER }, t), refused: true },
      { call: tableCalls.userAddProducts, field: 'orderId', what: `send a round from ${who}`, intrude: () => c(tableCalls.userAddProducts, { products: [{ id: TOMATO_EGG, quantity: 1, flag: lineFlag(TOMATO_EGG) }], orderId: w.tableA.orderId, ...DINER }, t)(), ghost: c(tableCalls.userAddProducts, { products: [{ id: TOMATO_EGG, quantity: 1, flag: lineFlag(TOMATO_EGG) }], orderId: NONE, ...DINER }, t), refused: true },
      { call: tableCalls.refreshOrder, field: 'orderId', what: `read the table order from ${who}`, intrude: () => c(tableCalls.refreshOrder, { orderId: w.tableA.orderId, openId: 'x' }, t)(), ghost: c(tableCalls.refreshOrder, { orderId: NONE, openId: 'x' }, t), owner: () => c(tableCalls.refreshOrder, { orderId: w.tableA.orderId, openId: 'x' }, A)(), refused: true },
      { call: tableCalls.userOrders, field: 'orderId', what: `read the rounds from ${who}`, intrude: () => c(tableCalls.userOrders, { orderId: w.tableA.orderId }, t)(), ghost: c(tableCalls.userOrders, { orderId: NONE }, t), owner: () => c(tableCalls.userOrders, { orderId: w.tableA.orderId }, A)(), refused: true },
      { call: tableCalls.canPay, field: 'orderId', what: `ask to pay from ${who}`, intrude: () => c(tableCalls.canPay, { orderId: w.tableA.orderId, openId: 'x' }, t)(), ghost: c(tableCalls.canPay, { orderId: NONE, openId: 'x' }, t), refused: true },
      { call: tableCalls.confirm, field: 'orderId', what: `settle the table from ${who}`, intrude: () => c(tableCalls.confirm, { orderId: w.tableA.orderId, openId: 'x', payType: 'cash', expectedTotal: 10 }, t)(), ghost: c(tableCalls.confirm, { orderId: NONE, openId: 'x', payType: 'cash', expectedTotal: 10 }, t), refused: true },
      { call: tableCalls.cancelPay, field: 'orderId', what: `cancel the settling from ${who}`, intrude: () => c(tableCalls.cancelPay, { orderId: w.tableA.orderId, openId: 'x' }, t)(), ghost: c(tableCalls.cancelPay, { orderId: NONE, openId: 'x' }, t), refused: true },
      { call: messageCalls.cartSync, field: 'room', what: `read the shared cart from ${who}`, intrude: () => c(messageCalls.cartSync, { room: w.tableA.room }, t)(), ghost: () => c(messageCalls.cartSync, { room: `table_${SHOP.restaurant}_${TABLE.A4}_${NONE}` }, t)(), owner: () => c(messageCalls.cartSync, { room: w.tableA.room }, A)(), refused: true },
      {
        call: messageCalls.cartOperate, field: 'room', what: `add to the shared cart from ${who}`,
        intrude: () => c(messageCalls.cartOperate, { room: w.tableA.room, message: tomatoLine(), nickname: 'X', avatar: '/a/x.png', type: 'add', operation: CartOperation.Add }, t)(),
        ghost: () => c(messageCalls.cartOperate, { room: `table_${SHOP.restaurant}_${TABLE.A4}_${NONE}`, message: tomatoLine(), nickname: 'X', avatar: '/a/x.png', type: 'add', operation: CartOperation.Add }, t)(),
        refused: true,
      },
      {
        call: messageCalls.cartOperate, field: 'room', what: `clear the shared cart from ${who}`,
        intrude: () => c(messageCalls.cartOperate, { room: w.tableA.room, message: null, nickname: 'X', avatar: '/a/x.png', type: 'clear', operation: CartOperation.Clear }, t)(),
        ghost: () => c(messageCalls.cartOperate, { room: `table_${SHOP.restaurant}_${TABLE.A4}_${NONE}`, message: null, nickname: 'X', avatar: '/a/x.png', type: 'clear', operation: CartOperation.Clear }, t)(),
        refused: true,
      },
    ] satisfies Case[];
  }),
  // TABLE-7: a diner of the same shop not seated in A's session reaches neither its order nor its room
  ...[
    { call: tableCalls.userAddProducts, field: 'orderId', what: 'send a round to a session B is not seated in', intrude: () => c(tableCalls.userAddProducts, { products: [{ id: TOMATO_EGG, quantity: 1, flag: lineFlag(TOMATO_EGG) }], orderId: w.tableA.orderId, ...DINER }, B)(), ghost: c(tableCalls.userAddProducts, { products: [{ id: TOMATO_EGG, quantity: 1, flag: lineFlag(TOMATO_EGG) }], orderId: NONE, ...DINER }, B), refused: true },
    { call: tableCalls.refreshOrder, field: 'orderId', what: 'read a session B is not seated in', intrude: () => c(tableCalls.refreshOrder, { orderId: w.tableA.orderId, openId: 'x' }, B)(), ghost: c(tableCalls.refreshOrder, { orderId: NONE, openId: 'x' }, B), owner: () => c(tableCalls.refreshOrder, { orderId: w.tableA.orderId, openId: 'x' }, A)(), refused: true },
    { call: tableCalls.userOrders, field: 'orderId', what: 'read the rounds of a session B is not seated in', intrude: () => c(tableCalls.userOrders, { orderId: w.tableA.orderId }, B)(), ghost: c(tableCalls.userOrders, { orderId: NONE }, B), owner: () => c(tableCalls.userOrders, { orderId: w.tableA.orderId }, A)(), refused: true },
    { call: tableCalls.canPay, field: 'orderId', what: 'ask to pay a session B is not seated in', intrude: () => c(tableCalls.canPay, { orderId: w.tableA.orderId, openId: 'x' }, B)(), ghost: c(tableCalls.canPay, { orderId: NONE, openId: 'x' }, B), refused: true },
    { call: messageCalls.cartSync, field: 'room', what: 'read the shared cart of a session B is not seated in', intrude: () => c(messageCalls.cartSync, { room: w.tableA.room }, B)(), ghost: () => c(messageCalls.cartSync, { room: `table_${SHOP.restaurant}_${TABLE.A4}_${NONE}` }, B)(), owner: () => c(messageCalls.cartSync, { room: w.tableA.room }, A)(), refused: true },
  ] satisfies Case[],
];

async function tableOrderRow(id: number) {
  const [row] = await server.db.select().from(tableOrders).where(eq(tableOrders.id, id));
  return row;
}

function tomatoLine() {
  return { id: TOMATO_EGG, name: 'x', price: 22, quantity: 1, flag: lineFlag(TOMATO_EGG), typeid: 1 };
}

function multiWithCoupon(couponId: number): MultiConfirmReq {
  return {
    payType: 'weixin',
    parts: [
      { shopId: SHOP.restaurant, type: 'selfPickup', products: [{ id: P.kungPaoChicken, quantity: 1, flag: 'c', tastes: [{ id: 12, quantity: 1 }], couponId }], contact_name: 'Li', contact_phone: '13900000000', pickupTime: 'ASAP', expectedTotal: 100 },
      { shopId: SHOP.branch, type: 'selfPickup', products: [{ id: BRANCH_PRODUCT.tomatoEgg, quantity: 1, flag: 'l0' }], contact_name: 'Li', contact_phone: '13900000000', pickupTime: 'ASAP', expectedTotal: 100 },
    ],
    expectedTotal: 200,
  };
}

describe('every call taking a record id is classified', () => {
  test('each record-id field of the contract is in RECORD_FIELDS, and each listed field exists', () => {
    const listed = new Set(RECORD_FIELDS.map(([def, field]) => fieldKey(def, field)));
    const present = new Set<string>();
    const missing: string[] = [];
    for (const def of allCalls) {
      for (const field of fieldPaths(def.req)) {
        if (!RECORD_FIELD.test(field)) continue;
        present.add(fieldKey(def, field));
        if (!listed.has(fieldKey(def, field))) missing.push(fieldKey(def, field));
      }
    }
    expect(missing).toEqual([]);
    expect([...listed].filter((k) => !present.has(k))).toEqual([]);
  });

  test('each own and shop field has at least one case', () => {
    const covered = new Set(CASES.map((k) => fieldKey(k.call, k.field)));
    const uncovered = RECORD_FIELDS.filter(([, , p]) => p === 'own' || p === 'shop')
      .map(([def, field]) => fieldKey(def, field))
      .filter((k) => !covered.has(k));
    expect(uncovered).toEqual([]);
  });
});

describe("another user's records are refused and nothing changes", () => {
  test.each(CASES.map((k) => [`${k.call.path} ${k.field}: ${k.what}`, k] as const))('%s', async (_name, k) => {
    const before = await fingerprint(server);
    const tableRowA = await tableOrderRow(w.tableA.orderId);
    const intruded = await k.intrude();
    const after = await fingerprint(server);
    expect(changedTables(before, after).filter((t) => !k.ownTables?.includes(t))).toEqual([]);
    expect(await tableOrderRow(w.tableA.orderId)).toEqual(tableRowA);
    const ghost = await k.ghost();
    // the owner's record answers exactly as a record that does not exist
    expect(answerOf(intruded)).toEqual(answerOf(ghost));
    if (k.refused) expect(intruded.ok).toBe(false);
    if (k.owner) expect(answerOf(await k.owner())).toMatchObject({ ok: true });
    expect(changedTables(before, await fingerprint(server)).filter((t) => !k.ownTables?.includes(t))).toEqual([]);
  });
});

describe("the live channel of another shop's room", () => {
  test.each([
    ['another shop of the chain', OUT],
    ['a shop outside the chain', STRANGER],
  ])('a diner of %s is closed "room not found", as for a room that does not exist', async (_who, token) => {
    const before = await fingerprint(server);
    const intruder = await connectRoom(w.baseUrl, w.tableA.room, token());
    intruder.send({ type: 'join', nickname: 'X', avatar: '/a/x.png' });
    intruder.send({ type: 'clear', seq: 1 });
    expect(await intruder.closed).toBe(WsCloseCode.roomNotFound);
    expect(intruder.frames).toEqual([]);
    const ghost = await connectRoom(w.baseUrl, `table_${SHOP.restaurant}_${TABLE.A4}_${NONE}`, token());
    expect(await ghost.closed).toBe(WsCloseCode.roomNotFound);
    expect(changedTables(before, await fingerprint(server))).toEqual([]);
  });

  test('a room id naming another shop in its own text is refused even when a room of that number exists', async () => {
    // the room's own shop in its id is the restaurant; the retail diner renames it to the retail shop
    const renamed = w.tableA.room.replace(`table_${SHOP.restaurant}_`, `table_${SHOP.retail}_`);
    const live = await connectRoom(w.baseUrl, renamed, w.outsider);
    expect(await live.closed).toBe(WsCloseCode.roomNotFound);
  });
});
