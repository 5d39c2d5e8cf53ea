/**
 * Two server processes on one PostgreSQL (ORDER-7, SERVER-3): a payment started on node A is settled
 * by the provider's notification arriving at node B, once, however many times and at whichever node
 * it is delivered. Both nodes have the same configured secrets (PAY_SANDBOX_SECRET); the test acts
 * as the provider with that secret. The nodes get a database of their own (created here), so the
 * other PostgreSQL suites' resets cannot touch them.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { SHOP } from '../../server/src/demo/ids';
import { consumerCall, sandboxSecretOf, spawnNode } from '../support/nodes';
import { createDatabase, type OwnDatabase, type ServerProcess } from '../support/processes';
import { sandboxNotification } from '../support/sandbox-provider';

const url = process.env.DATABASE_URL ?? '';
const onPostgres = /^postgres(ql)?:\/\//.test(url);
if (!onPostgres) console.warn('test/pg/payments-two-nodes skipped: DATABASE_URL is not a postgres:// URL.');
const describeOnPostgres = onPostgres ? describe : describe.skip;

const GROUP = 'two-nodes';
const SECRET = sandboxSecretOf(GROUP);
const DB = 'app_two_nodes';

type Node = ServerProcess;

const call = <T>(node: Node, pathName: string, body: unknown, token?: string): Promise<T> => consumerCall<T>(node.base, pathName, body, token);

describeOnPostgres('two nodes on one PostgreSQL', () => {
  let a: Node;
  let b: Node;
  let database: OwnDatabase | undefined;
  let dbUrl = '';
  beforeAll(async () => {
    database = await createDatabase(url, DB);
    dbUrl = database.url;
    // one after the other: the first applies the migrations and loads the demo
    a = await spawnNode({ name: 'a', group: GROUP, databaseUrl: dbUrl });
    b = await spawnNode({ name: 'b', group: GROUP, databaseUrl: dbUrl });
  }, 200_000);
  afterAll(async () => {
    await Promise.all([a, b].map((n) => n?.stop()));
    await database?.drop();
  });

  test('a payment started on A is settled once by notifications arriving at B (and at A)', async () => {
    const { token } = await call<{ token: string }>(a, 'user/login', { id: SHOP.restaurant, code: 'two-nodes-diner' });
    // place through A exactly as the app does: confirm with the quoted total
    const order = await placeDine(a, token);
    const start = await call<{ kind: string; tradeNo: string; amount: number }>(a, 'order/pay', { id: order.id, payType: 'weixin' }, token);
    expect(start.kind).toBe('wallet');
    const at = Date.now();
    const n = sandboxNotification({ type: 'paid', tradeNo: start.tradeNo, amount: start.amount.toFixed(2) }, at, SECRET);
    const deliver = (node: Node, body = n) =>
      fetch(`${node.base}/pay/notify/sandbox`, { method: 'POST', headers: body.headers, body: body.rawBody }).then((r) => r.status);
    const other = sandboxNotification({ type: 'paid', tradeNo: start.tradeNo, amount: start.amount.toFixed(2) }, at, SECRET);
    // the same delivery 4 times at B, a second delivery (its own id) at B and at A, all at once
    const statuses = await Promise.all([deliver(b), deliver(b), deliver(b), deliver(b), deliver(b, other), deliver(a, other)]);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const detail = await call<{ status: string; payStatus: number; paidAmount?: number }>(a, 'order/detail', { id: order.id }, token);
    expect(detail).toMatchObject({ status: 'pending', payStatus: 1 });
    // the session token A issued is taken by B too
    const fromB = await call<{ status: string }>(b, 'order/detail', { id: order.id }, token);
    expect(fromB.status).toBe('pending');
    // settled once: one "paid by" step in the order's history, the trade paid, one id stored per delivery
    const db = new Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const events = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM orders, jsonb_array_elements(events) e WHERE orders.id = $1 AND e->>'text' LIKE 'paid by%'`,
        [order.id],
      );
      expect(Number(events.rows[0].n)).toBe(1);
      const trade = await db.query<{ state: string }>('SELECT state FROM payments WHERE trade_no = $1', [start.tradeNo]);
      expect(trade.rows).toEqual([{ state: 'paid' }]);
      const seen = await db.query('SELECT event_id FROM payment_notifications WHERE trade_no = $1', [start.tradeNo]);
      expect(seen.rowCount).toBe(2);
    } finally {
      await db.end();
    }
  }, 120_000);
});

/** A dine-in order at table A1 of the restaurant, confirmed with the total the server quotes (as the app does). */
async function placeDine(node: Node, token: string): Promise<{ id: number }> {
  const body = { type: 'dine', payType: 'weixin', products: [{ id: 10303, quantity: 2, flag: 'a' }], table: 'A1', people: 2 };
  const post = async (expectedTotal: number) => {
    const res = await fetch(`${node.base}/new/consumer/order/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ ...body, expectedTotal }),
    });
    return (await res.json()) as { result: boolean; info: { id: number }; code?: string; data?: { total: number } };
  };
  const quoted = await post(0.0001);
  if (quoted.code !== 'amountError' || !quoted.data) throw new Error(`quote failed: ${JSON.stringify(quoted)}`);
  const placed = await post(quoted.data.total);
  if (!placed.result) throw new Error(`confirm failed: ${JSON.stringify(placed)}`);
  return placed.info;
}
