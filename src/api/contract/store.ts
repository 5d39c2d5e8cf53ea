import { z } from 'zod';
import { PayType, ProductOptionType, ProductStatus, TaxMode } from '../../domain/enums';
import type {
  Category,
  MealSetGroup,
  MealSetItem,
  MemberLevel,
  MemberSetting,
  Product,
  ProductSpec,
  ProductTax,
  SaleDateRange,
  ShopSettings,
  TasteGroup,
  TasteOption,
  TimeRange,
} from '../../domain/types';
import { EpochMs, Id, IdLike, Money, defineCall } from './common';
import { CoordTypeSchema } from './delivery';
import { OrderTypePauseShape } from './console-availability';
import { PageReq, Quantity, paged } from './shared-shapes';
import { MemberInfoSchema, SetUserInfoReq, UserProfile } from './user';

/** Shop and menu calls (C§7 store, P§7 store/*; SHOP-1, MENU-1…6). */

// ---------------------------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------------------------

const Text = z.string().max(2000);
const En = { nameEn: z.string().optional(), descriptionEn: z.string().optional() };

export const TimeRangeSchema: z.ZodType<TimeRange> = z.object({ start: z.string(), end: z.string() });
export const SaleDateRangeSchema: z.ZodType<SaleDateRange> = z.object({
  weekdays: z.array(z.number().int().min(1).max(7)),
  timeRanges: z.array(TimeRangeSchema),
});

const TaxModeSchema = z.union([
  z.literal(TaxMode.TAX_OUT),
  z.literal(TaxMode.TAX_IN),
  z.literal(TaxMode.FIXED_TAX_OUT),
  z.literal(TaxMode.FIXED_TAX_IN),
]);
const OptionTypeSchema = z.union([
  z.literal(ProductOptionType.TOPPING),
  z.literal(ProductOptionType.SUB_PRICE),
  z.literal(ProductOptionType.RESET_ZERO),
  z.literal(ProductOptionType.DISCOUNT),
  z.literal(ProductOptionType.FLAVOR),
]);
export const ProductStatusSchema = z.union([
  z.literal(ProductStatus.NORMAL),
  z.literal(ProductStatus.SALE_OUT),
  z.literal(ProductStatus.OFFLINE),
  z.literal(ProductStatus.DELETE),
  z.literal(ProductStatus.OUT_SALE_TIME),
]);

export const ProductTaxSchema: z.ZodType<ProductTax> = z.object({
  productID: Id.optional(),
  taxID: z.number().int(),
  // C§9: "percentage in" is the default when a row names no type
  taxType: TaxModeSchema.optional(),
  taxValue: z.number(),
  name: z.string().optional(),
});

export const ProductSpecSchema: z.ZodType<ProductSpec & { nameEn?: string }> = z.object({
  id: Id,
  name: z.string(),
  nameEn: z.string().optional(),
  price: Money,
  memberPrice: Money.optional(),
  originalPrice: Money.optional(),
  stock: z.number().int().optional(),
  parentId: Id.optional(),
  status: ProductStatusSchema.optional(),
});

export const TasteOptionSchema: z.ZodType<TasteOption & { nameEn?: string }> = z.object({
  id: Id,
  name: z.string(),
  nameEn: z.string().optional(),
  price: Money,
  optionType: OptionTypeSchema.optional(),
  maxQuantity: z.number().int().optional(),
});

export const TasteGroupSchema: z.ZodType<TasteGroup & { nameEn?: string }> = z.object({
  id: Id,
  name: z.string(),
  nameEn: z.string().optional(),
  required: z.boolean(),
  multiple: z.boolean().optional(),
  maxQuantity: z.number().int().optional(),
  options: z.array(TasteOptionSchema),
});

export const MealSetItemSchema: z.ZodType<MealSetItem & { nameEn?: string }> = z.object({
  id: Id,
  name: z.string(),
  nameEn: z.string().optional(),
  price: Money,
  quantity: z.number().int().optional(),
});

export const MealSetGroupSchema: z.ZodType<MealSetGroup & { nameEn?: string }> = z.object({
  id: Id,
  name: z.string(),
  nameEn: z.string().optional(),
  required: z.number().int(),
  items: z.array(MealSetItemSchema),
});

/**
 * A product of the menu (C§3 Product store). Names come in the request's language; `status` is the
 * stored status (0 normal, 1 sold out, 2 offline, 3 deleted) — sale time is judged by the client
 * from `saleTime` and its category's saleDateRange (MENU-1).
 */
export const ProductSchema: z.ZodType<Product & { nameEn?: string; descriptionEn?: string }> = z.object({
  id: Id,
  name: z.string(),
  ...En,
  description: Text.optional(),
  image: z.string().optional(),
  typeid: Id,
  price: Money,
  memberPrice: Money.optional(),
  originalPrice: Money.optional(),
  status: ProductStatusSchema.optional(),
  stock: z.number().int().optional(),
  minQuantity: z.number().int().optional(),
  purchaseLimit: z.number().int().optional(),
  memberLevels: z.array(z.number()).optional(),
  specs: z.array(ProductSpecSchema).optional(),
  tastes: z.array(TasteGroupSchema).optional(),
  mealset: z.array(MealSetGroupSchema).optional(),
  taxes: z.array(ProductTaxSchema).optional(),
  notDishware: z.boolean().optional(),
  dishwareAmount: Money.optional(),
  joinDiscount: z.enum(['Y', 'N']).optional(),
  productRebatePercent: z.number().optional(),
  weight: z.number().optional(),
  needSoldOut: z.boolean().optional(),
  saleTime: z.array(SaleDateRangeSchema).optional(),
  inTaxPrice: Money.optional(),
  outTaxPrice: Money.optional(),
  serviceTime: z.number().int().optional(),
  serviceTagId: z.number().int().optional(),
  noPackFee: z.boolean().optional(),
});

/** A category (C§3: saleDateRange, type) with the ids of its products. */
export const CategorySchema: z.ZodType<Category & { nameEn?: string; productIds: number[] }> = z.object({
  id: Id,
  name: z.string(),
  nameEn: z.string().optional(),
  type: z.number().int().optional(),
  saleDateRange: z.array(SaleDateRangeSchema).optional(),
  sort: z.number().int().optional(),
  productIds: z.array(Id),
});

/** A category with its products (store/products). */
export const CategoryWithProductsSchema = z.object({
  id: Id,
  name: z.string(),
  nameEn: z.string().optional(),
  type: z.number().int().optional(),
  saleDateRange: z.array(SaleDateRangeSchema).optional(),
  sort: z.number().int().optional(),
  products: z.array(ProductSchema),
});

const GpsPointSchema = z.object({ lat: z.number(), lng: z.number() });
const FullLess = z.object({ full: Money, less: Money });

/** The shop settings of C§3 "Shop info" (unknown extra settings pass through). */
export const ShopSettingsSchema: z.ZodType<ShopSettings> = z.looseObject({
  id: Id,
  name: z.string(),
  phone: z.string().optional(),
  industry: z.number().int().min(0).max(6).optional() as z.ZodType<ShopSettings['industry']>,
  address: z.string().optional(),
  gpsAddress: z.union([z.string(), GpsPointSchema]).optional(),
  image: z.string().optional(),
  businessHours: z.string().optional(),
  businessTimeRange: z.array(TimeRangeSchema).optional(),
  openShop: z.boolean().optional(),
  openScanSwitch: z.boolean().optional(),
  shopStatus: z.number().int().optional(),
  rebate: z.number().optional(),
  discount: z.array(FullLess).optional(),
  minSellStartAmount: Money.optional(),
  deliverAmount: z.array(z.object({ amount: Money, distance: z.number() })).optional(),
  deliverAmount1: Money.optional(),
  dishwareAmount: Money.optional(),
  packFee: Money.optional(),
  numberDecimals: z.number().int().min(0).max(4).optional(),
  isRounding05: z.boolean().optional(),
  deliveryDistance: z.number().optional(),
  currencySymbol: z.string().optional(),
  utcOffsetMinutes: z.number().int().min(-720).max(840).optional(),
  /** An IANA zone name; the server refuses one it does not know (TIME-1). */
  timeZone: z.string().min(1).max(64).regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/).optional(),
  /** Computed by the server from `timeZone`; never stored. */
  timeZoneOffsets: z
    .object({
      timeZone: z.string().max(64),
      offset: z.number().int().min(-720).max(840),
      changes: z.array(z.tuple([z.number().int(), z.number().int().min(-720).max(840)])).max(64),
    })
    .strict()
    .optional(),
  chainId: Id.optional(),
});

/** One shop of the chain list (SHOP-1). */
export const ShopSummary = z.object({
  id: Id,
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  image: z.string(),
  industry: z.number().int(),
  gpsAddress: z.union([z.string(), GpsPointSchema]).nullable(),
  businessHours: z.string(),
  shopStatus: z.number().int(),
  /** Open for orders now (business hours of C§5). */
  isOpen: z.boolean(),
  /** The shop of the current token. */
  current: z.boolean(),
});
export type ShopSummary = z.infer<typeof ShopSummary>;

/**
 * store/publicList (SHOP-1, C§2 entry without a shop): the shops a link's brand names, or every shop
 * of the server, without a token. With the caller's position (browsers WGS-84, mini programs GCJ-02)
 * each shop carries its distance and the list runs nearest first; without it, by name.
 */
export const PublicListReq = z
  .object({
    /** C§2 start-up parameter `brand`: the chain whose shops the link lists. */
    brand: IdLike.optional(),
    position: z
      .object({
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        coordType: CoordTypeSchema,
      })
      .strict()
      .optional(),
  })
  .strict();
export type PublicListReq = z.input<typeof PublicListReq>;

/** One shop of store/publicList. */
export const PublicShop = z.object({
  id: Id,
  name: z.string(),
  address: z.string(),
  image: z.string(),
  industry: z.number().int(),
  /** The hours text of the shop (its businessHours, or today's ranges). */
  businessHours: z.string(),
  shopStatus: z.number().int(),
  /** Within business hours now (C§5, the server's clock). */
  isOpen: z.boolean(),
  /** Kilometres from the caller's position (3 decimals); null without a position or a shop GPS. */
  distance: z.number().nonnegative().nullable(),
  chainId: Id.nullable(),
});
export type PublicShop = z.infer<typeof PublicShop>;

/**
 * store/detail: the shop settings plus the states the server judges now — real status (C§4, for
 * the order type of the userAgentType header) and business-hours state (C§5).
 */
export const ShopDetail = z.object({
  shop: ShopSettingsSchema,
  /** C§4 real status: 1 normal, 0 expired, -1 stopped. */
  realStatus: z.number().int(),
  /** Within business hours now (for the order type of the header). */
  isOpen: z.boolean(),
  /** Today's hours, "HH:mm-HH:mm, …". */
  todayHours: z.string(),
  /** Next opening time "HH:mm" when closed, else null. */
  nextOpening: z.string().nullable(),
  menuVersion: z.number().int(),
  serverTime: EpochMs,
  /** CONSOLE-5: the order types the shop paused and not yet resumed (the menu's banner; orders of them are refused). */
  pauses: z.array(OrderTypePauseShape).max(3).optional(),
});
export type ShopDetail = z.infer<typeof ShopDetail>;

const PaySettingSchema = z.object({
  cash: z.boolean(),
  vip: z.boolean(),
  weixin: z.boolean(),
  alipay: z.boolean(),
  stripe: z.boolean(),
  allinpay: z.boolean(),
  /** The enabled pay types, in display order. */
  payTypes: z.array(z.enum(Object.values(PayType) as [PayType, ...PayType[]])),
});

export const MemberLevelSchema: z.ZodType<MemberLevel & { nameEn?: string }> = z.object({
  id: Id,
  level: z.union([z.number(), z.string()]),
  name: z.string(),
  nameEn: z.string().optional(),
  discount: z.number().optional(),
});

export const MemberSettingSchema: z.ZodType<MemberSetting> = z.looseObject({
  logo: z.string().optional(),
  name: z.string().optional(),
  cardLogo: z.string().optional(),
  cardName: z.string().optional(),
  isOpenDiscount: z.boolean().optional(),
  discountMode: z.number().int().optional(),
  isOnlyCardPayForDiscount: z.boolean().optional(),
  allowRegisterInWeb: z.boolean().optional(),
  chargeSlogan: z.string().optional(),
  isAllowRecharge: z.boolean().optional(),
  isFunctionOpen: z.boolean().optional(),
  isPointOpen: z.boolean().optional(),
  isPointDeductionOpen: z.boolean().optional(),
  pointDeductionRate: z.number().optional(),
  pointDeductionRule: z.number().int().optional(),
  pointDeductionMaxLimit: z.number().optional(),
  isShowVipPrice: z.boolean().optional(),
});

/** The client's cached menu version (MENU-5); absent or 0 = no cache. */
const Version = z.number().int().min(0).max(2 ** 31 - 1).optional();

/** When the client's version is current the answer is `{version, unchanged: true}` without a body. */
const Unchanged = z.object({ version: z.number().int(), unchanged: z.literal(true) });

/** Live stock left of the tracked products, by product id (MENU-4); the menu body is cached, this is not. */
export const StockMap = z.record(z.string(), z.number().int());

export const ProductsRes = z.union([
  Unchanged.extend({ stock: StockMap }),
  z.object({
    version: z.number().int(),
    unchanged: z.literal(false),
    categories: z.array(CategoryWithProductsSchema),
    stock: StockMap,
  }),
]);
/** The products of a page of store/productsChunk, without its version (the answer's own). */
const FirstChunk = z.object({
  typeId: Id,
  list: z.array(ProductSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageLimit: z.number().int().min(1),
  /** The live stock of the page's tracked products, as store/stockQuery answers it (absent: untracked). */
  stock: StockMap.optional(),
});
/**
 * A changed category list carries what the app asks for next (MENU-8), so a first launch waits for
 * one call less: `whole` — a menu of at most MenuLoading.chunkThreshold products, as store/products
 * answers it — or `first` — a larger menu's first category, its first page of
 * MenuLoading.chunkPageLimit products, as store/productsChunk answers it, with their live stock.
 */
export const ProductTypesRes = z.union([
  Unchanged,
  z.object({
    version: z.number().int(),
    unchanged: z.literal(false),
    types: z.array(CategorySchema),
    whole: z.object({ categories: z.array(CategoryWithProductsSchema), stock: StockMap }).optional(),
    first: FirstChunk.optional(),
  }),
]);
export const ProductsChunkReq = z
  .object({
    version: Version,
    /** One category. */
    typeId: Id.optional(),
    /** Category `type` filter. */
    type: z.number().int().optional(),
    /** Exactly these products. */
    ids: z.array(Id).max(500).optional(),
    ...PageReq,
  })
  .strict();
export const ProductsChunkRes = z.object({
  version: z.number().int(),
  /** True when the request's version is stale: the client should reload the menu (newMenuUpdated). */
  stale: z.boolean(),
  list: z.array(ProductSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageLimit: z.number().int().min(1),
});

/** C§3 combosError: which parts of a meal set cannot be sold. */
export const CombosError = z.object({ id: Id, offline: z.boolean(), saleOut: z.boolean(), deleted: z.boolean() });
export const ComboCheckRes = z.object({
  id: Id,
  offline: z.boolean(),
  saleOut: z.boolean(),
  deleted: z.boolean(),
  /** The meal-set items that are offline, sold out or deleted. */
  items: z.array(CombosError),
});

export const StockLine = z.object({ id: Id, quantity: Quantity }).strict();
export const CheckStockRes = z.object({
  /** The first product short of stock, or null when everything is available. */
  id: Id.nullable(),
  name: z.string().nullable(),
  stock: z.number().int().nullable(),
});
export const StockQueryRes = z.object({
  list: z.array(
    z.object({ product_id: Id, stock_quantity: z.number().int().nullable(), order_quantity: z.number().int() }),
  ),
});

export const LimitCard = z.object({
  id: Id,
  name: z.string(),
  productId: Id.nullable(),
  totalTimes: z.number().int(),
  usedTimes: z.number().int(),
  remainingTimes: z.number().int(),
  expiresAt: EpochMs.nullable(),
});
export const LimitCardUse = z.object({
  id: Id,
  limitCardId: Id,
  productId: Id.nullable(),
  times: z.number().int(),
  orderId: Id.nullable(),
  note: z.string(),
  createdAt: EpochMs,
});

export const VipInfoRes = z.union([
  z.object({ version: z.number().int(), unchanged: z.literal(true), vipInfo: MemberInfoSchema.nullable() }),
  z.object({
    version: z.number().int(),
    unchanged: z.literal(false),
    vipInfo: MemberInfoSchema.nullable(),
    memberSetting: MemberSettingSchema,
    levels: z.array(MemberLevelSchema),
  }),
]);

const Empty = z.object({}).strict();

export const storeCalls = {
  list: defineCall('store/list', Empty, z.object({ list: z.array(ShopSummary) })),
  publicList: defineCall('store/publicList', PublicListReq, z.object({ list: z.array(PublicShop) }), false),
  detail: defineCall(
    'store/detail',
    z.object({ appId: z.string().max(64).optional(), id: Id.optional() }).strict(),
    ShopDetail,
  ),
  paySetting: defineCall('store/paySetting', Empty, PaySettingSchema),
  vipChargePaySetting: defineCall('store/vipChargePaySetting', Empty, PaySettingSchema),
  levels: defineCall('store/levels', Empty, z.object({ list: z.array(MemberLevelSchema) })),
  memberSetting: defineCall('store/memberSetting', Empty, MemberSettingSchema),
  vipInfo: defineCall('store/vipInfo', z.object({ version: Version }).strict(), VipInfoRes),
  products: defineCall('store/products', z.object({ version: Version }).strict(), ProductsRes),
  productTypes: defineCall('store/productTypes', z.object({ version: Version }).strict(), ProductTypesRes),
  /** MENU-8: store/productTypes of the shop named in the body, without a token (the launch menu does not wait for the login). */
  publicProductTypes: defineCall('store/publicProductTypes', z.object({ shopId: Id, version: Version }).strict(), ProductTypesRes, false),
  productsChunk: defineCall('store/productsChunk', ProductsChunkReq, ProductsChunkRes),
  productDetail: defineCall('store/productDetail', z.object({ id: Id }).strict(), ProductSchema),
  comboCheck: defineCall(
    'store/comboCheck',
    z.object({ productId: Id, isNewVersion: z.boolean().optional() }).strict(),
    ComboCheckRes,
  ),
  productTastes: defineCall(
    'store/productTastes',
    z.object({ productId: Id, isNewVersion: z.boolean().optional() }).strict(),
    z.object({ productId: Id, tastes: z.array(TasteGroupSchema) }),
  ),
  productTaxes: defineCall('store/productTaxes', Empty, z.object({ data: z.array(ProductTaxSchema) })),
  checkStock: defineCall(
    'store/checkStock',
    z.object({ products: z.array(StockLine).min(1).max(200) }).strict(),
    CheckStockRes,
  ),
  stockQuery: defineCall(
    'store/stockQuery',
    z.object({ products: z.array(z.object({ id: Id }).strict()).min(1).max(500) }).strict(),
    StockQueryRes,
  ),
  productSearch: defineCall(
    'store/productSearch',
    z.object({ searchText: z.string().trim().min(1).max(64), version: Version }).strict(),
    z.object({ version: z.number().int(), list: z.array(ProductSchema) }),
  ),
  specProductList: defineCall(
    'store/specProductList',
    z.object({ includeNotSale: z.boolean().optional() }).strict(),
    z.object({ list: z.array(ProductSpecSchema) }),
  ),
  couponProducts: defineCall('store/couponProducts', Empty, z.object({ list: z.array(ProductSchema) })),
  limitCardList: defineCall(
    'store/limitCardList',
    z.object({ id: Id.optional() }).strict(),
    z.object({ list: z.array(LimitCard) }),
  ),
  limitCardUseList: defineCall(
    'store/limitCardUseList',
    z.object({ productId: Id.optional(), memberId: Id.optional(), ...PageReq }).strict(),
    paged(LimitCardUse),
  ),
  userInfo: defineCall('store/userInfo', Empty, UserProfile),
  setUserInfo: defineCall('store/setUserInfo', SetUserInfoReq, UserProfile),
};
