/**
 * Customer notices with two server processes on one PostgreSQL (NOTICE-1): both nodes run the
 * notice outbox; the orders are placed on A and moved by the staff on A and on B at once, and every
 * notice reaches WeChat's server API (the loopback double, test/support/doubles/wechat-api-double.ts,
 * which dedupes nothing and allows each customer several messages) exactly once. The access token
 * is fetched once for both nodes (the `platform_tokens` row), and a send refused by an outage is
 * retried by whichever node comes first — still once. The nodes get a database of their own.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { SHOP } from '../../server/src/demo/ids';
import { TEST_INSTANT } from '../support/clock';
import { consumerCall, spawnNode } from '../support/nodes';
import { startWechatApiDouble, type WechatApiDouble } from '../support/doubles/wechat-api-double';
import { createDatabase, waitUntil, type OwnDatabase, type ServerProcess } from '../support/processes';

const url = process.env.DATABASE_URL ?? '';
const onPostgres = /^postgres(ql)?:\/\//.test(url);
if (!onPostgres) console.warn('test/pg/notices-two-nodes skipped: DATABASE_URL is not a postgres:// URL.');
const describeOnPostgres = onPostgres ? describe : describe.skip;

const GROUP = 'notices-two-nodes';
const DB = 'app_notices_two_nodes';
const APP_ID = 'wx00twonodes000001';
const SECRET = 'two-nodes-app-secret';
const KEY = 'two-nodes-merchant-key';

describeOnPostgres('customer notices on two nodes', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let wx: WechatApiDouble;
  let database: OwnDatabase | undefined;
  let sql: Client;
  beforeAll(async () => {
    wx = await startWechatApiDouble({ appId: APP_ID, secret: SECRET });
    database = await createDatabase(url, DB);
    const env = { WEAPP_APP_ID: APP_ID, WEAPP_SECRET: SECRET, WECHAT_API_BASE_URL: wx.baseUrl, MERCHANT_KEY: KEY };
    // one after the other: the first applies the migrations and loads the demo; both at the suites'
    // instant (the shop is open), each from its own start — a clock skew of the start's length, which
    // the outbox's claims do not depend on
    a = await spawnNode({ name: 'a', group: GROUP, databaseUrl: database.url, env, clock: TEST_INSTANT });
    b = await spawnNode({ name: 'b', group: GROUP, databaseUrl: database.url, env, clock: TEST_INSTANT });
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  }, 200_000);
  afterAll(async () => {
    await sql?.end();
    await Promise.all([a, b].map((n) => n?.stop()));
    await wx?.close();
    await database?.drop();
  });

  const act = async (node: ServerProcess, id: number, action: string) => {
    const res = await fetch(`${node.base}/merchant/order/act`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-merchant-key': KEY },
      body: JSON.stringify({ id, action }),
    });
    const body = (await res.json()) as { result: boolean; info: { status: string }; code?: string };
    if (!body.result) throw new Error(`${action} on ${node.name}: ${body.code}`);
    return body.info.status;
  };

  /** A chat-app customer (jscode2session on the double through A) with a cash takeaway order placed on A. */
  async function customerOrder(): Promise<{ openid: string; orderId: number }> {
    const code = `two-nodes-${randomUUID()}`;
    const { token } = await consumerCall<{ token: string }>(a.base, 'user/login', { id: SHOP.restaurant, code });
    const openid = wx.openidOf(code);
    wx.subscribe(openid, 'order-accepted', 3);
    wx.subscribe(openid, 'order-delivering', 3);
    const body = {
      type: 'takeaway',
      payType: 'cash',
      products: [{ id: 10303, quantity: 1, flag: 'a' }],
      contact_name: 'Wang',
      contact_phone: '13812345678',
      contact_address: '1 Test Road',
      contact_address_gps: '31.2404,121.4737',
      deliveryTime: 'ASAP',
    };
    const post = async (expectedTotal: number) => {
      const res = await fetch(`${a.base}/new/consumer/order/confirm`, {
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
    return { openid, orderId: placed.info.id };
  }

  const states = async (ids: number[]) =>
    (await sql.query<{ order_id: number; template_id: string; state: string }>('SELECT order_id, template_id, state FROM notices WHERE order_id = ANY($1) ORDER BY id', [ids])).rows;

  test('orders moved on A and on B at once: each notice sent once, the access token fetched once for both', async () => {
    const placed: Array<{ openid: string; orderId: number }> = [];
    for (let i = 0; i < 6; i += 1) placed.push(await customerOrder());
    const ids = placed.map((p) => p.orderId);
    // accepted on both nodes at once, then out for delivery on the other node
    await Promise.all(placed.map((p, i) => act(i % 2 === 0 ? a : b, p.orderId, 'accept')));
    await Promise.all(placed.map((p, i) => act(i % 2 === 0 ? b : a, p.orderId, 'deliver')));
    await waitUntil('every notice sent', async () => {
      const rows = await states(ids);
      return rows.length === 12 && rows.every((r) => r.state === 'sent');
    }, { timeoutMs: 30_000 });
    const sent = wx.sends.filter((s) => placed.some((p) => p.openid === s.touser));
    const perKey = new Map<string, number>();
    for (const s of sent) perKey.set(`${s.touser} ${s.template_id}`, (perKey.get(`${s.touser} ${s.template_id}`) ?? 0) + 1);
    expect(sent).toHaveLength(12);
    expect([...perKey.values()]).toEqual(Array(12).fill(1));
    expect(wx.tokenFetches).toHaveLength(1);
    const audit = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM order_audit WHERE action = 'notice' AND order_id = ANY($1)`, [ids]);
    expect(Number(audit.rows[0].n)).toBe(12);
  }, 120_000);

  test('an outage: the send is retried by either node and the message arrives once', async () => {
    const p = await customerOrder();
    const before = wx.sends.length;
    wx.state.outages = 1;
    await act(b, p.orderId, 'accept');
    await waitUntil('the outage answered', () => wx.sendCalls.some((c) => c.answer === 'http 503'));
    await waitUntil('the notice sent after its backoff', async () => (await states([p.orderId])).every((r) => r.state === 'sent'), { timeoutMs: 30_000 });
    expect(wx.sends.slice(before).map((s) => [s.touser, s.template_id])).toEqual([[p.openid, 'order-accepted']]);
    const [row] = (await sql.query<{ attempts: number }>('SELECT attempts FROM notices WHERE order_id = $1', [p.orderId])).rows;
    expect(row.attempts).toBe(2);
  }, 60_000);
});
