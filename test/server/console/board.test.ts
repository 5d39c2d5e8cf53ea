/**
 * The order board and the actions on it (CONSOLE-2): what the board holds (cash orders at once, an
 * online order only once paid), the columns and actions of a card, shop scope (another shop's order
 * is answered like a missing one and nothing changes), the audit, a stale card, two staff accepting at
 * once, and a refusal with its reason refunding a paid order.
 */
import { eq } from 'drizzle-orm';
import { consoleCalls } from '../../../src/api/contract/console';
import { orderCalls } from '../../../src/api/contract/order';
import { orderAudit, orders } from '../../../server/src/db/schema';
import { DEMO_MEMBER, DEMO_USER, RESTAURANT_PRODUCT as P, SHOP } from '../../../server/src/demo/ids';
import { serverPerFile, type TestServer } from '../../support/build-server';
import { dine, memberRow, place, selfPickup, success, takeaway } from '../orders/helpers';
import { consoleCall, ok, owner, staffOf } from './support';

const server = serverPerFile();

const customer = (s: TestServer) => s.login(SHOP.restaurant);
const rowOf = async (s: TestServer, id: number) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('the board', () => {
  test('a cash order is on the board at once, in the new column with accept, refuse and cashPaid; an unpaid online order is not', async () => {
    const s = server();
    const token = await customer(s);
    const cash = await place(s, token, takeaway());
    const online = await place(s, token, takeaway({ payType: 'alipay' }));
    expect(online.status).toBe('nopay');
    const b = ok(await consoleCall(s, consoleCalls.board, { shopId: SHOP.restaurant }, await staffOf(s, SHOP.restaurant)));
    expect(b.orders.map((o) => o.id)).toEqual([cash.id]);
    expect(b.orders[0]).toMatchObject({ status: 'pending', column: 'new', actions: ['accept', 'refuse', 'cashPaid'], refuseReason: null, multiGroupNo: null, refundState: null });
    expect(b.settings).toEqual({ autoAccept: false, answerMinutes: null, autoRefuse: false });
    expect(b.serverTime).toBe(s.clock.now());
  });

  test('cards move through the columns and offer the actions of their type: ready for pickup, rider and deliver for takeaway', async () => {
    const s = server();
    const token = await customer(s);
    const cookie = await staffOf(s, SHOP.restaurant);
    const pickup = await place(s, token, selfPickup());
    const delivery = await place(s, token, takeaway());
    const act = async (id: number, action: string, expectedStatus: string) =>
      ok(await consoleCall(s, consoleCalls.act, { shopId: SHOP.restaurant, id, action, expectedStatus }, cookie)).order;
    expect((await act(pickup.id, 'accept', 'pending')).column).toBe('cooking');
    const cooking = await act(pickup.id, 'cook', 'confirmed');
    expect({ status: cooking.status, actions: cooking.actions }).toEqual({ status: 'confirmed_new', actions: ['ready', 'requestPay', 'cashPaid', 'complete'] });
    const ready = await act(pickup.id, 'ready', 'confirmed_new');
    expect({ status: ready.status, column: ready.column }).toEqual({ status: 'delivered', column: 'ready' });
    const done = await act(pickup.id, 'complete', 'delivered');
    expect({ status: done.status, column: done.column }).toEqual({ status: 'successed', column: 'done' });

    const accepted = await act(delivery.id, 'accept', 'pending');
    expect(accepted.actions).toEqual(['cook', 'callRider', 'deliver', 'cashPaid', 'complete']);
    // `ready` is not a takeaway's action: refused, nothing changes
    const wrong = await consoleCall(s, consoleCalls.act, { shopId: SHOP.restaurant, id: delivery.id, action: 'ready', expectedStatus: 'confirmed' }, cookie);
    expect(wrong.code).toBe('orderStatusInvalid');
    expect((await rowOf(s, delivery.id)).status).toBe('confirmed');
    expect((await act(delivery.id, 'callRider', 'confirmed')).column).toBe('ready');

    // finished today stays on the board, in done
    const b = ok(await consoleCall(s, consoleCalls.board, { shopId: SHOP.restaurant }, cookie));
    expect(b.orders.map((o) => [o.id, o.column])).toEqual([
      [delivery.id, 'ready'],
      [pickup.id, 'done'],
    ]);
    // the next shop day, the finished one has left the board; the open one stays
    s.clock.advance(24 * 60 * 60_000);
    const nextShift = await staffOf(s, SHOP.restaurant);
    expect(ok(await consoleCall(s, consoleCalls.board, { shopId: SHOP.restaurant }, nextShift)).orders.map((o) => o.id)).toEqual([delivery.id]);
  });

  test('an accepted order has an audit line with the staff member\'s username', async () => {
    const s = server();
    const o = await place(s, await customer(s), dine());
    const cookie = await staffOf(s, SHOP.restaurant);
    const after = ok(await consoleCall(s, consoleCalls.act, { shopId: SHOP.restaurant, id: o.id, action: 'accept', expectedStatus: 'pending' }, cookie)).order;
    expect(after.status).toBe('confirmed');
    expect((await rowOf(s, o.id)).status).toBe('confirmed');
    const detail = ok(await consoleCall(s, consoleCalls.order, { shopId: SHOP.restaurant, id: o.id }, cookie));
    expect(detail.audit).toEqual([{ at: s.clock.now(), by: 'staff-1001', action: 'accept', fromStatus: 'pending', toStatus: 'confirmed', note: null }]);
  });
});

describe('shop scope', () => {
  test('staff of another shop cannot read or act on the order (orderNotFound, nothing changes) nor open the board', async () => {
    const s = server();
    const o = await place(s, await customer(s), takeaway());
    const before = await rowOf(s, o.id);
    const other = await staffOf(s, SHOP.retail);
    const read = await consoleCall(s, consoleCalls.order, { shopId: SHOP.restaurant, id: o.id }, other);
    const act = await consoleCall(s, consoleCalls.act, { shopId: SHOP.restaurant, id: o.id, action: 'accept', expectedStatus: 'pending' }, other);
    // naming its own shop with the other shop's order id: answered like a missing order too
    const ownShop = await consoleCall(s, consoleCalls.act, { shopId: SHOP.retail, id: o.id, action: 'accept', expectedStatus: 'pending' }, other);
    expect([read.code, act.code, ownShop.code]).toEqual(['orderNotFound', 'orderNotFound', 'orderNotFound']);
    const missing = await consoleCall(s, consoleCalls.order, { shopId: SHOP.retail, id: 999999 }, other);
    expect(missing.info).toBe(ownShop.info);
    const after = await rowOf(s, o.id);
    expect({ status: after.status, updatedAt: after.updatedAt }).toEqual({ status: before.status, updatedAt: before.updatedAt });
    expect(await s.db.select().from(orderAudit)).toEqual([]);
    const b = await consoleCall(s, consoleCalls.board, { shopId: SHOP.restaurant }, other);
    expect([b.status, b.code]).toEqual([403, 'staffForbidden']);
  });

  test('the chain owner acts on a branch\'s order; the branch\'s staff does not see the restaurant\'s', async () => {
    const s = server();
    const o = await place(s, await customer(s), takeaway());
    const branchOwner = await owner(s, SHOP.branch);
    const chainOwner = await owner(s, SHOP.restaurant);
    expect(ok(await consoleCall(s, consoleCalls.order, { shopId: SHOP.restaurant, id: o.id }, branchOwner)).order.id).toBe(o.id);
    expect(ok(await consoleCall(s, consoleCalls.board, { shopId: SHOP.branch }, chainOwner)).orders).toEqual([]);
    const branchStaff = await staffOf(s, SHOP.branch);
    expect((await consoleCall(s, consoleCalls.order, { shopId: SHOP.restaurant, id: o.id }, branchStaff)).code).toBe('orderNotFound');
  });
});

describe('acting on a card', () => {
  test('a stale expectedStatus answers orderStatusChanged with the order as it stands, and changes nothing', async () => {
    const s = server();
    const o = await place(s, await customer(s), takeaway());
    const cookie = await staffOf(s, SHOP.restaurant);
    ok(await consoleCall(s, consoleCalls.act, { shopId: SHOP.restaurant, id: o.id, action: 'accept', expectedStatus: 'pending' }, cookie));
    const before = await rowOf(s, o.id);
    s.clock.advance(1000);
    const stale = await consoleCall(s, consoleCalls.act, { shopId: SHOP.restaurant, id: o.id, action: 'refuse', expectedStatus: 'pending', reason: 'too late' }, cookie);
    expect(stale.code).toBe('orderStatusChanged');
    expect((stale.data as { order: { id: number; status: string } }).order).toMatchObject({ id: o.id, status: 'confirmed', column: 'cooking' });
    const after = await rowOf(s, o.id);
    expect({ status: after.status, updatedAt: after.updatedAt, merchantNote: after.merchantNote }).toEqual({
      status: 'confirmed',
      updatedAt: before.updatedAt,
      merchantNote: before.merchantNote,
    });
    expect((await s.db.select().from(orderAudit)).length).toBe(1);
  });

  test('two staff accepting at once: exactly one succeeds, the other gets orderStatusChanged', async () => {
    const s = server();
    const o = await place(s, await customer(s), takeaway());
    const [a, b] = await Promise.all([staffOf(s, SHOP.restaurant), owner(s, SHOP.restaurant)]);
    const req = { shopId: SHOP.restaurant, id: o.id, action: 'accept', expectedStatus: 'pending' };
    const answers = await Promise.all([consoleCall(s, consoleCalls.act, req, a), consoleCall(s, consoleCalls.act, req, b)]);
    expect(answers.map((r) => (r.ok ? 'ok' : r.code)).sort()).toEqual(['ok', 'orderStatusChanged']);
    const audit = await s.db.select().from(orderAudit).where(eq(orderAudit.orderId, o.id));
    expect(audit.map((x) => x.action)).toEqual(['accept']);
    expect((await rowOf(s, o.id)).status).toBe('confirmed');
  });

  test('refusing a paid order with a reason refunds it; the customer reads the reason in order/detail', async () => {
    const s = server();
    const token = await s.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const o = await place(s, token, dine({ payType: 'vip', payPassword: DEMO_MEMBER.payPassword, products: [{ id: P.peking, quantity: 1, flag: 'p' }] }));
    expect(Number((await memberRow(s, DEMO_MEMBER.id)).balance)).toBeLessThan(500);
    const cookie = await staffOf(s, SHOP.restaurant);
    const card = ok(await consoleCall(s, consoleCalls.act, { shopId: SHOP.restaurant, id: o.id, action: 'refuse', expectedStatus: 'pending', reason: 'Out of duck today' }, cookie)).order;
    expect({ status: card.status, refuseReason: card.refuseReason, column: card.column, actions: card.actions }).toEqual({
      status: 'refused',
      refuseReason: 'Out of duck today',
      column: 'done',
      actions: [],
    });
    expect(Number((await memberRow(s, DEMO_MEMBER.id)).balance)).toBe(500);
    const detail = success(await s.call(orderCalls.detail, { id: o.id }, { token }));
    expect({ status: detail.status, merchantNote: detail.merchantNote }).toEqual({ status: 'refused', merchantNote: 'Out of duck today' });
    const audit = ok(await consoleCall(s, consoleCalls.order, { shopId: SHOP.restaurant, id: o.id }, cookie)).audit;
    expect(audit.map((x) => [x.by, x.action, x.toStatus, x.note])).toEqual([['staff-1001', 'refuse', 'refused', 'Out of duck today']]);
  });

  test('a paid order is refunded from the board; an unpaid cash order is paid at the counter', async () => {
    const s = server();
    const member = await s.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const paid = await place(s, member, selfPickup({ payType: 'vip', payPassword: DEMO_MEMBER.payPassword }));
    const cookie = await staffOf(s, SHOP.restaurant);
    const act = async (id: number, action: string, expectedStatus: string) =>
      ok(await consoleCall(s, consoleCalls.act, { shopId: SHOP.restaurant, id, action, expectedStatus }, cookie)).order;
    const accepted = await act(paid.id, 'accept', 'pending');
    expect(accepted.actions).toEqual(['cook', 'ready', 'complete', 'refund']);
    const refunded = await act(paid.id, 'refund', 'confirmed');
    expect({ status: refunded.status, column: refunded.column }).toEqual({ status: 'refund', column: 'done' });
    expect(Number((await memberRow(s, DEMO_MEMBER.id)).balance)).toBe(500);

    const cash = await place(s, await customer(s), dine());
    const counter = await act(cash.id, 'cashPaid', 'pending');
    expect({ status: counter.status, payStatus: counter.payStatus, actions: counter.actions }).toEqual({ status: 'pending', payStatus: 1, actions: ['accept', 'refuse'] });
  });
});
