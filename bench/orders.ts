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
 * UTC+8), so the bench gives the same figures at any hour. A floor is measured in the same run on the
 * same database: bare one-statement inserts (`INSERT INTO bench_floor … VALUES (…)`) through the same
 * driver, as many and as concurrent as the orders. `orders_vs_floor` = orders/s ÷ floor inserts/s:
 * the share of a database's bare write rate that a whole order (route, pricing, writes, counter
 * settlement) reaches, less dependent on how busy the machine is than orders/s alone.
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

interface Figures {
  ordersPerS: number;
  floorPerS: number;
  cpuMsPerOrder: number;
  balancePerS: number;
  /** The measured `order/confirm` calls' p99 as the bench timed them (ms), and /metrics' figures for them. */
  confirmP99Ms: number;
  metrics: Agreement;
}

async function benchOn(database: Database, concurrency: number): Promise<Figures> {
  await truncate(database);
  await seedDemo(database.db, demoData);
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
    // one ¥10 coupon per order, copies of the demo member's (a coupon is held by one live order)
    const [template] = await ctx.db
      .select()
      .from(memberCoupons)
      .where(eq(memberCoupons.id, MEMBER_COUPON.amount));
    const ids: number[] = [];
    const needed = WARMUP + ORDERS + 1;
    for (let i = 0; i < needed; i += 200) {
      const rows = await ctx.db
        .insert(memberCoupons)
        .values(
          Array.from({ length: Math.min(200, needed - i) }, () => ({
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
    await ctx.db
      .update(members)
      .set({ balance: sql`1000000`, giftAmount: sql`1000000` })
      .where(eq(members.id, DEMO_MEMBER.id));

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

    await poolTimes(WARMUP, concurrency, (i) => placeAndSettle(ids[ORDERS + i]));
    const scrape = async () => {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_KEY}` } });
      if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}`);
      return histogramOf(parsePrometheus(res.body), 'http_request_duration_seconds', (l) => l.route === CONFIRM_ROUTE && l.method === 'POST');
    };
    const before = await scrape();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await poolTimes(ORDERS, concurrency, (i) => placeAndSettle(ids[i], true));
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
    return { ordersPerS, floorPerS, cpuMsPerOrder, balancePerS, confirmP99Ms, metrics: agreement(before, after, confirmMs.length, confirmP99Ms) };
  } finally {
    await app.close();
  }
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
