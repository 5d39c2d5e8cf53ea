/**
 * What the fault suites (SERVER-3) share besides their server (test/support/fault-server.ts): calls as
 * the app, the merchant and the sandbox provider make them; the data directory opened from here
 * while no server runs; and the checks every crash must leave true (`checkInvariants`).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { demoData } from '../../server/src/demo';

export const ROOT = path.resolve(__dirname, '../..');
export const FAULT_SANDBOX_SECRET = 'faults-sandbox-secret';
export const FAULT_MERCHANT_KEY = 'faults-merchant-key';


export interface Answer<T = unknown> {
  status: number;
  body: { result: boolean; info: T; code?: string; data?: unknown } | null;
  text: string;
}

/** POST to the consumer API as the app does; a transport failure (the process died) is thrown. */
export async function api<T = unknown>(
  base: string,
  name: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await fetch(`${base}/new/consumer/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close', ...(token ? { token } : {}), ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Answer<T>['body'] = null;
  try {
    parsed = JSON.parse(text) as Answer<T>['body'];
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text };
}

/** The info of a successful call; throws with the answer otherwise. */
export async function ok<T>(p: Promise<Answer<T>>): Promise<T> {
  const a = await p;
  if (a.status !== 200 || !a.body?.result) throw new Error(`expected a success, got ${a.status} ${a.text.slice(0, 300)}`);
  return a.body.info;
}

/** A token of a chat-app user (a demo open id signs in as that demo user). */
export async function login(base: string, shopId: number, openid: string = `faults-${randomUUID()}`): Promise<string> {
  return (await ok(api<{ token: string }>(base, 'user/login', { id: shopId, code: openid }))).token;
}

export type Submission = Record<string, unknown>;

/** The server's own total of a submission (the amountError answer of a wrong expectedTotal). */
export async function quote(base: string, token: string, s: Submission): Promise<number> {
  const a = await api(base, 'order/confirm', { ...s, expectedTotal: 0.0001 }, token);
  const data = a.body?.data as { total?: number } | undefined;
  if (a.body?.code !== 'amountError' || typeof data?.total !== 'number') throw new Error(`quote failed: ${a.status} ${a.text.slice(0, 300)}`);
  return data.total;
}

export interface Confirmed {
  id: number;
  orderNo: string;
  status: string;
  payStatus: number;
  total: number;
}

/** order/confirm with the quoted total and an Idempotency-Key (as the app submits). */
export function confirm(base: string, token: string, s: Submission, total: number, key: string = randomUUID()): Promise<Answer<Confirmed>> {
  return api<Confirmed>(base, 'order/confirm', { ...s, expectedTotal: total }, token, { 'idempotency-key': key });
}

/** A POST to the merchant API. */
export async function merchant<T = unknown>(base: string, op: string, body: unknown): Promise<Answer<T>> {
  const res = await fetch(`${base}/merchant/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-merchant-key': FAULT_MERCHANT_KEY, connection: 'close' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Answer<T>['body'], text };
}

/** The sandbox wallet's customer paying (or failing) a started weixin payment, as the provider's page does. */
export async function walletChoose(base: string, prepayPackage: string, choice: 'pay' | 'fail' | 'cancel' = 'pay', notify = true) {
  const res = await fetch(`${base}/sandbox-pay/wallet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ prepayId: prepayPackage.replace(/^prepay_id=/, ''), choice, ...(notify ? {} : { notify: false }) }),
  });
  return { status: res.status, text: await res.text() };
}

/** SQL access to a stopped server's data (PGlite opened here) or to PostgreSQL (pg). */
export interface Sql {
  rows<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

interface PGliteInstance {
  waitReady: Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

/**
 * Opens the embedded database of a data directory in this process (no server may have it open): the
 * database recovers from the crash here exactly as a restarted server's would.
 */
export async function openDataDir(dataDir: string): Promise<Sql> {
  // Node's own require: PGlite's CommonJS build uses dynamic import(), which jest's runtime cannot run
  const nodeModule = process.getBuiltinModule('node:module') as typeof import('node:module');
  const { PGlite } = nodeModule.createRequire(__filename)('@electric-sql/pglite') as {
    PGlite: new (dir: string) => PGliteInstance;
  };
  const db = new PGlite(path.join(dataDir, 'db'));
  await db.waitReady;
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    close: () => db.close(),
  };
}

/** SQL on a PostgreSQL database. */
export async function openPostgres(url: string): Promise<Sql> {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: url });
  await c.connect();
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await c.query(text, params)).rows as T[],
    close: () => c.end(),
  };
}

/** The demo's stock of every product that keeps one (products.stock at the first start). */
export function demoStock(): Map<number, number> {
  const m = new Map<number, number>();
  for (const shop of demoData.shops) for (const p of shop.products) if (typeof p.stock === 'number') m.set(p.id, p.stock);
  return m;
}

/** The demo members' balance, gift amount and points before any movement. */
export function demoCards(): Map<number, { balance: number; gift: number; points: number }> {
  const m = new Map<number, { balance: number; gift: number; points: number }>();
  for (const x of demoData.members) m.set(x.id, { balance: x.amount, gift: x.giftAmount, points: x.points });
  return m;
}

/**
 * What must hold of the data however the process ended (SERVER-3). Returns the violations found,
 * each a sentence naming the row; an empty list when all hold.
 *  - every order has lines, its total is its breakdown's, a paid order was paid exactly once (a card
 *    debit of its balance part, or one settled trade of its total) and an unpaid one has no settled trade;
 *  - no trade marked paid while its order is unpaid, no trade paid twice;
 *  - stock: each product's stock plus what live orders hold of it is the demo's stock;
 *  - coupons: a used coupon is held by the order it names (which exists and holds it), an order
 *    holding a coupon finds it used by itself;
 *  - member cards: balance, gift amount and points are the sum of the card's movements (the demo
 *    cards open with an "init amount" one), and the last movement's "after" figures are the card's;
 *  - points taken by a live order have their movement;
 *  - refunds: one per trade; a succeeded refund's trade is refunded and its order is not still refunding.
 */
export async function checkInvariants(sql: Sql): Promise<string[]> {
  const bad: string[] = [];
  const add = (rows: Record<string, unknown>[], say: (r: Record<string, unknown>) => string) => {
    for (const r of rows) bad.push(say(r));
  };

  add(
    await sql.rows(`SELECT id, order_no FROM orders WHERE jsonb_typeof(lines) <> 'array' OR jsonb_array_length(lines) = 0`),
    (r) => `order ${r.id} has no lines`,
  );
  add(
    await sql.rows(`SELECT id, total::text AS total, breakdown->>'total' AS b FROM orders WHERE total <> (breakdown->>'total')::numeric OR total < 0`),
    (r) => `order ${r.id}: total ${r.total} is not its breakdown's ${r.b}`,
  );
  add(
    await sql.rows(
      `SELECT o.id, o.status FROM orders o
        WHERE o.pay_status = 1 AND o.pay_type = 'vip'
          AND (SELECT count(*) FROM balance_transactions b WHERE b.order_id = o.id AND b.note = 'order payment'
                AND -b.amount = o.balance_paid) <> 1`,
    ),
    (r) => `order ${r.id} (${r.status}) is paid by card without exactly one debit of its balance part`,
  );
  add(
    await sql.rows(
      `SELECT o.id, o.status, o.total::text AS total FROM orders o
        WHERE o.pay_status = 1 AND o.pay_type NOT IN ('vip', 'cash')
          AND (SELECT count(*) FROM payments p WHERE p.order_id = o.id AND p.state IN ('paid', 'refunding', 'refunded')
                AND p.amount = o.total AND o.paid_amount = o.total) <> 1`,
    ),
    (r) => `order ${r.id} (${r.status}) is paid online without exactly one settled trade of its total ${r.total}`,
  );
  add(
    await sql.rows(
      `SELECT p.order_id, p.trade_no, o.status, o.pay_status FROM payments p JOIN orders o ON o.id = p.order_id
        WHERE p.state = 'paid' AND o.pay_status <> 1`,
    ),
    (r) => `trade ${r.trade_no} is paid but its order ${r.order_id} is not (${r.status}, payStatus ${r.pay_status})`,
  );
  add(
    await sql.rows(
      `SELECT order_id, count(*)::int AS n FROM payments WHERE state IN ('paid', 'refunding') AND order_id IS NOT NULL
        GROUP BY order_id HAVING count(*) > 1`,
    ),
    (r) => `order ${r.order_id} holds ${r.n} paid trades`,
  );
  add(
    await sql.rows(
      `SELECT o.id FROM orders o WHERE o.pay_status <> 1 AND o.pay_type = 'vip'
          AND (SELECT coalesce(sum(b.amount), 0) FROM balance_transactions b WHERE b.order_id = o.id) <> 0`,
    ),
    (r) => `unpaid order ${r.id} has card movements that do not cancel out`,
  );

  // stock
  const held = new Map<number, number>();
  for (const r of await sql.rows<{ product_id: number; n: string }>(
    `SELECT (h->>'productId')::int AS product_id, sum((h->>'quantity')::int)::text AS n
       FROM orders o, jsonb_array_elements(o.stock_holds) h WHERE o.holding GROUP BY 1`,
  ))
    held.set(Number(r.product_id), Number(r.n));
  const stock = demoStock();
  const now = await sql.rows<{ id: number; stock: number }>(`SELECT id, stock FROM products WHERE stock IS NOT NULL`);
  for (const r of now) {
    const start = stock.get(Number(r.id));
    if (start === undefined) continue;
    const h = held.get(Number(r.id)) ?? 0;
    if (Number(r.stock) + h !== start) bad.push(`product ${r.id}: stock ${r.stock} + held ${h} is not the demo's ${start}`);
  }

  // coupons
  add(
    await sql.rows(
      `SELECT c.id, c.used_order_id FROM member_coupons c LEFT JOIN orders o ON o.id = c.used_order_id
        WHERE c.used_order_id IS NOT NULL AND (o.id IS NULL OR NOT o.holding OR o.member_coupon_id IS DISTINCT FROM c.id)`,
    ),
    (r) => `coupon ${r.id} is used by order ${r.used_order_id}, which does not exist or does not hold it`,
  );
  add(
    await sql.rows(`SELECT id FROM member_coupons WHERE status = 2 AND used_order_id IS NULL AND source <> 'used'`),
    (r) => `coupon ${r.id} is used by no order`,
  );
  add(
    await sql.rows(
      `SELECT o.id, o.member_coupon_id FROM orders o LEFT JOIN member_coupons c ON c.id = o.member_coupon_id
        WHERE o.holding AND o.member_coupon_id IS NOT NULL AND (c.id IS NULL OR c.status <> 2 OR c.used_order_id IS DISTINCT FROM o.id)`,
    ),
    (r) => `order ${r.id} holds coupon ${r.member_coupon_id}, which is not marked used by it`,
  );

  // member cards against their ledgers
  const cards = demoCards();
  for (const m of await sql.rows<{ id: number; balance: string; gift_amount: string; points: string; b: string; g: string; p: string }>(
    `SELECT m.id, m.balance::text, m.gift_amount::text, m.points::text,
            (SELECT coalesce(sum(amount), 0) FROM balance_transactions WHERE member_id = m.id)::text AS b,
            (SELECT coalesce(sum(gift_amount), 0) FROM balance_transactions WHERE member_id = m.id)::text AS g,
            (SELECT coalesce(sum(points), 0) FROM point_transactions WHERE member_id = m.id)::text AS p
       FROM members m`,
  )) {
    if (!cards.has(Number(m.id))) continue;
    // the demo cards' opening figures are their first ("init amount") movements: the ledger explains all
    const eq = (a: number, b: number) => Math.abs(a - b) < 0.00005;
    if (!eq(Number(m.balance), Number(m.b))) bad.push(`member ${m.id}: balance ${m.balance} is not its movements ${m.b}`);
    if (!eq(Number(m.gift_amount), Number(m.g))) bad.push(`member ${m.id}: gift amount ${m.gift_amount} is not its movements ${m.g}`);
    if (!eq(Number(m.points), Number(m.p))) bad.push(`member ${m.id}: points ${m.points} are not its movements ${m.p}`);
  }
  add(
    await sql.rows(
      `SELECT m.id, m.balance::text AS balance, t.balance_after::text AS after FROM members m
         JOIN LATERAL (SELECT balance_after FROM balance_transactions WHERE member_id = m.id ORDER BY id DESC LIMIT 1) t ON true
        WHERE t.balance_after <> m.balance`,
    ),
    (r) => `member ${r.id}: last movement leaves ${r.after}, the card holds ${r.balance}`,
  );
  add(
    await sql.rows(
      `SELECT o.id, o.points_used FROM orders o
        WHERE o.holding AND o.points_used > 0 AND o.member_id IS NOT NULL
          AND (SELECT coalesce(sum(-t.points), 0) FROM point_transactions t WHERE t.order_id = o.id AND t.note = 'order points deduction') < o.points_used`,
    ),
    (r) => `order ${r.id} holds ${r.points_used} points without their movement`,
  );

  // refunds
  add(
    await sql.rows(`SELECT payment_id, count(*)::int AS n FROM refunds GROUP BY payment_id HAVING count(*) > 1`),
    (r) => `trade ${r.payment_id} has ${r.n} refunds`,
  );
  add(
    await sql.rows(
      `SELECT r.refund_no, p.state AS pay, o.status FROM refunds r JOIN payments p ON p.id = r.payment_id LEFT JOIN orders o ON o.id = r.order_id
        WHERE r.state = 'succeeded' AND (p.state <> 'refunded' OR o.status = 'refunding')`,
    ),
    (r) => `refund ${r.refund_no} succeeded but its trade is ${r.pay} and its order ${r.status}`,
  );
  return bad;
}

/** Orders by id (the columns the suites look at). */
export async function ordersById(sql: Sql, ids: number[]) {
  if (ids.length === 0) return new Map<number, OrderFacts>();
  const rows = await sql.rows<OrderFacts>(
    `SELECT id, order_no AS "orderNo", status, pay_status AS "payStatus", pay_type AS "payType", total::float8 AS total,
            holding, idempotency_key AS "idempotencyKey", member_coupon_id AS "memberCouponId", events
       FROM orders WHERE id = ANY($1::int[])`,
    [ids],
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

export interface OrderFacts {
  id: number;
  orderNo: string;
  status: string;
  payStatus: number;
  payType: string;
  total: number;
  holding: boolean;
  idempotencyKey: string | null;
  memberCouponId: number | null;
  events: { text: string }[];
}
