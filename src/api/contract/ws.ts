import { z } from 'zod';
import { ErrorCodeSchema, Id } from './common';
import {
  CartLineSchema,
  CartOperationSchema,
  CartReplyCodeSchema,
  RoomIdSchema,
} from './message';
import { AvatarUrl, LineFlag, NickName, OpenId } from './shared-shapes';

/**
 * The live channel of a table room (C§4 "Scan-order live channel", TABLE-*): websocket at
 * `ws/{roomId}` with the token (header `token`, or query `?token=` where a browser cannot set headers).
 * Every frame is one JSON object with a `type`. Operations a client sends carry a `seq` the server
 * echoes in its `reply`, so the client's queue (one operation at a time) can match answers.
 */

/** Path of the channel of a room, under the site root. */
export const wsPath = (roomId: string): string => `/ws/${roomId}`;

/** Close codes (defined with the domain's enumerations, so the app's channel needs no schema at run time). */
export { WsCloseCode } from '../../domain/enums';

const Seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

// ---------------------------------------------------------------------------------------------
// client → server
// ---------------------------------------------------------------------------------------------

/** Announce joining right after the socket opens (C§4 "On open"). */
export const WsJoin = z.object({ type: z.literal('join'), nickname: NickName, avatar: AvatarUrl }).strict();
/** Add, edit or delete one line; `product` is the line after the change (delete: the line removed). */
export const WsLineOp = z
  .object({ type: z.enum(['add', 'edit', 'delete']), seq: Seq, product: CartLineSchema })
  .strict();
export const WsClear = z.object({ type: z.literal('clear'), seq: Seq }).strict();
/** The cart was sent to the table order (table/userAddProducts): everyone's cart empties. */
export const WsSubmitted = z.object({ type: z.literal('submitted'), seq: Seq, orderId: Id }).strict();
/** Ask for the room's cart (whole, or one line by flag after ProductBusy). */
export const WsSync = z.object({ type: z.literal('sync'), seq: Seq, flag: LineFlag.optional() }).strict();
export const WsPing = z.object({ type: z.literal('ping') }).strict();

export const WsClientMessage = z.discriminatedUnion('type', [WsJoin, WsLineOp, WsClear, WsSubmitted, WsSync, WsPing]);
export type WsClientMessage = z.infer<typeof WsClientMessage>;

// ---------------------------------------------------------------------------------------------
// server → client
// ---------------------------------------------------------------------------------------------

/** The answer to one client operation (C§4 reply codes 10000, -10001…-10005). */
export const WsReply = z.object({
  type: z.literal('reply'),
  seq: Seq,
  code: CartReplyCodeSchema,
  reason: z.string().max(500),
  latestProduct: CartLineSchema.nullable(),
  /** Cart version after the operation. */
  version: z.number().int().nonnegative(),
});

/** Who caused an event. */
export const WsActor = z.object({ openId: OpenId, nickname: NickName, avatar: AvatarUrl });

/**
 * A change made by someone in the room, fanned out to every member (the sender too, so several tabs
 * of one diner agree). `operation` is the cart operation enum of C§3 (1 Add … 6 Joined).
 */
export const WsEvent = z.object({
  type: z.literal('event'),
  operation: CartOperationSchema,
  product: CartLineSchema.nullable(),
  by: WsActor,
  version: z.number().int().nonnegative(),
  /** Submitted: the table order the cart went to. */
  orderId: Id.optional(),
});

/** The room's cart, in answer to `sync` (and sent once after `join`). */
export const WsSnapshot = z.object({
  type: z.literal('snapshot'),
  seq: Seq.optional(),
  products: z.array(CartLineSchema).max(500),
  version: z.number().int().nonnegative(),
  /** Who is at the table (everyone who joined the room), in joining order. */
  diners: z.array(WsActor).max(200).optional(),
});

export const WsPong = z.object({ type: z.literal('pong') });
/** A frame the server could not read or a failure outside an operation. */
export const WsError = z.object({ type: z.literal('error'), code: ErrorCodeSchema, info: z.string().max(500) });

export const WsServerMessage = z.discriminatedUnion('type', [WsReply, WsEvent, WsSnapshot, WsPong, WsError]);
export type WsServerMessage = z.infer<typeof WsServerMessage>;

export { RoomIdSchema };
