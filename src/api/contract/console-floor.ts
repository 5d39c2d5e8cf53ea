/**
 * The console's floor calls (CONSOLE-3 kitchen tickets, CONSOLE-4 tables), joined into `consoleCalls` (./console.ts). This file imports only the shared
 * shapes, never ./console.ts, so the join has no cycle.
 *
 * Tables: the shop's tables by area with their state, the rounds of a table's open order, and the
 * counter's actions (open a table for a party, settle it in cash or by card, clear it). Every figure is
 * the server's: the running total counts the timed table fee (src/domain/pricing/table-fee.ts) up to
 * the server's now, and a settlement is priced again by the order engine and compared with the
 * `expectedTotal` the panel showed (`amountError` with the fresh figure when they differ). A table of
 * another shop is answered like a missing one (`tableNotFound`); a table that moved on meanwhile
 * (another hand settled or cleared it) answers `orderStatusChanged` with the table as it stands.
 *
 * Kitchen tickets: what the kitchen reads for one order or one table round (only that round's items),
 * and the list of its prints (when, which width, by whom).
 */
import { z } from 'zod';
import { EpochMs, Id, Money, ShortText, defineCall } from './common';
import { OrderLine, OrderTypeSchema } from './order';

/** A table's state on the floor. */
export const FloorTableState = z.enum(['free', 'ordering', 'eating', 'billAsked', 'paid']);
export type FloorTableState = z.infer<typeof FloorTableState>;

/** How the counter took the money: cash, or a card on the counter's own terminal. */
export const CounterPayMethod = z.enum(['cash', 'card']);
export type CounterPayMethod = z.infer<typeof CounterPayMethod>;

/** An amount typed or shown as text ("123.40"): at most 4 decimals. */
export const MoneyText = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/);

/** One table as a floor tile shows it. */
export const FloorTable = z
  .object({
    id: Id,
    name: z.string().max(32),
    areaId: Id.nullable(),
    area: ShortText,
    /** Seats (the table's maximum of people; 0 = no limit). */
    seats: z.number().int().min(0).max(999),
    state: FloorTableState,
    /** The table order on the table now (null when free). */
    tableOrderId: Id.nullable(),
    orderNo: z.string().max(64).nullable(),
    /** People the party said when the table was opened. */
    person: z.number().int().min(0).max(999),
    /** Diners who joined the table's live cart. */
    diners: z.number().int().min(0).max(999),
    /** Rounds sent to the kitchen. */
    rounds: z.number().int().min(0).max(10000),
    /** The rounds' lines as priced when sent. */
    saleAmount: Money,
    /** The timed table fee up to the server's now (or up to the payment once paid). */
    tableFee: Money,
    /** saleAmount + tableFee; once paid, the amount paid. */
    runningTotal: Money,
    /** When the party sat down (the table order's opening). */
    seatedAt: EpochMs.nullable(),
    paidAt: EpochMs.nullable(),
    /** A settlement at the counter: how it was paid (null for a diner's own settlement). */
    settleMethod: CounterPayMethod.nullable(),
    /** The order that collected the payment. */
    settleOrderId: Id.nullable(),
    /** Opened by staff at the counter (not by a diner's scan). */
    openedByStaff: z.boolean(),
  })
  .strict();
export type FloorTable = z.infer<typeof FloorTable>;

export const FloorArea = z
  .object({
    /** null: the tables of no area. */
    id: Id.nullable(),
    name: ShortText,
    tables: z.array(FloorTable).max(500),
  })
  .strict();
export type FloorArea = z.infer<typeof FloorArea>;

/** One round a table sent to the kitchen, as its ticket names it. */
export const FloorRound = z
  .object({
    id: Id,
    /** 1 for the table order's first round. */
    no: z.number().int().min(1).max(10000),
    diner: z.string().max(64),
    addedAt: EpochMs,
    lines: z.array(OrderLine).max(500),
    note: ShortText,
    amount: Money,
    /** The last print of its ticket (null: never printed). */
    printedAt: EpochMs.nullable(),
    prints: z.number().int().min(0).max(10000),
    /** TABLE-7: the round waits for the staff's approval (the shop holds a session's first round). */
    held: z.boolean().optional(),
  })
  .strict();
export type FloorRound = z.infer<typeof FloorRound>;

/** Who opens a free table: the first diner's scan, or staff at the counter (TABLE-7). */
export const TableOpenBy = z.enum(['diner', 'staff']);
export type TableOpenBy = z.infer<typeof TableOpenBy>;

/** How the shop runs its table sessions (TABLE-7). */
export const TableSessionSettings = z.object({ openBy: TableOpenBy, holdFirstRound: z.boolean() }).strict();
export type TableSessionSettings = z.infer<typeof TableSessionSettings>;

/** A table's code and session as staff see them (TABLE-7). */
export const TableSessionInfo = z
  .object({
    /** The table's current code (`tableCode` of its scan-order link). */
    code: z.string().max(64),
    /** The scan-order link with the code, as printed on the table's QR code. */
    link: z.string().max(600),
    /** When staff last rotated the code (null: the code the table was made with). */
    codeSetAt: EpochMs.nullable(),
    /** Customers seated in the session now (by its code). */
    seated: z.number().int().min(0).max(10000),
    /** The session's rounds wait for the staff's approval. */
    held: z.boolean(),
    settings: TableSessionSettings,
  })
  .strict();
export type TableSessionInfo = z.infer<typeof TableSessionInfo>;

export const TableDetail = z
  .object({
    table: FloorTable,
    rounds: z.array(FloorRound).max(1000),
    /**
     * What settling now costs, priced by the order engine like a diner's settlement (the rounds
     * re-priced from the menu, the timed fee up to now); null when there is nothing to settle or it
     * cannot be settled now (`settleError` says why).
     */
    settleTotal: Money.nullable(),
    settleError: z.string().max(40).nullable(),
    serverTime: EpochMs,
    /** TABLE-7: the table's code, its printed link and the session's state. */
    session: TableSessionInfo.optional(),
  })
  .strict();
export type TableDetail = z.infer<typeof TableDetail>;

export const TicketKind = z.enum(['order', 'round']);
export type TicketKind = z.infer<typeof TicketKind>;
export const TicketWidth = z.union([z.literal(58), z.literal(80)]);
export type TicketWidth = z.infer<typeof TicketWidth>;

export const TicketPrint = z.object({ width: TicketWidth, by: z.string().max(64), at: EpochMs }).strict();
export type TicketPrint = z.infer<typeof TicketPrint>;

/** A kitchen ticket: the header the kitchen reads first, then only the items of that order or round. */
export const Ticket = z
  .object({
    kind: TicketKind,
    id: Id,
    shopName: ShortText,
    type: OrderTypeSchema,
    tableNo: z.string().max(32).nullable(),
    area: ShortText,
    /** The shop's number of the day (an order's; a round has none). */
    pickupNo: z.number().int().nonnegative().nullable(),
    /** The order's number, or the table order's for a round. */
    orderNo: z.string().max(64),
    /** A round: its number in the table order, and the diner who sent it. */
    roundNo: z.number().int().min(1).max(10000).nullable(),
    diner: z.string().max(64).nullable(),
    people: z.number().int().min(0).max(999).nullable(),
    /** When the order was placed or the round sent. */
    at: EpochMs,
    /** An order's due time: ASAP or the chosen instant (null for rounds and dine-in). */
    due: z.union([z.literal('ASAP'), EpochMs]).nullable(),
    lines: z.array(OrderLine).max(500),
    note: ShortText,
    prints: z.array(TicketPrint).max(200),
  })
  .strict();
export type Ticket = z.infer<typeof Ticket>;

const TableReq = z.object({ shopId: Id, tableId: Id }).strict();
const TicketReq = z.object({ shopId: Id, kind: TicketKind, id: Id }).strict();

export const floorCalls = {
  /** The floor: the shop's usable tables by area, each with its state and running figures. */
  tables: defineCall('tables', z.object({ shopId: Id }).strict(), z.object({ areas: z.array(FloorArea).max(200), serverTime: EpochMs }).strict()),
  /** One table with the rounds of its order (each with its last print) and what settling costs now. */
  table: defineCall('table', TableReq, TableDetail),
  /** Opens a free (or paid) table for a party of `person` at the counter; diners who scan join its order. */
  tableOpen: defineCall('tableOpen', TableReq.extend({ person: z.number().int().min(1).max(999) }).strict(), TableDetail),
  /**
   * Settles the table at the counter (`cash` or `card`): priced as a diner's settlement, compared
   * with `expectedTotal` (the figure the panel showed), placed as a paid order of the shop. Two staff
   * settling at once: one wins, the other gets `orderStatusChanged` and nothing is paid twice.
   */
  tableSettle: defineCall(
    'tableSettle',
    TableReq.extend({ tableOrderId: Id, method: CounterPayMethod, expectedTotal: MoneyText }).strict(),
    z.object({ detail: TableDetail, orderId: Id, orderNo: z.string().max(64), total: Money }).strict(),
  ),
  /** Clears a paid table (or one opened without any round) for the next party. */
  tableClear: defineCall('tableClear', TableReq.extend({ tableOrderId: Id }).strict(), TableDetail),
  /**
   * TABLE-7: gives the table a new code. The old code admits nobody new at once; diners seated in the
   * running session stay seated. Answers the table with its new code and link.
   */
  tableRotateCode: defineCall('tableRotateCode', TableReq, TableDetail),
  /** TABLE-7: approves the session's held rounds (the shop holds a session's first round). */
  tableApprove: defineCall('tableApprove', TableReq.extend({ tableOrderId: Id }).strict(), TableDetail),
  /** TABLE-7: how the shop runs its table sessions. */
  tableSessionSettings: defineCall('tableSessionSettings', z.object({ shopId: Id }).strict(), TableSessionSettings),
  /** TABLE-7: saves how the shop runs its table sessions (owners only). */
  tableSessionSettingsSave: defineCall('tableSessionSettingsSave', TableSessionSettings.extend({ shopId: Id }).strict(), TableSessionSettings),
  /** A kitchen ticket: an order's, or a table round's (only that round's items). */
  ticket: defineCall('ticket', TicketReq, Ticket),
  /** Records a print of the ticket (now, the width, the staff member); answers its prints. */
  ticketPrinted: defineCall('ticketPrinted', TicketReq.extend({ width: TicketWidth }).strict(), z.object({ prints: z.array(TicketPrint).max(200) }).strict()),
} as const;
