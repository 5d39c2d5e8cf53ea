/**
 * The shared cart of a table order (C§4 "Cart sync", API-3, TABLE-4/5): one `rooms` row per table
 * order, changed through the domain's `applyCartOp` by one conditional write per operation (the
 * room's version and its open table order are checked in the write itself). Every accepted operation
 * raises the room's version by one; the change is committed first and only then acknowledged and
 * fanned out (the bus), each message carrying the version as its sequence number.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CartOperateReq, CartOperateRes, RoomCart } from '../../../../src/api/contract/message';
import type { WsServerMessage } from '../../../../src/api/contract/ws';
import { applyCartOp, type CartOp } from '../../../../src/domain/cart';
import { CartOperation, CartReplyCode } from '../../../../src/domain/enums';
import { parseTableRoomId } from '../../../../src/domain/table';
import type { CartLine } from '../../../../src/domain/types';
import { perServer, type ServerContext } from '../../context';
import type { Tx } from '../../db/client';
import { rooms, tableOrders, tableSessionDiners, users, type StoredDiner, type StoredRoomLine } from '../../db/schema';
import { fail } from '../../http/errors';
import { messageFor, type Lang } from '../../i18n/messages';
import { getMenu } from '../menu';
import { rebuildCart } from '../orders/cart';
import { getShop, shopSettingsFor } from '../shops';
import { roomBus } from './bus';
import { isSeated } from './sessions';
import { shopZone } from '../../../../src/domain/shop-time';

/** Most lines a room's cart holds (the contract's bound). */
export const ROOM_MAX_LINES = 500;
/** Most diners a room lists. */
export const ROOM_MAX_DINERS = 200;

export type RoomRow = typeof rooms.$inferSelect;

/** Who acts in a room: the token's user, with the name and picture shown to the table. */
export type Diner = StoredDiner;

const publicDiner = (d: Diner) => ({ openId: d.openId, nickname: d.nickname, avatar: d.avatar });

/** The room's cart as the client receives it. */
export function roomCart(row: Pick<RoomRow, 'lines' | 'version'>): RoomCart {
  return { products: row.lines, version: row.version };
}

/** A snapshot frame of the room. */
export function snapshotOf(row: RoomRow, seq?: number): Extract<WsServerMessage, { type: 'snapshot' }> {
  return {
    type: 'snapshot',
    ...(seq === undefined ? {} : { seq }),
    products: row.lines,
    version: row.version,
    diners: row.diners.map(publicDiner),
  };
}

/**
 * The room a user may use: the id names a room that exists, of the user's shop, whose session the
 * user is seated in (TABLE-7; checked from the id before the room is read). Anything else is the same
 * "not found" (no hint whether another shop's room, or another party's, exists).
 */
export async function roomForUser(ctx: ServerContext, roomId: string, shopId: number, userId: number): Promise<RoomRow> {
  const parsed = parseTableRoomId(roomId);
  if (!parsed || Number(parsed.shopId) !== shopId) throw fail('tableNotFound');
  const tableOrderId = /^[1-9]\d{0,9}$/.test(parsed.orderId) ? Number(parsed.orderId) : 0;
  if (tableOrderId <= 0 || tableOrderId > 2147483647) throw fail('tableNotFound');
  if (!(await isSeated(ctx, tableOrderId, userId))) throw fail('tableNotFound');
  const [row] = await ctx.db.select().from(rooms).where(eq(rooms.id, roomId)).limit(1);
  if (!row || row.shopId !== shopId || row.tableOrderId !== tableOrderId) throw fail('tableNotFound');
  return row;
}

/**
 * The live channel's admission in one statement (TABLE-7: `roomForUser`'s check, a running session and
 * the user's profile): the room exists, is of the shop and of the table order its id
 * names, that session runs (open or paying) and the user is seated in it. Returns the user's profile
 * (the diner as the room shows them until they join), or null for anything else. A restarted node
 * admits a whole floor at once: one statement a socket instead of four.
 */
export async function admitToLiveRoom(
  ctx: ServerContext,
  roomId: string,
  shopId: number,
  userId: number,
): Promise<{ openid: string; nickName: string; avatarUrl: string } | null> {
  const parsed = parseTableRoomId(roomId);
  if (!parsed || Number(parsed.shopId) !== shopId) return null;
  const tableOrderId = /^[1-9]\d{0,9}$/.test(parsed.orderId) ? Number(parsed.orderId) : 0;
  if (tableOrderId <= 0 || tableOrderId > 2147483647) return null;
  const [row] = await admissionStatement(ctx).execute({ room: roomId, shop: shopId, order: tableOrderId, user: userId });
  return row ?? null;
}

const admissionStatement = perServer((ctx) =>
  ctx.db
    .select({ openid: users.openid, nickName: users.nickName, avatarUrl: users.avatarUrl })
    .from(rooms)
    .innerJoin(tableOrders, eq(tableOrders.id, rooms.tableOrderId))
    .innerJoin(
      tableSessionDiners,
      and(eq(tableSessionDiners.tableOrderId, rooms.tableOrderId), eq(tableSessionDiners.userId, sql.placeholder('user'))),
    )
    .innerJoin(users, eq(users.id, tableSessionDiners.userId))
    .where(
      and(
        eq(rooms.id, sql.placeholder('room')),
        eq(rooms.shopId, sql.placeholder('shop')),
        eq(rooms.tableOrderId, sql.placeholder('order')),
        inArray(tableOrders.status, [0, 1]),
      ),
    )
    .limit(1)
    .prepare('rooms_admission'),
);

/** One change of the room, as committed: what to answer the sender and what to fan out. */
export interface RoomChange {
  code: CartReplyCode;
  reason: string;
  latestProduct: CartLine | null;
  version: number;
  /** The event sent to everyone in the room; null when nothing changed. */
  event: Extract<WsServerMessage, { type: 'event' }> | null;
  /** The room as this change committed it (at `version`); absent when nothing was written. */
  row?: RoomRow;
}

export type RoomOp =
  | { type: 'add' | 'edit' | 'delete'; line: CartLine }
  | { type: 'clear' }
  | { type: 'submitted'; orderId: number }
  | { type: 'joined' };

const refused = (code: CartReplyCode, reason: string, latest: CartLine | null, version: number): RoomChange => ({
  code,
  reason,
  latestProduct: latest,
  version,
  event: null,
});

const REASON_KEY: Partial<Record<CartReplyCode, Parameters<typeof messageFor>[0]>> = {
  [CartReplyCode.ParamsError]: 'badRequest',
  [CartReplyCode.ProductBusy]: 'cartProductBusy',
  [CartReplyCode.ProductNotFound]: 'cartProductGone',
  [CartReplyCode.EditFail]: 'cartEditFailed',
  [CartReplyCode.CleanFail]: 'cartClearFailed',
};

/** The localised reason of a refused operation (C§4: shown to the diner). */
function reasonOf(code: CartReplyCode, lang: Lang): string {
  const key = REASON_KEY[code];
  return key ? messageFor(key, lang) : '';
}

/**
 * The line a diner sent, rebuilt from the shop's menu (names, prices and categories are the server's;
 * only the choice, the quantity and the version edited come from the client). The rebuilt flag must
 * be the one sent: a line whose flag does not match its choices is refused.
 */
async function trustedLine(
  ctx: ServerContext,
  shopId: number,
  line: CartLine,
  lang: Lang,
): Promise<{ line: CartLine } | { reason: string }> {
  const shop = await getShop(ctx, shopId);
  const settings = shopSettingsFor(shop, lang);
  const menu = await getMenu(ctx, shopId, lang);
  const rebuilt = rebuildCart(
    [
      {
        id: line.id,
        ...(line.specId !== undefined && line.specId !== null ? { specId: line.specId } : {}),
        tastes: (line.tastes ?? []).map((t) => ({ id: t.id, quantity: t.quantity })),
        mealset: (line.mealset ?? []).map((m) => ({ groupId: m.groupId, productId: m.id, quantity: m.quantity })),
        quantity: Math.max(1, line.quantity),
        flag: line.flag,
      },
    ],
    menu,
    {
      now: ctx.clock.now(),
      zone: shopZone(settings),
      memberLevel: null,
      mustPickTypeId: null,
    },
  );
  if ('error' in rebuilt) return { reason: messageFor(rebuilt.error.code, lang, rebuilt.error.params) };
  const cart = rebuilt.lines[0].cart;
  if (cart.flag !== line.flag) return { reason: messageFor('badRequest', lang) };
  return { line: { ...cart, quantity: line.quantity, ...(line.version !== undefined ? { version: line.version } : {}) } };
}

/**
 * Applies one operation; it is committed before this returns (and only then answered and fanned
 * out). `connected`: the caller's socket was let into this room of this shop when it connected, so the
 * room is not looked up first (the write checks the room's shop all the same).
 */
export async function operateRoom(
  ctx: ServerContext,
  roomId: string,
  shopId: number,
  diner: Diner,
  op: RoomOp,
  lang: Lang,
  connected = false,
): Promise<RoomChange> {
  const room = connected ? null : await roomForUser(ctx, roomId, shopId, diner.userId);
  // the client's line is priced from the menu before the lock is taken (no reads of the menu under it)
  let line: CartLine | null = null;
  if (op.type === 'add' || op.type === 'edit' || op.type === 'delete') {
    if (op.type === 'delete') {
      line = op.line;
    } else {
      const trusted = await trustedLine(ctx, shopId, op.line, lang);
      if ('reason' in trusted) return refused(CartReplyCode.ParamsError, trusted.reason, null, room?.version ?? 0);
      line = trusted.line;
    }
  }
  const by = publicDiner(diner);
  const change = await inRoomOrder(ctx, roomId, () => commitRoomOp(ctx, roomId, shopId, diner, by, op, line, lang));
  if (change.event) await publish(ctx, roomId, change.event);
  return change;
}

/** The rooms this process last wrote or read, as committed (a stale one is noticed by its version). */
const roomCache = perServer(() => new Map<string, RoomRow>());
/** Operations of one room on this process run one after another (in the order they came). */
const roomQueues = perServer(() => new Map<string, Promise<unknown>>());
const ROOM_CACHE_MAX = 20_000;
const ROOM_OP_ATTEMPTS = 12;
/**
 * After a lost write race (another node wrote the room first), wait a little before reading it again:
 * a node with a queue of the room's operations writes back to back, and retrying at once can lose to
 * each of them. The pause grows with each loss (1, 2, 4 … ms, at most 32) and is jittered, so two
 * nodes retrying do not meet again in step.
 */
function lostRaceBackoff(attempt: number): Promise<void> {
  const ceiling = Math.min(32, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}

/**
 * A room's message went out at `version` (this process or another): a remembered copy older than it
 * is dropped, so the next operation reads the room instead of trying a write that cannot match.
 */
export function noteRoomVersion(ctx: ServerContext, roomId: string, version: number): void {
  const cache = roomCache(ctx);
  const row = cache.get(roomId);
  if (row && row.version < version) cache.delete(roomId);
}

/**
 * The room as just read from the database (committed at its version): remembered unless this process
 * knows a later version, so the next operation of the room writes without reading it first.
 */
export function rememberRoom(ctx: ServerContext, row: RoomRow): void {
  const cache = roomCache(ctx);
  const known = cache.get(row.id);
  if (known && known.version >= row.version) return;
  if (cache.size >= ROOM_CACHE_MAX) cache.clear();
  cache.set(row.id, row);
}

/**
 * The diner is in the room's list exactly as they would join (same user, open id, name and picture):
 * joining again would change nothing.
 */
export function seatedAs(row: Pick<RoomRow, 'diners'>, diner: Diner): boolean {
  return row.diners.some(
    (d) => d.userId === diner.userId && d.openId === diner.openId && d.nickname === diner.nickname && d.avatar === diner.avatar,
  );
}

function inRoomOrder<T>(ctx: ServerContext, roomId: string, run: () => Promise<T>): Promise<T> {
  const queues = roomQueues(ctx);
  const before = queues.get(roomId) ?? Promise.resolve();
  const mine = before.then(run, run);
  const tail = mine.catch(() => undefined);
  queues.set(roomId, tail);
  void tail.then(() => {
    if (queues.get(roomId) === tail) queues.delete(roomId);
  });
  return mine;
}

/** The room as committed now, with whether its table order still takes changes. */
async function readRoom(ctx: ServerContext, roomId: string): Promise<{ row: RoomRow; open: boolean } | null> {
  const [found] = await roomStatements(ctx).read.execute({ id: roomId });
  return found ? { row: found.row, open: found.status === 0 } : null;
}

/**
 * The statements of every operation, prepared once per server: building a query through drizzle
 * costs more CPU than PostgreSQL spends running it, and the room's write runs once per operation.
 */
const roomStatements = perServer((ctx) => ({
  read: ctx.db
    .select({ row: rooms, status: tableOrders.status })
    .from(rooms)
    .innerJoin(tableOrders, eq(tableOrders.id, rooms.tableOrderId))
    .where(eq(rooms.id, sql.placeholder('id')))
    .limit(1)
    .prepare('rooms_read'),
  write: ctx.db
    .update(rooms)
    .set({
      lines: sql`${sql.placeholder('lines')}::jsonb`,
      diners: sql`${sql.placeholder('diners')}::jsonb`,
      version: sql`${sql.placeholder('version')}::integer`,
      updatedAt: sql`${sql.placeholder('now')}::bigint`,
    })
    .where(
      and(
        eq(rooms.id, sql.placeholder('id')),
        eq(rooms.version, sql.placeholder('was')),
        sql`exists (select 1 from ${tableOrders} where ${tableOrders.id} = ${rooms.tableOrderId} and ${tableOrders.status} = 0)`,
      ),
    )
    .returning({ version: rooms.version })
    .prepare('rooms_write'),
}));

/**
 * One operation, committed by one conditional statement: the new state is computed from the room as
 * this process knows it and written only if the room is still at that version and its table order is
 * open. Another process (or a submission) having changed the room in between makes the statement
 * change nothing: the room is read again and the operation computed anew. A refusal is only given
 * against the room as read from the database, never against a remembered copy.
 */
async function commitRoomOp(
  ctx: ServerContext,
  roomId: string,
  shopId: number,
  diner: Diner,
  by: ReturnType<typeof publicDiner>,
  op: RoomOp,
  line: CartLine | null,
  lang: Lang,
): Promise<RoomChange> {
  const cache = roomCache(ctx);
  for (let attempt = 0; attempt < ROOM_OP_ATTEMPTS; attempt += 1) {
    let row = cache.get(roomId) ?? null;
    const fresh = row === null;
    if (fresh) {
      const read = await readRoom(ctx, roomId);
      if (!read || read.row.shopId !== shopId) return refused(CartReplyCode.ParamsError, messageFor('tableNotFound', lang), null, 0);
      if (!read.open) return refused(CartReplyCode.EditFail, messageFor('orderStatusInvalid', lang), null, read.row.version);
      row = read.row;
    }
    if (row!.shopId !== shopId) return refused(CartReplyCode.ParamsError, messageFor('tableNotFound', lang), null, 0);
    if (op.type === 'joined' && seatedAs(row!, diner)) {
      // already seated under this name (a reconnect): nothing to write, answered from the room as
      // read now — never from a remembered copy, so the version the caller gets is current
      if (!fresh) {
        cache.delete(roomId);
        continue;
      }
      rememberRoom(ctx, row!);
      return { code: CartReplyCode.ok, reason: '', latestProduct: null, version: row!.version, event: null, row: row! };
    }
    const next = nextRoomState(row!, diner, by, op, line, lang);
    if ('refusal' in next) {
      // a refusal must hold against the room as it is, not as this process last saw it
      if (!fresh) {
        cache.delete(roomId);
        continue;
      }
      return next.refusal;
    }
    const version = row!.version + 1;
    const now = ctx.clock.now();
    const written = await roomStatements(ctx).write.execute({
      lines: JSON.stringify(next.lines),
      diners: JSON.stringify(next.diners),
      version,
      now,
      id: roomId,
      was: row!.version,
    });
    if (written.length === 0) {
      cache.delete(roomId);
      if (attempt > 0) await lostRaceBackoff(attempt);
      continue;
    }
    if (cache.size >= ROOM_CACHE_MAX) cache.clear();
    // the statement wrote exactly these lines and diners over the row at `was`: the room as committed
    const committed: RoomRow = { ...row!, lines: next.lines, diners: next.diners, version, updatedAt: now };
    cache.set(roomId, committed);
    return { ...next.change(version), row: committed };
  }
  return refused(CartReplyCode.EditFail, reasonOf(CartReplyCode.EditFail, lang), null, 0);
}

/** What an operation makes of the room: its new lines and diners, or the refusal. */
function nextRoomState(
  row: RoomRow,
  diner: Diner,
  by: ReturnType<typeof publicDiner>,
  op: RoomOp,
  line: CartLine | null,
  lang: Lang,
): { refusal: RoomChange } | { lines: StoredRoomLine[]; diners: StoredDiner[]; change: (version: number) => RoomChange } {
  let lines: StoredRoomLine[] = row.lines;
  let diners = row.diners;
  let latest: CartLine | null = null;
  let operation: CartOperation;
  let orderId: number | undefined;
  if (op.type === 'joined') {
    operation = CartOperation.Joined;
    const others = diners.filter((d) => d.userId !== diner.userId);
    diners = [...others, diner].slice(-ROOM_MAX_DINERS);
  } else if (op.type === 'submitted') {
    if (op.orderId !== row.tableOrderId) return { refusal: refused(CartReplyCode.ParamsError, messageFor('badRequest', lang), null, row.version) };
    operation = CartOperation.Submitted;
    lines = [];
    orderId = op.orderId;
  } else {
    const cartOp: CartOp = op.type === 'clear' ? { type: 'clear' } : { type: op.type, line: line! };
    const result = applyCartOp(row.lines, cartOp, { versioned: true, maxLines: ROOM_MAX_LINES });
    if (!result.ok) {
      const code = op.type === 'clear' ? CartReplyCode.CleanFail : result.code;
      return { refusal: refused(code, reasonOf(code, lang), result.latest, row.version) };
    }
    latest = result.latest ? ({ ...result.latest, by } as StoredRoomLine) : null;
    lines = result.lines.map((l) => (latest && l.flag === latest.flag ? (latest as StoredRoomLine) : l));
    operation =
      op.type === 'add'
        ? CartOperation.Add
        : op.type === 'edit'
          ? CartOperation.Edit
          : op.type === 'delete'
            ? CartOperation.Delete
            : CartOperation.Clear;
    // an edit to 0 removes the line: everyone sees a delete
    if (op.type === 'edit' && latest === null) operation = CartOperation.Delete;
  }
  const product: CartLine | null = latest ?? (operation === CartOperation.Delete && line ? { ...line, quantity: 0 } : null);
  return {
    lines,
    diners,
    change: (version) => ({
      code: CartReplyCode.ok,
      reason: '',
      latestProduct: latest,
      version,
      event: { type: 'event', operation, product, by, version, ...(orderId !== undefined ? { orderId } : {}) },
    }),
  };
}

/** Sends a committed event to every socket of the room, on every process. */
export async function publish(ctx: ServerContext, roomId: string, event: NonNullable<RoomChange['event']>): Promise<void> {
  try {
    await roomBus(ctx).publish({ room: roomId, seq: event.version, data: event });
  } catch (e) {
    // committed already: a lost fan-out shows up as a gap at the next message and is resynced
    ctx.log.warn({ err: e, room: roomId }, 'room message not fanned out');
  }
}

/**
 * Empties the room inside the caller's transaction (its table order took the cart): the room's row is
 * locked, its version raised; the caller publishes the returned event after commit.
 */
export async function submitRoomTx(
  tx: Tx,
  now: number,
  roomId: string,
  diner: Diner,
  tableOrderId: number,
): Promise<{ lines: StoredRoomLine[]; event: NonNullable<RoomChange['event']> }> {
  const [row] = await tx.select().from(rooms).where(eq(rooms.id, roomId)).for('update').limit(1);
  if (!row) throw fail('tableNotFound');
  const version = row.version + 1;
  await tx.update(rooms).set({ lines: [], version, updatedAt: now }).where(eq(rooms.id, roomId));
  return {
    lines: row.lines,
    event: {
      type: 'event',
      operation: CartOperation.Submitted,
      product: null,
      by: publicDiner(diner),
      version,
      orderId: tableOrderId,
    },
  };
}

/** consumer/cart-operate (API-3): the same operation as a websocket frame, over HTTP. */
export async function cartOperate(
  ctx: ServerContext,
  shopId: number,
  diner: Diner,
  req: CartOperateReq,
  lang: Lang,
): Promise<CartOperateRes> {
  const op: RoomOp =
    req.type === 'clear'
      ? { type: 'clear' }
      : req.type === 'joined'
        ? { type: 'joined' }
        : req.type === 'submitted'
          ? { type: 'submitted', orderId: Number(parseTableRoomId(req.room)?.orderId ?? 0) }
          : { type: req.type, line: req.message! };
  const change = await operateRoom(ctx, req.room, shopId, { ...diner, nickname: req.nickname, avatar: req.avatar }, op, lang);
  return { code: change.code, reason: change.reason, latestProduct: change.latestProduct };
}

/** consumer/cart-sync: the room's cart, or one line of it (after ProductBusy). */
export async function cartSync(ctx: ServerContext, shopId: number, userId: number, room: string, flag?: string): Promise<RoomCart> {
  const row = await roomForUser(ctx, room, shopId, userId);
  const cart = roomCart(row);
  return flag === undefined ? cart : { ...cart, products: cart.products.filter((l) => l.flag === flag) };
}

/** Creates the room of a new table order inside the caller's transaction. */
export async function createRoomTx(tx: Tx, now: number, roomId: string, shopId: number, tableOrderId: number): Promise<void> {
  await tx
    .insert(rooms)
    .values({ id: roomId, shopId, tableOrderId, version: 0, lines: [], diners: [], updatedAt: now })
    .onConflictDoNothing();
}

/** The room's row (fresh from the database). */
export async function roomRow(ctx: ServerContext, roomId: string): Promise<RoomRow | null> {
  const [row] = await ctx.db.select().from(rooms).where(eq(rooms.id, roomId)).limit(1);
  return row ?? null;
}

/** Rooms count (for the health of the demo and tests). */
export async function roomCount(ctx: ServerContext): Promise<number> {
  const [r] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(rooms);
  return r?.n ?? 0;
}
