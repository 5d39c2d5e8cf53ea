/**
 * Every use of a pinned library's private internals for speed, in one place (and tested in
 * test/server/db-fast.test.ts and db-client.test.ts): PGlite's `_runExclusiveQuery` /
 * `_runExclusiveTransaction` / `execProtocolStream` (one exchange per statement, statements kept
 * prepared), node-postgres' `query` (statements named so each connection prepares them once) and
 * drizzle's `session.prepareQuery` (a prepared statement from raw SQL). A version bump of
 * @electric-sql/pglite, pg or drizzle-orm must be checked against this file.
 *
 * `dumpBetweenTransactions` (OPS-1 online backup) uses `_runExclusiveTransaction` and `dumpDataDir`.
 *
 * It also holds the embedded database's watchdog (docs/architecture.md §19 Transactions). PGlite has ONE connection:
 * a statement waiting for it longer than `statementTimeoutMs`, or a transaction open longer than
 * `transactionTimeoutMs`, fails with a `DatabaseTimeoutError`; a timed-out transaction is rolled back
 * and the connection released, so later calls work.
 */
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { AppError } from '../http/errors';
import type { Db } from './client';

/** Time limits of statements and transactions (PostgreSQL settings; the embedded watchdog). */
export interface DbLimits {
  /** A statement (PostgreSQL `statement_timeout`), or the wait for the embedded connection. */
  statementTimeoutMs: number;
  /** A transaction (PostgreSQL `idle_in_transaction_session_timeout`; the embedded watchdog). */
  transactionTimeoutMs: number;
}

export const DEFAULT_DB_LIMITS: DbLimits = { statementTimeoutMs: 10_000, transactionTimeoutMs: 15_000 };

/** The limits of the environment (DB_STATEMENT_TIMEOUT_MS, DB_TRANSACTION_TIMEOUT_MS), else the defaults. */
export function dbLimitsFrom(env: Record<string, string | undefined>, over: Partial<DbLimits> = {}): DbLimits {
  const ms = (v: string | undefined, d: number) => {
    const n = v === undefined ? NaN : Number(v);
    return Number.isFinite(n) && n > 0 ? n : d;
  };
  return {
    statementTimeoutMs: over.statementTimeoutMs ?? ms(env.DB_STATEMENT_TIMEOUT_MS, DEFAULT_DB_LIMITS.statementTimeoutMs),
    transactionTimeoutMs:
      over.transactionTimeoutMs ?? ms(env.DB_TRANSACTION_TIMEOUT_MS, DEFAULT_DB_LIMITS.transactionTimeoutMs),
  };
}

/**
 * A statement or transaction over its time limit. The request answers `requestTimeout` ("Request
 * timed out, retry please"); the message says what waited on what, for the log.
 */
export class DatabaseTimeoutError extends AppError {
  constructor(readonly reason: string) {
    super('requestTimeout');
    this.name = 'DatabaseTimeoutError';
    this.message = `database: ${reason}`;
  }
}

/** node-postgres pool settings that put the limits on every connection and on the wait for one. */
export function pgPoolLimits(limits: DbLimits) {
  return {
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: limits.transactionTimeoutMs,
    connectionTimeoutMillis: limits.statementTimeoutMs,
  };
}

/** A prepared statement built from raw SQL (drizzle's session API: its `prepare` needs a query builder). */
export function prepareSql<T extends PreparedQueryConfig>(db: Db, text: SQL, name: string): PgPreparedQuery<T> {
  return db._.session.prepareQuery(new PgDialect().sqlToQuery(text), undefined, name, false) as PgPreparedQuery<T>;
}

/** Names given to statement texts, shared by the connections of the process (one text, one name). */
const statementNames = new Map<string, string>();

export interface PgClientLike {
  query: (config: unknown, ...rest: unknown[]) => unknown;
}

/**
 * node-postgres sends an unnamed statement unless the query has a name, and PostgreSQL then parses
 * and plans it on every execution (the order's one-statement placement is a large CTE). Naming each
 * statement text makes every connection prepare it once and bind it afterwards, as drizzle's
 * `.prepare(name)` does for the queries it names; node-postgres parses a name again on a connection
 * that has not seen it.
 */
export function nameStatements(client: PgClientLike): void {
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
export interface PGliteLike {
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
export type PGliteModule = typeof import('@electric-sql/pglite');

/** Statements kept prepared per database (the rest are parsed each time). */
const MAX_PREPARED = 1000;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** A parameter as PostgreSQL text (node-postgres' rules: the server infers the type from the statement). */
export function paramText(v: unknown): string | null {
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
 * with named statements: about 0.15 ms. Results and errors are PGlite's own; the connection is taken
 * through the watchdog (see the top of the file).
 */
export function installFastQueries(
  client: PGliteLike,
  pglite: PGliteModule,
  limits: DbLimits,
  /** Told of each statement: its start (`performance.now()`) and whether it succeeded (OPS-1 metrics). */
  onStatement?: (since: number, ok: boolean) => void,
): HeldQuery {
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

  // the watchdog: who holds the one connection, and how many hold it or wait for it
  let busy = 0;
  let holder: { what: string; since: number } | null = null;
  const exclusive = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    const take = async () => {
      holder = { what, since: Date.now() };
      try {
        return await fn();
      } finally {
        holder = null;
      }
    };
    if (busy === 0) {
      // nobody holds the connection: no wait to watch
      busy += 1;
      try {
        return await client._runExclusiveTransaction(take);
      } finally {
        busy -= 1;
      }
    }
    busy += 1;
    let state: 'waiting' | 'running' | 'abandoned' = 'waiting';
    let timer: NodeJS.Timeout | undefined;
    const ran = client._runExclusiveTransaction(async () => {
      if (state === 'abandoned') return undefined as T;
      state = 'running';
      clearTimeout(timer);
      return take();
    });
    const waited = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        if (state !== 'waiting') return;
        state = 'abandoned';
        const held = holder ? `${holder.what}, open for ${Date.now() - holder.since} ms` : 'another statement';
        reject(
          new DatabaseTimeoutError(
            `${what} waited over ${limits.statementTimeoutMs} ms for the embedded database's only connection (held by ${held})`,
          ),
        );
      }, limits.statementTimeoutMs);
    });
    try {
      return await Promise.race([ran, waited]);
    } finally {
      busy -= 1;
    }
  };

  /** `fn`, reported to `onStatement` with its time (the wait for the connection included). */
  const timed = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (!onStatement) return fn();
    const since = performance.now();
    try {
      const result = await fn();
      onStatement(since, true);
      return result;
    } catch (e) {
      onStatement(since, false);
      throw e;
    }
  };

  client.query = async (text, params, options) =>
    timed(async () => {
      await client._checkReady();
      return exclusive('a statement', () => run(text, params, options, false));
    });
  client.transaction = async <T>(fn: (tx: PGliteTx) => Promise<T>): Promise<T> => {
    await client._checkReady();
    return exclusive('a transaction', async () => {
      await run('BEGIN', undefined, undefined, true);
      let closed = false;
      const tx: PGliteTx = {
        query: async (text, params, options) => {
          if (closed) throw new Error('Transaction is closed');
          return timed(() => run(text, params, options, true));
        },
        get closed() {
          return closed;
        },
      };
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new DatabaseTimeoutError(
                `a transaction ran over ${limits.transactionTimeoutMs} ms and was rolled back`,
              ),
            ),
          limits.transactionTimeoutMs,
        );
      });
      const work = fn(tx);
      // a callback abandoned by the watchdog may fail later (its transaction is closed): not unhandled
      work.catch(() => undefined);
      try {
        const result = await Promise.race([work, expired]);
        closed = true;
        const done = await run('COMMIT', undefined, undefined, false);
        if ((done as { command?: string }).command === 'ROLLBACK') throw new Error('the transaction failed and was rolled back');
        return result;
      } catch (e) {
        if (!closed) {
          closed = true;
          await run('ROLLBACK', undefined, undefined, false);
        }
        throw e;
      } finally {
        clearTimeout(timer);
      }
    });
  };
  return (text, params) => run(text, params, undefined, true) as Promise<{ rows: unknown[] }>;
}

/**
 * A statement on the embedded connection by a caller that already holds its transaction lock (the
 * online backup's moment, `dumpBetweenTransactions`): it takes only the query lock, so it does not
 * wait for itself. For reads: nothing it does is synced to disk.
 */
export type HeldQuery = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

/** PGlite's `dumpDataDir` (the members used by `dumpBetweenTransactions`). */
interface DumpablePGlite {
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * The embedded database's data directory as a gzip tarball, taken while no transaction is open:
 * PGlite's `dumpDataDir` holds only its query lock, so a dump taken between two statements of a
 * transaction would copy it half done; this holds the transaction lock (which every statement and
 * transaction of `installFastQueries` takes) for the dump's duration. Requests wait for it meanwhile,
 * so an online backup pauses the node's database work for the time it takes (about half a second
 * for the demo's 4.5 MB tarball here; it grows with the data).
 */
export function dumpBetweenTransactions(
  client: PGliteLike,
  held?: HeldQuery,
  /**
   * Run first, under the same lock, with `held`: what it reads is the data the tarball holds
   * (services/ops/checksums.ts reads the backup's checksums so).
   */
  atInstant?: (query: HeldQuery) => Promise<void>,
): Promise<Blob> {
  const c = client as unknown as DumpablePGlite;
  return c._runExclusiveTransaction(async () => {
    if (atInstant && held) await atInstant(held);
    return c.dumpDataDir('gzip');
  });
}
