import path from 'node:path';
import fs from 'node:fs';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema';

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
 * data directory.
 */
export async function openDatabase(url: string): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: url, max: 10 });
    // every connection keeps the statements it ran prepared (see `nameStatements`)
    pool.on('connect', (client) => nameStatements(client as unknown as PgClientLike));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
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
  installFastQueries(client as unknown as PGliteLike, pglite);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
  };
}

/** Names given to statement texts, shared by the connections of the process (one text, one name). */
const statementNames = new Map<string, string>();

interface PgClientLike {
  query: (config: unknown, ...rest: unknown[]) => unknown;
}

/**
 * node-postgres sends an unnamed statement unless the query has a name, and PostgreSQL then parses
 * and plans it on every execution (the order's one-statement placement is a large CTE). Naming each
 * statement text makes every connection prepare it once and bind it afterwards, as drizzle's
 * `.prepare(name)` does for the queries it names; node-postgres parses a name again on a connection
 * that has not seen it.
 */
function nameStatements(client: PgClientLike): void {
  const query = client.query.bind(client);
  client.query = (config: unknown, ...rest: unknown[]) => {
    const c = config as { text?: unknown; name?: unknown } | null;
    if (
      c &&
      typeof c === 'object' &&
      typeof c.text === 'string' &&
      c.name === undefined &&
      PREPARABLE.test(c.text)
    ) {
      let name = statementNames.get(c.text);
      if (name === undefined && statementNames.size < MAX_PREPARED) {
        name = `stmt_${statementNames.size + 1}`;
        statementNames.set(c.text, name);
      }
      if (name !== undefined) return query({ ...c, name }, ...rest);
    }
    return query(config, ...rest);
  };
}

/** The PGlite members the fast query path uses (the mutexes are protected in its typings). */
interface PGliteLike {
  query: (text: string, params?: unknown[], options?: PGliteQueryOptions) => Promise<unknown>;
  transaction: <T>(fn: (tx: PGliteTx) => Promise<T>) => Promise<T>;
  execProtocolStream(message: Uint8Array, options?: { syncToFs?: boolean }): Promise<unknown[]>;
  parsers: Record<number, (x: string, typeId?: number) => unknown>;
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}
interface PGliteTx {
  query: (text: string, params?: unknown[], options?: PGliteQueryOptions) => Promise<unknown>;
  readonly closed: boolean;
}
interface PGliteQueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (x: string, typeId?: number) => unknown>;
  paramTypes?: number[];
}
type PGliteModule = typeof import('@electric-sql/pglite');

/** Statements kept prepared per database (the rest are parsed each time). */
const MAX_PREPARED = 1000;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** A parameter as PostgreSQL text (node-postgres' rules: the server infers the type from the statement). */
function paramText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array) return `\\x${Buffer.from(v).toString('hex')}`;
  if (Array.isArray(v)) return arrayLiteral(v);
  return JSON.stringify(v);
}

function arrayLiteral(items: readonly unknown[]): string {
  const parts = items.map((x) => {
    if (x === null || x === undefined) return 'NULL';
    if (Array.isArray(x)) return arrayLiteral(x);
    const t = paramText(x) ?? '';
    return `"${t.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${parts.join(',')}}`;
}

type Parser = (x: string, typeId?: number) => unknown;
type BackendMessage =
  | { name: 'rowDescription'; fields: Array<{ name: string; dataTypeID: number }> }
  | { name: 'dataRow'; fields: Array<string | null> }
  | { name: 'commandComplete'; text: string }
  | { name: string };

/**
 * The result of one statement, as PGlite's `parseResults` builds it (rows, fields, affectedRows,
 * rowCount, command), without copying its whole table of type parsers into a new object per query.
 */
function resultOf(
  messages: BackendMessage[],
  defaults: Record<number, Parser>,
  options?: PGliteQueryOptions,
) {
  const own = options?.parsers;
  let fields: Array<{ name: string; dataTypeID: number }> = [];
  const rows: unknown[] = [];
  const value = (v: string | null, type: number): unknown => {
    if (v === null) return null;
    const parse = own?.[type] ?? defaults[type];
    return parse ? parse(v, type) : v;
  };
  for (const m of messages) {
    if (m.name === 'rowDescription' && 'fields' in m) {
      fields = (m as { fields: Array<{ name: string; dataTypeID: number }> }).fields.map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
    } else if (m.name === 'dataRow' && 'fields' in m) {
      const values = (m as { fields: Array<string | null> }).fields;
      if (options?.rowMode === 'array') rows.push(values.map((v, i) => value(v, fields[i].dataTypeID)));
      else {
        const row: Record<string, unknown> = {};
        values.forEach((v, i) => {
          row[fields[i].name] = value(v, fields[i].dataTypeID);
        });
        rows.push(row);
      }
    } else if (m.name === 'commandComplete' && 'text' in m) {
      const words = m.text.split(' ');
      const command = words[0];
      const n = parseInt(words[words.length - 1], 10);
      const counts = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command);
      return {
        rows,
        fields,
        command,
        affectedRows: counts ? n : 0,
        ...(Number.isNaN(n) ? {} : { rowCount: n }),
      };
    }
  }
  return { affectedRows: 0, rows: [], fields: [] };
}

/**
 * PGlite's `query` costs six exchanges with the WASM backend (parse, describe, bind, describe,
 * execute, sync) and parses and plans the statement every time: about 0.6 ms for a lookup by key.
 * This sends the extended-protocol messages of one statement in one exchange and keeps each
 * statement text prepared under a name (parsed and planned once per database), as node-postgres does
 * with named statements: about 0.15 ms. Results, errors and the locking are PGlite's own.
 */
function installFastQueries(client: PGliteLike, pglite: PGliteModule): void {
  const { serialize } = pglite.protocol;
  // statement text → name; `unsure` after a failed exchange (it may or may not exist now)
  const prepared = new Map<string, { name: string; state: 'new' | 'ready' | 'unsure' }>();

  const run = async (
    text: string,
    params: unknown[] | undefined,
    options: PGliteQueryOptions | undefined,
    inTx: boolean,
  ) => {
    let entry = prepared.get(text);
    if (!entry && prepared.size < MAX_PREPARED && PREPARABLE.test(text)) {
      entry = { name: `pgl_${prepared.size + 1}`, state: 'new' };
      prepared.set(text, entry);
    }
    const name = entry?.name ?? '';
    const parts: Uint8Array[] = [];
    if (entry?.state === 'unsure') parts.push(serialize.close({ type: 'S', name }));
    if (entry?.state !== 'ready') parts.push(serialize.parse({ name, text, types: options?.paramTypes }));
    parts.push(
      serialize.bind({ statement: name, values: (params ?? []).map(paramText) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    let size = 0;
    for (const p of parts) size += p.length;
    const message = new Uint8Array(size);
    let at = 0;
    for (const p of parts) {
      message.set(p, at);
      at += p.length;
    }
    let messages: unknown[];
    try {
      messages = await client._runExclusiveQuery(() =>
        client.execProtocolStream(message, { syncToFs: !inTx }),
      );
    } catch (e) {
      if (entry) entry.state = 'unsure';
      throw e;
    }
    if (entry) entry.state = 'ready';
    return resultOf(messages as BackendMessage[], client.parsers, options);
  };

  client.query = async (text, params, options) => {
    await client._checkReady();
    return client._runExclusiveTransaction(() => run(text, params, options, false));
  };
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      const fast: PGliteTx = Object.create(tx) as PGliteTx;
      Object.defineProperty(fast, 'query', {
        value: async (text: string, params?: unknown[], options?: PGliteQueryOptions) => {
          if (tx.closed) throw new Error('Transaction is closed');
          return run(text, params, options, true);
        },
      });
      return fn(fast);
    });
}
