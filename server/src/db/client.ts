import path from 'node:path';
import fs from 'node:fs';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { APP_ROOT } from '../root';
import * as schema from './schema';
import {
  dbLimitsFrom,
  dumpBetweenTransactions,
  installFastQueries,
  nameStatements,
  pgPoolLimits,
  type DbLimits,
  type HeldQuery,
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

/**
 * Told of every statement and every top-level transaction with its duration (seconds) and whether
 * it succeeded: the metrics of OPS-1 (server/src/services/ops/metrics.ts) subscribe one per app.
 */
export interface DbObserver {
  statement(seconds: number, ok: boolean): void;
  transaction(seconds: number, ok: boolean): void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The time limits of statements and transactions on this database. */
  limits: DbLimits;
  /** Runs raw SQL (used by test resets and seeding helpers). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** Who hears of each statement and transaction (`notifyObservers`); absent where nothing can be timed. */
  observers?: Set<DbObserver>;
  /**
   * The embedded database only: its data directory as a gzip tarball (PGlite's `dumpDataDir`), taken
   * between two transactions (OPS-1 online backup; `npm run merchant -- restore` loads it).
   * `atInstant` runs first under the same lock: it reads exactly the data the tarball holds.
   */
  dumpDataDir?: (atInstant?: (query: HeldQuery) => Promise<void>) => Promise<Blob>;
}

/** Tells the observers of a statement or a transaction that took `since`…now. */
export function notifyObservers(observers: Set<DbObserver>, kind: keyof DbObserver, since: number, ok: boolean): void {
  if (observers.size === 0) return;
  const seconds = (performance.now() - since) / 1000;
  for (const o of observers) o[kind](seconds, ok);
}

/**
 * Times every top-level transaction of `db` for the observers (drizzle's public `transaction`,
 * wrapped once on the instance; nested savepoints are part of their transaction).
 */
export function observeTransactions(db: Db, observers: Set<DbObserver>): void {
  const original = db.transaction.bind(db);
  const timed = async (...args: Parameters<Db['transaction']>) => {
    if (observers.size === 0) return original(...args);
    const since = performance.now();
    try {
      const result = await original(...args);
      notifyObservers(observers, 'transaction', since, true);
      return result;
    } catch (e) {
      notifyObservers(observers, 'transaction', since, false);
      throw e;
    }
  };
  (db as { transaction: unknown }).transaction = timed;
}

/**
 * Times the statements of a node-postgres connection: the promise form (drizzle's transactions) and
 * the callback form (the pool's `query`, which drizzle uses outside transactions).
 */
function observeStatements(client: PgClientLike, observers: Set<DbObserver>): void {
  const query = client.query.bind(client);
  client.query = (...args: [unknown, ...unknown[]]) => {
    if (observers.size === 0) return query(...args);
    const since = performance.now();
    const last = args.length - 1;
    const callback = args[last];
    if (last > 0 && typeof callback === 'function') {
      args[last] = (err: unknown, ...rest: unknown[]) => {
        notifyObservers(observers, 'statement', since, !err);
        return (callback as (...a: unknown[]) => unknown)(err, ...rest);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => notifyObservers(observers, 'statement', since, true),
        () => notifyObservers(observers, 'statement', since, false),
      );
    }
    return result;
  };
}

/** Node's real require (jest hands modules its own `module.createRequire`). */
function nodeRequire(): NodeJS.Require {
  const nodeModule = process.getBuiltinModule('node:module') as typeof import('node:module');
  return nodeModule.createRequire(__filename);
}

/** PGlite's module, loaded by Node itself (see `openDatabase`). */
export const pgliteModule = (): PGliteModule => nodeRequire()('@electric-sql/pglite') as PGliteModule;

/** Connections of the PostgreSQL pool: `PG_POOL_MAX` (a whole number from 1 to 1000), else 10. */
export function pgPoolMax(env: Record<string, string | undefined>): number {
  const n = Number(env.PG_POOL_MAX);
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 10;
}

export const MIGRATIONS_DIR = path.join(APP_ROOT, 'server', 'drizzle');

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
    const pool = new Pool({ connectionString: url, max: pgPoolMax(process.env), ...pgPoolLimits(limits) });
    const observers = new Set<DbObserver>();
    // every connection keeps the statements it ran prepared (see `nameStatements`), and is timed
    pool.on('connect', (client) => {
      nameStatements(client as unknown as PgClientLike);
      observeStatements(client as unknown as PgClientLike, observers);
      // A connection cut by the server (PostgreSQL stopping, pg_terminate_backend: FATAL 57P01) while
      // it is checked out but runs no statement — between two statements of a transaction — has no
      // query to fail, so node-postgres emits 'error' on the client. The pool listens only while the
      // client is idle; without this listener the event ended the process and every request in
      // flight lost its connection unanswered (SERVER-3, OPS-1). The client is marked not queryable:
      // the transaction's next statement fails as "database unavailable" (503, db/unavailable.ts)
      // and the pool drops the client when it is released.
      client.on('error', () => undefined);
    });
    // an idle connection cut by the server (a restart): the pool drops it and connects again later;
    // without a listener the event would end the process (SERVER-3)
    pool.on('error', () => undefined);
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    observeTransactions(db as unknown as Db, observers);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      limits,
      exec: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
      observers,
    };
  }
  // Node's own require: PGlite's CommonJS build uses dynamic import(), which jest's module runtime
  // cannot run; loaded natively it works everywhere (tsx, node, jest).
  const pglite = pgliteModule();
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
  const observers = new Set<DbObserver>();
  const held = installFastQueries(client as unknown as PGliteLike, pglite, limits, (since, ok) => notifyObservers(observers, 'statement', since, ok));
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  observeTransactions(db as unknown as Db, observers);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    limits,
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
    observers,
    dumpDataDir: (atInstant) => dumpBetweenTransactions(client as unknown as PGliteLike, held, atInstant),
  };
}
