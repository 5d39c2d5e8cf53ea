/**
 * The merchant side (SERVER-4): incoming orders, the actions that move them through every status of
 * C§4 (accept, refuse, cooking, rider steps, delivered, bill, complete, close, refund), stock
 * adjustment, and a shop's configuration (menu, activities, coupons) as JSON. Used by the CLI
 * (`npm run merchant`) and the `/merchant/` admin API.
 */
import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { OrderStatus, PayStatus, PayType } from '../../../../src/domain/enums';
import { perServer, type ServerContext } from '../../context';
import {
  activities,
  categories,
  couponTemplates,
  orders,
  products,
  shops,
  type RiderInfo,
} from '../../db/schema';
import type {
  StoredActivity,
  StoredCategory,
  StoredCoupon,
  StoredProduct,
  StoredShopSettings,
} from '../../db/schema/json';
import { AppError, fail } from '../../http/errors';
import { withdrawOrderCoupons } from '../members/coupons';
import { releaseHolds, type OrderRow } from './holds';
import {
  finishRefund,
  orderById,
  refundOnlineTrades,
  refundOrder,
  returnOfflineMoney,
  transition,
} from './lifecycle';
import type { OrderAction } from './transitions';

/** Actions the merchant takes on one order. */
export const MerchantAction = z.enum([
  'accept',
  'refuse',
  'cook',
  'callRider',
  'riderConfirm',
  'riderPickUp',
  'riderException',
  'deliver',
  'requestPay',
  'cashPaid',
  'complete',
  'close',
  'refund',
  'refundResult',
]);
export type MerchantAction = z.infer<typeof MerchantAction>;

export const MerchantActionReq = z
  .object({
    id: z.number().int().positive(),
    action: MerchantAction,
    note: z.string().max(140).optional(),
    rider: z
      .object({
        name: z.string().max(64).nullable().optional(),
        phone: z.string().max(24).nullable().optional(),
        gps: z.string().max(60).nullable().optional(),
        estimatedArrival: z.number().int().nonnegative().nullable().optional(),
      })
      .optional(),
    /** refund: leave the order refunding (a provider that answers later). */
    hold: z.boolean().optional(),
    /** refundResult: the provider's answer. */
    ok: z.boolean().optional(),
  })
  .strict();
export type MerchantActionReq = z.infer<typeof MerchantActionReq>;

/** An order as the merchant list shows it. */
export interface MerchantOrder {
  id: number;
  orderNo: string;
  shopId: number;
  daySeq: number;
  type: string;
  status: string;
  payStatus: number;
  payType: string;
  total: number;
  paidAmount: number;
  createdAt: number;
  tableNo: string | null;
  people: number | null;
  note: string;
  contact: OrderRow['contact'];
  lines: Array<{ name: string; specName?: string; tastesName: string; quantity: number; amount: number }>;
}

/** The columns the merchant view needs (the breakdown and the history stay in the database). */
const MERCHANT_COLUMNS = {
  id: orders.id,
  orderNo: orders.orderNo,
  shopId: orders.shopId,
  daySeq: orders.daySeq,
  type: orders.type,
  status: orders.status,
  payStatus: orders.payStatus,
  payType: orders.payType,
  total: orders.total,
  paidAmount: orders.paidAmount,
  createdAt: orders.createdAt,
  tableNo: orders.tableNo,
  people: orders.people,
  note: orders.note,
  contact: orders.contact,
  lines: orders.lines,
};
type MerchantColumns = Pick<OrderRow, keyof typeof MERCHANT_COLUMNS>;

const toMerchantOrder = (o: MerchantColumns): MerchantOrder => ({
  id: o.id,
  orderNo: o.orderNo,
  shopId: o.shopId,
  daySeq: o.daySeq,
  type: o.type,
  status: o.status,
  payStatus: o.payStatus,
  payType: o.payType,
  total: Number(o.total),
  paidAmount: Number(o.paidAmount),
  createdAt: o.createdAt,
  tableNo: o.tableNo,
  people: o.people,
  note: o.note,
  contact: o.contact,
  lines: o.lines.map((l) => ({
    name: l.name,
    specName: l.specName,
    tastesName: l.tastesName,
    quantity: l.quantity,
    amount: l.amount,
  })),
});

/** Orders waiting for the shop by default (pending and in progress), newest first. */
export async function merchantOrders(
  ctx: ServerContext,
  q: { shopId?: number; statuses?: string[]; limit?: number },
): Promise<MerchantOrder[]> {
  const statuses =
    q.statuses && q.statuses.length > 0 ? q.statuses : [OrderStatus.pending, OrderStatus.need_pay];
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(
      and(q.shopId === undefined ? undefined : eq(orders.shopId, q.shopId), inArray(orders.status, statuses)),
    )
    .orderBy(desc(orders.id))
    .limit(q.limit ?? 50);
  return rows.map(toMerchantOrder);
}

const SIMPLE: Partial<Record<MerchantAction, OrderAction>> = {
  accept: 'accept',
  cook: 'cook',
  callRider: 'callRider',
  riderConfirm: 'riderConfirm',
  riderPickUp: 'riderPickUp',
  riderException: 'riderException',
  deliver: 'deliver',
  requestPay: 'requestPay',
  complete: 'complete',
};

/** Takes one merchant action; `orderStatusInvalid` when the order's status does not allow it. */
export async function merchantAct(ctx: ServerContext, req: MerchantActionReq): Promise<MerchantOrder> {
  const now = ctx.clock.now();
  if (req.action === 'cashPaid') {
    // the counter's most frequent action: one conditional update, the row read only to explain a refusal
    const paid = await cashPaid(ctx, req.id, now);
    if (paid) return toMerchantOrder(paid);
  }
  const o = await orderById(ctx.db, req.id);
  if (!o) throw fail('orderNotFound');
  const merchantNote = req.note !== undefined ? { merchantNote: req.note } : {};
  const simple = SIMPLE[req.action];
  if (simple) {
    const rider: RiderInfo | undefined = req.rider
      ? {
          name: req.rider.name ?? o.rider?.name ?? null,
          phone: req.rider.phone ?? o.rider?.phone ?? null,
          gps: req.rider.gps ?? o.rider?.gps ?? null,
          estimatedArrival: req.rider.estimatedArrival ?? o.rider?.estimatedArrival ?? null,
        }
      : undefined;
    const row = await transition(ctx.db, o.id, simple, now, { ...merchantNote, ...(rider ? { rider } : {}) });
    if (!row) throw fail('orderStatusInvalid');
    return toMerchantOrder(row);
  }
  switch (req.action) {
    case 'refuse': {
      const row = await ctx.db.transaction(async (tx) => {
        const r = await transition(tx, o.id, 'refuse', now, merchantNote, undefined, 'refused by the shop');
        if (!r) throw fail('orderStatusInvalid');
        await releaseHolds(tx, r);
        await withdrawOrderCoupons(tx, r.id);
        return { r, done: await returnOfflineMoney(tx, r) };
      });
      if (!row.done) await refundOnlineTrades(ctx, o.id);
      return toMerchantOrder(row.r);
    }
    case 'close': {
      if (o.payStatus === PayStatus.success) throw fail('orderStatusInvalid');
      const row = await ctx.db.transaction(async (tx) => {
        const r = await transition(
          tx,
          o.id,
          'merchantClose',
          now,
          merchantNote,
          undefined,
          'closed by the shop',
        );
        if (!r) throw fail('orderStatusInvalid');
        await releaseHolds(tx, r);
        // a cash order placed with the shop earned its coupons at creation: unused ones go back
        await withdrawOrderCoupons(tx, r.id);
        return r;
      });
      return toMerchantOrder(row);
    }
    case 'cashPaid': {
      // C§1 cash: paid at the counter; a bill asked for (need_pay) is then complete
      if (o.payType !== PayType.cash || o.payStatus === PayStatus.success) throw fail('orderStatusInvalid');
      const patch = { payStatus: PayStatus.success, paidAmount: o.total, paidAt: now };
      const row =
        o.status === OrderStatus.need_pay
          ? await transition(ctx.db, o.id, 'complete', now, patch, undefined, 'paid at the counter')
          : await addEventIf(
              ctx,
              o,
              now,
              'paid at the counter',
              patch,
              ne(orders.payStatus, PayStatus.success),
            );
      if (!row) throw fail('orderStatusInvalid');
      return toMerchantOrder(row);
    }
    case 'refund':
      return toMerchantOrder(await refundOrder(ctx, o.id, { hold: req.hold === true }));
    case 'refundResult':
      return toMerchantOrder(await finishRefund(ctx, o.id, req.ok !== false));
    default:
      throw fail('badRequest');
  }
}

/** The counter's cash-paid update, prepared once per server. */
const cashPaidUpdate = perServer((ctx) =>
  ctx.db
    .update(orders)
    .set({
      payStatus: PayStatus.success,
      paidAmount: sql`${orders.total}`,
      paidAt: sql`${sql.placeholder('now')}::bigint`,
      updatedAt: sql`${sql.placeholder('now')}::bigint`,
      events: sql`${orders.events} || jsonb_build_array(jsonb_build_object('time', ${sql.placeholder('now')}::bigint, 'status', ${orders.status}, 'text', 'paid at the counter'))`,
    })
    .where(
      and(
        eq(orders.id, sql.placeholder('id')),
        eq(orders.payType, PayType.cash),
        ne(orders.payStatus, PayStatus.success),
        ne(orders.status, OrderStatus.need_pay),
      ),
    )
    .returning(MERCHANT_COLUMNS)
    .prepare('orders_cash_paid'),
);

/**
 * C§1 cash paid at the counter (not a bill asked for, see need_pay): one conditional update, prepared
 * once per server (the counter's most frequent statement).
 */
async function cashPaid(ctx: ServerContext, id: number, now: number): Promise<MerchantColumns | null> {
  const update = cashPaidUpdate(ctx);
  const rows = await update.execute({ id, now });
  return rows[0] ?? null;
}

/** Records an event and a change on an order when `condition` still holds; the updated row or null. */
async function addEventIf(
  ctx: ServerContext,
  o: OrderRow,
  now: number,
  text: string,
  patch: Partial<typeof orders.$inferInsert>,
  condition: SQL,
): Promise<OrderRow | null> {
  const event = { time: now, status: o.status, text };
  const rows = await ctx.db
    .update(orders)
    .set({ ...patch, updatedAt: now, events: sql`${orders.events} || ${JSON.stringify([event])}::jsonb` })
    .where(and(eq(orders.id, o.id), condition))
    .returning();
  return rows[0] ?? null;
}

/** Sets (or stops tracking, with null) the stock of a product; `delta` adds to it instead. */
export async function adjustStock(
  ctx: ServerContext,
  productId: number,
  change: { stock?: number | null; delta?: number },
): Promise<{ productId: number; stock: number | null }> {
  const set =
    change.delta !== undefined
      ? { stock: sql`GREATEST(COALESCE(${products.stock}, 0) + ${change.delta}, 0)` }
      : { stock: change.stock === undefined ? null : change.stock };
  const rows = await ctx.db
    .update(products)
    .set(set)
    .where(eq(products.id, productId))
    .returning({ id: products.id, stock: products.stock });
  if (!rows[0]) throw fail('notFound');
  return { productId: rows[0].id, stock: rows[0].stock };
}

/** A shop's configuration as JSON (menu, activities, coupon templates), for export and load. */
export const ShopConfig = z.object({
  shopId: z.number().int().positive(),
  settings: z.record(z.string(), z.unknown()).optional(),
  unpaidMinutes: z.number().int().min(1).max(1440).optional(),
  categories: z
    .array(
      z.object({
        id: z.number().int().positive(),
        name: z.string(),
        sort: z.number().int().default(0),
        data: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  products: z
    .array(
      z.object({
        id: z.number().int().positive(),
        categoryId: z.number().int().positive().nullable(),
        name: z.string(),
        price: z.number(),
        memberPrice: z.number().nullable().default(null),
        status: z.number().int().default(0),
        stock: z.number().int().nullable().default(null),
        sort: z.number().int().default(0),
        isSpecProduct: z.boolean().default(false),
        data: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  activities: z
    .array(
      z.object({
        id: z.number().int().positive(),
        type: z.number().int(),
        status: z.number().int().default(1),
        code: z.string().nullable().default(null),
        chainId: z.number().int().nullable().default(null),
        data: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  couponTemplates: z
    .array(
      z.object({
        id: z.number().int().positive(),
        activityId: z.number().int().nullable().default(null),
        remaining: z.number().int().nullable().default(null),
        chainId: z.number().int().nullable().default(null),
        data: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
});
export type ShopConfig = z.infer<typeof ShopConfig>;

/** Exports a shop's configuration. */
export async function exportShopConfig(ctx: ServerContext, shopId: number): Promise<ShopConfig> {
  const shopRows = await ctx.db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
  const shop = shopRows[0];
  if (!shop) throw fail('getShopDataFailed');
  const scope = <T extends typeof activities | typeof couponTemplates>(t: T) =>
    shop.chainId === null ? eq(t.shopId, shopId) : or(eq(t.shopId, shopId), eq(t.chainId, shop.chainId));
  const [cats, prods, acts, temps] = await Promise.all([
    ctx.db.select().from(categories).where(eq(categories.shopId, shopId)).orderBy(asc(categories.id)),
    ctx.db.select().from(products).where(eq(products.shopId, shopId)).orderBy(asc(products.id)),
    ctx.db.select().from(activities).where(scope(activities)).orderBy(asc(activities.id)),
    ctx.db.select().from(couponTemplates).where(scope(couponTemplates)).orderBy(asc(couponTemplates.id)),
  ]);
  return {
    shopId,
    settings: shop.settings as unknown as Record<string, unknown>,
    unpaidMinutes: shop.unpaidMinutes,
    categories: cats.map((c) => ({
      id: c.id,
      name: c.name,
      sort: c.sort,
      data: c.data as unknown as Record<string, unknown>,
    })),
    products: prods.map((p) => ({
      id: p.id,
      categoryId: p.categoryId,
      name: p.name,
      price: Number(p.price),
      memberPrice: p.memberPrice === null ? null : Number(p.memberPrice),
      status: p.status,
      stock: p.stock,
      sort: p.sort,
      isSpecProduct: p.isSpecProduct,
      data: p.data as unknown as Record<string, unknown>,
    })),
    activities: acts.map((a) => ({
      id: a.id,
      type: a.type,
      status: a.status,
      code: a.code,
      chainId: a.chainId,
      data: a.data as unknown as Record<string, unknown>,
    })),
    couponTemplates: temps.map((t) => ({
      id: t.id,
      activityId: t.activityId,
      remaining: t.remaining,
      chainId: t.chainId,
      data: t.data as unknown as Record<string, unknown>,
    })),
  };
}

const ex = (col: string) => sql.raw(`excluded."${col}"`);

/** Loads a shop's configuration (upsert by id) and raises the menu version so clients refresh. */
export async function loadShopConfig(
  ctx: ServerContext,
  input: unknown,
): Promise<{ shopId: number; menuVersion: number; counts: Record<string, number> }> {
  const cfg = ShopConfig.parse(input);
  const shopId = cfg.shopId;
  const exists = await ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).limit(1);
  if (!exists[0]) throw fail('getShopDataFailed');
  await ctx.db.transaction(async (tx) => {
    if (cfg.settings || cfg.unpaidMinutes) {
      await tx
        .update(shops)
        .set({
          ...(cfg.settings
            ? { settings: { ...(cfg.settings as unknown as StoredShopSettings), id: shopId } }
            : {}),
          ...(cfg.unpaidMinutes ? { unpaidMinutes: cfg.unpaidMinutes } : {}),
        })
        .where(eq(shops.id, shopId));
    }
    if (cfg.categories?.length) {
      await tx
        .insert(categories)
        .values(
          cfg.categories.map((c) => ({
            id: c.id,
            shopId,
            name: c.name,
            sort: c.sort,
            data: c.data as unknown as StoredCategory,
          })),
        )
        .onConflictDoUpdate({
          target: categories.id,
          set: { name: ex('name'), sort: ex('sort'), data: ex('data') },
        });
    }
    if (cfg.products?.length) {
      await tx
        .insert(products)
        .values(
          cfg.products.map((p) => ({
            id: p.id,
            shopId,
            categoryId: p.categoryId,
            name: p.name,
            price: String(p.price),
            memberPrice: p.memberPrice === null ? null : String(p.memberPrice),
            status: p.status,
            stock: p.stock,
            sort: p.sort,
            isSpecProduct: p.isSpecProduct,
            data: p.data as unknown as StoredProduct,
          })),
        )
        .onConflictDoUpdate({
          target: products.id,
          set: {
            categoryId: ex('category_id'),
            name: ex('name'),
            price: ex('price'),
            memberPrice: ex('member_price'),
            status: ex('status'),
            stock: ex('stock'),
            sort: ex('sort'),
            isSpecProduct: ex('is_spec_product'),
            data: ex('data'),
          },
        });
    }
    if (cfg.activities?.length) {
      await tx
        .insert(activities)
        .values(
          cfg.activities.map((a) => ({
            id: a.id,
            shopId: a.chainId === null ? shopId : null,
            chainId: a.chainId,
            type: a.type,
            status: a.status,
            code: a.code,
            data: a.data as unknown as StoredActivity,
          })),
        )
        .onConflictDoUpdate({
          target: activities.id,
          set: { type: ex('type'), status: ex('status'), code: ex('code'), data: ex('data') },
        });
    }
    if (cfg.couponTemplates?.length) {
      await tx
        .insert(couponTemplates)
        .values(
          cfg.couponTemplates.map((t) => ({
            id: t.id,
            shopId: t.chainId === null ? shopId : null,
            chainId: t.chainId,
            activityId: t.activityId,
            remaining: t.remaining,
            data: t.data as unknown as StoredCoupon,
          })),
        )
        .onConflictDoUpdate({
          target: couponTemplates.id,
          set: { activityId: ex('activity_id'), remaining: ex('remaining'), data: ex('data') },
        });
    }
  });
  const menuVersion = await ctx.shopCache.bump(shopId);
  return {
    shopId,
    menuVersion,
    counts: {
      categories: cfg.categories?.length ?? 0,
      products: cfg.products?.length ?? 0,
      activities: cfg.activities?.length ?? 0,
      couponTemplates: cfg.couponTemplates?.length ?? 0,
    },
  };
}

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
} as const;
export type MerchantOp = keyof typeof MERCHANT_OPS;

/** Runs one merchant operation on a validated body; `badRequest` with the first issue otherwise. */
export async function runMerchantOp(ctx: ServerContext, op: MerchantOp, body: unknown): Promise<unknown> {
  const def = MERCHANT_OPS[op];
  const parsed = def.req.safeParse(body ?? {});
  if (!parsed.success)
    throw new AppError('badRequest', undefined, undefined, parsed.error.issues[0]?.message);
  return (def.run as (c: ServerContext, b: unknown) => Promise<unknown>)(ctx, parsed.data);
}
