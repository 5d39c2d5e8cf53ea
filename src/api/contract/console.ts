import { z } from 'zod';
import { EpochMs, Id, ShortText, defineCall } from './common';
import { OrderDetail, OrderStatusSchema } from './order';
import { availabilityCalls } from './console-availability';
import { floorCalls } from './console-floor';
import { summaryCalls } from './console-summary';
import { PayStatusSchema } from './shared-shapes';

/**
 * The staff console's calls (CONSOLE-1, CONSOLE-2, CONSOLE-7): staff sign-in and accounts, the live
 * order board, the actions on an order and the shop's board settings. They live under their own base,
 * `CONSOLE_API_BASE`; the staff session is an httpOnly SameSite cookie (`CONSOLE_SESSION_COOKIE`), never
 * a header the page's script can read. Every call but `signIn` needs the session; every call naming a
 * shop is refused for a shop the staff member does not belong to (answered like a missing order).
 * docs/console.md describes the console; docs/architecture.md §6 places it.
 */
export const CONSOLE_API_BASE = '/console/api/';
/** Where the console's pages are served. */
export const CONSOLE_PATH = '/console/';
/** The board's live channel (websocket), authenticated by the session cookie. */
export const CONSOLE_WS_PATH = '/console/ws';
/** The customer's live order channel (websocket, `?token=` the customer's token). */
export const CUSTOMER_ORDERS_WS_PATH = '/ws/orders';
export const CONSOLE_SESSION_COOKIE = 'console_session';
/**
 * How the server closes a live channel it refuses: no (or an expired) session or token, and a shop the
 * staff member may not open.
 */
export const CONSOLE_WS_CLOSE = { unauthorized: 4401, forbidden: 4403 } as const;

export const StaffRole = z.enum(['owner', 'staff']);
export type StaffRole = z.infer<typeof StaffRole>;

export const StaffUsername = z
  .string()
  .min(3)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/);
/** A password as typed (the server hashes it with argon2; never stored or echoed). */
export const StaffPassword = z.string().min(1).max(128);
/** A new password: 8 characters at least. */
export const NewStaffPassword = z.string().min(8).max(128);

/** One shop a staff member may open. */
export const ConsoleShop = z.object({ id: Id, name: ShortText }).strict();

/** The signed-in staff member. */
export const StaffMe = z
  .object({
    id: Id,
    username: StaffUsername,
    role: StaffRole,
    /** The shop the board opens on (the staff member's own). */
    shopId: Id,
    /** Every shop this staff member may open (a chain owner: every shop of the chain). */
    shops: z.array(ConsoleShop).max(500),
    /** When the session ends (it lasts one shift). */
    sessionEndsAt: EpochMs,
  })
  .strict();
export type StaffMe = z.infer<typeof StaffMe>;

/**
 * The actions staff take on an order, mapped to the transition table (docs/console.md names what each
 * button says): `ready` marks a pickup or dine-in order ready to hand over (docs/decisions.md).
 */
export const ConsoleAction = z.enum([
  'accept',
  'refuse',
  'cook',
  'ready',
  'callRider',
  'deliver',
  'requestPay',
  'cashPaid',
  'complete',
  'refund',
]);
export type ConsoleAction = z.infer<typeof ConsoleAction>;

/** The board's columns, in order. */
export const BoardColumn = z.enum(['new', 'cooking', 'ready', 'done']);
export type BoardColumn = z.infer<typeof BoardColumn>;

/** An order as a board card shows it: what `order/detail` gives the customer, and the staff's part. */
export const BoardOrder = OrderDetail.extend({
  updatedAt: EpochMs,
  /** The column the card stands in. */
  column: BoardColumn,
  /** The actions the order's state allows now (only these are buttons). */
  actions: z.array(ConsoleAction).max(20),
  /** The part of a multi-shop order (MULTI), with the group's number. */
  multiGroupNo: z.string().max(40).nullable(),
  /** A refund's state in the outbox when one is under way (queued, retrying, failed, done). */
  refundState: z.string().max(20).nullable(),
  /** The reason the shop gave when it refused (the customer sees it). */
  refuseReason: ShortText.nullable(),
});
export type BoardOrder = z.infer<typeof BoardOrder>;

/** One line of an order's audit: who did what, when. */
export const AuditEntry = z
  .object({
    at: EpochMs,
    /** The staff member's username, or `system` (auto-accept, auto-refusal) or `customer`. */
    by: z.string().max(64),
    action: z.string().max(40),
    fromStatus: z.string().max(40).nullable(),
    toStatus: z.string().max(40).nullable(),
    note: ShortText.nullable(),
  })
  .strict();
export type AuditEntry = z.infer<typeof AuditEntry>;

/** A shop's board settings (CONSOLE-7). */
export const ConsoleSettings = z
  .object({
    /** New paid orders are accepted at once by the system. */
    autoAccept: z.boolean(),
    /** Orders not answered within this many minutes are highlighted; null: never. */
    answerMinutes: z.number().int().min(1).max(240).nullable(),
    /** An order still unanswered after `answerMinutes` is refused (and refunded) by the system. */
    autoRefuse: z.boolean(),
  })
  .strict();
export type ConsoleSettings = z.infer<typeof ConsoleSettings>;

/** The shop's clock (TIME-1): its IANA zone (null: a fixed offset) and its offset now, minutes east of UTC. */
export const ShopClockSettings = z
  .object({
    timeZone: z.string().max(64).nullable(),
    utcOffsetMinutes: z.number().int().min(-720).max(840),
  })
  .strict();
export type ShopClockSettings = z.infer<typeof ShopClockSettings>;

/** A staff account as the owner's list shows it. */
export const StaffAccount = z
  .object({
    id: Id,
    username: StaffUsername,
    role: StaffRole,
    shopId: Id,
    createdAt: EpochMs,
    lockedUntil: EpochMs.nullable(),
  })
  .strict();
export type StaffAccount = z.infer<typeof StaffAccount>;

const ShopReq = z.object({ shopId: Id }).strict();
const OkRes = z.object({ ok: z.literal(true) }).strict();

export const consoleCalls = {
  /** Signs in: sets the session cookie. 5 wrong passwords lock the account (`staffLocked`, minutes left). */
  signIn: defineCall(
    'signIn',
    z.object({ username: z.string().min(1).max(64), password: StaffPassword }).strict(),
    StaffMe,
    false,
  ),
  signOut: defineCall('signOut', z.object({}).strict(), OkRes),
  me: defineCall('me', z.object({}).strict(), StaffMe),
  /**
   * The page's first question: the signed-in staff member, or null without a session (no 401 to log
   * on a page that simply has not signed in yet).
   */
  session: defineCall('session', z.object({}).strict(), z.object({ me: StaffMe.nullable() }).strict(), false),
  /** Changes the signed-in staff member's password (the current one is checked like a sign-in). */
  password: defineCall('password', z.object({ current: StaffPassword, next: NewStaffPassword }).strict(), OkRes),
  /** The board: the shop's open orders and today's finished ones, newest first. */
  board: defineCall(
    'board',
    ShopReq,
    z
      .object({
        orders: z.array(BoardOrder).max(500),
        settings: ConsoleSettings,
        serverTime: EpochMs,
      })
      .strict(),
  ),
  /** One order with its audit list. */
  order: defineCall(
    'order',
    z.object({ shopId: Id, id: Id }).strict(),
    z.object({ order: BoardOrder, audit: z.array(AuditEntry).max(200) }).strict(),
  ),
  /**
   * An action on an order. `expectedStatus` is the status the card showed: when the order moved on
   * meanwhile the call answers `orderStatusChanged` with the order as it stands (nothing changes).
   */
  act: defineCall(
    'act',
    z
      .object({
        shopId: Id,
        id: Id,
        action: ConsoleAction,
        expectedStatus: OrderStatusSchema,
        /** refuse: the reason the customer sees. */
        reason: ShortText.optional(),
      })
      .strict(),
    z.object({ order: BoardOrder }).strict(),
  ),
  settings: defineCall('settings', ShopReq, ConsoleSettings),
  /** Owner only. */
  saveSettings: defineCall('saveSettings', z.object({ shopId: Id, settings: ConsoleSettings }).strict(), ConsoleSettings),
  shopClock: defineCall('shopClock', ShopReq, ShopClockSettings),
  /** Owner only: the shop's time zone; a zone the server does not know is refused by name (`badRequest`). */
  saveShopClock: defineCall('saveShopClock', z.object({ shopId: Id, timeZone: z.string().min(1).max(64) }).strict(), ShopClockSettings),
  /** Owner only: the shop's staff accounts. */
  staffList: defineCall('staffList', ShopReq, z.array(StaffAccount).max(500)),
  /** Owner only: a new account; its generated password is answered once. */
  staffAdd: defineCall(
    'staffAdd',
    z.object({ shopId: Id, username: StaffUsername, role: StaffRole }).strict(),
    z.object({ account: StaffAccount, password: z.string().min(8).max(128) }).strict(),
  ),
  /** Owner only: removes an account (not one's own); its sessions end. */
  staffRemove: defineCall('staffRemove', z.object({ shopId: Id, id: Id }).strict(), OkRes),
  ...floorCalls,
  ...availabilityCalls,
  ...summaryCalls,
} as const;

/**
 * Board channel, server → console. `order`: a card changed or arrived; `resync`: fetch the board again;
 * `table`: a table of the floor changed (opened, a round sent, the bill asked for, paid, cleared): the
 * floor and its tickets read it again.
 */
export const ConsoleWsMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), shopId: Id, serverTime: EpochMs }).strict(),
  z.object({ type: z.literal('order'), order: BoardOrder }).strict(),
  z.object({ type: z.literal('table'), tableId: Id }).strict(),
  z.object({ type: z.literal('resync') }).strict(),
]);
export type ConsoleWsMessage = z.infer<typeof ConsoleWsMessage>;

/** Customer channel, server → app: one of the customer's orders changed. */
export const CustomerOrderWsMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello') }).strict(),
  z
    .object({
      type: z.literal('order'),
      id: Id,
      shopId: Id,
      status: OrderStatusSchema,
      payStatus: PayStatusSchema,
      updatedAt: EpochMs,
    })
    .strict(),
]);
export type CustomerOrderWsMessage = z.infer<typeof CustomerOrderWsMessage>;

