/**
 * Idempotency-Key on the money-moving calls (docs/api.md): order/confirm, order/pay, vip/recharge and
 * the points exchange. Proven with real parallel bursts of one key: one effect, one answer for all;
 * a retry after success gets the stored answer; another body with the key is refused.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { activityCalls } from '../../src/api/contract/activity';
import { orderCalls } from '../../src/api/contract/order';
import { vipCalls } from '../../src/api/contract/vip';
import { balanceTransactions, orders, rechargeOrders } from '../../server/src/db/schema';
import { ACTIVITY, DEMO_MEMBER, DEMO_MEMBER_EMPTY, DEMO_USER, SHOP } from '../../server/src/demo/ids';
import { forgetExpiredKeys } from '../../server/src/services/idempotency';
import { serverPerFile } from '../support/build-server';
import { dine, failure, memberRow, place, quote, selfPickup, success } from './orders/helpers';
import { cardOf } from './members/support';

const server = serverPerFile();
const keyed = (key: string) => ({ headers: { 'idempotency-key': key } });

describe('vip/recharge', () => {
  test('20 calls at once with one key create one top-up and give all the same answer', async () => {
    const token = await server().tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server().call(vipCalls.recharge, { ruleId: 1, payType: 'weixin' }, { token, ...keyed(key) })),
    );
    const ids = answers.map((a) => success(a).rechargeId);
    expect(new Set(ids).size).toBe(1);
    expect(await server().db.select().from(rechargeOrders).where(eq(rechargeOrders.memberId, DEMO_MEMBER_EMPTY.id))).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.info))).size).toBe(1);
  });

  test('without a key each call is its own top-up', async () => {
    const token = await server().tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    await server().call(vipCalls.recharge, { ruleId: 1, payType: 'weixin' }, { token });
    await server().call(vipCalls.recharge, { ruleId: 1, payType: 'weixin' }, { token });
    expect(await server().db.select().from(rechargeOrders).where(eq(rechargeOrders.memberId, DEMO_MEMBER_EMPTY.id))).toHaveLength(2);
  });

  test('the same key with another body is refused and creates nothing', async () => {
    const token = await server().tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    const key = randomUUID();
    success(await server().call(vipCalls.recharge, { ruleId: 1, payType: 'weixin' }, { token, ...keyed(key) }));
    const other = await server().call(vipCalls.recharge, { amount: 300, payType: 'weixin' }, { token, ...keyed(key) });
    expect(failure(other).code).toBe('badRequest');
    expect(await server().db.select().from(rechargeOrders).where(eq(rechargeOrders.memberId, DEMO_MEMBER_EMPTY.id))).toHaveLength(1);
  });

  test('a key of 65 characters, or with other characters, is refused', async () => {
    const token = await server().tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    for (const key of ['a'.repeat(65), 'key with spaces', 'short']) {
      expect(failure(await server().call(vipCalls.recharge, { ruleId: 1, payType: 'weixin' }, { token, ...keyed(key) })).code).toBe('badRequest');
    }
    expect(success(await server().call(vipCalls.recharge, { ruleId: 1, payType: 'weixin' }, { token, ...keyed('a'.repeat(64)) })).rechargeId).toBeGreaterThan(0);
    expect(await server().db.select().from(rechargeOrders).where(eq(rechargeOrders.memberId, DEMO_MEMBER_EMPTY.id))).toHaveLength(1);
  });

  test('a key older than 24 hours is forgotten: the call runs again', async () => {
    const token = await server().tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    const key = randomUUID();
    const first = success(await server().call(vipCalls.recharge, { ruleId: 1, payType: 'weixin' }, { token, ...keyed(key) }));
    server().clock.advance(24 * 3600_000 + 1);
    const token2 = await server().tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    const second = success(await server().call(vipCalls.recharge, { ruleId: 1, payType: 'weixin' }, { token: token2, ...keyed(key) }));
    expect(second.rechargeId).not.toBe(first.rechargeId);
  });
});

describe('order/pay', () => {
  test('a card payment sent 20 times at once with one key debits once; a retry after success gets the stored answer', async () => {
    const token = await server().tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    // a self-pickup member-card order submitted without the pay password stays unpaid; order/pay pays it
    const body = selfPickup({ payType: 'vip' });
    const total = await quote(server(), token, body);
    const placed = await server().call(orderCalls.confirm, { ...body, expectedTotal: total }, { token, ...keyed(randomUUID()) });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const before = await memberRow(server(), DEMO_MEMBER.id);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server().call(orderCalls.pay, { id: placed.info.id, payType: 'vip', payPassword: DEMO_MEMBER.payPassword }, { token, ...keyed(key) }),
      ),
    );
    expect(answers.every((a) => a.ok)).toBe(true);
    const after = await memberRow(server(), DEMO_MEMBER.id);
    // what left the card (balance + gift amount) is the order's total, once — not 20 times
    expect(Number(before.balance) - Number(after.balance) + (Number(before.giftAmount) - Number(after.giftAmount))).toBeCloseTo(total, 4);
    const retry = await server().call(orderCalls.pay, { id: placed.info.id, payType: 'vip', payPassword: DEMO_MEMBER.payPassword }, { token, ...keyed(key) });
    expect(retry.info).toEqual(answers[0].info);
  });

  test('a wallet payment started 20 times at once with one key starts one trade; a retry answers the same parameters', async () => {
    const token = await server().login(SHOP.restaurant);
    const o = await place(server(), token, dine({ payType: 'weixin' }));
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => server().call(orderCalls.pay, { id: o.id, payType: 'weixin' }, { token, ...keyed(key) })));
    const trades = new Set(answers.map((a) => (success(a).kind === 'wallet' ? (success(a) as { tradeNo: string }).tradeNo : '')));
    expect(trades.size).toBe(1);
    const retry = success(await server().call(orderCalls.pay, { id: o.id, payType: 'weixin' }, { token, ...keyed(key) }));
    expect(retry).toEqual(success(answers[0]));
    // the same key for another pay type is another body: refused
    expect(failure(await server().call(orderCalls.pay, { id: o.id, payType: 'alipay' }, { token, ...keyed(key) })).code).toBe('badRequest');
  });

  test('a refusal is not kept: after fixing, the same key goes through', async () => {
    const token = await server().tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const o = await place(server(), token, dine({ payType: 'weixin' }));
    const key = randomUUID();
    expect(failure(await server().call(orderCalls.pay, { id: o.id, payType: 'cash' }, { token, ...keyed(key) })).code).toBe('paymentWrong');
    // another body with that key is a new attempt, since the refusal was not kept
    expect(success(await server().call(orderCalls.pay, { id: o.id, payType: 'weixin' }, { token, ...keyed(key) })).kind).toBe('wallet');
  });
});

describe('order/confirm', () => {
  test('10 submits at once with one key place one order; the same key with another body is refused', async () => {
    const token = await server().login(SHOP.restaurant);
    const body = dine({ payType: 'cash' });
    const total = await quote(server(), token, body);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => server().call(orderCalls.confirm, { ...body, expectedTotal: total }, { token, ...keyed(key) })));
    expect(new Set(answers.map((a) => success(a).id)).size).toBe(1);
    expect(await server().db.select().from(orders)).toHaveLength(1);
    const other = await server().call(orderCalls.confirm, { ...body, people: 3, expectedTotal: total }, { token, ...keyed(key) });
    expect(failure(other).code).toBe('badRequest');
    expect(await server().db.select().from(orders)).toHaveLength(1);
  });
});

describe('points exchange', () => {
  test('one key twice at once takes the points once (2000 − 500 = 1500)', async () => {
    const token = await server().tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const body = { openid: DEMO_USER.member.openid, activityId: ACTIVITY.pointRedeem, memberId: DEMO_MEMBER.id };
    const key = randomUUID();
    const answers = await Promise.all([0, 1, 2, 3].map(() => server().call(activityCalls.pointExchangeProduct, body, { token, ...keyed(key) })));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect((await cardOf(server(), DEMO_MEMBER.id)).points).toBe('1500.0000');
    // no money moved: the card's ledger holds only its opening entry
    const moves = await server().db.select().from(balanceTransactions).where(eq(balanceTransactions.memberId, DEMO_MEMBER.id));
    expect(moves.map((m) => m.type)).toEqual(['initAmount']);
  });
});

describe('cleanup', () => {
  test('keys older than a day are deleted in bulk; younger ones stay', async () => {
    const token = await server().tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    success(await server().call(vipCalls.recharge, { ruleId: 1, payType: 'weixin' }, { token, ...keyed(randomUUID()) }));
    server().clock.advance(12 * 3600_000);
    const token2 = await server().tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    success(await server().call(vipCalls.recharge, { ruleId: 1, payType: 'weixin' }, { token: token2, ...keyed(randomUUID()) }));
    server().clock.advance(12 * 3600_000 + 1);
    expect(await forgetExpiredKeys(server().ctx)).toBe(1);
    expect(await forgetExpiredKeys(server().ctx)).toBe(0);
  });
});
