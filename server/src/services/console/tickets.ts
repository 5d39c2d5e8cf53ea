/**
 * Kitchen tickets (CONSOLE-3; docs/console.md "Kitchen tickets"): what the kitchen reads for one order
 * of the board, or for one round a table sent — only that round's items, so a table's second round
 * never reprints the first — and every print of it (`ticket_prints`: when, which width, by whom).
 * Printing itself is the browser's (the console's print view); the server only records it.
 */
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { Ticket, TicketKind, TicketPrint, TicketWidth } from '../../../../src/api/contract/console-floor';
import { OrderType } from '../../../../src/domain/enums';
import type { ServerContext } from '../../context';
import { tableOrderBatches, tableOrders, tables, ticketPrints } from '../../db/schema';
import { fail } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import { toOrderDetail } from '../orders/read';
import { getShop, shopSettingsFor } from '../shops';
import { shopOrder } from './board';
import { areaName } from './floor';
import { publishTable } from './feed';

/** Prints a ticket answer lists at most. */
const PRINTS_LIMIT = 200;

async function printsOf(ctx: ServerContext, shopId: number, kind: TicketKind, id: number): Promise<TicketPrint[]> {
  const rows = await ctx.db
    .select()
    .from(ticketPrints)
    .where(and(eq(ticketPrints.shopId, shopId), eq(ticketPrints.kind, kind), eq(ticketPrints.refId, id)))
    .orderBy(desc(ticketPrints.at), desc(ticketPrints.id))
    .limit(PRINTS_LIMIT);
  return rows.map((r) => ({ width: r.width === 58 ? 58 : 80, by: r.by.slice(0, 64), at: r.at }));
}

/** A round of one of the shop's table orders with its table, else `orderNotFound` (another shop's alike). */
async function shopRound(ctx: ServerContext, shopId: number, id: number) {
  const [row] = await ctx.db
    .select({ batch: tableOrderBatches, order: tableOrders, table: tables })
    .from(tableOrderBatches)
    .innerJoin(tableOrders, eq(tableOrders.id, tableOrderBatches.tableOrderId))
    .innerJoin(tables, eq(tables.id, tableOrders.tableId))
    .where(and(eq(tableOrderBatches.id, id), eq(tableOrders.shopId, shopId)))
    .limit(1);
  if (!row) throw fail('orderNotFound');
  return row;
}

/** A round the kitchen may see: one held for the staff's approval (TABLE-7) is not, until approved. */
async function kitchenRound(ctx: ServerContext, shopId: number, id: number) {
  const row = await shopRound(ctx, shopId, id);
  if (row.batch.held === 1) throw fail('tableRoundHeld');
  return row;
}

const dueOf = (d: ReturnType<typeof toOrderDetail>): Ticket['due'] => {
  if (d.type === OrderType.takeaway) return d.deliveryTime;
  if (d.type === OrderType.selfPickup) return d.pickupTime;
  if (d.type === OrderType.appointment) return d.service?.startTime ?? d.appointmentTime;
  return null;
};

/** `ticket`: an order's ticket (every item of it) or a round's (only that round's items). */
export async function ticketOf(ctx: ServerContext, shopId: number, kind: TicketKind, id: number, lang: Lang): Promise<Ticket> {
  const shopName = shopSettingsFor(await getShop(ctx, shopId), lang).name.slice(0, 140);
  if (kind === 'order') {
    const o = await shopOrder(ctx, shopId, id);
    const d = toOrderDetail(o, shopName);
    return {
      kind,
      id,
      shopName,
      type: d.type,
      tableNo: d.tableNo,
      area: '',
      pickupNo: d.daySeq,
      orderNo: d.orderNo,
      roundNo: null,
      diner: null,
      people: d.people,
      at: d.createdAt,
      due: dueOf(d),
      lines: d.lines,
      note: d.note,
      prints: await printsOf(ctx, shopId, kind, id),
    };
  }
  const { batch, order, table } = await kitchenRound(ctx, shopId, id);
  const before = await ctx.db
    .select({ id: tableOrderBatches.id })
    .from(tableOrderBatches)
    .where(and(eq(tableOrderBatches.tableOrderId, order.id), lte(tableOrderBatches.id, batch.id)))
    .orderBy(asc(tableOrderBatches.id));
  const area = await areaName(ctx, table, lang);
  return {
    kind,
    id,
    shopName,
    type: OrderType.openTable,
    tableNo: table.name.slice(0, 32),
    area: area.slice(0, 140),
    pickupNo: null,
    orderNo: order.orderNo,
    roundNo: before.length,
    diner: batch.nickName.slice(0, 64),
    people: order.person,
    at: batch.addedAt,
    due: null,
    lines: batch.lines,
    note: batch.note.slice(0, 140),
    prints: await printsOf(ctx, shopId, kind, id),
  };
}

/** `ticketPrinted`: records a print (now, the width, by whom); the ticket's prints, newest first. */
export async function recordPrint(ctx: ServerContext, shopId: number, kind: TicketKind, id: number, width: TicketWidth, by: string): Promise<TicketPrint[]> {
  let tableId: number | null = null;
  if (kind === 'order') await shopOrder(ctx, shopId, id);
  else tableId = (await kitchenRound(ctx, shopId, id)).table.id;
  await ctx.db.insert(ticketPrints).values({ shopId, kind, refId: id, width, by, at: ctx.clock.now() });
  // the floor's panel shows when each round was printed
  if (tableId !== null) await publishTable(ctx, shopId, tableId);
  return printsOf(ctx, shopId, kind, id);
}
