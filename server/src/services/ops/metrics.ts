/**
 * The node's Prometheus metrics (OPS-1; each one, its healthy range and an alert: docs/operations.md
 * "Metrics"). One registry per server (never prom-client's global one), made only when METRICS_KEY
 * is set: `metricsOf(ctx)` is null otherwise and every recording call is skipped.
 *
 * Labels are bounded and carry no personal data: a route is the route's pattern (the contract call's
 * path, `/pay/notify/:provider`, `unmatched` for a 404), never the URL with its ids or query; a
 * provider is one of the configured names; outcomes and states are fixed words.
 */
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { perServer, type ServerContext } from '../../context';
import type { DbObserver } from '../../db/client';
import { rowsOf } from '../orders/holds';

/** Request duration buckets (s): 0.05 and 1 among them, the lines docs/operations.md draws. */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Database statement and transaction buckets (s). */
export const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/** The open states counted per outbox (the final ones pile up for ever and are not a depth). */
const OUTBOX_STATES = {
  refunds: ['pending', 'processing', 'failed'],
  notices: ['pending', 'sending'],
} as const;
/** The states whose oldest row's age is reported (work still to do). */
const OPEN_STATES = { refunds: ['pending', 'processing'], notices: ['pending', 'sending'] } as const;
/** A scrape waits at most this long for the outbox counts (the figures are then left out). */
const OUTBOX_QUERY_MS = 2000;

/** What the websocket gauges read at scrape time (set by the app, which holds the websocket server). */
export interface SocketCounts {
  /** Every websocket of this node: table rooms, staff boards, customers' order pages. */
  sockets: number;
  /** Table rooms with a socket on this node, and those sockets. */
  tableRooms: number;
  tableSockets: number;
}

interface OutboxRow {
  outbox: keyof typeof OUTBOX_STATES;
  state: string;
  n: number;
  oldest: string | number | null;
}

export class ServerMetrics {
  readonly registry = new Registry();
  readonly http: Histogram<'route' | 'method' | 'status_class'>;
  readonly serverErrors: Counter<'route' | 'method' | 'status'>;
  readonly dbStatement: Histogram<'outcome'>;
  readonly dbTransaction: Histogram<'outcome'>;
  readonly notifications: Counter<'provider' | 'result'>;
  /** Set by the app once its websocket server exists. */
  socketCounts: () => SocketCounts = () => ({ sockets: 0, tableRooms: 0, tableSockets: 0 });
  private outboxRead: Promise<OutboxRow[] | null> | null = null;

  constructor(private readonly ctx: ServerContext) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.http = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status class (2xx, 4xx, 5xx…), seconds from arrival to the last byte',
      labelNames: ['route', 'method', 'status_class'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.serverErrors = new Counter({
      name: 'http_server_errors_total',
      help: 'Answers with a 5xx status, by route pattern, method and status (503: database unavailable, overloaded or closing)',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.dbStatement = new Histogram({
      name: 'db_statement_duration_seconds',
      help: 'Database statements, seconds from the call to the result (the wait for a connection included on the embedded database)',
      labelNames: ['outcome'],
      buckets: DB_BUCKETS,
      registers,
    });
    this.dbTransaction = new Histogram({
      name: 'db_transaction_duration_seconds',
      help: 'Database transactions (every service transaction), seconds from BEGIN to COMMIT or ROLLBACK',
      labelNames: ['outcome'],
      buckets: DB_BUCKETS,
      registers,
    });
    this.notifications = new Counter({
      name: 'payment_notifications_total',
      help: 'Payment provider notifications by provider and result: accepted (acknowledged to the provider) or refused (bad signature, stale, mismatch, or a temporary failure the provider delivers again)',
      labelNames: ['provider', 'result'],
      registers,
    });
    const counts = () => this.socketCounts();
    new Gauge({
      name: 'websocket_connections',
      help: "Open websockets on this node: table rooms, staff boards and customers' order pages",
      registers,
      collect() {
        this.set(counts().sockets);
      },
    });
    new Gauge({
      name: 'table_rooms',
      help: 'Table rooms with at least one diner connected to this node',
      registers,
      collect() {
        this.set(counts().tableRooms);
      },
    });
    new Gauge({
      name: 'table_room_sockets',
      help: "Diners' sockets in table rooms on this node",
      registers,
      collect() {
        this.set(counts().tableSockets);
      },
    });
    const outbox = () => this.outboxRows();
    new Gauge({
      name: 'outbox_depth',
      help: 'Rows of an outbox (refunds, notices) in a state that is not final (and refunds that failed), read at scrape time; shared by every node',
      labelNames: ['outbox', 'state'],
      registers,
      async collect() {
        const rows = await outbox();
        this.reset();
        if (!rows) return;
        for (const [box, states] of Object.entries(OUTBOX_STATES))
          for (const state of states) this.set({ outbox: box, state }, 0);
        for (const r of rows) this.set({ outbox: r.outbox, state: r.state }, Number(r.n));
      },
    });
    const now = () => ctx.clock.now();
    new Gauge({
      name: 'outbox_oldest_open_seconds',
      help: 'Age of the oldest outbox row still to do (refunds pending or processing, notices pending or sending); 0 when none',
      labelNames: ['outbox'],
      registers,
      async collect() {
        const rows = await outbox();
        this.reset();
        if (!rows) return;
        for (const box of Object.keys(OPEN_STATES) as Array<keyof typeof OPEN_STATES>) {
          const open = rows.filter(
            (r) =>
              (OPEN_STATES[box] as readonly string[]).includes(r.state) &&
              r.outbox === box &&
              r.oldest !== null,
          );
          const oldest = open.length === 0 ? null : Math.min(...open.map((r) => Number(r.oldest)));
          this.set({ outbox: box }, oldest === null ? 0 : Math.max(0, (now() - oldest) / 1000));
        }
      },
    });
  }

  /** One request answered: `route` is its pattern (null: no route matched). */
  observeRequest(route: string | null, method: string, status: number, seconds: number): void {
    const label = route ?? 'unmatched';
    this.http.observe({ route: label, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    if (status >= 500) this.serverErrors.inc({ route: label, method, status: String(status) });
  }

  /** The observer the database tells of each statement and transaction. */
  readonly dbObserver: DbObserver = {
    statement: (seconds, ok) => this.dbStatement.observe({ outcome: ok ? 'ok' : 'error' }, seconds),
    transaction: (seconds, ok) => this.dbTransaction.observe({ outcome: ok ? 'ok' : 'error' }, seconds),
  };

  /**
   * The outbox counts, read once per scrape: both gauges' collects start in the same turn (the
   * registry gathers every metric at once), so the second one shares the first one's query in flight.
   * Null when the database did not answer (in OUTBOX_QUERY_MS): the figures are left out, not zeroed.
   */
  private outboxRows(): Promise<OutboxRow[] | null> {
    if (this.outboxRead) return this.outboxRead;
    const states = (list: readonly string[]) =>
      sql.join(
        list.map((s) => sql`${s}`),
        sql`, `,
      );
    const query = this.ctx.db
      .execute(
        sql`SELECT 'refunds' AS outbox, state, count(*)::int AS n, min(created_at) AS oldest FROM refunds
             WHERE state IN (${states(OUTBOX_STATES.refunds)}) GROUP BY state
            UNION ALL
            SELECT 'notices' AS outbox, state, count(*)::int AS n, min(created_at) AS oldest FROM notices
             WHERE state IN (${states(OUTBOX_STATES.notices)}) GROUP BY state`,
      )
      .then((r) => rowsOf<OutboxRow>(r));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), OUTBOX_QUERY_MS);
    });
    const rows = Promise.race([query, late])
      .catch((err: unknown) => {
        this.ctx.log.warn({ err }, 'metrics: the outbox counts could not be read');
        return null;
      })
      .finally(() => {
        clearTimeout(timer);
        this.outboxRead = null;
      });
    this.outboxRead = rows;
    return rows;
  }
}

/** This server's metrics; null without METRICS_KEY (nothing is recorded then). */
export const metricsOf = perServer((ctx): ServerMetrics | null =>
  ctx.config.metricsKey ? new ServerMetrics(ctx) : null,
);
