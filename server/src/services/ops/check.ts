/**
 * `npm run merchant -- check` (OPS-1): the data's own consistency, read from the database (offline,
 * or a running node's through `/merchant/check`). Each check says pass or fail with its counts and
 * names the rows that break it (the first PROBLEMS_SHOWN); one that breaks makes the command exit
 * non-zero. Run it after a restore (docs/operations.md "Backups").
 *
 *  1. Member cards against their ledgers (`balance_transactions`, `point_transactions`): every
 *     movement's "after" figure is the one before it plus the movement, and the last one is the card's
 *     figure. A card may have been opened with a balance, gift amount or points that no movement
 *     records (the demo's cards are; an import's would be): such a card is listed by name under
 *     "opening balances", never passed over in silence, and the rest of its ledger must still hold.
 *  2. Every paid order has its payment record: a member-card order its card debit, an online order a
 *     settled trade (its own, or its multi-shop group's). Cash keeps no record (counted apart).
 *  3. The outboxes point at what exists: each refund at its trade and (when it has one) its order,
 *     each customer notice at its order.
 *  4. Stock holds match the orders: an order holds its stock, coupon and points while it lives and
 *     has given them back once it ended unpaid, refused or refunded; no product's stock is negative.
 */
import { sql, type SQL } from 'drizzle-orm';
import { OrderStatus, PayType } from '../../../../src/domain/enums';
import type { Db } from '../../db/client';
import { rowsOf } from '../orders/holds';

/** How many offending rows a check names (the count says how many there are). */
export const PROBLEMS_SHOWN = 20;

export interface CheckResult {
  /** What is checked, in a sentence. */
  name: string;
  /** `note`: not a failure, but named so nobody misses it (opening balances). */
  status: 'pass' | 'fail' | 'note';
  /** How many rows were checked, and how many broke the check (or, for a note, were listed). */
  checked: number;
  failures: number;
  /** The offending (or noted) rows, each a sentence; at most PROBLEMS_SHOWN. */
  problems: string[];
  /** A line of counts that helps reading the result (e.g. how many paid orders were cash). */
  detail?: string;
}

export interface CheckReport {
  ok: boolean;
  checks: CheckResult[];
}

/** Statuses in which an order has given back its stock, coupon and points (services/orders/holds.ts `releaseHolds`). */
const RELEASED: readonly string[] = [
  OrderStatus.nopay_cancel,
  OrderStatus.closed,
  OrderStatus.refused,
  OrderStatus.refunding,
  OrderStatus.refund,
  OrderStatus.refund_fail,
];

const list = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

const count = async (db: Db, query: SQL): Promise<number> =>
  Number((await rows<{ n: number | string }>(db, query))[0]?.n ?? 0);

function result(name: string, checked: number, problems: string[], detail?: string): CheckResult {
  return {
    name,
    status: problems.length === 0 ? 'pass' : 'fail',
    checked,
    failures: problems.length,
    problems: problems.slice(0, PROBLEMS_SHOWN),
    ...(detail ? { detail } : {}),
  };
}

interface LedgerRow {
  id: number;
  card_no: string;
  entries: number;
  breaks: number;
  last_ok: boolean;
  has_opening: boolean;
  figures: string;
  opening: string;
  last: string | null;
}

/**
 * One card figure against its ledger: each entry's `after` = the previous entry's `after` + its
 * movement (a break), the last `after` = the card (last_ok); `opening` = card − Σ movements.
 */
function ledgerQuery(kind: 'money' | 'points'): SQL {
  if (kind === 'money') {
    return sql`
      WITH t AS (
        SELECT member_id, id, amount, gift_amount, balance_after, gift_amount_after,
               lag(balance_after) OVER w AS prev_balance, lag(gift_amount_after) OVER w AS prev_gift,
               row_number() OVER w AS from_start,
               row_number() OVER (PARTITION BY member_id ORDER BY id DESC) AS from_end
          FROM balance_transactions WINDOW w AS (PARTITION BY member_id ORDER BY id)),
      l AS (
        SELECT member_id, count(*)::int AS entries, sum(amount) AS amount, sum(gift_amount) AS gift,
               max(balance_after) FILTER (WHERE from_end = 1) AS last_balance,
               max(gift_amount_after) FILTER (WHERE from_end = 1) AS last_gift,
               count(*) FILTER (WHERE from_start > 1 AND (balance_after - amount <> prev_balance OR gift_amount_after - gift_amount <> prev_gift))::int AS breaks
          FROM t GROUP BY member_id)
      SELECT * FROM (
        SELECT m.id, m.card_no, coalesce(l.entries, 0) AS entries, coalesce(l.breaks, 0) AS breaks,
               (l.entries IS NULL OR (l.last_balance = m.balance AND l.last_gift = m.gift_amount)) AS last_ok,
               (m.balance <> coalesce(l.amount, 0) OR m.gift_amount <> coalesce(l.gift, 0)) AS has_opening,
               'balance ' || m.balance::text || ', gift amount ' || m.gift_amount::text AS figures,
               'balance ' || (m.balance - coalesce(l.amount, 0))::text || ', gift amount ' || (m.gift_amount - coalesce(l.gift, 0))::text AS opening,
               CASE WHEN l.entries IS NULL THEN NULL ELSE 'balance ' || l.last_balance::text || ', gift amount ' || l.last_gift::text END AS last
          FROM members m LEFT JOIN l ON l.member_id = m.id) x
       WHERE NOT last_ok OR breaks > 0 OR has_opening
       ORDER BY id`;
  }
  return sql`
    WITH t AS (
      SELECT member_id, id, points, points_after, lag(points_after) OVER w AS prev,
             row_number() OVER w AS from_start,
             row_number() OVER (PARTITION BY member_id ORDER BY id DESC) AS from_end
        FROM point_transactions WINDOW w AS (PARTITION BY member_id ORDER BY id)),
    l AS (
      SELECT member_id, count(*)::int AS entries, sum(points) AS points,
             max(points_after) FILTER (WHERE from_end = 1) AS last_points,
             count(*) FILTER (WHERE from_start > 1 AND points_after - points <> prev)::int AS breaks
        FROM t GROUP BY member_id)
    SELECT * FROM (
      SELECT m.id, m.card_no, coalesce(l.entries, 0) AS entries, coalesce(l.breaks, 0) AS breaks,
             (l.entries IS NULL OR l.last_points = m.points) AS last_ok,
             (m.points <> coalesce(l.points, 0)) AS has_opening,
             'points ' || m.points::text AS figures,
             'points ' || (m.points - coalesce(l.points, 0))::text AS opening,
             CASE WHEN l.entries IS NULL THEN NULL ELSE 'points ' || l.last_points::text END AS last
        FROM members m LEFT JOIN l ON l.member_id = m.id) x
     WHERE NOT last_ok OR breaks > 0 OR has_opening
     ORDER BY id`;
}

async function checkLedgers(db: Db): Promise<CheckResult[]> {
  const cards = await count(db, sql`SELECT count(*)::int AS n FROM members`);
  const out: CheckResult[] = [];
  const openings: string[] = [];
  const names = {
    money: 'member card balances and gift amounts equal their ledger',
    points: 'member card points equal their ledger',
  };
  for (const kind of ['money', 'points'] as const) {
    const table = kind === 'money' ? 'balance_transactions' : 'point_transactions';
    const entries = await count(db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`);
    const problems: string[] = [];
    for (const r of await rows<LedgerRow>(db, ledgerQuery(kind))) {
      const card = `member ${r.id} (card ${r.card_no})`;
      if (Number(r.breaks) > 0)
        problems.push(
          `${card}: ${r.breaks} of its ${r.entries} ${table} entries do not follow from the one before`,
        );
      else if (!r.last_ok)
        problems.push(`${card}: the card holds ${r.figures}, its last ${table} entry leaves ${r.last}`);
      else if (r.has_opening)
        openings.push(
          `${card}: opened with ${r.opening} without a ledger entry (now ${r.figures}, ${r.entries} entries)`,
        );
    }
    out.push(result(names[kind], cards, problems, `${cards} cards, ${entries} ${table} entries`));
  }
  out.push({
    name: 'opening balances without a ledger entry (listed, not a failure)',
    status: 'note',
    checked: cards,
    failures: openings.length,
    problems: openings.slice(0, PROBLEMS_SHOWN),
  });
  return out;
}

async function checkPaidOrders(db: Db): Promise<CheckResult> {
  const paid = await rows<{ pay_type: string; n: number }>(
    db,
    sql`SELECT pay_type, count(*)::int AS n FROM orders WHERE pay_status = 1 GROUP BY pay_type ORDER BY pay_type`,
  );
  const total = paid.reduce((s, r) => s + Number(r.n), 0);
  const by = (t: string) => paid.filter((r) => r.pay_type === t).reduce((s, r) => s + Number(r.n), 0);
  const missing = await rows<{ id: number; order_no: string; pay_type: string }>(
    db,
    sql`SELECT o.id, o.order_no, o.pay_type FROM orders o
         WHERE o.pay_status = 1 AND (
           (o.pay_type = ${PayType.vip} AND NOT EXISTS (
              SELECT 1 FROM balance_transactions b WHERE b.order_id = o.id AND b.note = 'order payment'))
           OR (o.pay_type NOT IN (${PayType.vip}, ${PayType.cash}) AND NOT EXISTS (
              SELECT 1 FROM payments p
               WHERE p.state IN ('paid', 'refunding', 'refunded')
                 AND (p.order_id = o.id OR (p.purpose = 'multi' AND EXISTS (
                       SELECT 1 FROM multi_orders g
                        WHERE g.id = (p.data ->> 'multiOrderId')::int AND g.order_ids @> jsonb_build_array(o.id)))))))
         ORDER BY o.id`,
  );
  return result(
    'every paid order has its payment record',
    total,
    missing.map(
      (o) =>
        `order ${o.id} (${o.order_no}) is paid by ${o.pay_type} without ${o.pay_type === PayType.vip ? 'a card debit' : 'a settled trade'}`,
    ),
    `${total} paid orders: ${by(PayType.vip)} by member card, ${total - by(PayType.vip) - by(PayType.cash)} online, ${by(PayType.cash)} cash (no record kept)`,
  );
}

async function checkOutboxes(db: Db): Promise<CheckResult> {
  const refunds = await count(db, sql`SELECT count(*)::int AS n FROM refunds`);
  const notices = await count(db, sql`SELECT count(*)::int AS n FROM notices`);
  const bad = await rows<{ what: string }>(
    db,
    sql`SELECT 'refund ' || r.refund_no || ' names order ' || r.order_id || ', which does not exist' AS what FROM refunds r
         WHERE r.order_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = r.order_id)
        UNION ALL
        SELECT 'refund ' || r.refund_no || ' names trade ' || r.payment_id || ', which does not exist' FROM refunds r
         WHERE NOT EXISTS (SELECT 1 FROM payments p WHERE p.id = r.payment_id)
        UNION ALL
        SELECT 'notice ' || n.id || ' names order ' || n.order_id || ', which does not exist' FROM notices n
         WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = n.order_id)`,
  );
  return result(
    'refund and notice outbox rows point at existing orders',
    refunds + notices,
    bad.map((b) => b.what),
    `${refunds} refunds, ${notices} notices`,
  );
}

async function checkStockHolds(db: Db): Promise<CheckResult> {
  const orderCount = await count(db, sql`SELECT count(*)::int AS n FROM orders`);
  const holding = await count(db, sql`SELECT count(*)::int AS n FROM orders WHERE holding`);
  const bad = await rows<{ what: string }>(
    db,
    sql`SELECT 'order ' || id || ' (' || status || ') still holds its stock, coupon and points' AS what FROM orders
         WHERE holding AND status IN (${list(RELEASED)})
        UNION ALL
        SELECT 'order ' || id || ' (' || status || ') is live but gave its stock back' FROM orders
         WHERE NOT holding AND status NOT IN (${list(RELEASED)})
        UNION ALL
        SELECT 'product ' || id || ' has a negative stock ' || stock FROM products WHERE stock < 0`,
  );
  return result(
    'stock holds match open orders',
    orderCount,
    bad.map((b) => b.what),
    `${orderCount} orders, ${holding} holding stock`,
  );
}

/** Runs every check on `db` (read only). */
export async function checkDatabase(db: Db): Promise<CheckReport> {
  const checks = [
    ...(await checkLedgers(db)),
    await checkPaidOrders(db),
    await checkOutboxes(db),
    await checkStockHolds(db),
  ];
  return { ok: checks.every((c) => c.status !== 'fail'), checks };
}
