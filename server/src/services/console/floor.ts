/**
 * The console's floor (CONSOLE-4; docs/console.md "Tables"): the shop's tables by area with the state of
 * the meal on each (free, ordering, eating, bill asked, paid), its rounds and running figures, and the
 * counter's actions on a table: open it for a party, settle it (cash, or a card on the counter's own
 * terminal), clear it.
 *
 * The table orders are those of services/tables/orders.ts (the diners' scan-to-order): the counter
 * opens one as the shop's counter user (a `users` row per shop, made on first use; docs/decisions.md
 * "The floor: tables and kitchen tickets"), and settles one through the same `createOrder` a diner's
 * settlement goes through, with the same timed table fee, as a cash order of the shop marked paid at
 * once. The money figures are the server's: `expectedTotal` is only compared (`amountError` with the
 * fresh figure). A settlement claims the table order with one conditional update (open → paying), so two
 * hands settling at once place one order; the other answers `orderStatusChanged` with the table as it
 * stands. Every change tells the shop's board room after commit (feed.ts `publishTable`).
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { CounterPayMethod, FloorArea, FloorRound, FloorTable, FloorTableState, TableDetail, TableSessionInfo } from '../../../../src/api/contract/console-floor';
import type { OrderSubmission } from '../../../../src/api/contract/order';
import { OrderType, PayType } from '../../../../src/domain/enums';
import { shopClock } from '../../../../src/domain/hours';
import * as money from '../../../../src/domain/money';
import { tableFee } from '../../../../src/domain/pricing/table-fee';
import type { TableTiming } from '../../../../src/domain/types';
import type { ServerContext } from '../../context';
import { areas, orders, rooms, tableCounterActs, tableOrderBatches, tableOrders, tableSessionDiners, tables, ticketPrints, users } from '../../db/schema';
import { scanOrderLink } from '../../tables-link';
import { rotateTableCode, sessionSettingsOf } from '../tables/sessions';
import { AppError, fail } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import { toOrderBreakdown } from '../orders/breakdown';
import { createOrder, priceSubmission, type Submitter } from '../orders/create';
import { merchantAct } from '../orders/merchant-actions';
import { localiseNamed } from '../localise';
import { assertShopOperating, getShop, shopSettingsFor } from '../shops';
import { batchesOf, openTable, settleChoices, settleState, TableOrderStatus, PAYING_HOLD_MS, type TableOrderRow } from '../tables/orders';
import type { Diner } from '../tables/rooms';
import { writeAudit } from './act';
import { publishTable } from './feed';
import { shopZone } from '../../../../src/domain/shop-time';

type TableRow = typeof tables.$inferSelect;
type BatchRow = typeof tableOrderBatches.$inferSelect;
type ActsRow = typeof tableCounterActs.$inferSelect;
type AreaRow = typeof areas.$inferSelect;

/** An area's name in the request's language. */
const areaNameIn = (a: AreaRow, lang: Lang): string => localiseNamed({ name: a.name, nameEn: a.data?.nameEn }, lang).name;

/** The platform of the shops' counter users (one `users` row per shop, openid `counter-<shopId>`). */
export const COUNTER_PLATFORM = 'counter';
export const counterOpenId = (shopId: number): string => `counter-${shopId}`;
/** The name the counter goes by where a diner's name would show (the table's opener). */
const COUNTER_NAME = 'counter';

const OPEN = [TableOrderStatus.open, TableOrderStatus.paying];
const num = (v: string | number): number => money.toNumber(v);

/** The shop's counter user, made on first use (it opens tables and pays settlements at the counter). */
async function counterDiner(ctx: ServerContext, shopId: number): Promise<Diner> {
  const openid = counterOpenId(shopId);
  await ctx.db.insert(users).values({ platform: COUNTER_PLATFORM, openid, nickName: COUNTER_NAME, avatarUrl: '', authorised: false }).onConflictDoNothing();
  const [u] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.openid, openid)).limit(1);
  return { userId: u.id, openId: openid, nickname: COUNTER_NAME, avatar: '' };
}

/** The counter user's id if it exists (0 otherwise: pricing a quote needs no row). */
async function counterIdIfAny(ctx: ServerContext, shopId: number): Promise<number> {
  const [u] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.openid, counterOpenId(shopId))).limit(1);
  return u?.id ?? 0;
}

const timingOf = (o: TableOrderRow): TableTiming => ({
  fee: num(o.eachFee),
  feeType: o.feeType,
  startTime: o.startTimerTime,
  orderTime: o.createdAt,
  isOpenTiming: o.isOpenTiming === 1,
});

/** The shop's day start (its own time zone) and its money decimals. */
async function shopFacts(ctx: ServerContext, shopId: number, lang: Lang) {
  const shop = await getShop(ctx, shopId);
  const settings = shopSettingsFor(shop, lang);
  const now = ctx.clock.now();
  return {
    shop,
    now,
    decimals: settings.numberDecimals ?? 2,
    dayStart: shopClock(now, shopZone(settings)).dayStart,
  };
}

/**
 * The table order on each table: the open (or paying) one, else the last one paid on the shop's day
 * and not cleared yet. A paying order whose settling order was paid (or ended) is brought up to date.
 */
async function currentOrders(ctx: ServerContext, shopId: number, tableIds: readonly number[], dayStart: number): Promise<Map<number, TableOrderRow>> {
  const out = new Map<number, TableOrderRow>();
  if (tableIds.length === 0) return out;
  const rows = await ctx.db
    .select()
    .from(tableOrders)
    .where(
      and(
        eq(tableOrders.shopId, shopId),
        inArray(tableOrders.tableId, [...tableIds]),
        or(inArray(tableOrders.status, OPEN), and(eq(tableOrders.status, TableOrderStatus.paid), sql`${tableOrders.exceptEndTime} >= ${dayStart}`)),
      ),
    )
    .orderBy(asc(tableOrders.id));
  const fresh = await Promise.all(rows.map((o) => settleState(ctx, o)));
  const open = new Map<number, TableOrderRow>();
  const paid = new Map<number, TableOrderRow>();
  for (const o of fresh) {
    if ((OPEN as number[]).includes(o.status)) {
      if (!open.has(o.tableId)) open.set(o.tableId, o);
    } else if (o.status === TableOrderStatus.paid) paid.set(o.tableId, o);
  }
  for (const id of tableIds) {
    const o = open.get(id) ?? paid.get(id);
    if (o) out.set(id, o);
  }
  return out;
}

interface Extras {
  batches: Map<number, BatchRow[]>;
  diners: Map<number, number>;
  acts: Map<number, ActsRow>;
  settled: Map<number, { total: string; paidAt: number | null }>;
}

/** Rounds, diners, the counter's acts and the settling orders of these table orders. */
async function extrasOf(ctx: ServerContext, list: readonly TableOrderRow[]): Promise<Extras> {
  const ids = list.map((o) => o.id);
  const out: Extras = { batches: new Map(), diners: new Map(), acts: new Map(), settled: new Map() };
  if (ids.length === 0) return out;
  for (const b of await batchesOf(ctx, ids)) out.batches.set(b.tableOrderId, [...(out.batches.get(b.tableOrderId) ?? []), b]);
  const roomRows = await ctx.db
    .select({ id: rooms.tableOrderId, n: sql<number>`jsonb_array_length(${rooms.diners})` })
    .from(rooms)
    .where(inArray(rooms.tableOrderId, ids));
  for (const r of roomRows) out.diners.set(r.id, Number(r.n));
  for (const a of await ctx.db.select().from(tableCounterActs).where(inArray(tableCounterActs.tableOrderId, ids))) out.acts.set(a.tableOrderId, a);
  const settleIds = list.flatMap((o) => (o.settleOrderId !== null ? [o.settleOrderId] : []));
  if (settleIds.length > 0) {
    const rows = await ctx.db.select({ id: orders.id, total: orders.total, paidAt: orders.paidAt }).from(orders).where(inArray(orders.id, settleIds));
    for (const r of rows) out.settled.set(r.id, { total: String(r.total), paidAt: r.paidAt ?? null });
  }
  return out;
}

function stateOf(o: TableOrderRow | undefined, rounds: number, now: number): FloorTableState {
  if (!o) return 'free';
  if (o.status === TableOrderStatus.paid) return 'paid';
  if (o.status === TableOrderStatus.paying) return 'billAsked';
  if (o.payingUserId !== null && (o.payingUntil ?? 0) >= now) return 'billAsked';
  return rounds > 0 ? 'eating' : 'ordering';
}

function toFloorTable(t: TableRow, areaName: string, o: TableOrderRow | undefined, x: Extras, now: number, decimals: number, counterId: number): FloorTable {
  const batches = o ? (x.batches.get(o.id) ?? []) : [];
  const state = stateOf(o, batches.length, now);
  const sale = money.sum(batches.flatMap((b) => b.lines.map((l) => l.amount)));
  const end = o && o.status === TableOrderStatus.paid && o.exceptEndTime > 0 ? o.exceptEndTime : now;
  const fee = o ? tableFee(timingOf(o), end, decimals).fee : money.ZERO;
  const settled = o?.settleOrderId != null ? x.settled.get(o.settleOrderId) : undefined;
  const acts = o ? x.acts.get(o.id) : undefined;
  const running = state === 'paid' && settled ? money.of(settled.total) : money.add(sale, fee);
  const method = acts?.settleMethod === 'cash' || acts?.settleMethod === 'card' ? acts.settleMethod : null;
  return {
    id: t.id,
    name: t.name.slice(0, 32),
    areaId: t.areaId,
    area: areaName.slice(0, 140),
    seats: Math.min(999, Math.max(0, t.maxPerson)),
    state,
    tableOrderId: o?.id ?? null,
    orderNo: o?.orderNo ?? null,
    person: o ? Math.min(999, o.person) : 0,
    diners: o ? Math.min(999, x.diners.get(o.id) ?? 0) : 0,
    rounds: batches.length,
    saleAmount: money.toNumber(money.round(sale, decimals)),
    tableFee: money.toNumber(fee),
    runningTotal: money.toNumber(money.round(running, decimals)),
    seatedAt: o ? o.startTimerTime || o.createdAt : null,
    paidAt: state === 'paid' && o ? o.exceptEndTime || settled?.paidAt || null : null,
    settleMethod: method,
    settleOrderId: o?.settleOrderId ?? null,
    openedByStaff: o !== undefined && ((acts?.openedBy ?? null) !== null || (counterId > 0 && o.openedBy === counterId)),
  };
}

/** `tables`: the shop's usable tables by area (areas in their order, then the tables of no area). */
export async function floorTables(ctx: ServerContext, shopId: number, lang: Lang): Promise<{ areas: FloorArea[]; serverTime: number }> {
  const { now, decimals, dayStart } = await shopFacts(ctx, shopId, lang);
  const areaRows = await ctx.db.select().from(areas).where(eq(areas.shopId, shopId)).orderBy(asc(areas.sort), asc(areas.id));
  const tableRows = await ctx.db
    .select()
    .from(tables)
    .where(and(eq(tables.shopId, shopId), eq(tables.tableStatus, 1)))
    .orderBy(asc(tables.id));
  const current = await currentOrders(ctx, shopId, tableRows.map((t) => t.id), dayStart);
  const x = await extrasOf(ctx, [...current.values()]);
  const counterId = await counterIdIfAny(ctx, shopId);
  const names = new Map(areaRows.map((a) => [a.id, areaNameIn(a, lang)]));
  const byArea = new Map<number | null, FloorTable[]>();
  for (const t of tableRows) {
    const key = t.areaId !== null && names.has(t.areaId) ? t.areaId : null;
    const tile = toFloorTable(t, key === null ? '' : (names.get(key) ?? ''), current.get(t.id), x, now, decimals, counterId);
    byArea.set(key, [...(byArea.get(key) ?? []), tile]);
  }
  const out: FloorArea[] = [];
  for (const a of areaRows) {
    const list = byArea.get(a.id);
    if (list) out.push({ id: a.id, name: (names.get(a.id) ?? '').slice(0, 140), tables: list });
  }
  const loose = byArea.get(null);
  if (loose) out.push({ id: null, name: '', tables: loose });
  return { areas: out, serverTime: now };
}

/** A usable table of the shop, else `tableNotFound` (another shop's table is answered alike). */
async function shopTable(ctx: ServerContext, shopId: number, tableId: number): Promise<TableRow> {
  const [t] = await ctx.db
    .select()
    .from(tables)
    .where(and(eq(tables.id, tableId), eq(tables.shopId, shopId)))
    .limit(1);
  if (!t || t.tableStatus !== 1) throw fail('tableNotFound');
  return t;
}

export async function areaName(ctx: ServerContext, t: TableRow, lang: Lang): Promise<string> {
  if (t.areaId === null) return '';
  const [a] = await ctx.db.select().from(areas).where(eq(areas.id, t.areaId)).limit(1);
  return a ? areaNameIn(a, lang) : '';
}

/** The counter's submission for settling a table order (the diner's settlement, paid at the counter). */
function counterSubmission(o: TableOrderRow, t: TableRow, choices: OrderSubmission['products'], expectedTotal: number): OrderSubmission {
  return { type: OrderType.openTable, payType: PayType.cash, note: o.note, products: choices, table: t.name, people: o.person, expectedTotal };
}

const counterWho = (ctx: ServerContext, shopId: number, userId: number, lang: Lang): Submitter => ({
  userId,
  shopId,
  lang,
  abroad: ctx.config.abroadEnv,
  userAgentType: null,
  idempotencyKey: null,
});

/** What settling the table order costs now, as the order engine prices it (no writes). */
async function quote(ctx: ServerContext, o: TableOrderRow, t: TableRow, lang: Lang, userId: number) {
  const choices = await settleChoices(ctx, o.id);
  if (choices.length === 0) throw fail('requiredProduct');
  const p = await priceSubmission(ctx, counterWho(ctx, o.shopId, userId, lang), counterSubmission(o, t, choices, 0), timingOf(o));
  return { choices, breakdown: toOrderBreakdown(p.breakdown, p.activities) };
}

/** `table`: one table with its rounds (each with its last print) and what settling costs now. */
export async function tableDetail(ctx: ServerContext, shopId: number, tableId: number, lang: Lang): Promise<TableDetail> {
  const t = await shopTable(ctx, shopId, tableId);
  const { now, decimals, dayStart } = await shopFacts(ctx, shopId, lang);
  const o = (await currentOrders(ctx, shopId, [t.id], dayStart)).get(t.id);
  const x = await extrasOf(ctx, o ? [o] : []);
  const counterId = await counterIdIfAny(ctx, shopId);
  const table = toFloorTable(t, await areaName(ctx, t, lang), o, x, now, decimals, counterId);
  const batches = o ? (x.batches.get(o.id) ?? []) : [];
  const prints = new Map<number, { last: number; count: number }>();
  if (batches.length > 0) {
    const rows = await ctx.db
      .select({ refId: ticketPrints.refId, at: ticketPrints.at })
      .from(ticketPrints)
      .where(and(eq(ticketPrints.shopId, shopId), eq(ticketPrints.kind, 'round'), inArray(ticketPrints.refId, batches.map((b) => b.id))));
    for (const r of rows) {
      const p = prints.get(r.refId) ?? { last: 0, count: 0 };
      prints.set(r.refId, { last: Math.max(p.last, r.at), count: p.count + 1 });
    }
  }
  const rounds: FloorRound[] = batches.map((b, i) => ({
    id: b.id,
    no: i + 1,
    diner: b.nickName.slice(0, 64),
    addedAt: b.addedAt,
    lines: b.lines,
    note: b.note.slice(0, 140),
    amount: money.toNumber(money.round(money.sum(b.lines.map((l) => l.amount)), decimals)),
    printedAt: prints.get(b.id)?.last ?? null,
    prints: prints.get(b.id)?.count ?? 0,
    ...(b.held === 1 ? { held: true } : {}),
  }));
  let settleTotal: number | null = null;
  let settleError: string | null = null;
  if (o && o.status === TableOrderStatus.open) {
    try {
      settleTotal = (await quote(ctx, o, t, lang, counterId)).breakdown.total;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      settleError = e.code;
    }
  } else if (o && o.status === TableOrderStatus.paying) settleError = 'orderStatusInvalid';
  return { table, rounds, settleTotal, settleError, serverTime: now, session: await sessionInfo(ctx, t, o, batches) };
}

/** The table's code, its printed link and its running session as staff see them (TABLE-7). */
async function sessionInfo(ctx: ServerContext, t: TableRow, o: TableOrderRow | undefined, batches: readonly BatchRow[]): Promise<TableSessionInfo> {
  let seated = 0;
  if (o && (OPEN as number[]).includes(o.status)) {
    const [r] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tableSessionDiners)
      .where(eq(tableSessionDiners.tableOrderId, o.id));
    seated = Number(r?.n ?? 0);
  }
  return {
    code: t.code.slice(0, 64),
    link: scanOrderLink(ctx.config.publicUrl, t.shopId, t.name, t.code).slice(0, 600),
    codeSetAt: t.codeSetAt ?? null,
    seated: Math.min(10000, seated),
    held: batches.some((b) => b.held === 1),
    settings: await sessionSettingsOf(ctx, t.shopId),
  };
}

/**
 * `tableRotateCode` (TABLE-7): the table gets a new code; the old one admits nobody new from now on,
 * while the diners seated in the running session stay seated (their seat, not the code, admits them).
 */
export async function rotateAtCounter(ctx: ServerContext, shopId: number, tableId: number, lang: Lang): Promise<TableDetail> {
  const t = await shopTable(ctx, shopId, tableId);
  await rotateTableCode(ctx, shopId, t.id);
  await publishTable(ctx, shopId, t.id);
  return tableDetail(ctx, shopId, t.id, lang);
}

/**
 * `tableApprove` (TABLE-7): staff approve the session — its held rounds go to the kitchen and later
 * rounds are not held. A session with nothing held (approved already, or another hand approved it)
 * answers `orderStatusChanged` with the table as it stands.
 */
export async function approveAtCounter(ctx: ServerContext, shopId: number, req: { tableId: number; tableOrderId: number }, by: string, lang: Lang): Promise<TableDetail> {
  const t = await shopTable(ctx, shopId, req.tableId);
  const o = await tableOrderOf(ctx, t, req.tableOrderId);
  if (o.status !== TableOrderStatus.open && o.status !== TableOrderStatus.paying) throw await changed(ctx, shopId, t.id, lang);
  const now = ctx.clock.now();
  const released = await ctx.db.transaction(async (tx) => {
    await tx
      .update(tableOrders)
      .set({ approvedAt: now, approvedBy: by, updatedAt: now })
      .where(and(eq(tableOrders.id, o.id), sql`${tableOrders.approvedAt} is null`));
    return tx
      .update(tableOrderBatches)
      .set({ held: 0 })
      .where(and(eq(tableOrderBatches.tableOrderId, o.id), eq(tableOrderBatches.held, 1)))
      .returning({ id: tableOrderBatches.id });
  });
  if (released.length === 0) throw await changed(ctx, shopId, t.id, lang);
  await publishTable(ctx, shopId, t.id);
  return tableDetail(ctx, shopId, t.id, lang);
}

/** `orderStatusChanged` with the table as it stands now (nothing was changed). */
async function changed(ctx: ServerContext, shopId: number, tableId: number, lang: Lang): Promise<AppError> {
  return new AppError('orderStatusChanged', undefined, { table: await tableDetail(ctx, shopId, tableId, lang) });
}

/** Writes (or adds to) the counter's row of a table order. */
async function noteActs(ctx: ServerContext, tableOrderId: number, shopId: number, patch: Partial<Omit<ActsRow, 'tableOrderId' | 'shopId'>>): Promise<void> {
  await ctx.db
    .insert(tableCounterActs)
    .values({ tableOrderId, shopId, ...patch })
    .onConflictDoUpdate({ target: tableCounterActs.tableOrderId, set: patch });
}

/**
 * `tableOpen`: a party sits down at a free table (or one paid and not cleared yet, which is cleared
 * first); the table order is opened by the shop's counter user, so diners who scan the table's code
 * join it. A table already open answers `orderStatusChanged` with it as it stands.
 */
export async function openAtCounter(ctx: ServerContext, shopId: number, tableId: number, person: number, by: string, lang: Lang): Promise<TableDetail> {
  const t = await shopTable(ctx, shopId, tableId);
  if (person < 1 || (t.maxPerson > 0 && person > t.maxPerson)) throw fail('incorrectPeopleCount');
  assertShopOperating(await getShop(ctx, shopId), OrderType.openTable, false);
  const { dayStart } = await shopFacts(ctx, shopId, lang);
  const current = (await currentOrders(ctx, shopId, [t.id], dayStart)).get(t.id);
  if (current && current.status !== TableOrderStatus.paid) throw await changed(ctx, shopId, t.id, lang);
  const now = ctx.clock.now();
  if (current) {
    const cleared = await ctx.db
      .update(tableOrders)
      .set({ status: TableOrderStatus.closed, updatedAt: now })
      .where(and(eq(tableOrders.id, current.id), eq(tableOrders.status, TableOrderStatus.paid)))
      .returning({ id: tableOrders.id });
    if (cleared.length > 0) await noteActs(ctx, current.id, shopId, { clearedBy: by, clearedAt: now });
  }
  const counter = await counterDiner(ctx, shopId);
  const opened = await openTable(ctx, shopId, counter, { tableId: t.id, person }, lang);
  // a diner who opened it a moment before keeps their order: the counter only opened its own
  const [row] = await ctx.db.select({ openedBy: tableOrders.openedBy }).from(tableOrders).where(eq(tableOrders.id, opened.id)).limit(1);
  if (row?.openedBy === counter.userId) await noteActs(ctx, opened.id, shopId, { openedBy: by });
  await publishTable(ctx, shopId, t.id);
  return tableDetail(ctx, shopId, t.id, lang);
}

/** The table order of this table and shop, as it stands (else `tableNotFound`). */
async function tableOrderOf(ctx: ServerContext, t: TableRow, tableOrderId: number): Promise<TableOrderRow> {
  const [o] = await ctx.db
    .select()
    .from(tableOrders)
    .where(and(eq(tableOrders.id, tableOrderId), eq(tableOrders.tableId, t.id), eq(tableOrders.shopId, t.shopId)))
    .limit(1);
  if (!o) throw fail('tableNotFound');
  return settleState(ctx, o);
}

/**
 * `tableSettle`: the party pays at the counter. Priced like a diner's settlement (every round
 * re-priced from the menu, the timed fee up to now, no member card or coupon: the counter is nobody's
 * member); a figure other than `expectedTotal` answers `amountError` with the fresh one before anything
 * is written. The table order is then claimed by one conditional update (open → paying), the order is
 * placed as a cash order of the shop and marked paid at the counter; a card at the counter is the same
 * order with `card` written in the counter's row and the order's audit (docs/decisions.md).
 */
export async function settleAtCounter(
  ctx: ServerContext,
  shopId: number,
  req: { tableId: number; tableOrderId: number; method: CounterPayMethod; expectedTotal: string },
  by: string,
  lang: Lang,
): Promise<{ detail: TableDetail; orderId: number; orderNo: string; total: number }> {
  const t = await shopTable(ctx, shopId, req.tableId);
  const o = await tableOrderOf(ctx, t, req.tableOrderId);
  if (o.status !== TableOrderStatus.open) throw await changed(ctx, shopId, t.id, lang);
  const mismatch = (breakdown: { total: number }) =>
    new AppError('amountError', undefined, { expectedTotal: money.toNumber(req.expectedTotal), total: breakdown.total, breakdown });
  // a wrong figure is refused before anything is written (not even the counter's user)
  const first = await quote(ctx, o, t, lang, await counterIdIfAny(ctx, shopId));
  if (!money.eq(first.breakdown.total, req.expectedTotal)) throw mismatch(first.breakdown);
  const counter = await counterDiner(ctx, shopId);
  const now = ctx.clock.now();
  // claim the bill first, so no round can join it between the figure and the order (a round needs an
  // open table order)
  const claimed = await ctx.db
    .update(tableOrders)
    .set({ status: TableOrderStatus.paying, payingUserId: counter.userId, payingUntil: now + PAYING_HOLD_MS, updatedAt: now })
    .where(and(eq(tableOrders.id, o.id), eq(tableOrders.status, TableOrderStatus.open)))
    .returning({ id: tableOrders.id });
  // another hand (staff, or a diner settling online) claimed the bill first: nothing is placed twice
  if (claimed.length === 0) throw await changed(ctx, shopId, t.id, lang);
  // the bill goes back exactly as it was
  const giveBack = () =>
    ctx.db
      .update(tableOrders)
      .set({ status: TableOrderStatus.open, payingUserId: o.payingUserId, payingUntil: o.payingUntil, updatedAt: o.updatedAt })
      .where(and(eq(tableOrders.id, o.id), eq(tableOrders.status, TableOrderStatus.paying), sql`${tableOrders.settleOrderId} is null`));
  let placed: { id: number; orderNo: string };
  let total: number;
  try {
    // priced again under the claim: a round sent meanwhile is on this bill, or the figure is refused
    const { choices, breakdown } = await quote(ctx, o, t, lang, counter.userId);
    if (!money.eq(breakdown.total, req.expectedTotal)) throw mismatch(breakdown);
    total = breakdown.total;
    placed = await createOrder(ctx, counterWho(ctx, shopId, counter.userId, lang), counterSubmission(o, t, choices, money.toNumber(breakdown.total)), timingOf(o));
  } catch (e) {
    await giveBack();
    throw e;
  }
  const paidAt = ctx.clock.now();
  await ctx.db
    .update(tableOrders)
    .set({ settleOrderId: placed.id, status: TableOrderStatus.paid, exceptEndTime: paidAt, updatedAt: paidAt })
    .where(eq(tableOrders.id, o.id));
  await noteActs(ctx, o.id, shopId, { settleMethod: req.method, settledBy: by, settledAt: paidAt });
  await merchantAct(ctx, { id: placed.id, action: 'cashPaid' });
  await writeAudit(ctx, { orderId: placed.id, shopId, by, action: 'tableSettle', fromStatus: null, toStatus: null, note: req.method });
  await publishTable(ctx, shopId, t.id);
  return { detail: await tableDetail(ctx, shopId, t.id, lang), orderId: placed.id, orderNo: placed.orderNo, total };
}

/**
 * `tableClear`: the party left. A paid table order is closed; so is one opened without any round (a
 * party that left without ordering). A table still eating answers `orderStatusInvalid`: settle first.
 */
export async function clearAtCounter(ctx: ServerContext, shopId: number, req: { tableId: number; tableOrderId: number }, by: string, lang: Lang): Promise<TableDetail> {
  const t = await shopTable(ctx, shopId, req.tableId);
  const o = await tableOrderOf(ctx, t, req.tableOrderId);
  if (o.status === TableOrderStatus.closed) throw await changed(ctx, shopId, t.id, lang);
  const now = ctx.clock.now();
  let cleared: Array<{ id: number }>;
  if (o.status === TableOrderStatus.paid) {
    cleared = await ctx.db
      .update(tableOrders)
      .set({ status: TableOrderStatus.closed, updatedAt: now })
      .where(and(eq(tableOrders.id, o.id), eq(tableOrders.status, TableOrderStatus.paid)))
      .returning({ id: tableOrders.id });
  } else if (o.status === TableOrderStatus.open) {
    if ((await batchesOf(ctx, [o.id])).length > 0) throw fail('orderStatusInvalid');
    // no round may slip in between: the round's insert checks the status under the order's row lock
    cleared = await ctx.db
      .update(tableOrders)
      .set({ status: TableOrderStatus.closed, exceptEndTime: now, updatedAt: now })
      .where(
        and(
          eq(tableOrders.id, o.id),
          eq(tableOrders.status, TableOrderStatus.open),
          sql`not exists (select 1 from ${tableOrderBatches} where ${tableOrderBatches.tableOrderId} = ${o.id})`,
        ),
      )
      .returning({ id: tableOrders.id });
  } else throw fail('orderStatusInvalid');
  if (cleared.length === 0) throw await changed(ctx, shopId, t.id, lang);
  await noteActs(ctx, o.id, shopId, { clearedBy: by, clearedAt: now });
  await publishTable(ctx, shopId, t.id);
  return tableDetail(ctx, shopId, t.id, lang);
}
