/**
 * The embedded database's query path (server/src/db/client.ts): one exchange per statement and each
 * statement text kept prepared must answer exactly as PGlite's own `query` does — parameters as
 * PostgreSQL text, rows in both modes, errors with their SQLSTATE, transactions that roll back.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/services/orders/holds';

let database: Database;

beforeAll(async () => {
  database = await openDatabase('memory://');
  await database.exec(`CREATE TABLE probe (
    id serial PRIMARY KEY, name text UNIQUE, tags int[], doc jsonb, at timestamptz, ok boolean, amount numeric(12,2))`);
}, 60_000);

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await database.exec('TRUNCATE probe RESTART IDENTITY');
});

const one = async <T>(q: ReturnType<typeof sql>): Promise<T> => rowsOf<T>(await database.db.execute(q))[0];

test('parameters of every kind reach the database as the values they stand for', async () => {
  const at = new Date('2026-11-23T06:30:00.000Z');
  await database.db.execute(sql`INSERT INTO probe (name, tags, doc, at, ok, amount)
    VALUES (${'a "quoted" \\ name'}, ${sql.param([1, 2, 3])}::int[], ${JSON.stringify({ k: [1, 'x'] })}::jsonb, ${at}, ${true}, ${12.5})`);
  const row = await one<{
    name: string;
    tags: number[];
    doc: unknown;
    at: string;
    ok: boolean;
    amount: string;
  }>(sql`SELECT name, tags, doc, at::text AS at, ok, amount::text AS amount FROM probe`);
  expect(row).toEqual({
    name: 'a "quoted" \\ name',
    tags: [1, 2, 3],
    doc: { k: [1, 'x'] },
    at: '2026-11-23 06:30:00+00',
    ok: true,
    amount: '12.50',
  });
});

test('a null parameter is SQL NULL', async () => {
  await database.db.execute(sql`INSERT INTO probe (name, doc) VALUES (${'n'}, ${null})`);
  expect(await one<{ isNull: boolean }>(sql`SELECT doc IS NULL AS "isNull" FROM probe`)).toEqual({
    isNull: true,
  });
});

test('the same statement run again with other values answers for those values', async () => {
  await database.db.execute(sql`INSERT INTO probe (name) VALUES ('a'), ('b'), ('c')`);
  const names: string[] = [];
  for (const id of [3, 1, 2]) {
    names.push((await one<{ name: string }>(sql`SELECT name FROM probe WHERE id = ${id}`)).name);
  }
  expect(names).toEqual(['c', 'a', 'b']);
});

test('a failing statement throws its SQLSTATE and runs again once the cause is gone', async () => {
  const insert = (name: string) => database.db.execute(sql`INSERT INTO probe (name) VALUES (${name})`);
  await insert('dup');
  let err: { cause?: { code?: string } } | null = null;
  try {
    await insert('dup');
  } catch (e) {
    err = e as { cause?: { code?: string } };
  }
  expect(err?.cause?.code).toBe('23505'); // unique_violation
  await database.exec(`DELETE FROM probe`);
  await insert('dup');
  expect(await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM probe`)).toEqual({ n: 1 });
});

test('drizzle query builders read typed rows through the same path', async () => {
  await database.db.execute(sql`INSERT INTO probe (name, amount) VALUES ('x', 3.10)`);
  const rows = await database.db.execute<{ id: number; amount: string }>(sql`SELECT id, amount FROM probe`);
  expect(rowsOf(rows)).toEqual([{ id: 1, amount: '3.10' }]);
});

test('a transaction that throws leaves nothing behind and one that returns commits', async () => {
  await expect(
    database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO probe (name) VALUES (${'gone'})`);
      throw new Error('stop');
    }),
  ).rejects.toThrow('stop');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO probe (name) VALUES (${'kept'})`);
  });
  const rows = rowsOf<{ name: string }>(await database.db.execute(sql`SELECT name FROM probe ORDER BY id`));
  expect(rows.map((r) => r.name)).toEqual(['kept']);
});

test('an update reports the rows it changed', async () => {
  await database.db.execute(sql`INSERT INTO probe (name) VALUES ('a'), ('b')`);
  const res = (await database.db.execute(sql`UPDATE probe SET ok = ${false}`)) as unknown as {
    affectedRows?: number;
  };
  expect(res.affectedRows).toBe(2);
});
