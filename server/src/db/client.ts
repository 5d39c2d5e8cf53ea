import path from 'node:path';
import fs from 'node:fs';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import {
  dbLimitsFrom,
  installFastQueries,
  nameStatements,
  pgPoolLimits,
  type DbLimits,
  type PgClientLike,
  type PGliteLike,
  type PGliteModule,
} from './fast';

export type Schema = typeof schema;
/** The database handle used by services: the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * The handle of an open transaction. Code that runs inside a transaction takes a `Tx`, never the
 * pool: `Db` is not a `Tx` (passing `ctx.db` is a type error), and on the embedded database (one
 * connection) a read through the pool while a transaction is open would wait for that transaction.
 * A `Tx` can go where a `Db` is taken (helpers that read either way).
 */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The time limits of statements and transactions on this database. */
  limits: DbLimits;
  /** Runs raw SQL (used by test resets and seeding helpers). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** Node's real require (jest hands modules its own `module.createRequire`). */
function nodeRequire(): NodeJS.Require {
  const nodeModule = process.getBuiltinModule('node:module') as typeof import('node:module');
  return nodeModule.createRequire(__filename);
}

export const MIGRATIONS_DIR = path.resolve(__dirname, '../../drizzle');

/**
 * Opens the database and applies the migrations of server/drizzle.
 * `postgres://…` uses node-postgres; `memory://` an in-memory PGlite; anything else is a PGlite
 * data directory. Statements and transactions have time limits (`limits`, else the environment's
 * DB_STATEMENT_TIMEOUT_MS / DB_TRANSACTION_TIMEOUT_MS, else 10 s / 15 s): see db/fast.ts.
 */
export async function openDatabase(url: string, over: Partial<DbLimits> = {}): Promise<Database> {
  const limits = dbLimitsFrom(process.env, over);
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: url, max: 10, ...pgPoolLimits(limits) });
    // every connection keeps the statements it ran prepared (see `nameStatements`)
    pool.on('connect', (client) => nameStatements(client as unknown as PgClientLike));
    // an idle connection cut by the server (a restart): the pool drops it and connects again later;
    // without a listener the event would end the process (SERVER-3)
    pool.on('error', () => undefined);
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      limits,
      exec: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
    };
  }
  // Node's own require: PGlite's CommonJS build uses dynamic import(), which jest's module runtime
  // cannot run; loaded natively it works everywhere (tsx, node, jest).
  const pglite = nodeRequire()('@electric-sql/pglite') as PGliteModule;
  const { PGlite } = pglite;
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: InstanceType<typeof PGlite>;
  if (url === 'memory://' || url === '') {
    client = new PGlite();
  } else {
    const dir = url.replace(/^file:\/\//, '');
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  installFastQueries(client as unknown as PGliteLike, pglite, limits);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    limits,
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
  };
}
