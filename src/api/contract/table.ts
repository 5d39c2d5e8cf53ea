import { z } from 'zod';
import type { TableInfo } from '../../domain/types';
import { TableStatus } from '../../domain/enums';
import { EpochMs, Id, Money, Ok, ShortText, defineCall } from './common';
import { OrderConfirmRes, OrderLine } from './order';
import {
  AvatarUrl,
  CouponChoiceSchema,
  NickName,
  OpenId,
  PayPassword,
  PayTypeSchema,
  ProductChoice,
} from './shared-shapes';

/** Open-table calls (C§7 table, C§3 "Table and table order", ORDER-4). */

/**
 * The table's code of its scan-order link (TABLE-7, `tableCode`). Any short text: a code of any shape
 * that is not the table's current one is answered `tableCodeInvalid`, never as a malformed request
 * (it is also spared the storable-text check, ./text.ts: it is compared, never stored).
 */
export const TableCode = z.string().max(256);

/** A table (C§3): n… numbers, s… strings, f… amounts, as the spec names them. */
export const TableInfoSchema: z.ZodType<TableInfo> = z.object({
  id: Id,
  nAreaID: Id.optional(),
  nMaxPerson: z.number().int().min(0).max(999).optional(),
  /** C§4: 0 free, 1 occupied, 2 several orders. */
  nStatus: z.union([z.literal(TableStatus.free), z.literal(TableStatus.occupied), z.literal(TableStatus.multiple)]).optional(),
  sName: z.string().min(1).max(32),
  areaName: ShortText.optional(),
  fEachFee: Money.optional(),
  nFeeType: z.number().int().optional(),
  nTableStatus: z.number().int().optional(),
});

/** A line of a table order with the diner who added it. */
export const TableOrderLine = OrderLine.extend({
  openId: OpenId,
  nickName: NickName,
  avatarUrl: AvatarUrl,
  addedAt: EpochMs,
});
export type TableOrderLine = z.infer<typeof TableOrderLine>;

/**
 * A table order (C§3). `nOrderStatus`: 0 open (adding products), 1 paying, 2 paid, 3 closed.
 * Timing: nStartTimerTime/nExceptEndTime are epoch ms; nIsOpenTiming 1 = the hourly fee runs (PRICE-9).
 */
export const TableOrder = z.object({
  id: Id,
  nShopID: Id,
  sOrderNo: z.string().min(1).max(64),
  nTableID: Id,
  nOrderStatus: z.number().int().min(0).max(3),
  nPerson: z.number().int().min(1).max(999),
  sAreaName: ShortText,
  sTableName: z.string().max(32),
  sCustomizeName: ShortText,
  fEachFee: Money,
  nFeeType: z.number().int(),
  fDiscountAmount: Money,
  fReceivedAmount: Money,
  sNote: ShortText,
  /** Pay way once paid (0 = not paid). */
  nPayWay: z.number().int(),
  nMemberID: z.number().int().nonnegative(),
  fSaleAmount: Money,
  fTableAmount: Money,
  fTaxAmount: Money,
  fRoundingAmount: Money,
  nStartTimerTime: EpochMs,
  nExceptEndTime: EpochMs,
  fVipDiscountAmount: Money,
  nIsOpenTiming: z.union([z.literal(0), z.literal(1)]),
  /** TABLE-7: 1 while the session's first round waits for the staff's approval. */
  nHeld: z.union([z.literal(0), z.literal(1)]).optional(),
  /** TABLE-7: 1 once the session ended (settled or cleared): its diners read it, nobody adds to it. */
  nEnded: z.union([z.literal(0), z.literal(1)]).optional(),
  /** Order time, epoch ms. */
  nCreateTime: EpochMs,
  /** The shared-cart room of this order: table_{shopId}_{tableId}_{orderId} (C§4). */
  roomId: z.string().max(100),
  lines: z.array(TableOrderLine).max(500),
});
export type TableOrder = z.infer<typeof TableOrder>;

export const GetTableInfoRes = z.object({
  tableInfo: TableInfoSchema,
  /** The caller's own open orders on this table. */
  userOrders: z.array(TableOrder).max(50),
  /** The order the app should open (first order of an occupied table), if any. */
  order: TableOrder.nullable(),
  allTableOrders: z.array(TableOrder).max(50),
  openid: OpenId,
  /**
   * TABLE-7: whether the caller may order at this table now — the current code came with the call, or
   * they are seated in its running session. Without it the answer names the table and its state only.
   */
  admitted: z.boolean().optional(),
});
export type GetTableInfoRes = z.infer<typeof GetTableInfoRes>;

export const GetTableInfoReq = z
  .object({ tableId: Id.optional(), tableNo: z.string().min(1).max(32).optional(), tableCode: TableCode.optional() })
  .strict()
  .refine((v) => v.tableId !== undefined || v.tableNo !== undefined, { message: 'tableId or tableNo', path: ['tableId'] });

const Diner = { openId: OpenId, nickName: NickName, avatarUrl: AvatarUrl };

export const TableOpenReq = z
  .object({ person: z.number().int().min(1).max(999), tableId: Id, tableCode: TableCode.optional(), ...Diner })
  .strict();

export const UserAddProductsReq = z
  .object({ products: z.array(ProductChoice).min(1).max(200), note: ShortText.optional(), orderId: Id, ...Diner })
  .strict();

/** One round of products a diner added (table/userOrders). */
export const TableBatch = z.object({
  openId: OpenId,
  nickName: NickName,
  avatarUrl: AvatarUrl,
  addedAt: EpochMs,
  note: ShortText,
  lines: z.array(OrderLine).max(200),
  /** TABLE-7: the round waits for the staff's approval. */
  held: z.boolean().optional(),
});
export type TableBatch = z.infer<typeof TableBatch>;

/** table/canPay: whether this diner may settle the table order now (nobody else is paying). */
export const CanPayRes = z.object({
  canPay: z.boolean(),
  /** openId of the diner currently paying, when canPay is false. */
  payingOpenId: OpenId.nullable(),
  total: Money,
});
export type CanPayRes = z.infer<typeof CanPayRes>;

/**
 * table/confirm — settle a table order: same pricing rules and `amountError` answer as order/confirm,
 * for the products already on the order (the client sends no lines).
 */
export const TableConfirmReq = z
  .object({
    orderId: Id,
    openId: OpenId,
    payType: PayTypeSchema,
    payTypeId: Id.optional(),
    vipId: Id.optional(),
    couponId: CouponChoiceSchema.optional(),
    usePoints: z.boolean().optional(),
    promotionCode: z.string().min(1).max(32).optional(),
    payPassword: PayPassword.optional(),
    note: ShortText.optional(),
    expectedTotal: Money,
  })
  .strict();
export type TableConfirmReq = z.infer<typeof TableConfirmReq>;

const OrderDiner = z.object({ openId: OpenId, orderId: Id }).strict();

export const tableCalls = {
  /** By the table's id, or by the number printed on its code (`table_no` of a scan-order link). */
  getTableInfo: defineCall('table/getTableInfo', GetTableInfoReq, GetTableInfoRes),
  /**
   * Open a new order on the table (or join the open one when the table is occupied): needs the
   * table's current `tableCode` (TABLE-7), which seats the caller in the table's session.
   */
  order: defineCall('table/order', TableOpenReq, TableOrder),
  userAddProducts: defineCall('table/userAddProducts', UserAddProductsReq, TableOrder),
  refreshOrder: defineCall('table/refreshOrder', OrderDiner, TableOrder),
  userOrders: defineCall('table/userOrders', z.object({ orderId: Id }).strict(), z.object({ list: z.array(TableBatch).max(200) })),
  canPay: defineCall('table/canPay', OrderDiner, CanPayRes),
  confirm: defineCall('table/confirm', TableConfirmReq, OrderConfirmRes),
  /** Release the paying lock taken by canPay/confirm (the diner left the pay page). */
  cancelPay: defineCall('table/cancelPay', OrderDiner, Ok),
};
