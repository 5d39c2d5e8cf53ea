/**
 * Order queries (ORDER-9): list by status tab, detail, last, delivery info, number of the day. A
 * user reads only their own orders; an unpaid order past its deadline is cancelled on read (the
 * sweeper's lazy twin), so every answer shows the real status and `payDeadline`.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type {
  DeliveryInfo,
  OrderDetail,
  OrderListRes,
  OrderListTab,
} from '../../../../src/api/contract/order';
import { OrderStatus } from '../../../../src/domain/enums';
import type { ServerContext } from '../../context';
import { orders } from '../../db/schema';
import { fail } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import { getShop, shopSettingsFor } from '../shops';
import type { OrderRow } from './holds';
import { expireIfDue, ownOrder } from './lifecycle';
import { shownBreakdown } from './promotions';

const S = OrderStatus;

/** The statuses of each tab of the orders page. */
export const TAB_STATUSES: Record<Exclude<OrderListTab, 'all'>, OrderStatus[]> = {
  unpaid: [S.nopay, S.need_pay],
  inProgress: [
    S.pending,
    S.confirmed,
    S.confirmed_new,
    S.wait_rider_pending,
    S.rider_confirmed,
    S.rider_picked_up,
    S.rider_delivery_exception,
    S.delivered,
  ],
  completed: [S.successed, S.closed, S.nopay_cancel, S.refused],
  refund: [S.refunding, S.refund, S.refund_fail],
};

/** An order row as the contract's OrderDetail. */
export function toOrderDetail(o: OrderRow, shopName: string): OrderDetail {
  return {
    ...shownBreakdown(o.breakdown),
    id: o.id,
    orderNo: o.orderNo,
    shopId: o.shopId,
    shopName: shopName.slice(0, 140),
    type: o.type as OrderDetail['type'],
    createdAt: o.createdAt,
    status: o.status as OrderDetail['status'],
    payStatus: o.payStatus as OrderDetail['payStatus'],
    payType: o.payType as OrderDetail['payType'],
    note: o.note,
    merchantNote: o.merchantNote,
    tableNo: o.tableNo,
    source: o.source,
    people: o.people,
    contact: o.contact,
    appointmentTime: o.appointmentTime,
    pickupTime: o.pickupTime,
    deliveryTime: o.deliveryTime,
    service: o.service,
    couponId: o.memberCouponId,
    couponName: o.couponName,
    paidAmount: Number(o.paidAmount),
    payDeadline: o.status === OrderStatus.nopay ? o.payDeadline : null,
    daySeq: o.daySeq,
    isPickerPack: o.isPickerPack,
    lines: o.lines,
  };
}

async function shopNameOf(ctx: ServerContext, shopId: number, lang: Lang): Promise<string> {
  return shopSettingsFor(await getShop(ctx, shopId), lang).name;
}

/** order/detail. */
export async function orderDetail(
  ctx: ServerContext,
  userId: number,
  id: number,
  lang: Lang,
): Promise<OrderDetail> {
  const o = await ownOrder(ctx, userId, id);
  return toOrderDetail(o, await shopNameOf(ctx, o.shopId, lang));
}

/** order/list: the user's orders, newest first, by tab (in `shopIds` when given). */
export async function listOrders(
  ctx: ServerContext,
  userId: number,
  q: { page?: number; pageLimit?: number; tab?: OrderListTab },
  lang: Lang,
  shopIds?: readonly number[],
): Promise<OrderListRes> {
  const page = q.page ?? 1;
  const pageLimit = q.pageLimit ?? 20;
  const tab = q.tab ?? 'all';
  const where = and(
    eq(orders.userId, userId),
    shopIds === undefined ? undefined : inArray(orders.shopId, [...shopIds]),
    tab === 'all' ? undefined : inArray(orders.status, TAB_STATUSES[tab]),
  );
  const [rows, totals] = await Promise.all([
    ctx.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.id))
      .limit(pageLimit)
      .offset((page - 1) * pageLimit),
    ctx.db.select({ n: count() }).from(orders).where(where),
  ]);
  const list: OrderDetail[] = [];
  for (const r of rows) {
    const o = await expireIfDue(ctx, r);
    list.push(toOrderDetail(o, await shopNameOf(ctx, o.shopId, lang)));
  }
  return { list, total: totals[0]?.n ?? 0, page, pageLimit };
}

/** order/last: the user's latest order in the token's shop, or null. */
export async function lastOrder(
  ctx: ServerContext,
  userId: number,
  shopId: number,
  lang: Lang,
): Promise<OrderDetail | null> {
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.shopId, shopId)))
    .orderBy(desc(orders.id))
    .limit(1);
  if (!rows[0]) return null;
  const o = await expireIfDue(ctx, rows[0]);
  return toOrderDetail(o, await shopNameOf(ctx, o.shopId, lang));
}

/** order/deliveryInfo: the rider's progress of one of the user's orders. */
export async function deliveryInfo(
  ctx: ServerContext,
  userId: number,
  orderNo: string,
): Promise<DeliveryInfo> {
  const rows = await ctx.db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  const o = rows[0];
  if (!o || o.userId !== userId) throw fail('orderNotFound');
  return {
    orderNo: o.orderNo,
    status: o.status as DeliveryInfo['status'],
    riderName: o.rider?.name ?? null,
    riderPhone: o.rider?.phone ?? null,
    riderGps: o.rider?.gps ?? null,
    estimatedArrival: o.rider?.estimatedArrival ?? null,
    events: o.events
      .slice(-50)
      .map((e) => ({ time: e.time, status: e.status as DeliveryInfo['status'], text: e.text.slice(0, 140) })),
  };
}
