/**
 * OPS-1 on PostgreSQL: `merchant check` runs its queries on PostgreSQL as on the embedded database
 * (passing on orders paid by card, online and in cash, failing on a forged ledger entry), the
 * statement and transaction histograms time node-postgres' queries (the pool's callback form and a
 * transaction's promise form), /readyz answers 200, and a connection PostgreSQL ends between two
 * statements of a transaction fails that transaction without ending the process. Needs
 * DATABASE_URL=postgres://…; the outage (503 while PostgreSQL is down) is asserted by
 * test/pg/faults-restart.test.ts, a backup during a burst by test/pg/backup-burst.test.ts.
 */
import { sql } from 'drizzle-orm';
import { DEMO_MEMBER, DEMO_USER, SHOP } from '../../server/src/demo/ids';
import { openDatabase } from '../../server/src/db/client';
import { isDatabaseUnavailable } from '../../server/src/db/unavailable';
import { checkDatabase } from '../../server/src/services/ops/check';
import { rowsOf } from '../../server/src/services/orders/holds';
import { completeTrade, dine, place, selfPickup, startPay } from '../server/orders/helpers';
import { describeOnPostgres } from '../support/postgres';

describeOnPostgres('test/pg/ops', 'operations on PostgreSQL', (server) => {
  test('merchant check passes on orders paid three ways and fails on a forged ledger entry', async () => {
    const member = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    await place(server, member, selfPickup({ payType: 'vip', payPassword: DEMO_MEMBER.payPassword }));
    const visitor = await server.login(SHOP.restaurant);
    const online = await place(server, visitor, dine({ payType: 'weixin' }));
    await completeTrade(server, await startPay(server, visitor, online.id, 'weixin'));
    await place(server, visitor, dine());

    const passing = await checkDatabase(server.db);
    expect(passing.checks.filter((c) => c.status === 'fail')).toEqual([]);
    expect(passing.checks.find((c) => c.name === 'every paid order has its payment record')?.checked).toBe(2);

    await server.db.execute(sql`
      INSERT INTO balance_transactions (member_id, shop_id, type, amount, gift_amount, balance_after, gift_amount_after, note)
      SELECT member_id, shop_id, 'charge', 100, 0, balance_after + 100, gift_amount_after, 'forged'
        FROM balance_transactions WHERE member_id = ${DEMO_MEMBER.id} ORDER BY id DESC LIMIT 1`);
    const failing = await checkDatabase(server.db);
    expect(failing.ok).toBe(false);
    expect(failing.checks.find((c) => c.status === 'fail')?.problems).toEqual([
      expect.stringContaining(
        `member ${DEMO_MEMBER.id} (card ${DEMO_MEMBER.cardNo}): the card holds balance 456.0000`,
      ),
    ]);
  }, 60_000);

  test('/readyz answers 200 on PostgreSQL', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect({ status: res.statusCode, body: JSON.parse(res.body) }).toEqual({
      status: 200,
      body: { ready: true },
    });
  });

  test('the database histograms time node-postgres statements and transactions', async () => {
    const seen = { statement: 0, transaction: 0 };
    const observer = {
      statement: () => void (seen.statement += 1),
      transaction: () => void (seen.transaction += 1),
    };
    server.ctx.database.observers?.add(observer);
    try {
      await server.db.execute(sql`SELECT 1`);
      await server.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
      });
    } finally {
      server.ctx.database.observers?.delete(observer);
    }
    // the pool's SELECT, and the transaction's BEGIN, SELECT and COMMIT (the app's background
    // workers may add theirs meanwhile)
    expect(seen.statement).toBeGreaterThanOrEqual(4);
    expect(seen.transaction).toBeGreaterThanOrEqual(1);
  });

  test('a connection cut while a transaction holds it fails that transaction; the process and the pool carry on', async () => {
    // PostgreSQL stopping (`pg_ctlcluster … stop`) or an operator's pg_terminate_backend sends FATAL
    // 57P01 to every session. A connection checked out of the pool between two statements of a
    // transaction has no query to fail, so node-postgres emits 'error' on it: without a listener of
    // its own (the pool's listens only while it is idle) that ended the process.
    const own = await openDatabase(process.env.DATABASE_URL as string);
    const unhandled: unknown[] = [];
    const onUncaught = (e: unknown) => unhandled.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      let pid = 0;
      const failed = await own.db
        .transaction(async (tx) => {
          const [row] = rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`));
          pid = row.pid;
          // cut from another session while this one is between two statements
          await server.db.execute(sql`SELECT pg_terminate_backend(${pid})`);
          // the FATAL arrives on the idle socket; wait until node-postgres has read it
          const client = (tx as unknown as { session: { client: { _queryable: boolean } } }).session.client;
          while (client._queryable) await new Promise((r) => setImmediate(r));
          await tx.execute(sql`SELECT 1`);
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(pid).toBeGreaterThan(0);
      expect(isDatabaseUnavailable(failed)).toBe(true);
      expect(unhandled).toEqual([]);
      // the broken connection left the pool: the next statements run on a new one
      const [again] = rowsOf<{ pid: number }>(await own.db.execute(sql`SELECT pg_backend_pid() AS pid`));
      expect(again.pid).not.toBe(pid);
    } finally {
      process.off('uncaughtException', onUncaught);
      await own.close();
    }
  });
});
