/**
 * server/src/db/fast.ts: the time limits (environment, defaults, the PostgreSQL pool settings), the
 * statement naming of node-postgres connections and drizzle's prepared raw SQL. The embedded query
 * path itself is tested in db-client.test.ts, its watchdog in transactions.test.ts.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/src/db/client';
import {
  DatabaseTimeoutError,
  DEFAULT_DB_LIMITS,
  dbLimitsFrom,
  nameStatements,
  pgPoolLimits,
  prepareSql,
} from '../../server/src/db/fast';
import { rowsOf } from '../../server/src/services/orders/holds';

test('limits come from the call, else the environment, else 10 s statements and 15 s transactions', () => {
  expect(DEFAULT_DB_LIMITS).toEqual({ statementTimeoutMs: 10_000, transactionTimeoutMs: 15_000 });
  expect(dbLimitsFrom({})).toEqual(DEFAULT_DB_LIMITS);
  expect(dbLimitsFrom({ DB_STATEMENT_TIMEOUT_MS: '2500', DB_TRANSACTION_TIMEOUT_MS: 'x' })).toEqual({
    statementTimeoutMs: 2500,
    transactionTimeoutMs: 15_000,
  });
  expect(dbLimitsFrom({ DB_STATEMENT_TIMEOUT_MS: '2500' }, { statementTimeoutMs: 50 }).statementTimeoutMs).toBe(50);
});

test('every PostgreSQL connection gets the statement and idle-in-transaction limits, and the wait for one is bounded', () => {
  expect(pgPoolLimits({ statementTimeoutMs: 10_000, transactionTimeoutMs: 15_000 })).toEqual({
    statement_timeout: 10_000,
    idle_in_transaction_session_timeout: 15_000,
    connectionTimeoutMillis: 10_000,
  });
});

test('a timeout answers "Request timed out" and says what waited in its message', () => {
  const e = new DatabaseTimeoutError('a statement waited over 10 ms');
  expect(e.code).toBe('requestTimeout');
  expect(e.message).toBe('database: a statement waited over 10 ms');
});

test('node-postgres statements are named once per text, other commands and named ones are left alone', () => {
  const seen: unknown[] = [];
  const client = { query: (config: unknown) => seen.push(config) };
  nameStatements(client);
  client.query({ text: 'SELECT 1 AS fast_probe_a' });
  client.query({ text: 'SELECT 1 AS fast_probe_a', values: [] });
  client.query({ text: 'SELECT 2 AS fast_probe_b' });
  client.query({ text: 'BEGIN' });
  client.query({ text: 'SELECT 3', name: 'mine' });
  const names = seen.map((c) => (c as { name?: string }).name);
  expect(names[0]).toMatch(/^stmt_\d+$/);
  expect(names[1]).toBe(names[0]);
  expect(names[2]).toMatch(/^stmt_\d+$/);
  expect(names[2]).not.toBe(names[0]);
  expect(names.slice(3)).toEqual([undefined, 'mine']);
});

describe('on the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase('memory://');
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  test('a prepared raw statement answers for the values bound each time', async () => {
    const q = prepareSql<{ execute: unknown; all: unknown; values: unknown }>(
      database.db,
      sql`SELECT ${sql.placeholder('a')}::int + ${sql.placeholder('b')}::int AS sum`,
      'fast_probe_sum',
    );
    const sums = [];
    for (const [a, b] of [
      [1, 2],
      [40, 2],
    ])
      sums.push(rowsOf<{ sum: number }>(await q.execute({ a, b }))[0].sum);
    expect(sums).toEqual([3, 42]);
  });

  test('concurrent transactions run one at a time and all commit', async () => {
    await database.exec('CREATE TABLE IF NOT EXISTS fast_probe (n int)');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO fast_probe VALUES (${i})`);
        }),
      ),
    );
    expect(rowsOf<{ c: number }>(await database.db.execute(sql`SELECT count(*)::int AS c FROM fast_probe`))[0].c).toBe(20);
  });
});
