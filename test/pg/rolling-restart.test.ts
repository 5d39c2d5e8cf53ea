/**
 * A rolling restart (OPS-1) under load: two server processes on one PostgreSQL and one Redis behind
 * a balancer that probes each node's /readyz every 200 ms (test/support/balancer.ts); 100 diners in
 * 25 rooms send cart operations through it and read their carts over HTTP while node a, then node b,
 * gets SIGTERM and is started again (bench/cart-sync/rolling.ts, the bench's rolling part with fewer
 * diners). Asserted: no acknowledged operation lost or doubled (each diner's line in the final room
 * is what its acknowledged operations give, the room's version is the diners' first joins plus the
 * committed operations, every diner's own cart is the room's), every order placed meanwhile (2 a second,
 * retried under its idempotency key) in the database once, no 5xx seen by clients, every socket back
 * (within generous bounds: the bench measures the goals), and each stopped node answered /readyz 503
 * before its port closed.
 *
 * The operations are the bench's fixed schedule (no randomness); every wait is for a condition.
 */
import { runRollingRestart, type RollingRun } from '../../bench/cart-sync/rolling';
import { percentile } from '../../bench/support/stats';

const url = process.env.DATABASE_URL ?? '';
const onPostgres = /^postgres(ql)?:\/\//.test(url);
if (!onPostgres) console.warn('test/pg/rolling-restart skipped: DATABASE_URL is not a postgres:// URL.');
const describeOnPostgres = onPostgres ? describe : describe.skip;

describeOnPostgres('a rolling restart of two nodes behind a /readyz-checking balancer', () => {
  let run: RollingRun;
  beforeAll(async () => {
    run = await runRollingRestart({
      databaseUrl: url,
      database: 'app_rolling_restart',
      diners: 100,
      rooms: 25,
      leadSeconds: 2,
      tailSeconds: 2,
      maxSeconds: 45,
      httpPerSecond: 20,
      ordersPerSecond: 2,
      inWorker: false,
      log: (line) => console.info(`rolling restart: ${line}`),
    });
    const r = run.result;
    const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
    console.info(
      `rolling restart: ops sent ${r.sent}, acknowledged ${r.acked}, in flight at a close ${r.committedInFlight} committed / ${r.resent} sent again, refused ${JSON.stringify(r.refused)}; ` +
        `ack p99 during restarts ${percentile(sorted(r.restartLatencies), 99).toFixed(1)} ms; reconnect p99 ${percentile(sorted(r.reconnects), 99).toFixed(1)} ms over ${r.reconnects.length}; ` +
        `closes ${JSON.stringify(r.closeCodes)}, failed attempts ${r.failedAttempts}; reconnect ms p50 ${percentile(sorted(r.reconnects), 50).toFixed(1)} p90 ${percentile(sorted(r.reconnects), 90).toFixed(1)}; http ${JSON.stringify(r.http)}; ` +
        `orders sent ${r.orders.sent}, acknowledged ${r.orders.ackedIds.length}, attempts sent again ${r.orders.retries}, refused ${JSON.stringify(r.orders.refused)}, in the database ${JSON.stringify(run.orders)}`,
    );
  }, 150_000);

  test('no acknowledged operation is lost or doubled, and every diner ends with the room', () => {
    const r = run.result;
    expect(r.lostDetails).toEqual([]);
    expect(r.lost).toBe(0);
    expect(r.roomVersionOff).toBe(0);
    expect(r.divergent).toBe(0);
    expect(r.deliveryProblems).toBe(0);
    expect(r.unsettled).toBe(0);
    expect(r.refused).toEqual({});
    expect(r.acked).toBeGreaterThan(0);
  });

  test('every socket came back, each restart handing its diners off to the other node (1012 only)', () => {
    const r = run.result;
    expect(r.socketsBack).toBe(100);
    // every diner's socket was closed by one of the two restarts (no socket goes to a node closing)
    expect(r.reconnects.length).toBeGreaterThanOrEqual(100);
    // generous under CI's load (the bench measures the 2 s goal: cartsync_rolling_restart_reconnect_p99_ms)
    expect(Math.max(...r.reconnects)).toBeLessThan(10_000);
    expect(Object.keys(r.closeCodes)).toEqual(['1012']);
  });

  test('every order placed during the restarts is in the database once, and no other: a key sent again places nothing new', () => {
    const { orders } = run.result;
    expect(orders.sent).toBeGreaterThan(0);
    // the retail shop is open 00:00–23:59: every order is acknowledged, after however many attempts,
    // except in the shop's last minute of the day, when it is refused as closed (and never placed)
    const closed = orders.refused.storeClosed ?? 0;
    expect({ refused: { ...orders.refused, storeClosed: 0 }, gaveUp: orders.gaveUp }).toEqual({ refused: { storeClosed: 0 }, gaveUp: 0 });
    expect(orders.ackedIds.length + closed).toBe(orders.sent);
    expect(run.orders).toEqual({ placed: orders.ackedIds.length, missing: 0, extra: 0 });
  });

  test('clients saw no 5xx', () => {
    const { http, orders } = run.result;
    expect(http.sent).toBeGreaterThan(0);
    expect(orders.fiveXx).toBe(0);
    // a read reset while no node was ready (both missed a probe in the reconnect storm) is counted in
    // http.errors and printed above, not asserted: docs/operations.md "Rolling restart (measured)"
    expect(http.fiveXx).toBe(0);
  });

  test('each node answered /readyz 503 before its port closed, and exited 0', () => {
    expect(run.restarts.map((x) => x.node)).toEqual(['a', 'b']);
    for (const x of run.restarts) {
      expect({ node: x.node, exit: x.exit }).toEqual({ node: x.node, exit: 0 });
      const after = run.probes.filter((p) => p.port === x.port && p.at >= x.sigterm && p.at <= x.started);
      // taken out: a probe answered 503 (or, on a node busy closing its sockets, timed out) before the
      // port closed; the statuses seen are printed with a failure
      const firstOut = after.findIndex((p) => p.status === 503 || p.status === 'error');
      const firstClosed = after.findIndex((p) => p.status === 'refused');
      const seen = after.map((p) => p.status).join(',');
      expect({ node: x.node, takenOut: firstOut >= 0, closed: firstClosed >= 0, seen }).toEqual({ node: x.node, takenOut: true, closed: true, seen });
      expect(firstOut).toBeLessThan(firstClosed);
      // no probe answered 200 between the SIGTERM and the restart
      expect(after.filter((p) => p.status === 200)).toEqual([]);
    }
  });
});
