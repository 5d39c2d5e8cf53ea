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
 *   stock <productId> <n|+n|-n|none>  set, add to, take from or stop tracking a product's stock
 *   export <shopId> [file.json]       a shop's menu, activities and coupons as JSON
 *   load <file.json>                  load such a file back (upsert by id)
 *
 * With MERCHANT_URL (and MERCHANT_KEY) it calls a running server's /merchant/ API; otherwise it
 * opens the database itself (DATABASE_URL, or the PGlite data of DATA_DIR — stop the server first,
 * an embedded database has one user at a time).
 */
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../src/config';
import { createContext } from '../src/context';
import { openDatabase } from '../src/db/client';
import { AppError } from '../src/http/errors';
import { messageFor } from '../src/i18n/messages';
import { runMerchantOp, type MerchantAction, type MerchantOp } from '../src/services/orders/merchant';

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
  if (command === 'refunds') return { op: 'refunds', body: opts.open ? { open: true } : {} };
  if (command === 'stock') {
    const productId = int(positional[0], 'productId');
    const v = positional[1] ?? '';
    if (v === 'none') return { op: 'stock', body: { productId, stock: null } };
    if (/^[+-]\d+$/.test(v)) return { op: 'stock', body: { productId, delta: Number(v) } };
    return { op: 'stock', body: { productId, stock: int(v, 'stock') } };
  }
  if (command === 'export')
    return { op: 'shop/export', body: { shopId: int(positional[0], 'shopId') }, out: positional[1] };
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
    return await runMerchantOp(ctx, op, body);
  } catch (e) {
    if (e instanceof AppError)
      throw new Error(messageFor(e.code, 'en', e.params) + (e.detail ? `: ${e.detail}` : ''));
    throw e;
  } finally {
    for (const hook of ctx.closeHooks.splice(0)) await hook();
    await database.close();
  }
}

async function main(): Promise<void> {
  const parsed = parseCommand(process.argv.slice(2));
  const url = process.env.MERCHANT_URL;
  const info = url
    ? await viaApi(url, process.env.MERCHANT_KEY ?? '', parsed.op, parsed.body)
    : await viaDatabase(parsed.op, parsed.body);
  const text = JSON.stringify(info, null, 2);
  if (parsed.out) fs.writeFileSync(parsed.out, `${text}\n`);
  else process.stdout.write(`${text}\n`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
