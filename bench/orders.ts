/**
 * `npm run bench:orders`: orders per second created and settled through the API (app.inject, the
 * whole route: validation, menu rebuild, pricing, stock, coupon, transaction), for
 *  - a 5-line takeaway order of the demo restaurant that two activities reduce (full reduction
 *    ¥5 from ¥50, stir-fry ¥8 from ¥60) and a ¥10 coupon, paid in cash by a visitor (no card, so
 *    nothing earned) and settled at the counter — orders/s and this process's CPU ms per order;
 *  - a member-card order paid at submit with the real argon2 pay-password check.
 * Runs on the embedded database (PGlite in memory) and, when DATABASE_URL is a postgres:// URL, on
 * PostgreSQL (that database is emptied and loaded with the demo data).
 *
 * The server runs on a clock fixed inside the demo shop's opening hours (Monday 12:00 in the shop's
 * UTC+8), so the bench gives the same figures at any hour.
 *
 * The floor (`orders_floor_same_statements_per_s_*`, bench/floors/order-statements.ts): the order's
 * own SQL, bare. An untimed pass just before the measured run, as many orders at the same concurrency,
 * records every statement each order's placement and settlement hand to the database driver (text,
 * bound values, driver options) — the request's reads and writes before, inside and after its
 * writes, the settlement's, and the notice worker's passes the order's changes wake; not the
 * transaction control. A second database of the same kind (a second in-memory PGlite; a PostgreSQL
 * database created beside DATABASE_URL's and dropped after) gets the same schema, demo data, coupons
 * and warm-up orders (their statements replayed); then each recorded order's statements are issued
 * in one transaction per order through the same driver (PGlite's fast query path, node-postgres'
 * named statements), as many and as concurrent as the measured orders, timed and with this
 * process's CPU per order taken as for the orders. `orders_vs_floor_same_statements_*` = orders/s ÷
 * floor orders/s; `orders_cpu_vs_floor_*` = CPU ms per order ÷ the floor's (goal ≤ 1.5): what the
 * route, validation, pricing, the ORM and the answer cost beyond their statements. The recording
 * pass runs apart from the measured one (on Node 20 recording turns on promise hooks, which slow
 * every await) and the driver is put back before the orders are timed. Order ids start at
 * 500,000,001 on both databases: an id the floor's database gives in another order (concurrent
 * orders interleave differently) is told from every other bound number and bound in its place.
 *
 * The earlier floor stays: bare one-statement inserts (`INSERT INTO bench_floor … VALUES (…)`)
 * through the same driver, as many and as concurrent as the orders; `orders_vs_floor` = orders/s ÷
 * floor inserts/s.
 *
 * The server's own `/metrics` (METRICS_KEY set) is scraped before and after the measured orders:
 * `orders_metrics_count_match_*` is 1 when its `http_request_duration_seconds` counted exactly the
 * measured `order/confirm` calls, `orders_metrics_p99_bucket_ms_*` is the upper bound of the bucket
 * its p99 falls in, beside the bench's own p99 of those calls (`orders_confirm_p99_ms_*`), and
 * `orders_metrics_p99_within_bucket_*` is 1 when that p99 lies in the same bucket or a neighbour
 * (docs/operations.md "Metrics").
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { testConfig } from '../server/src/config';
import { openDatabase, type Database } from '../server/src/db/client';
import { memberCoupons, members } from '../server/src/db/schema';
import { seedDemo } from '../server/src/db/seed';
import { demoData } from '../server/src/demo';
import { DEMO_MEMBER, DEMO_USER, MEMBER_COUPON, SHOP } from '../server/src/demo/ids';
import { merchantAct } from '../server/src/services/orders/merchant';
import { API_BASE } from '../src/api/contract/common';
import { replayOrder, StatementCapture, type OrderStatements } from './floors/order-statements';
import { poolTimes } from './support/pool';
import { agreement, histogramOf, parsePrometheus, type Agreement } from './support/prometheus';
import { percentile } from './support/stats';

const METRICS_KEY = 'bench-metrics';
const CONFIRM_ROUTE = `${API_BASE}order/confirm`;

const ORDERS = Number(process.env.BENCH_ORDERS || 2000);
/**
 * Orders placed before the clock starts: the figure is the steady state of a running server (JIT
 * compiled, statements prepared on every pooled connection), not its first second.
 */
const WARMUP = Number(process.env.BENCH_WARMUP || 300);
const BALANCE_ORDERS = Number(process.env.BENCH_BALANCE_ORDERS || 100);
/**
 * Orders in flight at once. PGlite is one connection in this process: parallel requests only queue
 * behind its lock (and measured slower), so the embedded run submits one at a time; PostgreSQL gets a
 * pool's worth.
 */
const CONCURRENCY_EMBEDDED = Number(process.env.BENCH_CONCURRENCY || 1);
const CONCURRENCY_POSTGRES = Number(process.env.BENCH_CONCURRENCY || 32);
/** 2026-11-23 (a Monday) 12:00 in the demo shops' UTC+8: inside every demo shop's opening hours. */
const BENCH_NOW = Date.UTC(2026, 10, 23, 4, 0, 0);

/** Five lines: three stir-fries (22 + 24 + 26 = 72 ≥ 60), noodles 16, rice 2 → goods 90. */
const LINES = [
  { id: 10303, quantity: 1, flag: 'a' },
  { id: 10306, quantity: 1, flag: 'b' },
  { id: 10305, quantity: 1, flag: 'c' },
  { id: 10401, quantity: 1, flag: 'd' },
  { id: 10406, quantity: 1, flag: 'e' },
];
const TAKEAWAY = {
  type: 'takeaway',
  payType: 'cash',
  products: LINES,
  contact_name: 'Bench',
  contact_phone: '13812345678',
  contact_address: '1 Bench Road',
  contact_address_gps: '31.2404,121.4737',
  deliveryTime: 'ASAP',
};

async function truncate(database: Database): Promise<void> {
  await database.exec(`DO $$ DECLARE r record; BEGIN
    FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
      EXECUTE 'TRUNCATE TABLE ' || quote_ident(r.tablename) || ' RESTART IDENTITY CASCADE';
    END LOOP; END $$;`);
}

/** Order ids of both databases start above this: no other number an order binds comes near. */
const ORDER_IDS_FROM = 500_000_000;

/**
 * Empties `database` and loads what the orders need: the demo data, one ¥10 coupon per order (copies
 * of the demo member's: a coupon is held by one live order), the demo member's balance for the card
 * orders, and the order ids' start. The same on the API's database and on the floor's, so the
 * recorded statements find the same rows. Answers the coupons' ids.
 */
async function loadOrdersState(database: Database, coupons: number): Promise<number[]> {
  await truncate(database);
  await seedDemo(database.db, demoData);
  const db = database.db;
  const [template] = await db.select().from(memberCoupons).where(eq(memberCoupons.id, MEMBER_COUPON.amount));
  const ids: number[] = [];
  for (let i = 0; i < coupons; i += 200) {
    const rows = await db
      .insert(memberCoupons)
      .values(
        Array.from({ length: Math.min(200, coupons - i) }, () => ({
          userId: DEMO_USER.visitor.id,
          shopId: SHOP.restaurant,
          status: 1,
          startDate: template.startDate,
          endDate: template.endDate,
          source: 'bench',
          data: template.data,
        })),
      )
      .returning({ id: memberCoupons.id });
    ids.push(...rows.map((r) => r.id));
  }
  await db
    .update(members)
    .set({ balance: sql`1000000`, giftAmount: sql`1000000` })
    .where(eq(members.id, DEMO_MEMBER.id));
  await database.exec(`SELECT setval(pg_get_serial_sequence('orders', 'id'), ${ORDER_IDS_FROM})`);
  return ids;
}

interface Figures {
  ordersPerS: number;
  floorPerS: number;
  cpuMsPerOrder: number;
  balancePerS: number;
  /** The measured `order/confirm` calls' p99 as the bench timed them (ms), and /metrics' figures for them. */
  confirmP99Ms: number;
  metrics: Agreement;
  /** The statements of the warm-up orders and of the recording pass (as many orders as the measured run). */
  recorded: { warmup: OrderStatements[]; orders: OrderStatements[] };
  /** The recording pass: its orders/s and CPU ms per order (the recording's own cost in them). */
  recordingPerS: number;
  recordingCpuMsPerOrder: number;
}

async function benchOn(database: Database, concurrency: number): Promise<Figures> {
  // coupons: warm-up orders, then the recording pass, then the measured orders, then the quote
  const needed = WARMUP + 2 * ORDERS + 1;
  const ids = await loadOrdersState(database, needed);
  const app = await buildApp({
    config: testConfig({ unpaidTimeoutS: 900, metricsKey: METRICS_KEY }),
    database,
    seed: false,
    closeDatabase: true,
    clock: { now: () => BENCH_NOW },
  });
  await app.ready();
  const ctx = app.ctx;
  try {
    const token = (await ctx.sessions.issue(DEMO_USER.visitor.id, SHOP.restaurant)).token;
    const memberToken = (await ctx.sessions.issue(DEMO_USER.member.id, SHOP.restaurant)).token;

    const confirm = async (tk: string, body: object) => {
      const res = await app.inject({
        method: 'POST',
        url: `${API_BASE}order/confirm`,
        headers: { 'content-type': 'application/json', token: tk, 'idempotency-key': randomUUID() },
        payload: JSON.stringify(body),
      });
      return JSON.parse(res.body) as {
        result: boolean;
        info: { id: number } | string;
        code?: string;
        data?: { total: number };
      };
    };
    const totalOf = async (tk: string, body: object) => {
      const r = await confirm(tk, { ...body, expectedTotal: 0.0001 });
      if (r.code !== 'amountError' || !r.data) throw new Error(`quote failed: ${JSON.stringify(r)}`);
      return r.data.total;
    };

    // two activities (−5, −8) and the coupon (−10): 90 − 23 = 67, + packaging 5, dishware 5, delivery 5 = 82
    const total = await totalOf(token, { ...TAKEAWAY, couponId: ids[needed - 1] });
    if (total !== 82)
      throw new Error(
        `the bench order should cost 82 (90 − 5 − 8 − 10 + 5 + 5 + 5), the server says ${total}`,
      );
    const confirmMs: number[] = [];
    const placeAndSettle = async (couponId: number, timed = false) => {
      const sent = performance.now();
      const r = await confirm(token, { ...TAKEAWAY, couponId, expectedTotal: total });
      if (timed) confirmMs.push(performance.now() - sent);
      if (!r.result || typeof r.info === 'string') throw new Error(`order failed: ${JSON.stringify(r)}`);
      await merchantAct(ctx, { id: r.info.id, action: 'cashPaid' });
    };
    // the floor: one-statement inserts on the same database, same count and concurrency as the orders
    await database.exec('DROP TABLE IF EXISTS bench_floor; CREATE TABLE bench_floor (id serial PRIMARY KEY, n int NOT NULL, note text)');
    const floorInsert = (i: number) => ctx.db.execute(sql`INSERT INTO bench_floor (n, note) VALUES (${i}, ${'floor'})`);
    await poolTimes(WARMUP, concurrency, floorInsert);
    const f0 = performance.now();
    await poolTimes(ORDERS, concurrency, floorInsert);
    const floorPerS = ORDERS / ((performance.now() - f0) / 1000);
    await database.exec('DROP TABLE bench_floor');

    // the warm-up and a pass of as many orders as the measured run, each order's statements recorded
    // (the floor's); then the driver is put back and the measured orders run unrecorded
    const capture = new StatementCapture(database);
    const recordOrders = (n: number, from: number) =>
      poolTimes(n, concurrency, async (i) => (await capture.run(() => placeAndSettle(ids[from + i]))).issued);
    const warmup = await recordOrders(WARMUP, 0);
    const r0 = process.cpuUsage();
    const rt0 = performance.now();
    const recorded = await recordOrders(ORDERS, WARMUP);
    const recordingPerS = ORDERS / ((performance.now() - rt0) / 1000);
    const rcpu = process.cpuUsage(r0);
    const recordingCpuMsPerOrder = (rcpu.user + rcpu.system) / 1000 / ORDERS;
    await capture.quiet();
    capture.stop();

    const scrape = async () => {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_KEY}` } });
      if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}`);
      return histogramOf(parsePrometheus(res.body), 'http_request_duration_seconds', (l) => l.route === CONFIRM_ROUTE && l.method === 'POST');
    };
    const before = await scrape();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await poolTimes(ORDERS, concurrency, (i) => placeAndSettle(ids[WARMUP + ORDERS + i], true));
    const ordersPerS = ORDERS / ((performance.now() - t0) / 1000);
    const after = await scrape();
    const confirmP99Ms = percentile([...confirmMs].sort((a, b) => a - b), 99);
    // this process's CPU per order (server and bench client; PostgreSQL's own work is not in it):
    // steadier than orders/s on a shared machine
    const cpu = process.cpuUsage(c0);
    const cpuMsPerOrder = (cpu.user + cpu.system) / 1000 / ORDERS;

    const vip = {
      type: 'dine',
      payType: 'vip',
      payPassword: DEMO_MEMBER.payPassword,
      table: 'A1',
      people: 2,
      products: LINES,
    };
    const vipTotal = await totalOf(memberToken, vip);
    const t1 = performance.now();
    await poolTimes(BALANCE_ORDERS, concurrency, async () => {
      const r = await confirm(memberToken, { ...vip, expectedTotal: vipTotal });
      if (!r.result) throw new Error(`balance order failed: ${JSON.stringify(r)}`);
    });
    const balancePerS = BALANCE_ORDERS / ((performance.now() - t1) / 1000);
    return {
      ordersPerS,
      floorPerS,
      cpuMsPerOrder,
      balancePerS,
      confirmP99Ms,
      metrics: agreement(before, after, confirmMs.length, confirmP99Ms),
      recorded: { warmup, orders: recorded },
      recordingPerS,
      recordingCpuMsPerOrder,
    };
  } finally {
    await app.close();
  }
}

interface SameStatementsFloor {
  perS: number;
  cpuMsPerOrder: number;
  /** Statements per recorded order (the measured pass), and transactions the server opened per order. */
  statementsPerOrder: number;
  transactionsPerOrder: number;
  /** Replayed statements whose answer had another row count than in the API's run (0: the same work). */
  rowMismatches: number;
  /** Orders whose id the floor's database gave differently (bound in its place in their later statements). */
  remapped: number;
}

/**
 * The floor on a second database of the same kind: the same state as the API's before its
 * recording pass (demo data, coupons, the warm-up orders' statements replayed), then every recorded
 * order's statements, one transaction per order, at the orders' concurrency.
 */
async function sameStatementsFloor(
  database: Database,
  recorded: Figures['recorded'],
  concurrency: number,
): Promise<SameStatementsFloor> {
  await loadOrdersState(database, WARMUP + 2 * ORDERS + 1);
  let rowMismatches = 0;
  let remapped = 0;
  const replay = async (order: OrderStatements) => {
    const r = await replayOrder(database, order);
    rowMismatches += r.rowMismatches;
    remapped += r.remapped;
  };
  await poolTimes(recorded.warmup.length, concurrency, (i) => replay(recorded.warmup[i]));
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await poolTimes(recorded.orders.length, concurrency, (i) => replay(recorded.orders[i]));
  const perS = recorded.orders.length / ((performance.now() - t0) / 1000);
  const cpu = process.cpuUsage(c0);
  const statements = recorded.orders.reduce((n, o) => n + o.statements.length, 0);
  const transactions = recorded.orders.reduce((n, o) => n + o.transactions, 0);
  return {
    perS,
    cpuMsPerOrder: (cpu.user + cpu.system) / 1000 / recorded.orders.length,
    statementsPerOrder: statements / recorded.orders.length,
    transactionsPerOrder: transactions / recorded.orders.length,
    rowMismatches,
    remapped,
  };
}

/** A PostgreSQL database beside `url`'s for the floor: created empty, dropped after `fn`. */
async function withFloorDatabase<T>(url: string, fn: (floorUrl: string) => Promise<T>): Promise<T> {
  const { Client } = await import('pg');
  const floorUrl = new URL(url);
  const name = `${decodeURIComponent(floorUrl.pathname.slice(1)) || 'postgres'}_orders_floor`.slice(0, 63);
  floorUrl.pathname = `/${encodeURIComponent(name)}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  const ident = `"${name.replace(/"/g, '""')}"`;
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${ident} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${ident}`);
    return await fn(floorUrl.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${ident} WITH (FORCE)`);
    await admin.end();
  }
}

/** The orders beside the same-statements floor of their database. */
function printSameStatementsFloor(run: 'embedded' | 'postgres', f: Figures, floor: SameStatementsFloor): void {
  console.error(
    `[orders ${run}] floor: ${floor.statementsPerOrder.toFixed(2)} statements per order (the server opened ${floor.transactionsPerOrder.toFixed(2)} transactions per order), ` +
      `replayed with ${floor.rowMismatches} row-count differences and ${floor.remapped} ids given in another order; the recording pass ran ${f.recordingPerS.toFixed(1)} orders/s at ${f.recordingCpuMsPerOrder.toFixed(2)} CPU ms per order`,
  );
  if (floor.rowMismatches > 0)
    console.error(`[orders ${run}] the floor's statements did not all find the rows they found in the API's run: the floor does less work than the orders`);
  console.log(`BENCH orders_floor_same_statements_per_s_${run} ${floor.perS.toFixed(1)} orders/s`);
  console.log(`BENCH cpu_ms_per_order_floor_${run} ${floor.cpuMsPerOrder.toFixed(2)} ms`);
  console.log(
    `BENCH orders_vs_floor_same_statements_${run} ${(f.ordersPerS / floor.perS).toFixed(4)} (orders/s ÷ the same statements bare, one transaction per order)`,
  );
  console.log(`BENCH orders_cpu_vs_floor_${run} ${(f.cpuMsPerOrder / floor.cpuMsPerOrder).toFixed(2)} (CPU per order ÷ the floor's)`);
  console.log(`BENCH ${run === 'embedded' ? 'orders_statements_per_order' : 'orders_statements_per_order_postgres'} ${floor.statementsPerOrder.toFixed(1)}`);
}

async function main(): Promise<void> {
  const embedded = await benchOn(await openDatabase('memory://'), CONCURRENCY_EMBEDDED);
  console.log(`BENCH orders_per_s_embedded ${embedded.ordersPerS.toFixed(1)} orders/s`);
  console.log(`BENCH cpu_ms_per_order_embedded ${embedded.cpuMsPerOrder.toFixed(2)} ms`);
  console.log(`BENCH pay_balance_per_s ${embedded.balancePerS.toFixed(1)} orders/s`);
  console.log(`BENCH floor_inserts_per_s_embedded ${embedded.floorPerS.toFixed(1)} inserts/s`);
  console.log(
    `BENCH orders_vs_floor_embedded ${(embedded.ordersPerS / embedded.floorPerS).toFixed(4)} (orders/s ÷ one-statement inserts/s)`,
  );
  printMetrics('embedded', embedded);
  const embeddedFloorDb = await openDatabase('memory://');
  try {
    printSameStatementsFloor('embedded', embedded, await sameStatementsFloor(embeddedFloorDb, embedded.recorded, CONCURRENCY_EMBEDDED));
  } finally {
    await embeddedFloorDb.close();
  }
  const url = process.env.DATABASE_URL ?? '';
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pg = await benchOn(await openDatabase(url), CONCURRENCY_POSTGRES);
    console.log(`BENCH orders_per_s_postgres ${pg.ordersPerS.toFixed(1)} orders/s`);
    console.log(`BENCH cpu_ms_per_order_postgres ${pg.cpuMsPerOrder.toFixed(2)} ms`);
    console.log(`BENCH pay_balance_per_s_postgres ${pg.balancePerS.toFixed(1)} orders/s`);
    console.log(`BENCH floor_inserts_per_s_postgres ${pg.floorPerS.toFixed(1)} inserts/s`);
    console.log(
      `BENCH orders_vs_floor_postgres ${(pg.ordersPerS / pg.floorPerS).toFixed(4)} (orders/s ÷ one-statement inserts/s)`,
    );
    printMetrics('postgres', pg);
    const floor = await withFloorDatabase(url, async (floorUrl) => {
      const floorDb = await openDatabase(floorUrl);
      try {
        return await sameStatementsFloor(floorDb, pg.recorded, CONCURRENCY_POSTGRES);
      } finally {
        await floorDb.close();
      }
    });
    printSameStatementsFloor('postgres', pg, floor);
  } else {
    console.log('BENCH orders_per_s_postgres skipped (DATABASE_URL is not a postgres:// URL)');
  }
}

/** The server's /metrics beside the bench's own figures for the measured calls. */
function printMetrics(run: string, f: Figures): void {
  const m = f.metrics;
  console.error(`[orders ${run}] /metrics counted ${m.serverCount} order/confirm calls of the ${ORDERS} measured; p99 bucket ≤ ${m.serverP99BucketMs} ms, the bench's p99 ${f.confirmP99Ms.toFixed(1)} ms`);
  console.log(`BENCH orders_metrics_count_match_${run} ${m.countMatch ? 1 : 0}`);
  console.log(`BENCH orders_confirm_p99_ms_${run} ${f.confirmP99Ms.toFixed(1)} ms`);
  console.log(`BENCH orders_metrics_p99_bucket_ms_${run} ${m.serverP99BucketMs} ms`);
  console.log(`BENCH orders_metrics_p99_within_bucket_${run} ${m.p99WithinOneBucket ? 1 : 0}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
