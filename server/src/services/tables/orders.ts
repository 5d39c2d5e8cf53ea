/**
 * Open-table orders (C§3 "Table and table order", C§4 "Table state", C§7 table calls, ORDER-4):
 * a diner opens the table's order with the number of people, everyone at the table adds rounds of
 * products from the shared cart during the meal, and one diner settles it at the end (the timed table
 * fee of PRICE-9 included) through the order service.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderConfirmRes, OrderLine } from '../../../../src/api/contract/order';
import type { ProductChoice } from '../../../../src/api/contract/shared-shapes';
import type { CanPayRes, GetTableInfoRes, TableBatch, TableConfirmReq, TableOrder } from '../../../../src/api/contract/table';
import { OrderStatus, OrderType, TableStatus } from '../../../../src/domain/enums';
import * as money from '../../../../src/domain/money';
import { tableFee } from '../../../../src/domain/pricing/table-fee';
import { tableRoomId } from '../../../../src/domain/table';
import type { CartLine, TableTiming } from '../../../../src/domain/types';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { orders, tableOrderBatches, tableOrders, tableSessionDiners, tables, type StoredRoomLine } from '../../db/schema';
import { fail, fromRule } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import { getMenu } from '../menu';
import { rebuildCart } from '../orders/cart';
import { createOrder, type Submitter } from '../orders/create';
import { assertShopOperating, getShop, shopSettingsFor } from '../shops';
import { publishTable } from '../console/feed';
import { createRoomTx, publish, submitRoomTx, type Diner } from './rooms';
import { admitToTable, assertSeated, seatTx, sessionSettingsOf, type CodeGuard } from './sessions';
import { shopZone } from '../../../../src/domain/shop-time';

export type TableOrderRow = typeof tableOrders.$inferSelect;
type TableRow = typeof tables.$inferSelect;
type BatchRow = typeof tableOrderBatches.$inferSelect;

/** C§3 table order status: 0 open, 1 paying, 2 paid, 3 closed. */
export const TableOrderStatus = { open: 0, paying: 1, paid: 2, closed: 3 } as const;

/** How long a diner who asked to pay holds the table's bill (table/canPay) before another may. */
export const PAYING_HOLD_MS = 5 * 60 * 1000;

const OPEN_STATUSES = [TableOrderStatus.open, TableOrderStatus.paying];
const PAID_ORDER = new Set<string>([
  OrderStatus.pending,
  OrderStatus.successed,
  OrderStatus.confirmed_new,
  OrderStatus.confirmed,
  OrderStatus.delivered,
]);
const ENDED_UNPAID = new Set<string>([OrderStatus.nopay_cancel, OrderStatus.closed, OrderStatus.refused]);

const num = (v: string | number): number => money.toNumber(v);

/** The display price of a line: unit price with tastes and meal-set surcharges, times quantity. */
function orderLineOf(l: CartLine, decimals: number): OrderLine {
  const extras = money.sum([
    ...(l.tastes ?? []).map((t) => money.mul(t.price, t.quantity)),
    ...(l.mealset ?? []).map((m) => money.mul(m.price, m.quantity)),
  ]);
  const unit = money.round(money.add(l.price, extras), decimals);
  return {
    flag: l.flag,
    productId: l.id,
    name: l.name,
    ...(l.image ? { image: l.image } : {}),
    ...(l.specId !== undefined && l.specId !== null ? { specId: l.specId } : {}),
    ...(l.specName ? { specName: l.specName } : {}),
    tastes: (l.tastes ?? []).map((t) => ({ id: t.id, quantity: t.quantity, name: t.name, price: t.price })),
    tastesName: l.tastesName ?? '',
    mealset: (l.mealset ?? []).map((m) => ({ groupId: m.groupId, productId: m.id, quantity: m.quantity })),
    mealsetNames: l.mealsetNames ?? '',
    quantity: l.quantity,
    price: money.toNumber(unit),
    originalPrice: money.toNumber(unit),
    amount: money.toNumber(money.round(money.mul(unit, l.quantity), decimals)),
    discountAmount: 0,
  };
}

/** What a cart line stands for as a submission choice (the server re-prices it). */
export const choiceOf = (l: CartLine): ProductChoice => ({
  id: l.id,
  ...(l.specId !== undefined && l.specId !== null ? { specId: l.specId } : {}),
  tastes: (l.tastes ?? []).map((t) => ({ id: t.id, quantity: t.quantity })),
  mealset: (l.mealset ?? []).map((m) => ({ groupId: m.groupId, productId: m.id, quantity: m.quantity })),
  quantity: l.quantity,
  flag: l.flag,
});

/** Brings a paying order's state up to date with the order that collects its payment. */
export async function settleState(ctx: ServerContext, o: TableOrderRow): Promise<TableOrderRow> {
  if (o.status !== TableOrderStatus.paying) return o;
  if (o.settleOrderId === null) {
    // a claim whose order was never placed (the process stopped in between) lapses with its hold
    if ((o.payingUntil ?? 0) >= ctx.clock.now()) return o;
    const [row] = await ctx.db
      .update(tableOrders)
      .set({ status: TableOrderStatus.open, payingUserId: null, payingUntil: null, updatedAt: ctx.clock.now() })
      .where(and(eq(tableOrders.id, o.id), eq(tableOrders.status, TableOrderStatus.paying), sql`${tableOrders.settleOrderId} is null`))
      .returning();
    return row ?? o;
  }
  const [settle] = await ctx.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, o.settleOrderId))
    .limit(1);
  if (!settle) return o;
  let status: number | null = null;
  if (PAID_ORDER.has(settle.status)) status = TableOrderStatus.paid;
  else if (ENDED_UNPAID.has(settle.status)) status = TableOrderStatus.open;
  if (status === null) return o;
  const patch =
    status === TableOrderStatus.open
      ? { status, settleOrderId: null, payingUserId: null, payingUntil: null, updatedAt: ctx.clock.now() }
      : { status, exceptEndTime: ctx.clock.now(), updatedAt: ctx.clock.now() };
  const [row] = await ctx.db
    .update(tableOrders)
    .set(patch)
    .where(and(eq(tableOrders.id, o.id), eq(tableOrders.status, TableOrderStatus.paying)))
    .returning();
  return row ?? o;
}

export async function tableOf(ctx: ServerContext, shopId: number, by: { tableId?: number; tableNo?: string }): Promise<TableRow> {
  const where =
    by.tableId !== undefined
      ? and(eq(tables.shopId, shopId), eq(tables.id, by.tableId))
      : and(eq(tables.shopId, shopId), eq(tables.name, by.tableNo ?? ''));
  const [t] = await ctx.db.select().from(tables).where(where).limit(1);
  if (!t) throw fail('tableNotFound');
  return t;
}

async function openOrdersOf(ctx: ServerContext, tableId: number): Promise<TableOrderRow[]> {
  const rows = await ctx.db
    .select()
    .from(tableOrders)
    .where(and(eq(tableOrders.tableId, tableId), inArray(tableOrders.status, OPEN_STATUSES)))
    .orderBy(asc(tableOrders.id));
  const fresh = await Promise.all(rows.map((o) => settleState(ctx, o)));
  return fresh.filter((o) => OPEN_STATUSES.includes(o.status as 0 | 1));
}

export async function batchesOf(ctx: ServerContext, ids: readonly number[]): Promise<BatchRow[]> {
  if (ids.length === 0) return [];
  return ctx.db
    .select()
    .from(tableOrderBatches)
    .where(inArray(tableOrderBatches.tableOrderId, [...ids]))
    .orderBy(asc(tableOrderBatches.id));
}

/** The table order as the client receives it, with its lines and the timed fee so far. */
function toTableOrder(o: TableOrderRow, table: TableRow, areaName: string, batches: readonly BatchRow[], now: number, decimals: number): TableOrder {
  const lines = batches.flatMap((b) =>
    b.lines.map((l) => ({ ...l, openId: b.openId, nickName: b.nickName, avatarUrl: b.avatarUrl, addedAt: b.addedAt })),
  );
  const sale = money.sum(lines.map((l) => l.amount));
  const fee =
    o.status === TableOrderStatus.paid
      ? tableFee({ fee: num(o.eachFee), feeType: o.feeType, startTime: o.startTimerTime, orderTime: o.createdAt, isOpenTiming: o.isOpenTiming === 1 }, o.exceptEndTime || now, decimals)
      : tableFee({ fee: num(o.eachFee), feeType: o.feeType, startTime: o.startTimerTime, orderTime: o.createdAt, isOpenTiming: o.isOpenTiming === 1 }, now, decimals);
  return {
    id: o.id,
    nShopID: o.shopId,
    sOrderNo: o.orderNo,
    nTableID: o.tableId,
    nOrderStatus: o.status,
    nPerson: o.person,
    sAreaName: areaName,
    sTableName: table.name,
    sCustomizeName: '',
    fEachFee: num(o.eachFee),
    nFeeType: o.feeType,
    fDiscountAmount: 0,
    fReceivedAmount: 0,
    sNote: o.note,
    nPayWay: 0,
    nMemberID: 0,
    fSaleAmount: money.toNumber(sale),
    fTableAmount: money.toNumber(fee.fee),
    fTaxAmount: 0,
    fRoundingAmount: 0,
    nStartTimerTime: o.startTimerTime,
    nExceptEndTime: o.exceptEndTime,
    fVipDiscountAmount: 0,
    nIsOpenTiming: o.isOpenTiming === 1 ? 1 : 0,
    nHeld: batches.some((b) => b.held === 1) ? 1 : 0,
    nEnded: o.status === TableOrderStatus.paid || o.status === TableOrderStatus.closed ? 1 : 0,
    nCreateTime: o.createdAt,
    roomId: tableRoomId(o.shopId, o.tableId, o.id),
    lines,
  };
}

async function areaNameOf(ctx: ServerContext, table: TableRow): Promise<string> {
  if (table.areaId === null) return '';
  const rows = await ctx.db.execute(sql`select name from areas where id = ${table.areaId} limit 1`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: Array<{ name: string }> }).rows) as Array<{ name: string }>;
  return list[0]?.name ?? '';
}

async function view(ctx: ServerContext, shopId: number, list: readonly TableOrderRow[], table: TableRow, lang: Lang): Promise<TableOrder[]> {
  const shop = await getShop(ctx, shopId);
  const decimals = shopSettingsFor(shop, lang).numberDecimals ?? 2;
  const batches = await batchesOf(ctx, list.map((o) => o.id));
  const area = await areaNameOf(ctx, table);
  const now = ctx.clock.now();
  return list.map((o) => toTableOrder(o, table, area, batches.filter((b) => b.tableOrderId === o.id), now, decimals));
}

/** Whether the diner takes part in the order: opened it, sent products, or joined its room. */
async function dinerOrderIds(ctx: ServerContext, userId: number, list: readonly TableOrderRow[]): Promise<Set<number>> {
  const ids = new Set(list.filter((o) => o.openedBy === userId).map((o) => o.id));
  if (list.length === 0) return ids;
  const sent = await ctx.db
    .selectDistinct({ id: tableOrderBatches.tableOrderId })
    .from(tableOrderBatches)
    .where(and(eq(tableOrderBatches.userId, userId), inArray(tableOrderBatches.tableOrderId, list.map((o) => o.id))));
  for (const r of sent) ids.add(r.id);
  const joined = await ctx.db.execute(
    sql`select table_order_id as id from rooms where table_order_id in (${sql.join(
      list.map((o) => sql`${o.id}`),
      sql`, `,
    )}) and diners @> ${JSON.stringify([{ userId }])}::jsonb`,
  );
  const rows = (Array.isArray(joined) ? joined : (joined as { rows: Array<{ id: number }> }).rows) as Array<{ id: number }>;
  for (const r of rows) ids.add(Number(r.id));
  // TABLE-7: seated in the session (opened or joined it with the table's code)
  const seats = await ctx.db
    .select({ id: tableSessionDiners.tableOrderId })
    .from(tableSessionDiners)
    .where(and(eq(tableSessionDiners.userId, userId), inArray(tableSessionDiners.tableOrderId, list.map((o) => o.id))));
  for (const r of seats) ids.add(r.id);
  return ids;
}

/** table/getTableInfo (C§4 "Table state"): nStatus 0 free, 1 one open order, 2 several. */
export async function getTableInfo(
  ctx: ServerContext,
  shopId: number,
  diner: Diner,
  by: { tableId?: number; tableNo?: string; tableCode?: string },
  lang: Lang,
  guard: CodeGuard,
): Promise<GetTableInfoRes> {
  const table = await tableOf(ctx, shopId, by);
  const admission = await admitToTable(ctx, table, diner.userId, by.tableCode, guard);
  if (!admission.admitted) {
    // TABLE-7: without the code (and no seat), the table's name and state only
    const [running] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tableOrders)
      .where(and(eq(tableOrders.tableId, table.id), inArray(tableOrders.status, OPEN_STATUSES)));
    const n = Number(running?.n ?? 0);
    return {
      tableInfo: {
        id: table.id,
        ...(table.areaId !== null ? { nAreaID: table.areaId } : {}),
        nMaxPerson: table.maxPerson,
        nStatus: n === 0 ? TableStatus.free : n === 1 ? TableStatus.occupied : TableStatus.multiple,
        sName: table.name,
        areaName: await areaNameOf(ctx, table),
        nTableStatus: table.tableStatus,
      },
      userOrders: [],
      order: null,
      allTableOrders: [],
      openid: diner.openId,
      admitted: false,
    };
  }
  const open = await openOrdersOf(ctx, table.id);
  const all = await view(ctx, shopId, open, table, lang);
  const mine = await dinerOrderIds(ctx, diner.userId, open);
  const nStatus = open.length === 0 ? TableStatus.free : open.length === 1 ? TableStatus.occupied : TableStatus.multiple;
  return {
    tableInfo: {
      id: table.id,
      ...(table.areaId !== null ? { nAreaID: table.areaId } : {}),
      nMaxPerson: table.maxPerson,
      nStatus,
      sName: table.name,
      areaName: all[0]?.sAreaName ?? (await areaNameOf(ctx, table)),
      fEachFee: num(table.eachFee),
      nFeeType: table.feeType,
      nTableStatus: table.tableStatus,
    },
    userOrders: all.filter((o) => mine.has(o.id)),
    order: all[0] ?? null,
    allTableOrders: all,
    openid: diner.openId,
    admitted: true,
  };
}

/**
 * table/order: opens the table's order, or joins the open one. The table's row is locked while the
 * open orders are read and the new one written, so two diners opening a free table at the same
 * moment get one order.
 */
export async function openTable(
  ctx: ServerContext,
  shopId: number,
  diner: Diner,
  req: { tableId: number; person: number },
  lang: Lang,
  opts: { seat?: boolean; joinOnly?: boolean } = {},
): Promise<TableOrder> {
  const shop = await getShop(ctx, shopId);
  // C§4: a table order is dine-in at the table — a stopped shop's status does not cover it
  assertShopOperating(shop, OrderType.openTable, false);
  const table = await tableOf(ctx, shopId, { tableId: req.tableId });
  if (table.tableStatus !== 1) throw fail('tableNotFound');
  if (req.person < 1 || (table.maxPerson > 0 && req.person > table.maxPerson)) throw fail('incorrectPeopleCount');
  const now = ctx.clock.now();
  const opened = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: tables.id }).from(tables).where(eq(tables.id, table.id)).for('update');
    const [existing] = await tx
      .select()
      .from(tableOrders)
      .where(and(eq(tableOrders.tableId, table.id), inArray(tableOrders.status, OPEN_STATUSES)))
      .orderBy(asc(tableOrders.id))
      .limit(1);
    if (existing) {
      if (opts.seat) await seatTx(tx, existing.id, diner.userId, now);
      return existing;
    }
    // TABLE-7: a shop whose staff open the tables: a diner's scan joins an open table only
    if (opts.joinOnly) throw fail('tableNotOpened');
    const eachFee = num(table.eachFee);
    const [row] = await tx
      .insert(tableOrders)
      .values({
        orderNo: `T${shopId}${now}`,
        shopId,
        tableId: table.id,
        status: TableOrderStatus.open,
        person: req.person,
        openedBy: diner.userId,
        eachFee: table.eachFee,
        feeType: table.feeType,
        isOpenTiming: eachFee > 0 ? 1 : 0,
        startTimerTime: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .update(tableOrders)
      .set({ orderNo: `T${shopId}${String(row.id).padStart(6, '0')}` })
      .where(eq(tableOrders.id, row.id));
    await createRoomTx(tx, now, tableRoomId(shopId, table.id, row.id), shopId, row.id);
    if (opts.seat) await seatTx(tx, row.id, diner.userId, now);
    return { ...row, orderNo: `T${shopId}${String(row.id).padStart(6, '0')}` };
  });
  if (opened.createdAt === now) await publishTable(ctx, shopId, table.id);
  const [out] = await view(ctx, shopId, [opened], table, lang);
  return out;
}

/**
 * table/order from a diner (TABLE-7): the table's current code (or a seat in its running session)
 * admits; the diner is seated in the session they open or join. A shop whose staff open the tables
 * answers `tableNotOpened` for a free table.
 */
export async function openTableByCode(
  ctx: ServerContext,
  shopId: number,
  diner: Diner,
  req: { tableId: number; person: number; tableCode?: string },
  lang: Lang,
  guard: CodeGuard,
): Promise<TableOrder> {
  const table = await tableOf(ctx, shopId, { tableId: req.tableId });
  const admission = await admitToTable(ctx, table, diner.userId, req.tableCode, guard);
  if (!admission.admitted) throw fail('tableCodeInvalid');
  const settings = await sessionSettingsOf(ctx, shopId);
  return openTable(ctx, shopId, diner, { tableId: req.tableId, person: req.person }, lang, { seat: true, joinOnly: settings.openBy === 'staff' });
}

/** A session that ended (settled or cleared) takes nothing more: `tableSessionEnded`. */
function assertRunning(order: TableOrderRow): void {
  if (order.status === TableOrderStatus.paid || order.status === TableOrderStatus.closed) throw fail('tableSessionEnded');
  if (order.status !== TableOrderStatus.open) throw fail('orderStatusInvalid');
}

/** The table order a diner names, of their shop. */
async function ownShopOrder(ctx: ServerContext, shopId: number, orderId: number): Promise<{ order: TableOrderRow; table: TableRow }> {
  const [o] = await ctx.db.select().from(tableOrders).where(eq(tableOrders.id, orderId)).limit(1);
  if (!o || o.shopId !== shopId) throw fail('orderNotFound');
  const [t] = await ctx.db.select().from(tables).where(eq(tables.id, o.tableId)).limit(1);
  return { order: await settleState(ctx, o), table: t };
}

/**
 * table/userAddProducts: the room's cart as it stands goes to the table order as one round, priced
 * from the menu, and the room empties for everyone (a Submitted event). The room's row and the order's
 * row are locked together, so a change racing the submission lands either in this round or in the
 * cart after it, never in both or neither.
 */
export async function addProducts(
  ctx: ServerContext,
  shopId: number,
  diner: Diner,
  req: { orderId: number; note?: string },
  lang: Lang,
): Promise<TableOrder> {
  await assertSeated(ctx, shopId, diner.userId, req.orderId);
  const { order, table } = await ownShopOrder(ctx, shopId, req.orderId);
  assertRunning(order);
  const shop = await getShop(ctx, shopId);
  const { holdFirstRound } = await sessionSettingsOf(ctx, shopId);
  // C§4: a table order is dine-in at the table — a stopped shop's status does not cover it
  assertShopOperating(shop, OrderType.openTable, false);
  const settings = shopSettingsFor(shop, lang);
  const menu = await getMenu(ctx, shopId, lang);
  const decimals = settings.numberDecimals ?? 2;
  const roomId = tableRoomId(shopId, order.tableId, order.id);
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx: Tx) => {
    const [locked] = await tx.select().from(tableOrders).where(eq(tableOrders.id, order.id)).for('update');
    if (!locked) throw fail('orderStatusInvalid');
    assertRunning(locked);
    const submitted = await submitRoomTx(tx, now, roomId, diner, order.id);
    if (submitted.lines.length === 0) throw fail('requiredProduct');
    const rebuilt = rebuildCart(submitted.lines.map(choiceOf), menu, {
      now,
      zone: shopZone(settings),
      memberLevel: null,
      mustPickTypeId: null,
    });
    if ('error' in rebuilt) throw fromRule(rebuilt.error);
    await tx.insert(tableOrderBatches).values({
      tableOrderId: order.id,
      userId: diner.userId,
      openId: diner.openId,
      nickName: diner.nickname,
      avatarUrl: diner.avatar,
      note: req.note ?? '',
      choices: rebuilt.lines.map((l) => choiceOf(l.cart)),
      lines: rebuilt.lines.map((l) => orderLineOf(l.cart, decimals)),
      addedAt: now,
      // TABLE-7: until staff approve the session, its rounds wait (the shop's setting)
      held: holdFirstRound && locked.approvedAt === null ? 1 : 0,
    });
    await tx.update(tableOrders).set({ updatedAt: now }).where(eq(tableOrders.id, order.id));
    return submitted.event;
  });
  await publish(ctx, roomId, done);
  await publishTable(ctx, shopId, order.tableId);
  const [out] = await view(ctx, shopId, [order], table, lang);
  return out;
}

/** table/refreshOrder: the table order as it is now (lines, timed fee); a seated diner's, ended or not. */
export async function refreshOrder(ctx: ServerContext, shopId: number, userId: number, orderId: number, lang: Lang): Promise<TableOrder> {
  await assertSeated(ctx, shopId, userId, orderId);
  const { order, table } = await ownShopOrder(ctx, shopId, orderId);
  const [out] = await view(ctx, shopId, [order], table, lang);
  return out;
}

/** table/userOrders: the rounds sent to the table order, oldest first. */
export async function userOrders(ctx: ServerContext, shopId: number, userId: number, orderId: number): Promise<{ list: TableBatch[] }> {
  await assertSeated(ctx, shopId, userId, orderId);
  const { order } = await ownShopOrder(ctx, shopId, orderId);
  const batches = await batchesOf(ctx, [order.id]);
  return {
    list: batches.map((b) => ({
      openId: b.openId,
      nickName: b.nickName,
      avatarUrl: b.avatarUrl,
      addedAt: b.addedAt,
      note: b.note,
      lines: b.lines,
      ...(b.held === 1 ? { held: true } : {}),
    })),
  };
}

/** A session whose rounds wait for the staff's approval cannot be settled yet: `tableRoundHeld`. */
async function assertNotHeld(ctx: ServerContext, tableOrderId: number): Promise<void> {
  const [held] = await ctx.db
    .select({ id: tableOrderBatches.id })
    .from(tableOrderBatches)
    .where(and(eq(tableOrderBatches.tableOrderId, tableOrderId), eq(tableOrderBatches.held, 1)))
    .limit(1);
  if (held) throw fail('tableRoundHeld');
}

/** The table order's rounds as submission choices (settling the table). */
export async function settleChoices(ctx: ServerContext, orderId: number): Promise<ProductChoice[]> {
  const batches = await batchesOf(ctx, [orderId]);
  const merged = new Map<string, ProductChoice>();
  for (const b of batches)
    for (const c of b.choices) {
      const prev = merged.get(c.flag);
      merged.set(c.flag, prev ? { ...prev, quantity: prev.quantity + c.quantity } : { ...c });
    }
  return [...merged.values()];
}

/**
 * table/canPay: the diner may settle the table when nobody else holds its bill (or the hold ran
 * out); asking takes the hold for PAYING_HOLD_MS. One conditional update decides between diners
 * asking at the same moment.
 */
export async function canPay(ctx: ServerContext, shopId: number, diner: Diner, orderId: number, lang: Lang): Promise<CanPayRes> {
  await assertSeated(ctx, shopId, diner.userId, orderId);
  const { order, table } = await ownShopOrder(ctx, shopId, orderId);
  const [view1] = await view(ctx, shopId, [order], table, lang);
  const total = money.toNumber(money.add(view1.fSaleAmount, view1.fTableAmount));
  if (order.status === TableOrderStatus.paid || order.status === TableOrderStatus.closed) {
    return { canPay: false, payingOpenId: null, total };
  }
  await assertNotHeld(ctx, order.id);
  const now = ctx.clock.now();
  const [held] = await ctx.db
    .update(tableOrders)
    .set({ payingUserId: diner.userId, payingUntil: now + PAYING_HOLD_MS, updatedAt: now })
    .where(
      and(
        eq(tableOrders.id, order.id),
        sql`(${tableOrders.payingUserId} is null or ${tableOrders.payingUserId} = ${diner.userId} or ${tableOrders.payingUntil} < ${now})`,
      ),
    )
    .returning({ id: tableOrders.id });
  if (held) {
    await publishTable(ctx, shopId, order.tableId);
    return { canPay: true, payingOpenId: null, total };
  }
  const [who] = await ctx.db.execute(
    sql`select u.openid from users u join table_orders t on t.paying_user_id = u.id where t.id = ${order.id}`,
  ).then((r) => (Array.isArray(r) ? r : (r as { rows: Array<{ openid: string }> }).rows) as Array<{ openid: string }>);
  return { canPay: false, payingOpenId: who?.openid ?? null, total };
}

/** table/cancelPay: gives the bill back (only the diner holding it can). */
export async function cancelPay(ctx: ServerContext, shopId: number, diner: Diner, orderId: number): Promise<void> {
  await assertSeated(ctx, shopId, diner.userId, orderId);
  const { order } = await ownShopOrder(ctx, shopId, orderId);
  const given = await ctx.db
    .update(tableOrders)
    .set({ payingUserId: null, payingUntil: null, updatedAt: ctx.clock.now() })
    .where(and(eq(tableOrders.id, order.id), eq(tableOrders.payingUserId, diner.userId), eq(tableOrders.status, TableOrderStatus.open)))
    .returning({ id: tableOrders.id });
  if (given.length > 0) await publishTable(ctx, shopId, order.tableId);
}

/** The open table order a diner settles, with what the order service needs to price it. */
export async function settleTarget(
  ctx: ServerContext,
  shopId: number,
  diner: Diner,
  orderId: number,
): Promise<{ order: TableOrderRow; table: TableRow; choices: ProductChoice[] }> {
  await assertSeated(ctx, shopId, diner.userId, orderId);
  const { order, table } = await ownShopOrder(ctx, shopId, orderId);
  assertRunning(order);
  await assertNotHeld(ctx, order.id);
  const now = ctx.clock.now();
  if (order.payingUserId !== null && order.payingUserId !== diner.userId && (order.payingUntil ?? 0) >= now) {
    throw fail('orderStatusInvalid');
  }
  const choices = await settleChoices(ctx, order.id);
  if (choices.length === 0) throw fail('requiredProduct');
  return { order, table, choices };
}

/** Marks the table order as being paid by `settleOrderId`, if it is still open (one settle wins). */
export async function markPaying(ctx: ServerContext, tableOrderId: number, settleOrderId: number, diner: Diner): Promise<boolean> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .update(tableOrders)
    .set({ status: TableOrderStatus.paying, settleOrderId, payingUserId: diner.userId, payingUntil: now + PAYING_HOLD_MS, updatedAt: now })
    .where(and(eq(tableOrders.id, tableOrderId), eq(tableOrders.status, TableOrderStatus.open)))
    .returning({ id: tableOrders.id });
  return rows.length > 0;
}

/** The room lines type (re-exported for the live channel). */
export type { StoredRoomLine };

/**
 * table/confirm: settles the table order. The bill is claimed by one conditional update (status
 * open → paying for this diner), so two diners confirming at once cannot both place a settling order;
 * the order is then placed through the order service with every round re-priced from the menu and the
 * timed table fee (PRICE-9) counted up to now, with the same `amountError` answer as order/confirm.
 */
export async function confirmTable(
  ctx: ServerContext,
  who: Submitter,
  diner: Diner,
  req: TableConfirmReq,
): Promise<OrderConfirmRes> {
  const { order, table, choices } = await settleTarget(ctx, who.shopId, diner, req.orderId);
  const now = ctx.clock.now();
  const claimed = await ctx.db
    .update(tableOrders)
    .set({ status: TableOrderStatus.paying, payingUserId: diner.userId, payingUntil: now + PAYING_HOLD_MS, updatedAt: now })
    .where(
      and(
        eq(tableOrders.id, order.id),
        eq(tableOrders.status, TableOrderStatus.open),
        sql`(${tableOrders.payingUserId} is null or ${tableOrders.payingUserId} = ${diner.userId} or ${tableOrders.payingUntil} < ${now})`,
      ),
    )
    .returning({ id: tableOrders.id });
  if (claimed.length === 0) throw fail('orderStatusInvalid');
  const timing: TableTiming = {
    fee: num(order.eachFee),
    feeType: order.feeType,
    startTime: order.startTimerTime,
    orderTime: order.createdAt,
    isOpenTiming: order.isOpenTiming === 1,
  };
  try {
    const placed = await createOrder(
      ctx,
      who,
      {
        type: OrderType.openTable,
        payType: req.payType,
        ...(req.payTypeId !== undefined ? { payTypeId: req.payTypeId } : {}),
        ...(req.vipId !== undefined ? { vipId: req.vipId } : {}),
        ...(req.couponId !== undefined ? { couponId: req.couponId } : {}),
        ...(req.usePoints !== undefined ? { usePoints: req.usePoints } : {}),
        ...(req.promotionCode !== undefined ? { promotionCode: req.promotionCode } : {}),
        ...(req.payPassword !== undefined ? { payPassword: req.payPassword } : {}),
        note: req.note ?? order.note,
        products: choices,
        table: table.name,
        people: order.person,
        expectedTotal: req.expectedTotal,
      },
      timing,
    );
    await ctx.db.update(tableOrders).set({ settleOrderId: placed.id, updatedAt: ctx.clock.now() }).where(eq(tableOrders.id, order.id));
    await publishTable(ctx, who.shopId, order.tableId);
    return placed;
  } catch (e) {
    await ctx.db
      .update(tableOrders)
      .set({ status: TableOrderStatus.open, updatedAt: ctx.clock.now() })
      .where(and(eq(tableOrders.id, order.id), eq(tableOrders.status, TableOrderStatus.paying), sql`${tableOrders.settleOrderId} is null`));
    throw e;
  }
}
