/**
 * The console's availability calls (CONSOLE-5: sold out, stock, paused order types), joined into `consoleCalls` (./console.ts). This file imports only the shared
 * shapes, never ./console.ts, so the join has no cycle.
 *
 * Every request names its shop (`shopId`, checked against the staff member's shops: another shop
 * answers `staffForbidden`); a product of another shop, an offline or a deleted one answers `notFound`
 * like a missing one, and nothing changes. Staff and owners may both use them.
 */
import { z } from 'zod';
import { PAUSABLE_ORDER_TYPES, PAUSE_LIMITS } from '../../domain/order-type-pause';
import { EpochMs, Id, Money, defineCall } from './common';

export const PausableOrderTypeSchema = z.enum(PAUSABLE_ORDER_TYPES);

/** A running pause as the storefront reads it (store/detail `pauses`): no new order of `orderType` before `until`. */
export const OrderTypePauseShape = z
  .object({
    orderType: PausableOrderTypeSchema,
    until: EpochMs,
    /** What the customer reads ("kitchen full"). */
    reason: z.string().max(PAUSE_LIMITS.reasonMax),
  })
  .strict();
export type OrderTypePauseShape = z.infer<typeof OrderTypePauseShape>;

/** A running pause as the console shows it: the storefront's shape, who paused and when, and its end on the shop's clock. */
export const ConsolePause = OrderTypePauseShape.extend({
  /** `until` as 'HH:mm' on the shop's clock: what the customer's banner says. */
  untilText: z.string().regex(/^\d\d:\d\d$/),
  by: z.string().max(64),
  createdAt: EpochMs,
}).strict();
export type ConsolePause = z.infer<typeof ConsolePause>;

/** Product status as the availability page sets it: 0 on sale, 1 sold out (C§3). */
export const AvailabilityStatus = z.union([z.literal(0), z.literal(1)]);

/** Stock as typed: a whole number of units, or null for untracked. */
export const StockValue = z.number().int().min(0).max(999_999).nullable();

/** One product of the shop's menu with what the availability page changes. */
export const AvailabilityProduct = z
  .object({
    id: Id,
    name: z.string().max(200),
    categoryId: Id.nullable(),
    /** The category's name ('' when it has none). */
    category: z.string().max(200),
    status: AvailabilityStatus,
    /** Units left; null when the stock is not tracked. */
    stock: z.number().int().nullable(),
    price: Money,
  })
  .strict();
export type AvailabilityProduct = z.infer<typeof AvailabilityProduct>;

export const AvailabilityCategory = z.object({ id: Id, name: z.string().max(200) }).strict();

/** The shop's pauses with the types it may pause, and the server's time (the console's clock follows it). */
export const PausesRes = z
  .object({
    pauses: z.array(ConsolePause).max(PAUSABLE_ORDER_TYPES.length),
    /** The order types the shop takes (its menu offers), in display order: the pause panels. */
    types: z.array(PausableOrderTypeSchema).max(PAUSABLE_ORDER_TYPES.length),
    serverTime: EpochMs,
  })
  .strict();
export type PausesRes = z.infer<typeof PausesRes>;

const ShopReq = z.object({ shopId: Id }).strict();

export const availabilityCalls = {
  /** The shop's menu products (on sale or sold out), in menu order, with their categories. */
  products: defineCall(
    'availability/products',
    ShopReq,
    z.object({ products: z.array(AvailabilityProduct).max(5000), categories: z.array(AvailabilityCategory).max(500) }).strict(),
  ),
  /**
   * Marks a product sold out or back on sale (`soldOut`), and/or sets its stock (`stock`: units, or
   * null to stop tracking). At least one of the two. The storefront's next menu load shows it.
   */
  productSet: defineCall(
    'availability/productSet',
    z
      .object({ shopId: Id, productId: Id, soldOut: z.boolean().optional(), stock: StockValue.optional() })
      .strict()
      .refine((b) => b.soldOut !== undefined || b.stock !== undefined, { message: 'soldOut or stock' }),
    z.object({ product: AvailabilityProduct }).strict(),
  ),
  /** The shop's running pauses. */
  pauses: defineCall('availability/pauses', ShopReq, PausesRes),
  /**
   * Pauses an order type the shop takes for `minutes` from now, with the reason the customer reads
   * (a running pause of that type is replaced). `badRequest` for a type the shop does not take.
   */
  pause: defineCall(
    'availability/pause',
    z
      .object({
        shopId: Id,
        orderType: PausableOrderTypeSchema,
        minutes: z.number().int().min(PAUSE_LIMITS.minMinutes).max(PAUSE_LIMITS.maxMinutes),
        reason: z.string().trim().min(1).max(PAUSE_LIMITS.reasonMax),
      })
      .strict(),
    PausesRes,
  ),
  /** Ends a pause now (nothing to end is no error). */
  resume: defineCall('availability/resume', z.object({ shopId: Id, orderType: PausableOrderTypeSchema }).strict(), PausesRes),
} as const;
