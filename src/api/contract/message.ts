import { z } from 'zod';
import type { CartCouponInfo, CartLine, CartMealsetItem, CartTaste, ProductTax } from '../../domain/types';
import { CartOperation, CartReplyCode, ProductOptionType, TaxMode } from '../../domain/enums';
import { Id, Money, ShortText, defineCall } from './common';
import { AvatarUrl, LineFlag, NickName, Quantity } from './shared-shapes';

/**
 * Message-centre calls (C§7 "Message-centre service", API-3): the shared cart of a table room.
 * They live under their own base, `MESSAGE_CENTRE_BASE`, and take the same headers as the consumer API.
 */
export const MESSAGE_CENTRE_BASE = '/message/';

/** A room: `table_{shopId}_{tableId}_{orderId}` (C§4; built by domain `tableRoomId`). */
export const RoomIdSchema = z.string().regex(/^table_\d{1,15}_\d{1,15}_\d{1,15}$/).max(64);

export { CartReplyCode };
export const CartReplyCodeSchema = z.union(
  Object.values(CartReplyCode).map((c) => z.literal(c)) as unknown as [
    z.ZodLiteral<CartReplyCode>,
    z.ZodLiteral<CartReplyCode>,
    ...z.ZodLiteral<CartReplyCode>[],
  ],
);

export const CartOperationSchema = z.union(
  Object.values(CartOperation).map((c) => z.literal(c)) as unknown as [
    z.ZodLiteral<CartOperation>,
    z.ZodLiteral<CartOperation>,
    ...z.ZodLiteral<CartOperation>[],
  ],
);

/** Message types of the shared cart (C§4) and the cart operation each stands for. */
export const CartMessageType = z.enum(['add', 'edit', 'delete', 'clear', 'submitted', 'joined']);
export type CartMessageType = z.infer<typeof CartMessageType>;
export const OPERATION_OF_TYPE: Record<CartMessageType, CartOperation> = {
  add: CartOperation.Add,
  edit: CartOperation.Edit,
  delete: CartOperation.Delete,
  clear: CartOperation.Clear,
  submitted: CartOperation.Submitted,
  joined: CartOperation.Joined,
};

const TaxModeSchema = z.union([
  z.literal(TaxMode.TAX_OUT),
  z.literal(TaxMode.TAX_IN),
  z.literal(TaxMode.FIXED_TAX_OUT),
  z.literal(TaxMode.FIXED_TAX_IN),
]);
const OptionTypeSchema = z.union(
  Object.values(ProductOptionType).map((c) => z.literal(c)) as unknown as [
    z.ZodLiteral<ProductOptionType>,
    z.ZodLiteral<ProductOptionType>,
    ...z.ZodLiteral<ProductOptionType>[],
  ],
);

export const ProductTaxSchema: z.ZodType<ProductTax> = z.object({
  productID: Id.optional(),
  taxID: Id,
  taxType: TaxModeSchema,
  taxValue: Money,
  name: ShortText.optional(),
});

export const CartTasteSchema: z.ZodType<CartTaste> = z.object({
  id: Id,
  name: ShortText,
  quantity: Quantity,
  price: Money,
  typeId: Id,
  optionType: OptionTypeSchema.optional(),
});

export const CartMealsetItemSchema: z.ZodType<CartMealsetItem> = z.object({
  groupId: Id,
  id: Id,
  name: ShortText,
  quantity: Quantity,
  price: Money,
});

export const CartCouponInfoSchema: z.ZodType<CartCouponInfo> = z.object({ couponId: Id, activityId: Id.optional() });

/**
 * A line of the shared cart (C§3 "Cart product"). Prices travel for display only: the room stores the
 * line with the menu's prices, and the order is priced again on the server when it is placed.
 * `version` rises with every change of the line; an edit carrying an older version is answered
 * ProductBusy (-10002) and the client resyncs that line.
 */
export const CartLineSchema: z.ZodType<CartLine> = z.object({
  id: Id,
  name: ShortText,
  price: Money,
  quantity: z.number().int().min(0).max(99999),
  flag: LineFlag,
  version: z.number().int().nonnegative().optional(),
  image: AvatarUrl.optional(),
  specId: Id.optional(),
  specName: ShortText.optional(),
  tastes: z.array(CartTasteSchema).max(50).optional(),
  tastesName: z.string().max(500).optional(),
  mealset: z.array(CartMealsetItemSchema).max(50).optional(),
  mealsetNames: z.string().max(1000).optional(),
  needSoldOut: z.boolean().optional(),
  notDishware: z.boolean().optional(),
  weight: z.number().nonnegative().max(1e6).optional(),
  joinDiscount: z.enum(['Y', 'N']).optional(),
  memberPrice: Money.optional(),
  inTaxPrice: Money.optional(),
  outTaxPrice: Money.optional(),
  originalPrice: Money.optional(),
  taxes: z.array(ProductTaxSchema).max(20).optional(),
  typeid: Id,
  serviceTime: z.number().int().nonnegative().max(1440).optional(),
  serviceTagId: Id.optional(),
  dishwareAmount: Money.optional(),
  productRebatePercent: z.number().min(0).max(100).optional(),
  couponInfo: CartCouponInfoSchema.optional(),
  noPackFee: z.boolean().optional(),
});

/** The room's cart. `version` rises with every accepted operation. */
export const RoomCart = z.object({ products: z.array(CartLineSchema).max(500), version: z.number().int().nonnegative() });
export type RoomCart = z.infer<typeof RoomCart>;

export const CartSyncReq = z
  .object({
    room: RoomIdSchema,
    /** Resync only this line (after ProductBusy); absent = the whole cart. */
    flag: LineFlag.optional(),
  })
  .strict();

/**
 * consumer/cart-operate. `message` is the line after the change (add, edit), the line removed
 * (delete) or null (clear, submitted, joined). `type` and `operation` must agree (OPERATION_OF_TYPE).
 */
export const CartOperateReq = z
  .object({
    room: RoomIdSchema,
    message: CartLineSchema.nullable(),
    nickname: NickName,
    avatar: AvatarUrl,
    type: CartMessageType,
    operation: CartOperationSchema,
  })
  .strict()
  .refine((v) => OPERATION_OF_TYPE[v.type] === v.operation, { message: 'type and operation disagree', path: ['operation'] })
  .refine((v) => !['add', 'edit', 'delete'].includes(v.type) || v.message !== null, {
    message: 'add, edit and delete carry the line',
    path: ['message'],
  });
export type CartOperateReq = z.infer<typeof CartOperateReq>;

export const CartOperateRes = z.object({
  code: CartReplyCodeSchema,
  /** Why the operation failed (localised); empty on success. */
  reason: z.string().max(500),
  /** The line as the room now holds it (new version), or null (deleted, cleared, unknown). */
  latestProduct: CartLineSchema.nullable(),
});
export type CartOperateRes = z.infer<typeof CartOperateRes>;

export const messageCalls = {
  cartSync: defineCall('consumer/cart-sync', CartSyncReq, RoomCart),
  cartOperate: defineCall('consumer/cart-operate', CartOperateReq, CartOperateRes),
};
