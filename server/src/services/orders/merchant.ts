/**
 * The merchant side (SERVER-4), used by the CLI (`npm run merchant`) and the `/merchant/` admin API:
 * the operations by name with their request schemas. The work itself lives beside it: the orders
 * view (merchant-orders.ts), the order actions (merchant-actions.ts), stock (merchant-stock.ts), the
 * tables (merchant-tables.ts) and the shop configuration (shop-config.ts).
 */
import { listRefunds } from '../payments/refunds';
import { listNotices } from '../notices/outbox';
import { StaffRole, StaffUsername } from '../../../../src/api/contract/console';
import { addStaff } from '../console/accounts';
import { checkDatabase } from '../ops/check';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { AppError } from '../../http/errors';
import { merchantAct, MerchantActionReq } from './merchant-actions';
import { merchantOrders } from './merchant-orders';
import { adjustStock } from './merchant-stock';
import { merchantTables } from './merchant-tables';
import { exportShopConfig, loadShopConfig } from './shop-config';

export { MerchantAction, MerchantActionReq, merchantAct } from './merchant-actions';
export { merchantOrders, type MerchantOrder } from './merchant-orders';
export { adjustStock } from './merchant-stock';
export { merchantTables, type MerchantTable } from './merchant-tables';
export { exportShopConfig, loadShopConfig, ShopConfig } from './shop-config';

const ListReq = z
  .object({
    shopId: z.number().int().positive().optional(),
    statuses: z.array(z.string().max(40)).max(20).optional(),
    limit: z.number().int().min(1).max(200).optional(),
  })
  .strict();
const StockReq = z
  .object({
    productId: z.number().int().positive(),
    stock: z.number().int().min(0).nullable().optional(),
    delta: z.number().int().optional(),
  })
  .strict();
const ShopReq = z.object({ shopId: z.number().int().positive() }).strict();
const TablesReq = z.object({ shopId: z.number().int().positive().optional() }).strict();
const StaffAddReq = z.object({ shopId: z.number().int().positive(), username: StaffUsername, role: StaffRole }).strict();
const RefundsReq = z.object({ open: z.boolean().optional(), limit: z.number().int().min(1).max(200).optional() }).strict();
const CheckReq = z.object({}).strict();
const NoticesReq = z
  .object({ open: z.boolean().optional(), orderId: z.number().int().positive().optional(), limit: z.number().int().min(1).max(200).optional() })
  .strict();

/** The merchant operations by name, with their request schemas (the admin API and the CLI share them). */
export const MERCHANT_OPS = {
  orders: { req: ListReq, run: (ctx: ServerContext, b: z.output<typeof ListReq>) => merchantOrders(ctx, b) },
  'order/act': {
    req: MerchantActionReq,
    run: (ctx: ServerContext, b: MerchantActionReq) => merchantAct(ctx, b),
  },
  stock: {
    req: StockReq,
    run: (ctx: ServerContext, b: z.output<typeof StockReq>) =>
      adjustStock(ctx, b.productId, { stock: b.stock, delta: b.delta }),
  },
  'shop/export': {
    req: ShopReq,
    run: (ctx: ServerContext, b: z.output<typeof ShopReq>) => exportShopConfig(ctx, b.shopId),
  },
  'shop/load': { req: z.unknown(), run: (ctx: ServerContext, b: unknown) => loadShopConfig(ctx, b) },
  /** The tables of a shop (of every shop without `shopId`): what the table QR codes are made from. */
  tables: {
    req: TablesReq,
    run: (ctx: ServerContext, b: z.output<typeof TablesReq>) => merchantTables(ctx, b.shopId),
  },
  /** The refund outbox: provider refunds with their state, attempts, next attempt and last error. */
  refunds: { req: RefundsReq, run: (ctx: ServerContext, b: z.output<typeof RefundsReq>) => listRefunds(ctx.db, b) },
  /** The customer-notice outbox (NOTICE-1): each notice with its channel, template, state, attempts and last error. */
  notices: { req: NoticesReq, run: (ctx: ServerContext, b: z.output<typeof NoticesReq>) => listNotices(ctx.db, b) },
  /** The data's consistency checks (OPS-1, services/ops/check.ts): read only. */
  check: { req: CheckReq, run: (ctx: ServerContext) => checkDatabase(ctx.db) },
  /** A staff console account (CONSOLE-1) with a generated password, answered once. */
  'staff/add': {
    req: StaffAddReq,
    run: (ctx: ServerContext, b: z.output<typeof StaffAddReq>) => addStaff(ctx, b.shopId, b.username, b.role),
  },
} as const;
export type MerchantOp = keyof typeof MERCHANT_OPS;

/** Runs one merchant operation on a validated body; `badRequest` with the first issue otherwise. */
export async function runMerchantOp(ctx: ServerContext, op: MerchantOp, body: unknown): Promise<unknown> {
  const def = MERCHANT_OPS[op];
  const parsed = def.req.safeParse(body ?? {});
  if (!parsed.success)
    throw new AppError(
      'badRequest',
      undefined,
      undefined,
      parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
        .join('; '),
    );
  return (def.run as (c: ServerContext, b: unknown) => Promise<unknown>)(ctx, parsed.data);
}
