/**
 * The merchant's view of orders (SERVER-4): the columns the order list shows and the list of orders
 * waiting for the shop.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { OrderStatus } from '../../../../src/domain/enums';
import type { ServerContext } from '../../context';
import { orders } from '../../db/schema';
import type { OrderRow } from './holds';

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
export const MERCHANT_COLUMNS = {
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
export type MerchantColumns = Pick<OrderRow, keyof typeof MERCHANT_COLUMNS>;

/** The list's shape of an order row. */
export const toMerchantOrder = (o: MerchantColumns): MerchantOrder => ({
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

