/**
 * OPS-1 rolling restart: /readyz on a node whose database pool is busy. A restarted node taking a
 * floor of sockets queues hundreds of statements, and the probe's own statement waits its turn behind
 * them; the node's statements completing meanwhile are the answer (after 200 ms), so the balancer does
 * not take a working node out. A database that completes nothing still fails the probe within its
 * bound (READY_TIMEOUT_MS, 1 s by default). Needs DATABASE_URL=postgres://….
 */
import { sql } from 'drizzle-orm';
import { describeOnPostgres } from '../support/postgres';

describeOnPostgres('test/pg/readiness-busy', '/readyz with a busy pool', (server) => {
  const probe = async () => {
    const started = performance.now();
    const res = await server.app.inject({ method: 'GET', url: '/readyz' });
    return { status: res.statusCode, body: JSON.parse(res.body) as unknown, ms: performance.now() - started };
  };

  test('answers 200 before its bound while its statement waits behind the node\'s own work', async () => {
    // a first probe reads the migrations (the busy answer repeats them)
    expect((await probe()).status).toBe(200);
    // 3,000 statements of 5 ms on the pool's 10 connections: at least 3,000 × 5 / 10 = 1,500 ms of queue
    // (drizzle's query runs once awaited: `then` sends each now)
    const done = { n: 0 };
    const work = Array.from({ length: 3000 }, () => server.db.execute(sql`SELECT pg_sleep(0.005)`).then(() => void (done.n += 1)));
    try {
      const answer = await probe();
      expect(answer).toMatchObject({ status: 200, body: { ready: true } });
      expect(answer.ms).toBeLessThan(1000);
      // it answered while the queue was still there, after some of it had run
      expect(done.n).toBeGreaterThan(0);
      expect(done.n).toBeLessThan(3000);
    } finally {
      await Promise.all(work);
    }
  }, 60_000);

  test('answers 503 naming the database within its bound when no statement completes', async () => {
    expect((await probe()).status).toBe(200);
    // every pooled connection held by a statement that answers only after 3 s: nothing completes
    const held = Array.from({ length: 10 }, () => server.db.execute(sql`SELECT pg_sleep(3)`).then(() => undefined));
    try {
      const answer = await probe();
      expect(answer).toMatchObject({ status: 503, body: { ready: false, failed: ['database'], checks: { database: { ok: false, reason: 'timeout' } } } });
      // the bound (1,000 ms) and the scheduling around it
      expect(answer.ms).toBeGreaterThanOrEqual(950);
      expect(answer.ms).toBeLessThan(2500);
    } finally {
      await Promise.all(held);
    }
    expect((await probe()).status).toBe(200);
  }, 60_000);
});
