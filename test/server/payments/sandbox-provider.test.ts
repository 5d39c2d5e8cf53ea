/**
 * Payments only a provider can confirm (ORDER-7/8, MEMBER-4, SERVER-3/4), against the sandbox
 * provider: its notifications are the only thing that settles a trade; they are verified, time-checked
 * and applied once; refunds go through the outbox and settle once; the consumer API has no way to
 * mark anything paid.
 */
import { and, eq } from 'drizzle-orm';
import { vipCalls } from '../../../src/api/contract/vip';
import { paymentNotifications, payments, refunds } from '../../../server/src/db/schema';
import { DEMO_MEMBER, DEMO_USER, SHOP } from '../../../server/src/demo/ids';
import { paymentsOf } from '../../../server/src/payments';
import { sweepOpenTrades } from '../../../server/src/services/payments/query';
import { runRefundOutbox } from '../../../server/src/services/payments/refunds';
import { serverPerFile } from '../../support/build-server';
import { paidNotification, postNotification, sandboxChoose, sandboxNotification } from '../../support/sandbox-provider';
import { completeTrade, dine, memberRow, orderRow, place, selfPickup, startPay, success, walletPayment } from '../orders/helpers';

const KEY = 'merchant-secret';
const server = serverPerFile({ config: { merchantKey: KEY, unpaidTimeoutS: 60 } });

/** A dine-in order of the restaurant paid by the chat-app wallet: 50.40 (the suites' dine() body). */
async function walletOrder() {
  const token = await server().login(SHOP.restaurant);
  const o = await place(server(), token, dine({ payType: 'weixin' }));
  const start = await startPay(server(), token, o.id, 'weixin');
  const pay = await walletPayment(server(), start);
  return { token, o, start, pay };
}

const paidEvents = async (orderId: number) =>
  (await orderRow(server(), orderId)).events.filter((e) => e.text.startsWith('paid by')).length;

async function admin(op: string, body: unknown) {
  const res = await server().app.inject({
    method: 'POST',
    url: `/merchant/${op}`,
    headers: { 'content-type': 'application/json', 'x-merchant-key': KEY },
    payload: JSON.stringify(body),
  });
  return JSON.parse(res.body) as { result: boolean; info: { status?: string } & Record<string, unknown>; code?: string };
}

describe('the consumer API cannot complete a payment', () => {
  test('no sandbox completion or top-up confirmation call exists under /new/consumer', async () => {
    const { token, start } = await walletOrder();
    for (const path of ['pay/sandbox/complete', 'vip/rechargeSandboxPay', 'pay/callback/weixin']) {
      const res = await server().app.inject({
        method: 'POST',
        url: `/new/consumer/${path}`,
        headers: { 'content-type': 'application/json', token },
        payload: JSON.stringify({ tradeNo: start.kind === 'wallet' ? start.tradeNo : '', status: 'success' }),
      });
      expect(res.statusCode).toBe(404);
    }
  });

  test('what order/pay hands the app cannot be turned into a notification', async () => {
    const { o, start } = await walletOrder();
    if (start.kind !== 'wallet' || !('paySign' in start.params)) throw new Error('expected chat-app wallet parameters');
    // the wallet parameters signed as if they were the provider's key: refused
    const forged = sandboxNotification({ type: 'paid', tradeNo: start.tradeNo, amount: '50.40' }, server().clock.now(), start.params.paySign);
    expect((await postNotification(server().app, 'sandbox', forged)).status).toBe(400);
    expect((await orderRow(server(), o.id)).status).toBe('nopay');
  });
});

describe('notifications', () => {
  test('15 deliveries of one notification at once settle the order once', async () => {
    const { o, pay } = await walletOrder();
    const n = paidNotification(pay, server().clock.now());
    const answers = await Promise.all(Array.from({ length: 15 }, () => postNotification(server().app, 'sandbox', n)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await orderRow(server(), o.id)).toMatchObject({ status: 'pending', payStatus: 1 });
    expect(await paidEvents(o.id)).toBe(1);
    const seen = await server().db.select().from(paymentNotifications).where(eq(paymentNotifications.tradeNo, pay.tradeNo));
    expect(seen).toHaveLength(1);
  });

  test('15 notifications of one payment with their own ids at once settle it once', async () => {
    const { o, pay } = await walletOrder();
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => postNotification(server().app, 'sandbox', paidNotification(pay, server().clock.now()))),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await paidEvents(o.id)).toBe(1);
    expect(Number((await orderRow(server(), o.id)).paidAmount)).toBe(50.4);
  });

  test.each([
    ['a forged signature', () => ({ headers: { 'x-sandbox-signature': 'f'.repeat(64) } })],
    ['a signature by another key', () => ({ key: 'another-key' })],
    ['a wrong amount', () => ({ amount: '50.39' })],
    ['a stale timestamp (6 minutes old)', () => ({ at: -6 * 60_000 })],
    ['a timestamp 6 minutes ahead', () => ({ at: 6 * 60_000 })],
  ] as const)('%s is rejected and logged, nothing changed', async (_name, make) => {
    const { o, pay } = await walletOrder();
    const t = make() as { headers?: Record<string, string>; key?: string; amount?: string; at?: number };
    const at = server().clock.now() + (t.at ?? 0);
    const base = sandboxNotification({ type: 'paid', tradeNo: pay.tradeNo, amount: t.amount ?? '50.40' }, at, t.key);
    const n = { ...base, headers: { ...base.headers, ...(t.headers ?? {}) } };
    const warn = jest.spyOn(server().ctx.log, 'warn');
    let answer;
    try {
      answer = await postNotification(server().app, 'sandbox', n);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ provider: 'sandbox', reason: expect.any(String) }), 'payment notification rejected');
    } finally {
      warn.mockRestore();
    }
    expect(answer.status).toBe(400);
    expect(await orderRow(server(), o.id)).toMatchObject({ status: 'nopay', payStatus: 0 });
    const [row] = await server().db.select().from(payments).where(eq(payments.id, pay.id));
    expect(row.state).toBe('created');
    expect(await server().db.select().from(paymentNotifications)).toHaveLength(0);
  });

  test('a replayed id after a settled payment changes nothing', async () => {
    const { o, pay } = await walletOrder();
    const n = paidNotification(pay, server().clock.now());
    await postNotification(server().app, 'sandbox', n);
    const before = await orderRow(server(), o.id);
    server().clock.advance(60_000);
    // the same delivery again a minute later (still inside the window of its own timestamp)
    expect((await postNotification(server().app, 'sandbox', n)).status).toBe(200);
    expect((await orderRow(server(), o.id)).events).toEqual(before.events);
  });

  test('a notification of an unknown trade is acknowledged without effect', async () => {
    const n = sandboxNotification({ type: 'paid', tradeNo: 'T999nosuchtrade', amount: '1.00' }, server().clock.now());
    expect((await postNotification(server().app, 'sandbox', n)).status).toBe(200);
    const [seen] = await server().db.select().from(paymentNotifications);
    expect(seen).toMatchObject({ tradeNo: 'T999nosuchtrade', outcome: 'unknown' });
  });

  test('a "closed" delivered after "paid" (out of order) leaves the order paid', async () => {
    const { o, pay } = await walletOrder();
    const paid = paidNotification(pay, server().clock.now());
    const closed = sandboxNotification({ type: 'closed', tradeNo: pay.tradeNo, amount: '50.40' }, server().clock.now());
    await postNotification(server().app, 'sandbox', paid);
    await postNotification(server().app, 'sandbox', closed);
    expect(await orderRow(server(), o.id)).toMatchObject({ status: 'pending', payStatus: 1 });
  });

  test('a payment with no notification is settled by the sweeper asking the provider', async () => {
    const { o, start } = await walletOrder();
    expect(await completeTrade(server(), start, 'success', false)).toEqual({ outcome: 'recorded' });
    expect((await orderRow(server(), o.id)).status).toBe('nopay');
    // the sweeper asks about trades 10 s after they start (their notification usually comes first)
    expect(await sweepOpenTrades(server().ctx)).toBe(0);
    server().clock.advance(11_000);
    expect(await sweepOpenTrades(server().ctx)).toBe(1);
    expect(await orderRow(server(), o.id)).toMatchObject({ status: 'pending', payStatus: 1 });
    // nothing open is left to ask
    expect(await sweepOpenTrades(server().ctx)).toBe(0);
  });
});

describe('refunds', () => {
  test('a wallet-paid order refunded by the shop: one outbox refund, the trade refunded, the order ends refund', async () => {
    const { o, start } = await walletOrder();
    await completeTrade(server(), start);
    const r = await admin('order/act', { id: o.id, action: 'refund' });
    expect(r.info.status).toBe('refund');
    const rows = await server().db.select().from(refunds).where(eq(refunds.orderId, o.id));
    expect(rows.map((x) => [x.state, Number(x.amount)])).toEqual([['succeeded', 50.4]]);
    const [pay] = await server().db.select().from(payments).where(eq(payments.orderId, o.id));
    expect(pay.state).toBe('refunded');
  });

  test('an unreachable provider is retried with backoff until it answers; the merchant sees the outbox', async () => {
    const { o, start } = await walletOrder();
    await completeTrade(server(), start);
    paymentsOf(server().ctx).sandbox!.unreachableRefunds = 2;
    try {
      expect((await admin('order/act', { id: o.id, action: 'refund' })).info.status).toBe('refunding');
      const [first] = await server().db.select().from(refunds).where(eq(refunds.orderId, o.id));
      expect(first).toMatchObject({ state: 'pending', attempts: 1, lastError: 'sandbox provider unreachable' });
      // 5 s after the first failure
      expect(first.nextAttemptAt).toBe(server().clock.now() + 5_000);
      const listed = await admin('refunds', { open: true });
      expect((listed.info as unknown as Array<{ refundNo: string }>).map((x) => x.refundNo)).toEqual([first.refundNo]);
      expect(await runRefundOutbox(server().ctx)).toEqual([]);
      server().clock.advance(5_000);
      expect(await runRefundOutbox(server().ctx)).toEqual(['retry']);
      // then 10 s
      server().clock.advance(10_000);
      expect(await runRefundOutbox(server().ctx)).toEqual(['settled']);
      expect((await orderRow(server(), o.id)).status).toBe('refund');
      const [done] = await server().db.select().from(refunds).where(eq(refunds.orderId, o.id));
      expect(done).toMatchObject({ state: 'succeeded', attempts: 3 });
    } finally {
      paymentsOf(server().ctx).sandbox!.unreachableRefunds = 0;
    }
  });

  test('a refund result notification delivered twice and concurrently settles once', async () => {
    const { o, start, pay } = await walletOrder();
    await completeTrade(server(), start);
    const sandbox = paymentsOf(server().ctx).sandbox!;
    sandbox.refundMode = 'async';
    try {
      expect((await admin('order/act', { id: o.id, action: 'refund' })).info.status).toBe('refunding');
      const [r] = await server().db.select().from(refunds).where(eq(refunds.orderId, o.id));
      expect(r.state).toBe('processing');
      const result = sandboxNotification({ type: 'refunded', tradeNo: pay.tradeNo, refundNo: r.refundNo, amount: '50.40' }, server().clock.now());
      const other = sandboxNotification({ type: 'refunded', tradeNo: pay.tradeNo, refundNo: r.refundNo, amount: '50.40' }, server().clock.now());
      const answers = await Promise.all([result, result, other, other, result].map((n) => postNotification(server().app, 'sandbox', n)));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      const row = await orderRow(server(), o.id);
      expect(row.status).toBe('refund');
      expect(row.events.filter((e) => e.text === 'refunded')).toHaveLength(1);
      const [after] = await server().db.select().from(refunds).where(eq(refunds.orderId, o.id));
      expect(after.state).toBe('succeeded');
    } finally {
      sandbox.refundMode = 'immediate';
    }
  });

  test('a held card refund answered ok 10 times at once credits the card once', async () => {
    const token = await server().tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const o = await place(server(), token, selfPickup({ payType: 'vip', payPassword: DEMO_MEMBER.payPassword }));
    const paid = await memberRow(server(), DEMO_MEMBER.id);
    expect((await admin('order/act', { id: o.id, action: 'refund', hold: true })).info.status).toBe('refunding');
    const answers = await Promise.all(Array.from({ length: 10 }, () => admin('order/act', { id: o.id, action: 'refundResult', ok: true })));
    expect(answers.filter((a) => a.result)).toHaveLength(1);
    expect(answers.filter((a) => !a.result).every((a) => a.code === 'orderStatusInvalid')).toBe(true);
    const after = await memberRow(server(), DEMO_MEMBER.id);
    // the card gets back exactly what the order took: balance and gift amount as before the order
    expect(Number(after.balance)).toEqual(500);
    expect(Number(after.giftAmount)).toEqual(50);
    expect(Number(paid.balance)).toBeLessThan(500);
    expect((await orderRow(server(), o.id)).status).toBe('refund');
  });

  test('a refund asked 10 times at once is started once', async () => {
    const { o, start } = await walletOrder();
    await completeTrade(server(), start);
    const answers = await Promise.all(Array.from({ length: 10 }, () => admin('order/act', { id: o.id, action: 'refund' })));
    expect(answers.filter((a) => a.result)).toHaveLength(1);
    expect(await server().db.select().from(refunds).where(eq(refunds.orderId, o.id))).toHaveLength(1);
  });
});

describe('top-ups', () => {
  test('a top-up is credited only by the provider, once', async () => {
    const token = await server().tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    const res = success(await server().call(vipCalls.recharge, { ruleId: 1, payType: 'weixin' }, { token }));
    const [trade] = await server().db.select().from(payments).where(and(eq(payments.rechargeId, res.rechargeId), eq(payments.purpose, 'recharge')));
    expect(trade.state).toBe('created');
    const n = paidNotification(trade, server().clock.now());
    await Promise.all(Array.from({ length: 5 }, () => postNotification(server().app, 'sandbox', n)));
    const q = success(await server().call(vipCalls.rechargeQuery, { rechargeId: res.rechargeId }, { token }));
    // rule 1: charge 100, gift 10; the card had 0 / 0
    expect(q.vipInfo).toMatchObject({ amount: 100, giftAmount: 10 });
  });

  test('the sandbox wallet pays a top-up and charge success reads it', async () => {
    const token = await server().tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    const res = success(await server().call(vipCalls.recharge, { ruleId: 1, payType: 'alipay' }, { token }));
    expect(res.pay.kind === 'wallet' && res.pay.params).toEqual({ tradeNO: expect.stringMatching(/^SBX/) });
    expect((await sandboxChoose(server().app, res.pay, 'pay')).body).toMatchObject({ ok: true, outcome: 'settled' });
    const q = success(await server().call(vipCalls.rechargeQuery, { rechargeId: res.rechargeId }, { token }));
    expect(q.payStatus).toBe(1);
  });
});
