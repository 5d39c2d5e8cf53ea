/**
 * kill -9 inside an operation, at a named fault point (SERVER-3): the server runs as a child process
 * on the embedded database on disk (a temp DATA_DIR) and sends itself SIGKILL where FAULT_POINT says
 * (server/src/faults.ts) — after an order's stock and coupon are taken but before its card is debited
 * and the transaction commits; after a trade is marked paid but before its order moves; after the
 * provider refunded but before the refund is recorded. After each kill the data directory is opened
 * here (the crash recovery a restart does) and checked, then the server starts again on it and the
 * operation is finished the way a customer, the provider or the refund outbox would: exactly once.
 *
 * One data directory and one chain of server processes for the file: each restart is armed at the
 * next point, so the scenarios run in order. The server's clock (TEST_CLOCK) runs on from one
 * process to the next (a minute later after the first kill, so the killed call's Idempotency-Key is
 * free again); the last restart jumps 11 minutes (the refund's lease and the unpaid order's
 * 10-minute countdown both run out while the server is down).
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { DEMO_MEMBER, DEMO_USER, MEMBER_COUPON, RESTAURANT_PRODUCT as P, SHOP } from '../../../server/src/demo/ids';
import { FAULT_POINTS } from '../../../server/src/faults';
import { IDEMPOTENCY_PENDING_LEASE_MS } from '../../../server/src/services/idempotency';
import {
  api,
  checkInvariants,
  confirm,
  FAULT_SANDBOX_SECRET,
  login,
  merchant,
  ok,
  openDataDir,
  quote,
  walletChoose,
  type Confirmed,
  type Sql,
} from '../../support/faults';
import { spawnFaultServer, type FaultServer } from '../../support/fault-server';
import { newDataDir, waitUntil } from '../../support/processes';
import { sandboxNotification } from '../../support/sandbox-provider';

jest.setTimeout(120_000);

const dataDir = newDataDir();
let server: FaultServer | null = null;

/** Starts the server on the file's data directory, its clock `jumpMs` after the last one's. */
async function restart(faultPoint: string, jumpMs = 1000): Promise<FaultServer> {
  const instant = server ? server.now() + jumpMs : undefined;
  server = await spawnFaultServer({ dataDir, instant, env: { FAULT_POINT: faultPoint, UNPAID_TIMEOUT_S: '600' } });
  return server;
}

/** The data as the next start finds it (the server must be down). */
async function offline<T>(read: (sql: Sql) => Promise<T>): Promise<T> {
  const sql = await openDataDir(dataDir);
  try {
    return await read(sql);
  } finally {
    await sql.close();
  }
}

afterAll(async () => {
  if (server) await server.kill9();
  rmSync(dataDir, { recursive: true, force: true });
});

const wallet = (start: unknown) => {
  const s = start as { kind: string; tradeNo: string; amount: number; params: { package: string } };
  if (s.kind !== 'wallet') throw new Error(`expected a wallet payment, got ${JSON.stringify(start)}`);
  return s;
};

// the member's card order: peking duck (stock 5), the ¥-off coupon, points, paid by card with its password
const cardOrder = {
  type: 'dine',
  payType: 'vip',
  payPassword: DEMO_MEMBER.payPassword,
  products: [{ id: P.peking, quantity: 1, flag: 'a' }],
  table: 'A1',
  people: 2,
  couponId: MEMBER_COUPON.amount,
  usePoints: true,
};
const cardKey = randomUUID();
let memberToken = '';
let cardTotal = 0;

test('killed after the stock and coupon are taken, before the card is debited: no trace of the order after restart', async () => {
  const s = await restart(FAULT_POINTS.orderCreateAfterStock);
  memberToken = await login(s.base, SHOP.restaurant, DEMO_USER.member.openid);
  cardTotal = await quote(s.base, memberToken, cardOrder);
  // the process dies with the request: the customer gets no answer at all
  await expect(confirm(s.base, memberToken, cardOrder, cardTotal, cardKey)).rejects.toThrow();
  expect(await s.exited).toBe('SIGKILL');

  await offline(async (sql) => {
    expect(await sql.rows(`SELECT id FROM orders`)).toEqual([]);
    expect(await sql.rows(`SELECT stock FROM products WHERE id = $1`, [P.peking])).toEqual([{ stock: 5 }]);
    expect(await sql.rows(`SELECT status, used_order_id FROM member_coupons WHERE id = $1`, [MEMBER_COUPON.amount])).toEqual([
      { status: 1, used_order_id: null },
    ]);
    // the demo card: balance 500, gift amount 50, 2000 points, no movement
    expect(
      await sql.rows(`SELECT balance::float8 AS balance, gift_amount::float8 AS gift, points::float8 AS points FROM members WHERE id = $1`, [
        DEMO_MEMBER.id,
      ]),
    ).toEqual([{ balance: 500, gift: 50, points: 2000 }]);
    // no card movement beyond the demo cards' opening entries
    expect(
      await sql.rows(`SELECT id FROM balance_transactions WHERE type <> 'initAmount' UNION ALL SELECT id FROM point_transactions WHERE type <> 'initAmount'`),
    ).toEqual([]);
    expect(await checkInvariants(sql)).toEqual([]);
  });
});

let cardOrderId = 0;
test('after restart the same submission (same Idempotency-Key), sent twice at once, places the order once, paid by card', async () => {
  // the key's pending mark, left by the killed call, is taken for dead after its lease (a minute,
  // IDEMPOTENCY_PENDING_LEASE_MS): the server comes back 61 s later on its clock
  const s = await restart(FAULT_POINTS.paymentSettleAfterPaymentRow, IDEMPOTENCY_PENDING_LEASE_MS + 1000);
  const [a, b] = await Promise.all([
    ok(confirm(s.base, memberToken, cardOrder, cardTotal, cardKey)),
    ok(confirm(s.base, memberToken, cardOrder, cardTotal, cardKey)),
  ]);
  expect(b.id).toBe(a.id);
  expect(a).toMatchObject({ status: 'pending', payStatus: 1, total: cardTotal });
  cardOrderId = a.id;
});

let visitor = '';
let paid: Confirmed;
let unpaid: Confirmed;
let paidStart: ReturnType<typeof wallet>;

test('killed after the trade is marked paid, before the order moves: nothing of the settlement is kept', async () => {
  const s = server as FaultServer;
  visitor = await login(s.base, SHOP.restaurant);
  const order = { type: 'dine', payType: 'weixin', products: [{ id: P.mangoPudding, quantity: 2, flag: 'a' }], table: 'A1', people: 2 };
  const total = await quote(s.base, visitor, order);
  [paid, unpaid] = await Promise.all([ok(confirm(s.base, visitor, order, total)), ok(confirm(s.base, visitor, order, total))]);
  expect(paid.status).toBe('nopay');
  paidStart = wallet(await ok(api(s.base, 'order/pay', { id: paid.id, payType: 'weixin' }, visitor)));
  // the second order's payment is started and never finished: it is to run out while the server is down
  wallet(await ok(api(s.base, 'order/pay', { id: unpaid.id, payType: 'weixin' }, visitor)));
  // the customer pays in the wallet; the provider's notification reaches the server, which dies settling it
  await expect(walletChoose(s.base, paidStart.params.package, 'pay')).rejects.toThrow();
  expect(await s.exited).toBe('SIGKILL');

  await offline(async (sql) => {
    expect(await sql.rows(`SELECT state, provider_state FROM payments WHERE trade_no = $1`, [paidStart.tradeNo])).toEqual([
      { state: 'created', provider_state: 'paid' },
    ]);
    expect(await sql.rows(`SELECT status, pay_status FROM orders WHERE id = $1`, [paid.id])).toEqual([{ status: 'nopay', pay_status: 0 }]);
    // the notification's id went with the transaction: its next delivery is taken, not a replay
    expect(await sql.rows(`SELECT event_id FROM payment_notifications WHERE trade_no = $1`, [paidStart.tradeNo])).toEqual([]);
    // mango pudding: 5 − 2 × 2 held by the two unpaid orders = 1
    expect(await sql.rows(`SELECT stock FROM products WHERE id = $1`, [P.mangoPudding])).toEqual([{ stock: 1 }]);
    expect(await checkInvariants(sql)).toEqual([]);
  });
});

test('after restart the payment settles once: by payQuery, and the provider delivering its notification again changes nothing', async () => {
  const s = await restart(FAULT_POINTS.refundAfterProvider);
  const q = await ok(api<{ status: string; payStatus: number; paidAmount: number }>(s.base, 'order/payQuery', { id: paid.id }, visitor));
  expect(q).toMatchObject({ status: 'pending', payStatus: 1, paidAmount: paid.total });
  const again = sandboxNotification({ type: 'paid', tradeNo: paidStart.tradeNo, amount: paidStart.amount.toFixed(2) }, s.now(), FAULT_SANDBOX_SECRET);
  const res = await fetch(`${s.base}/pay/notify/sandbox`, { method: 'POST', headers: again.headers, body: again.rawBody });
  expect(res.status).toBe(200);
  const detail = await ok(api<{ status: string; payStatus: number }>(s.base, 'order/detail', { id: paid.id }, visitor));
  expect(detail).toMatchObject({ status: 'pending', payStatus: 1 });
});

test('killed after the provider refunded, before the refund is recorded: the outbox completes it exactly once after restart', async () => {
  let s = server as FaultServer;
  await expect(merchant(s.base, 'order/act', { id: paid.id, action: 'refund' })).rejects.toThrow();
  expect(await s.exited).toBe('SIGKILL');

  await offline(async (sql) => {
    expect(await sql.rows(`SELECT state, attempts FROM refunds WHERE order_id = $1`, [paid.id])).toEqual([{ state: 'pending', attempts: 1 }]);
    expect(await sql.rows(`SELECT state, provider_state FROM payments WHERE trade_no = $1`, [paidStart.tradeNo])).toEqual([
      { state: 'refunding', provider_state: 'refunded' },
    ]);
    expect(await sql.rows(`SELECT status, holding FROM orders WHERE id = $1`, [paid.id])).toEqual([{ status: 'refunding', holding: false }]);
    expect(await checkInvariants(sql)).toEqual([]);
  });

  // 11 minutes later: the claim's 60 s lease and the unpaid order's 10-minute countdown have run out
  s = await restart('', 11 * 60_000);
  await waitUntil(
    'the refund to complete',
    async () => (await ok(api<{ status: string }>(s.base, 'order/detail', { id: paid.id }, visitor))).status === 'refund',
    { everyMs: 250 },
  );
  const expired = await ok(api<{ status: string; payStatus: number }>(s.base, 'order/detail', { id: unpaid.id }, visitor));
  expect(expired).toMatchObject({ status: 'nopay_cancel', payStatus: 3 });
  // the card order placed after the first kill is untouched
  const card = await ok(api<{ status: string; payStatus: number }>(s.base, 'order/detail', { id: cardOrderId }, memberToken));
  expect(card).toMatchObject({ status: 'pending', payStatus: 1 });
  await s.stop();

  await offline(async (sql) => {
    expect(await sql.rows(`SELECT state, attempts FROM refunds WHERE order_id = $1`, [paid.id])).toEqual([{ state: 'succeeded', attempts: 2 }]);
    expect(await sql.rows(`SELECT state FROM payments WHERE order_id = $1`, [paid.id])).toEqual([{ state: 'refunded' }]);
    const [events] = await sql.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders, jsonb_array_elements(events) e WHERE orders.id = $1 AND e->>'text' = 'refunded'`,
      [paid.id],
    );
    expect(events.n).toBe(1);
    // both mango pudding orders gave their stock back: 5
    expect(await sql.rows(`SELECT stock FROM products WHERE id = $1`, [P.mangoPudding])).toEqual([{ stock: 5 }]);
    // the card order holds one peking duck, the coupon and one debit
    expect(await sql.rows(`SELECT stock FROM products WHERE id = $1`, [P.peking])).toEqual([{ stock: 4 }]);
    expect(await sql.rows(`SELECT status, used_order_id FROM member_coupons WHERE id = $1`, [MEMBER_COUPON.amount])).toEqual([
      { status: 2, used_order_id: cardOrderId },
    ]);
    expect(await sql.rows(`SELECT amount::float8 AS amount FROM balance_transactions WHERE order_id = $1`, [cardOrderId])).toHaveLength(1);
    expect(await checkInvariants(sql)).toEqual([]);
  });
});
