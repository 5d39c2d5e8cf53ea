/**
 * The actions a merchant takes on one order (SERVER-4), moving it through every status of C§4:
 * accept, refuse, cooking, rider steps, delivered, bill, cash paid, complete, close, refund.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { OrderStatus, PayStatus, PayType } from '../../../../src/domain/enums';
import { perServer, txEnv, type ServerContext } from '../../context';
import { orders, type RiderInfo } from '../../db/schema';
import { fail } from '../../http/errors';
import { withdrawOrderCoupons } from '../members/coupons';
import { noteOrderChanged } from './changes';
import { releaseHolds, type OrderRow } from './holds';
import {
  finishRefund,
  orderById,
  deliverRefunds,
  refundOrder,
  refundMoneyTx,
  transition,
} from './lifecycle';
import { MERCHANT_COLUMNS, toMerchantOrder, type MerchantColumns, type MerchantOrder } from './merchant-orders';
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

/**
 * Takes one merchant action; `orderStatusInvalid` when the order's status does not allow it. Every
 * door (the admin API, the CLI, the console) comes here, so the change is published here, after commit.
 */
export async function merchantAct(ctx: ServerContext, req: MerchantActionReq): Promise<MerchantOrder> {
  const out = await act(ctx, req);
  await noteOrderChanged(ctx, out.id);
  return out;
}

async function act(ctx: ServerContext, req: MerchantActionReq): Promise<MerchantOrder> {
  const now = ctx.clock.now();
  const env = txEnv(ctx, now);
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
        await refundMoneyTx(tx, env, r, 'refused by the shop');
        return r;
      });
      await deliverRefunds(ctx, o.id);
      return toMerchantOrder(row);
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

