/**
 * `npm run merchant -- <command>` (SERVER-4): the shop's side of orders from a terminal.
 *
 *   orders [--shop <id>] [--status pending,need_pay]   incoming orders (pending and bills by default)
 *   accept | refuse | cook | call-rider | rider-confirm | rider-pick-up | rider-exception |
 *   deliver | request-pay | cash-paid | complete | close <orderId> [--note <text>]
 *                                    [--rider-name <n>] [--rider-phone <p>]
 *   refund <orderId> [--hold]         full refund (--hold leaves it refunding)
 *   refund-result <orderId> ok|fail   the shop's answer to a held refund
 *   refunds [--open]                  the provider refund outbox (state, attempts, next try, last error)
 *   notices [--open] [--order <id>]   the customer-notice outbox (channel, template, state, attempts,
 *                                    last error); --open: not yet sent, failed or of unknown outcome
 *   staff add <shopId> <username> owner|staff
 *                                    a staff console account; its generated password is printed once
 *   stock <productId> <n|+n|-n|none>  set, add to, take from or stop tracking a product's stock
 *   export <shopId> [file.json]       a shop's menu, activities and coupons as JSON
 *   load <file.json>                  load such a file back (upsert by id)
 *   table-codes [--shop <id>] [--out <dir>] [--base <public url>]
 *                                    a QR code of each table's scan-order link (every shop's tables
 *                                    without --shop): <dir>/<shop>-<table>.png and .svg; the
 *                                    directory defaults to ./table-codes, the link base to PUBLIC_URL
 *                                    (http://localhost:PORT when unset)
 *   backup <file> [--force] [--checksums]
 *                                    the embedded database (DATA_DIR) as a gzip tarball; with
 *                                    MERCHANT_URL the running server's, taken online; --force: a
 *                                    stopped database whose postmaster.pid a crash left behind;
 *                                    --checksums: prints the backup's checksums (its instant's)
 *   restore <file> [--force]          loads such a file into DATA_DIR (created when missing; never
 *                                    prompts); a non-empty database directory is refused unless
 *                                    --force, which keeps the old one aside; the server stopped
 *   check [--checksums [--snapshot <id>]]
 *                                    the data's consistency checks (services/ops/check.ts): one
 *                                    line per check, pass or fail with its counts; exit 1 on a failure;
 *                                    --checksums: then the checksums of orders, payments, ledger and
 *                                    stock (services/ops/checksums.ts), read from the database itself;
 *                                    --snapshot: PostgreSQL, in an exported snapshot (pg_dump's)
 *
 * With MERCHANT_URL (and MERCHANT_KEY, or MERCHANT_KEY_FILE) it calls a running server's /merchant/
 * API; otherwise it opens the database itself (DATABASE_URL, or the PGlite data of DATA_DIR — stop
 * the server first, an embedded database has one user at a time). PostgreSQL is backed up with
 * pg_dump and pg_restore (docs/operations.md "Backups").
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import { loadConfig } from '../src/config';
import { createContext, type ServerContext } from '../src/context';
import { BackupError, dumpStoppedDatabase, embeddedDir, restoreDatabase, writeBackupFile } from '../src/db/backup';
import { openDatabase } from '../src/db/client';
import { secretEntry } from '../src/payments/config';
import type { CheckReport } from '../src/services/ops/check';
import { BACKUP_CHECKSUMS_HEADER } from '../src/services/ops/backup';
import {
  ChecksumError,
  checksumLines,
  checksumsOf,
  checksumsWith,
  type Checksums,
} from '../src/services/ops/checksums';
import { AppError } from '../src/http/errors';
import { messageFor } from '../src/i18n/messages';
import {
  runMerchantOp,
  type MerchantAction,
  type MerchantOp,
  type MerchantTable,
} from '../src/services/orders/merchant';
import { scanOrderLink } from '../src/tables-link';

const ACTIONS: Record<string, MerchantAction> = {
  accept: 'accept',
  refuse: 'refuse',
  cook: 'cook',
  'call-rider': 'callRider',
  'rider-confirm': 'riderConfirm',
  'rider-pick-up': 'riderPickUp',
  'rider-exception': 'riderException',
  deliver: 'deliver',
  'request-pay': 'requestPay',
  'cash-paid': 'cashPaid',
  complete: 'complete',
  close: 'close',
  refund: 'refund',
  'refund-result': 'refundResult',
};

interface Parsed {
  op: MerchantOp;
  body: unknown;
  /** Where `export` writes (stdout when absent). */
  out?: string;
  /** `table-codes`: the listed tables' QR codes go to `dir`; their links start with `base` (else PUBLIC_URL). */
  codes?: { dir: string; base?: string };
  /** `check --checksums [--snapshot <id>]`: the checksums are printed after the report. */
  checksums?: { snapshot?: string };
}

function flags(args: string[]): { positional: string[]; opts: Record<string, string | true> } {
  const positional: string[] = [];
  const opts: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i];
    if (a.startsWith('--')) {
      const next = args[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        opts[a.slice(2)] = next;
        i += 1;
      } else opts[a.slice(2)] = true;
    } else positional.push(a);
  }
  return { positional, opts };
}

const int = (v: string | undefined, what: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n)) throw new Error(`${what} must be a whole number`);
  return n;
};

/** Turns the command line into one merchant operation. */
export function parseCommand(argv: string[]): Parsed {
  const [command, ...rest] = argv;
  const { positional, opts } = flags(rest);
  if (command === 'orders') {
    return {
      op: 'orders',
      body: {
        ...(typeof opts.shop === 'string' ? { shopId: int(opts.shop, 'shop') } : {}),
        ...(typeof opts.status === 'string' ? { statuses: opts.status.split(',') } : {}),
      },
    };
  }
  if (command === 'staff') {
    const [sub, shopId, username, role] = positional;
    if (sub !== 'add') throw new Error('staff: the command is `staff add <shopId> <username> owner|staff`');
    if (!username) throw new Error('staff add needs a username');
    if (role !== 'owner' && role !== 'staff') throw new Error('the role is owner or staff');
    return { op: 'staff/add', body: { shopId: int(shopId, 'shopId'), username, role } };
  }
  if (command === 'refunds') return { op: 'refunds', body: opts.open ? { open: true } : {} };
  if (command === 'check') {
    if (opts.snapshot !== undefined && !opts.checksums) throw new Error('--snapshot goes with --checksums');
    if (opts.snapshot === true) throw new Error('--snapshot needs the name pg_export_snapshot() answered');
    const snapshot = opts.snapshot;
    return {
      op: 'check',
      body: {},
      ...(opts.checksums ? { checksums: snapshot === undefined ? {} : { snapshot } } : {}),
    };
  }
  if (command === 'notices')
    return {
      op: 'notices',
      body: { ...(opts.open ? { open: true } : {}), ...(typeof opts.order === 'string' ? { orderId: int(opts.order, 'order') } : {}) },
    };
  if (command === 'stock') {
    const productId = int(positional[0], 'productId');
    const v = positional[1] ?? '';
    if (v === 'none') return { op: 'stock', body: { productId, stock: null } };
    if (/^[+-]\d+$/.test(v)) return { op: 'stock', body: { productId, delta: Number(v) } };
    return { op: 'stock', body: { productId, stock: int(v, 'stock') } };
  }
  if (command === 'export')
    return { op: 'shop/export', body: { shopId: int(positional[0], 'shopId') }, out: positional[1] };
  if (command === 'table-codes') {
    const value = (name: string): string | undefined => {
      const v = opts[name];
      if (v === true) throw new Error(`--${name} needs a value`);
      return v;
    };
    const shop = value('shop');
    const base = value('base');
    return {
      op: 'tables',
      body: shop === undefined ? {} : { shopId: int(shop, 'shop') },
      codes: { dir: value('out') ?? 'table-codes', ...(base === undefined ? {} : { base }) },
    };
  }
  if (command === 'load') {
    if (!positional[0]) throw new Error('load needs a file');
    return { op: 'shop/load', body: JSON.parse(fs.readFileSync(positional[0], 'utf8')) as unknown };
  }
  const action = command === undefined ? undefined : ACTIONS[command];
  if (!action) throw new Error(`unknown command ${command ?? ''}; see server/cli/merchant.ts`);
  const body: Record<string, unknown> = { id: int(positional[0], 'orderId'), action };
  if (typeof opts.note === 'string') body.note = opts.note;
  if (typeof opts['rider-name'] === 'string' || typeof opts['rider-phone'] === 'string') {
    body.rider = { name: opts['rider-name'] ?? null, phone: opts['rider-phone'] ?? null };
  }
  if (action === 'refund' && opts.hold) body.hold = true;
  if (action === 'refundResult') body.ok = positional[1] !== 'fail';
  return { op: 'order/act', body };
}

/** Where an operation runs: a server's admin API or the database itself. */
export type Transport = (op: MerchantOp, body: unknown) => Promise<unknown>;

/** A file name part: letters, digits, `_`, `-` and `.` kept, anything else `_`. */
const fileSafe = (s: string): string => s.replace(/[^\p{L}\p{N}_.-]/gu, '_');

/**
 * Writes `<dir>/<shop>-<table>.png` and `.svg`: the QR code of each table's scan-order link.
 * Returns the files written, in order.
 */
export async function writeTableCodes(list: MerchantTable[], dir: string, base: string): Promise<string[]> {
  fs.mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const t of list) {
    const link = scanOrderLink(base, t.shopId, t.name, t.code);
    const stem = path.join(dir, `${t.shopId}-${fileSafe(t.name)}`);
    for (const type of ['png', 'svg'] as const) {
      const file = `${stem}.${type}`;
      await QRCode.toFile(file, link, { type });
      written.push(file);
    }
  }
  return written;
}

/** The check's report, one line per check (`PASS`, `FAIL`, `NOTE`) with its counts and the rows it names. */
export function checkLines(report: CheckReport): string[] {
  const lines: string[] = [];
  for (const c of report.checks) {
    const tag = c.status === 'pass' ? 'PASS' : c.status === 'fail' ? 'FAIL' : 'NOTE';
    const counts = c.status === 'note' ? `${c.failures} of ${c.checked} listed` : `${c.checked} checked, ${c.failures} failed`;
    lines.push(`${tag}  ${c.name}: ${counts}${c.detail ? ` (${c.detail})` : ''}`);
    for (const p of c.problems) lines.push(`      ${p}`);
    if (c.failures > c.problems.length) lines.push(`      … and ${c.failures - c.problems.length} more`);
  }
  const failed = report.checks.filter((c) => c.status === 'fail').length;
  const passed = report.checks.filter((c) => c.status === 'pass').length;
  lines.push(`check: ${passed} passed, ${failed} failed`);
  return lines;
}

/** Reads the checksums of the database the command works on (absent through MERCHANT_URL). */
export type ChecksumReader = (opts: { snapshot?: string }) => Promise<Checksums>;

/**
 * Runs one command line: prints the operation's answer as JSON (or writes it to `export`'s file);
 * `table-codes` writes the QR code files and prints one line per file; `check` prints its report
 * (and with --checksums the checksum lines, read by `checksums`). Answers the exit code (1: a check
 * failed).
 */
export async function runCommand(
  argv: string[],
  transport: Transport,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  checksums?: ChecksumReader,
): Promise<number> {
  const parsed = parseCommand(argv);
  if (parsed.checksums && !checksums)
    throw new Error('--checksums reads the database itself: unset MERCHANT_URL and set DATABASE_URL (or DATA_DIR)');
  const info = await transport(parsed.op, parsed.body);
  if (parsed.codes) {
    const list = info as MerchantTable[];
    if (list.length === 0) print('no tables');
    const base = parsed.codes.base ?? loadConfig().publicUrl;
    for (const file of await writeTableCodes(list, parsed.codes.dir, base)) print(file);
    return 0;
  }
  if (parsed.op === 'staff/add') {
    const { account, password } = info as { account: { id: number; username: string; role: string; shopId: number }; password: string };
    print(`staff account ${account.username} (${account.role}, shop ${account.shopId}, id ${account.id})`);
    print(`password (shown once, not stored): ${password}`);
    return 0;
  }
  if (parsed.op === 'check') {
    const report = info as CheckReport;
    for (const line of checkLines(report)) print(line);
    if (parsed.checksums && checksums) for (const line of checksumLines(await checksums(parsed.checksums))) print(line);
    return report.ok ? 0 : 1;
  }
  const text = JSON.stringify(info, null, 2);
  if (parsed.out) fs.writeFileSync(parsed.out, `${text}\n`);
  else print(text);
  return 0;
}

export interface BackupOptions {
  /** MERCHANT_URL and MERCHANT_KEY: the running server's backup (restore refuses them). */
  url?: string;
  key?: string;
  /** The database the command works on offline (DATABASE_URL, else DATA_DIR/db). */
  databaseUrl: string;
  print?: (line: string) => void;
}

/**
 * `backup <file>` and `restore <file>` (OPS-1), the embedded database only: offline on the PGlite
 * directory of `databaseUrl`, or online (backup) from the server at `url`. PostgreSQL is refused with
 * the pg_dump / pg_restore procedure's place. Answers the exit code.
 */
export async function runBackupCommand(argv: string[], o: BackupOptions): Promise<number> {
  const print = o.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const [command, ...rest] = argv;
  const { positional, opts } = flags(rest);
  const file = positional[0];
  if (!file) throw new BackupError(`${command} needs a file: npm run merchant -- ${command} <file>`);
  const force = opts.force === true;
  const withChecksums = opts.checksums === true;
  if (command === 'backup' && o.url) {
    const res = await fetch(`${o.url.replace(/\/$/, '')}/merchant/backup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-merchant-key': o.key ?? '' },
      body: JSON.stringify(withChecksums ? { checksums: true } : {}),
    });
    if (res.status !== 200 || !res.body || !(res.headers.get('content-type') ?? '').startsWith('application/gzip')) {
      const text = await res.text();
      let said = text.slice(0, 300);
      try {
        said = String((JSON.parse(text) as { info?: unknown }).info ?? said);
      } catch {
        // not JSON: the text as it came
      }
      throw new BackupError(`the server refused the backup (${res.status}): ${said}`);
    }
    const said = res.headers.get(BACKUP_CHECKSUMS_HEADER);
    if (withChecksums && !said) {
      await res.body.cancel();
      throw new BackupError('the server sent no checksums with its backup (a server older than --checksums?)');
    }
    const bytes = await writeBackupFile(file, Readable.fromWeb(res.body as WebReadableStream));
    print(`backup of ${o.url} written to ${path.resolve(file)} (${bytes} bytes)`);
    if (said) for (const line of checksumLines(JSON.parse(said) as Checksums)) print(line);
    return 0;
  }
  if (command === 'restore' && o.url) {
    throw new BackupError('restore works on a stopped node: unset MERCHANT_URL, stop the server, restore into its DATA_DIR, then start it');
  }
  const dir = embeddedDir(o.databaseUrl);
  if (!dir) {
    throw new BackupError(
      /^postgres/.test(o.databaseUrl)
        ? `DATABASE_URL is PostgreSQL: ${command === 'backup' ? 'pg_dump -Fc' : 'pg_restore'} is its ${command} (docs/operations.md "Backups")`
        : 'no embedded database on disk to work on (DATABASE_URL is memory://)',
    );
  }
  if (command === 'backup') {
    let sums: Checksums | null = null;
    const blob = await dumpStoppedDatabase(dir, {
      force,
      ...(withChecksums ? { atInstant: async (query) => void (sums = await checksumsWith(query)) } : {}),
    });
    const bytes = await writeBackupFile(file, blob);
    print(`backup of ${dir} written to ${path.resolve(file)} (${bytes} bytes)`);
    if (sums) for (const line of checksumLines(sums)) print(line);
    return 0;
  }
  const { keptOld } = await restoreDatabase(file, dir, { force });
  print(`restored ${path.resolve(file)} into ${dir}`);
  if (keptOld) print(`the database that was there is kept in ${keptOld} (remove it once the restore is checked)`);
  print('next: npm run merchant -- check, then start the server');
  return 0;
}

async function viaApi(url: string, key: string, op: MerchantOp, body: unknown): Promise<unknown> {
  const res = await fetch(`${url.replace(/\/$/, '')}/merchant/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-merchant-key': key },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { result: boolean; info: unknown };
  if (!json.result) throw new Error(String(json.info));
  return json.info;
}

/** Runs operations on an open server context; a refusal becomes an error with its English message. */
export function contextTransport(ctx: ServerContext): Transport {
  return async (op, body) => {
    try {
      return await runMerchantOp(ctx, op, body);
    } catch (e) {
      if (e instanceof AppError)
        throw new Error(messageFor(e.code, 'en', e.params) + (e.detail ? `: ${e.detail}` : ''));
      throw e;
    }
  };
}

/** The checksums of DATABASE_URL (or DATA_DIR's embedded database), opened for them. */
const checksumsOfConfigured: ChecksumReader = async (opts) => {
  const database = await openDatabase(loadConfig().databaseUrl);
  try {
    if (opts.snapshot !== undefined && database.kind !== 'postgres')
      throw new ChecksumError('--snapshot is PostgreSQL\'s (an exported snapshot); the embedded database has none');
    return await checksumsOf(database.db, opts);
  } finally {
    await database.close();
  }
};

async function viaDatabase(op: MerchantOp, body: unknown): Promise<unknown> {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl);
  const quiet = {
    info() {},
    warn() {},
    debug() {},
    trace() {},
    fatal: console.error,
    error: console.error,
    child: () => quiet,
    level: 'warn',
  };
  const ctx = createContext({ config, database, log: quiet as unknown as FastifyBaseLogger });
  try {
    return await contextTransport(ctx)(op, body);
  } finally {
    for (const hook of ctx.closeHooks.splice(0)) await hook();
    await database.close();
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const url = process.env.MERCHANT_URL;
  const key = secretEntry(process.env, 'MERCHANT_KEY') ?? '';
  if (argv[0] === 'backup' || argv[0] === 'restore') {
    return runBackupCommand(argv, { url, key, databaseUrl: loadConfig().databaseUrl });
  }
  if (url) return runCommand(argv, (op, body) => viaApi(url, key, op, body));
  return runCommand(argv, viaDatabase, undefined, checksumsOfConfigured);
}

if (require.main === module) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
