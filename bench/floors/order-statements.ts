/**
 * The orders bench's fair floor: the statements one order's placement and cash settlement issue
 * through the API, captured as the server hands them to its database driver, then issued bare —
 * each order's list in one transaction, through the same driver (PGlite with the server's fast
 * query path, or a node-postgres pool with its named statements), at the same count and concurrency.
 *
 * Capture (`StatementCapture`): the driver under the server's drizzle handle (`db.$client`) is
 * wrapped, and every statement is filed under the order whose call issued it (an AsyncLocalStorage
 * scope opened around the order's placement and settlement). That is every statement the order's
 * calls cause: the ones of the request before and after its writes (idempotency key, pauses, member,
 * the order read back, the key's answer), the writes, the settlement, and the notice worker's passes
 * the order's changes wake (they run in the scope of the order that woke them; a pass that several
 * changes woke counts once, under one of them). Kept: the text, the bound values and the driver
 * options drizzle passed (row mode, type parsers), so the floor parses its answers the same way.
 * The server's transaction control (BEGIN / COMMIT / ROLLBACK; PGlite's are sent by its
 * `transaction`) is not kept: the floor opens one transaction of its own per order instead.
 *
 * On Node 20 an AsyncLocalStorage in use turns on promise hooks for the whole process, which slows
 * every await: the capture runs in a pass of its own, and `stop()` puts the driver back and turns
 * the hooks off before anything is timed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../../server/src/db/client';

/** One statement as the server handed it to the driver. */
export interface CapturedStatement {
  text: string;
  params: unknown[];
  /** PGlite: the options drizzle passed (`rowMode`, `parsers`); node-postgres: the query config's `rowMode` / `types`. */
  options?: Record<string, unknown>;
  /** Rows it answered (or changed, without RETURNING), once it ran: the floor checks it gets as many. */
  rows?: number;
  /** The `id` values an INSERT (or a WITH … INSERT) answered: the floor maps them to the ones it gets. */
  ids?: number[];
}

/** What one order issued: its statements in order and how many transactions the server opened. */
export interface OrderStatements {
  statements: CapturedStatement[];
  transactions: number;
}

const CONTROL = /^\s*(begin|commit|rollback|start\s+transaction|end)\b/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const INSERTS = /^\s*(insert|with)\b/i;

interface PGliteClient {
  query: (text: string, params?: unknown[], options?: Record<string, unknown>) => Promise<unknown>;
  transaction: <T>(fn: (tx: PGliteTxLike) => Promise<T>) => Promise<T>;
}
interface PGliteTxLike {
  query: (text: string, params?: unknown[], options?: Record<string, unknown>) => Promise<unknown>;
}
interface PgClient {
  query: (...args: unknown[]) => unknown;
  release: (err?: unknown) => void;
}
interface PgPool {
  query: (...args: unknown[]) => unknown;
  connect: (...args: unknown[]) => unknown;
}
/** The parts of a PGlite or node-postgres result the floor reads. */
interface DriverResult {
  rows?: unknown[];
  fields?: Array<{ name: string }>;
  rowCount?: number | null;
  affectedRows?: number;
}

const clientOf = (database: Database): unknown => (database.db as unknown as { $client: unknown }).$client;

/** Rows a statement answered, or changed when it answers none. */
function rowsOf(res: DriverResult): number {
  const n = res.rows?.length ?? 0;
  return n > 0 ? n : (res.rowCount ?? res.affectedRows ?? 0);
}

/** The `id` column of an answer (rows as objects or as arrays), numbers only. */
function idsOf(res: DriverResult): number[] {
  const at = res.fields?.findIndex((f) => f.name === 'id') ?? -1;
  if (at < 0 || !res.rows) return [];
  const out: number[] = [];
  for (const row of res.rows) {
    const v = Array.isArray(row) ? row[at] : (row as Record<string, unknown>).id;
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof n === 'number') out.push(n);
  }
  return out;
}

/** A statement given to node-postgres: a text, or a query config, with its values apart or in the config. */
function pgStatement(args: unknown[]): CapturedStatement | null {
  const [first, second] = args;
  const values = Array.isArray(second) ? second : undefined;
  if (typeof first === 'string') return { text: first, params: [...(values ?? [])] };
  if (first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string') {
    const c = first as { text: string; values?: unknown[]; rowMode?: unknown; types?: unknown };
    const options: Record<string, unknown> = {};
    if (c.rowMode !== undefined) options.rowMode = c.rowMode;
    if (c.types !== undefined) options.types = c.types;
    return { text: c.text, params: [...(values ?? c.values ?? [])], options };
  }
  return null;
}

/**
 * Wraps the driver of `database` so that the statements issued inside `run` are filed under that
 * run; `stop()` puts the driver back as it was.
 */
export class StatementCapture {
  private readonly scope = new AsyncLocalStorage<OrderStatements>();
  private readonly restore: Array<() => void> = [];
  /** Statements kept so far, over every run (`quiet` watches it). */
  private kept = 0;

  constructor(database: Database) {
    if (database.kind === 'pglite') this.wrapPGlite(clientOf(database) as PGliteClient);
    else this.wrapPg(clientOf(database) as PgPool);
  }

  /** Runs `fn` and answers what it issued (statements issued later by work it started land there too). */
  async run<T>(fn: () => Promise<T>): Promise<{ result: T; issued: OrderStatements }> {
    const issued: OrderStatements = { statements: [], transactions: 0 };
    const result = await this.scope.run(issued, fn);
    return { result, issued };
  }

  /**
   * Resolves once no statement has been kept for `ms` (checked every few milliseconds): the notice
   * passes the last orders woke have run.
   */
  async quiet(ms = 100): Promise<void> {
    let seen = -1;
    let since = performance.now();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (this.kept !== seen) {
        seen = this.kept;
        since = performance.now();
      } else if (performance.now() - since >= ms) return;
    }
  }

  /** Puts the driver back and turns the AsyncLocalStorage (and with it Node's promise hooks) off. */
  stop(): void {
    for (const r of this.restore.splice(0).reverse()) r();
    this.scope.disable();
  }

  /** Files `s` under `into` and notes its answer when it comes. */
  private keep(into: OrderStatements, s: CapturedStatement | null, result: unknown): void {
    if (!s) return;
    if (CONTROL.test(s.text)) {
      if (BEGIN.test(s.text)) into.transactions += 1;
      return;
    }
    into.statements.push(s);
    this.kept += 1;
    const p = result as Promise<DriverResult> | undefined;
    if (p && typeof p.then === 'function') {
      p.then(
        (res) => {
          s.rows = rowsOf(res);
          if (INSERTS.test(s.text)) s.ids = idsOf(res);
        },
        () => undefined,
      );
    }
  }

  private wrapPGlite(client: PGliteClient): void {
    const { query, transaction } = client;
    this.restore.push(() => {
      client.query = query;
      client.transaction = transaction;
    });
    client.query = (text, params, options) => {
      const result = query.call(client, text, params, options);
      const into = this.scope.getStore();
      if (into) this.keep(into, { text, params: [...(params ?? [])], options }, result);
      return result;
    };
    client.transaction = <T>(fn: (tx: PGliteTxLike) => Promise<T>) => {
      // the order is the caller's: the callback may start from another order's context
      const into = this.scope.getStore();
      if (!into) return transaction.call(client, fn) as Promise<T>;
      into.transactions += 1;
      return transaction.call(client, (tx: PGliteTxLike) => {
        const wrapped = Object.create(tx) as PGliteTxLike;
        wrapped.query = (text, params, options) => {
          const result = tx.query(text, params, options);
          this.keep(into, { text, params: [...(params ?? [])], options }, result);
          return result;
        };
        return fn(wrapped);
      }) as Promise<T>;
    };
  }

  /**
   * node-postgres: `pool.query` (drizzle outside transactions) is filed in the caller's scope; a
   * client checked out with `connect()` (drizzle's transactions) files its statements under the
   * order that checked it out, until it is released. The pool's own `connect(callback)` inside
   * `pool.query` is not followed, so nothing is kept twice.
   */
  private wrapPg(pool: PgPool): void {
    const poolQuery = pool.query;
    const connect = pool.connect;
    const owners = new Map<PgClient, OrderStatements>();
    const wrapped = new Map<PgClient, PgClient['query']>();
    this.restore.push(() => {
      pool.query = poolQuery;
      pool.connect = connect;
      for (const [client, query] of wrapped) client.query = query;
    });
    pool.query = (...args: unknown[]) => {
      const result = poolQuery.apply(pool, args);
      const into = this.scope.getStore();
      if (into) this.keep(into, pgStatement(args), result);
      return result;
    };
    pool.connect = (...args: unknown[]) => {
      const into = this.scope.getStore();
      if (args.length > 0 || !into) return connect.apply(pool, args);
      return (connect.call(pool) as Promise<PgClient>).then((client) => {
        if (!wrapped.has(client)) {
          const query = client.query;
          wrapped.set(client, query);
          client.query = (...a: unknown[]) => {
            const result = query.apply(client, a);
            const owner = owners.get(client);
            if (owner) this.keep(owner, pgStatement(a), result);
            return result;
          };
        }
        owners.set(client, into);
        // pg-pool gives the client a new `release` at every checkout
        const release = client.release;
        client.release = (err?: unknown) => {
          owners.delete(client);
          release.call(client, err);
        };
        return client;
      });
    };
  }
}

/** How a replayed order went: statements whose answer had another row count than the API's. */
export interface Replayed {
  rowMismatches: number;
  /** Ids the floor's database gave in place of the API's, bound in their place. */
  remapped: number;
}

/**
 * Issues one order's captured statements bare on `database`, in one transaction, through the same
 * driver the server uses (PGlite's `transaction` on the server's fast query path; a node-postgres
 * pool client with BEGIN … COMMIT, its statements named and prepared per connection as the
 * server's). An id the floor's database gave a row in place of the API's (orders run in another
 * interleaving) is bound in its place in the order's later statements.
 */
export async function replayOrder(database: Database, order: OrderStatements): Promise<Replayed> {
  const ids = new Map<number, number>();
  let rowMismatches = 0;
  let remapped = 0;
  const bind = (params: unknown[]) =>
    ids.size === 0 ? params : params.map((p) => (typeof p === 'number' ? (ids.get(p) ?? p) : p));
  const check = (s: CapturedStatement, res: DriverResult) => {
    if (s.rows !== undefined && rowsOf(res) !== s.rows) rowMismatches += 1;
    if (s.ids && s.ids.length > 0) {
      const got = idsOf(res);
      s.ids.forEach((id, i) => {
        if (got[i] !== undefined && got[i] !== id) {
          ids.set(id, got[i]);
          remapped += 1;
        }
      });
    }
  };
  if (database.kind === 'pglite') {
    const client = clientOf(database) as PGliteClient;
    await client.transaction(async (tx) => {
      for (const s of order.statements) check(s, (await tx.query(s.text, bind(s.params), s.options)) as DriverResult);
    });
    return { rowMismatches, remapped };
  }
  const pool = clientOf(database) as PgPool;
  const client = (await pool.connect()) as PgClient;
  let broken: unknown;
  try {
    await client.query('BEGIN');
    for (const s of order.statements)
      check(s, (await client.query({ text: s.text, ...s.options }, bind(s.params))) as DriverResult);
    await client.query('COMMIT');
  } catch (e) {
    await (client.query('ROLLBACK') as Promise<unknown>).catch((err: unknown) => {
      broken = err;
    });
    throw e;
  } finally {
    client.release(broken);
  }
  return { rowMismatches, remapped };
}
