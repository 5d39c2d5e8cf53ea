/**
 * Checksums of the data a backup must carry exactly (OPS-1, docs/operations.md "Checksums"): one
 * md5 per group of tables over their rows' text, with the row count. `npm run merchant -- check
 * --checksums` prints them for a database; the online embedded backup reports them for its instant
 * (`backup --checksums`), and on PostgreSQL `--snapshot <id>` reads them in the snapshot a `pg_dump
 * --snapshot` dumped. Equal lines for the source at the backup's instant and for the restored
 * database mean the restore holds the same rows, to the byte of their text.
 *
 *  - orders: `orders`, `multi_orders` (whole rows);
 *  - payments: `payments`, `refunds`, `recharge_orders` (member top-ups) (whole rows);
 *  - ledger: `members` (the cards and their figures), `balance_transactions`, `point_transactions`
 *    (whole rows);
 *  - stock: each product's `stock`, `order_quantity` and `status`, and `activity_stock`.
 *
 * A row's text depends on the session (time zone, date style), so the queries run in a read-only
 * REPEATABLE READ transaction that fixes those settings: the same rows give the same md5 on any
 * session of PostgreSQL 15 or PGlite (compare PostgreSQL with PostgreSQL, PGlite with PGlite).
 */
import { createHash } from 'node:crypto';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../orders/holds';

export type ChecksumGroup = 'orders' | 'payments' | 'ledger' | 'stock';
export const CHECKSUM_GROUPS: readonly ChecksumGroup[] = ['orders', 'payments', 'ledger', 'stock'];

export interface Checksum {
  /** Rows read, over the group's tables. */
  rows: number;
  /** md5 (hex) of the group's tables' md5s (each over its rows' text in byte order), joined by spaces in the order listed above. */
  md5: string;
}
export type Checksums = Record<ChecksumGroup, Checksum>;

/** Reads the rows of one statement inside the caller's transaction. */
export type ReadRows = <T>(query: SQL) => Promise<T[]>;

/** What a table contributes: every row's text, or the listed columns (stock). */
const GROUPS: Record<ChecksumGroup, Array<{ table: string; row?: string }>> = {
  orders: [{ table: 'orders' }, { table: 'multi_orders' }],
  payments: [{ table: 'payments' }, { table: 'refunds' }, { table: 'recharge_orders' }],
  ledger: [{ table: 'members' }, { table: 'balance_transactions' }, { table: 'point_transactions' }],
  stock: [
    { table: 'products', row: `concat_ws(' ', t.id, coalesce(t.stock::text, 'untracked'), t.order_quantity, t.status)` },
    { table: 'activity_stock' },
  ],
};

/** Session settings a row's text depends on, fixed for the transaction. */
const SETTINGS = [
  "SET LOCAL TimeZone TO 'UTC'",
  "SET LOCAL DateStyle TO 'ISO, YMD'",
  "SET LOCAL IntervalStyle TO 'postgres'",
  'SET LOCAL extra_float_digits TO 1',
  "SET LOCAL bytea_output TO 'hex'",
];

/** An exported snapshot's name (`pg_export_snapshot()`, e.g. `00000003-0000001B-1`). */
const SNAPSHOT = /^[0-9A-F]+-[0-9A-F]+(-[0-9]+)?$/i;

/** Raised for a snapshot name that is not one (it goes into SQL text: checked first). */
export class ChecksumError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChecksumError';
  }
}

/**
 * The checksums, read with `read` inside a transaction the caller opened (REPEATABLE READ: every
 * statement sees the same data). Sets the session settings for that transaction first.
 */
export async function checksumsIn(read: ReadRows): Promise<Checksums> {
  for (const s of SETTINGS) await read(sql.raw(s));
  const out = {} as Checksums;
  for (const group of CHECKSUM_GROUPS) {
    let rows = 0;
    const parts: string[] = [];
    for (const { table, row } of GROUPS[group]) {
      const text = row ?? 't::text';
      const [r] = await read<{ n: number | string; md5: string }>(
        sql.raw(
          `SELECT count(*)::int AS n, md5(coalesce(string_agg(${text}, E'\\n' ORDER BY ${text} COLLATE "C"), '')) AS md5 FROM ${table} t`,
        ),
      );
      rows += Number(r.n);
      parts.push(r.md5);
    }
    out[group] = { rows, md5: createHash('md5').update(parts.join(' ')).digest('hex') };
  }
  return out;
}

/**
 * The checksums of `db` now, in a read-only REPEATABLE READ transaction of its own; on PostgreSQL,
 * with `snapshot` (`pg_export_snapshot()` of a session that is still open), in that snapshot — the
 * one `pg_dump --snapshot` dumps.
 */
export async function checksumsOf(db: Db, opts: { snapshot?: string } = {}): Promise<Checksums> {
  const { snapshot } = opts;
  if (snapshot !== undefined && !SNAPSHOT.test(snapshot))
    throw new ChecksumError(`${snapshot} is not a snapshot name (pg_export_snapshot() answers one like 00000003-0000001B-1)`);
  return db.transaction(
    async (tx) => {
      if (snapshot !== undefined) await tx.execute(sql.raw(`SET TRANSACTION SNAPSHOT '${snapshot}'`));
      return checksumsIn(async <T>(q: SQL) => rowsOf<T>(await tx.execute(q)));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * A `ReadRows` over a plain query function (`text`, `params` → `{ rows }`): the held connection of
 * the embedded backup (db/fast.ts), a node-postgres client.
 */
export function readRowsWith(query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>): ReadRows {
  const dialect = new PgDialect();
  return async <T>(q: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    return (await query(text, params)).rows as T[];
  };
}

/**
 * The checksums through a plain query function that runs statements one after the other on one
 * connection nobody else uses meanwhile: opens and ends its own read-only REPEATABLE READ transaction.
 */
export async function checksumsWith(
  query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>,
): Promise<Checksums> {
  await query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', []);
  try {
    return await checksumsIn(readRowsWith(query));
  } finally {
    await query('COMMIT', []);
  }
}

/** One line per group: `checksum orders: 123 rows, md5 0cc1…` (what an operator compares). */
export function checksumLines(c: Checksums): string[] {
  return CHECKSUM_GROUPS.map((g) => `checksum ${g}: ${c[g].rows} rows, md5 ${c[g].md5}`);
}

/** The checksums back from `checksumLines` (lines that are not checksum lines are skipped); null when a group is missing. */
export function parseChecksumLines(lines: readonly string[]): Checksums | null {
  const out: Partial<Checksums> = {};
  for (const line of lines) {
    const m = /^checksum (\w+): (\d+) rows, md5 ([0-9a-f]{32})$/.exec(line);
    if (m && (CHECKSUM_GROUPS as readonly string[]).includes(m[1])) out[m[1] as ChecksumGroup] = { rows: Number(m[2]), md5: m[3] };
  }
  return CHECKSUM_GROUPS.every((g) => out[g]) ? (out as Checksums) : null;
}
