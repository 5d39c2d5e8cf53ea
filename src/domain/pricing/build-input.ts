/**
 * buildPricingInput: the ONE mapper from the source types (shop, menu, cart, activities, coupons,
 * member…) to PricingInput (docs/architecture.md §8 Money). The cart store and the server both call it.
 * Given the menu (`products`), prices come from it — the server never trusts a client's figures
 * (PRICE-10); without it the cart line's own prices are used.
 */
import * as moneyFns from '../money';
import type { Amount } from '../money';
import { Limits, OrderType, PayType, ProductOptionType } from '../enums';
import type { OrderType as OrderTypeT, PayType as PayTypeT } from '../enums';
import type {
  Activity,
  CartLine,
  Coupon,
  GiftAmountRule,
  MemberInfo,
  MemberSetting,
  Product,
  ShopSettings,
  TableTiming,
  TimesRedBagInfo,
} from '../types';
import { lineFlag } from './flag';
import type { AcceptedOffer, CouponSelection, PricingInput, PricingLine, PricingShop } from './types';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

export interface PricingSources {
  shop: ShopSettings;
  cart: readonly CartLine[];
  /** The menu: when given, unit, member, taste and meal-set prices, taxes and flags come from it. */
  products?: readonly Product[];
  orderType: OrderTypeT;
  /** User-agent code; defaults to the order type's first code (1, 51, 101, 201, 301). */
  userAgent?: number;
  payType?: PayTypeT | null;
  abroad?: boolean;
  member?: { info: MemberInfo; setting: MemberSetting } | null;
  activities?: readonly Activity[];
  coupons?: readonly Coupon[];
  /** Default 'auto'. */
  couponId?: CouponSelection;
  promotionCodeActivity?: Activity | null;
  distance?: number | null;
  isPickerPack?: boolean;
  usePoints?: boolean;
  pointsToUse?: number | null;
  /** Default: paying by member card. */
  useGiftAmount?: boolean;
  giftAmountRules?: readonly GiftAmountRule[];
  table?: TableTiming | null;
  timesRedBag?: TimesRedBagInfo | null;
  acceptedOffers?: readonly AcceptedOffer[];
  now: number;
}

/**
 * The member facts pricing reads (P§3, P§9): the card and the shop's member setting, the shop's
 * gift-balance rules (vip/giftAmountRules; the server reads the same `giftRules`) and the member's
 * progress on the running times red bag (activity/getTimesRedBag; null when none runs). A visitor
 * has none of them.
 */
export interface MemberFacts {
  info: MemberInfo;
  setting: MemberSetting;
  giftAmountRules: readonly GiftAmountRule[];
  timesRedBag: TimesRedBagInfo | null;
}

/**
 * Every fact of an order that pricing reads besides the shop, the menu, the cart and the clock
 * (PRICE-10). Every field is required: the cart store and the server's order service each build one
 * from the same sources, and a side that forgets a fact does not compile (the price parity suite
 * checks that the values agree).
 */
export interface PricingFacts {
  orderType: OrderTypeT;
  /** User-agent code (null: the order type's first code). */
  userAgent: number | null;
  payType: PayTypeT | null;
  abroad: boolean;
  member: MemberFacts | null;
  /** The shop's running activities (P§4 filtering is the engine's), the code activity excluded. */
  activities: readonly Activity[];
  promotionCodeActivity: Activity | null;
  coupons: readonly Coupon[];
  couponId: CouponSelection;
  /** Offers the customer accepted (markupRedemption, pointRedeem). */
  acceptedOffers: readonly AcceptedOffer[];
  usePoints: boolean;
  pointsToUse: number | null;
  /** Takeaway delivery distance in km, measured by the server (null = unknown). */
  distance: number | null;
  isPickerPack: boolean;
  table: TableTiming | null;
}

/** What the cart store and the order service price: the order's source data and all its facts. */
export interface OrderPricingSources {
  shop: ShopSettings;
  cart: readonly CartLine[];
  products?: readonly Product[];
  now: number;
  facts: PricingFacts;
}

/** The loose sources the facts stand for (examples, tools and unit tests pass these directly). */
function sourcesOf(src: OrderPricingSources): PricingSources {
  const f = src.facts;
  return {
    shop: src.shop,
    cart: src.cart,
    products: src.products,
    now: src.now,
    orderType: f.orderType,
    userAgent: f.userAgent ?? undefined,
    payType: f.payType,
    abroad: f.abroad,
    member: f.member ? { info: f.member.info, setting: f.member.setting } : null,
    giftAmountRules: f.member?.giftAmountRules ?? [],
    timesRedBag: f.member?.timesRedBag ?? null,
    activities: f.activities,
    promotionCodeActivity: f.promotionCodeActivity,
    coupons: f.coupons,
    couponId: f.couponId,
    acceptedOffers: f.acceptedOffers,
    usePoints: f.usePoints,
    pointsToUse: f.pointsToUse,
    distance: f.distance,
    isPickerPack: f.isPickerPack,
    table: f.table,
  };
}

const DEFAULT_USER_AGENT: Record<OrderTypeT, number> = {
  takeaway: 1,
  selfPickup: 51,
  dine: 101,
  openTable: 201,
  appointment: 301,
};

const n = (v: number | null | undefined, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);

/** Shop settings with every pricing default filled in (C§9: 2 decimals, no rebate…). */
export function pricingShop(s: ShopSettings): PricingShop {
  return {
    id: s.id,
    chainId: s.chainId ?? null,
    numberDecimals: n(s.numberDecimals, Limits.defaultDecimals),
    isRounding05: !!s.isRounding05,
    rebate: n(s.rebate, 100),
    discountSet: {
      dineRebate: n(s.discountSet?.dineRebate, 100),
      openTableRebate: n(s.discountSet?.openTableRebate, 100),
      defaultRebate: n(s.discountSet?.defaultRebate, 100),
    },
    discount: s.discount ?? [],
    minSellStartAmount: n(s.minSellStartAmount),
    minSellAmountSupportSelfCollection: !!s.minSellAmountSupportSelfCollection,
    deliverAmount: s.deliverAmount ?? [],
    deliverAmount1: n(s.deliverAmount1),
    deliveryDistance: n(s.deliveryDistance),
    isFreeDeliveryFee: !!s.isFreeDeliveryFee,
    freeDeliveryMinAmount: n(s.freeDeliveryMinAmount),
    packFee: n(s.packFee),
    pickerPackFee: n(s.pickerPackFee),
    packageFeeApplySceneSet: {
      takeaway: !!s.packageFeeApplySceneSet?.takeaway,
      dine: !!s.packageFeeApplySceneSet?.dine,
      selfPickUp: !!s.packageFeeApplySceneSet?.selfPickUp,
      openTable: !!s.packageFeeApplySceneSet?.openTable,
    },
    allowPack: !!s.allowPack,
    dishwareAmount: n(s.dishwareAmount),
    dishwareGst: n(s.dishwareGst),
    deliverGst: n(s.deliverGst),
    serviceFee: n(s.serviceFee),
    serviceFeeTax: n(s.serviceFeeTax),
    otherSetting: {
      ServiceChargeEnable: !!s.otherSetting?.ServiceChargeEnable,
      OrderTypeServiceCharge: s.otherSetting?.OrderTypeServiceCharge ?? [],
    },
    utcOffsetMinutes: n(s.utcOffsetMinutes, 480),
    ...(s.timeZoneOffsets ? { timeZoneOffsets: s.timeZoneOffsets } : {}),
  };
}

interface TasteEffect {
  price: number;
  quantity: number;
  optionType?: number;
}

/**
 * C§3 product option types on a unit price: TOPPING adds price × quantity, SUB_PRICE subtracts it,
 * RESET_ZERO makes the base 0, DISCOUNT takes `price` percent of the base, FLAVOR changes nothing;
 * meal-set choices add their surcharge × quantity. Never below zero.
 */
export function unitPriceWith(base: number, tastes: readonly TasteEffect[], mealset: readonly { price: number; quantity: number }[]): Amount {
  let b: Amount = money.of(base);
  for (const t of tastes) {
    if (t.optionType === ProductOptionType.RESET_ZERO) b = money.ZERO;
  }
  for (const t of tastes) {
    if (t.optionType === ProductOptionType.DISCOUNT) b = money.percent(b, t.price);
  }
  let extra = money.ZERO;
  for (const t of tastes) {
    const q = t.quantity > 0 ? t.quantity : 1;
    if (t.optionType === undefined || t.optionType === ProductOptionType.TOPPING) extra = extra.plus(money.mul(t.price, q));
    else if (t.optionType === ProductOptionType.SUB_PRICE) extra = extra.minus(money.mul(t.price, q));
  }
  for (const m of mealset) extra = extra.plus(money.mul(m.price, m.quantity > 0 ? m.quantity : 1));
  return money.clampZero(b.plus(extra));
}

function lineOf(c: CartLine, menu: Map<number, Product> | null, dec: number): PricingLine {
  const p = menu?.get(c.id);
  const spec = p && c.specId != null ? p.specs?.find((s) => s.id === c.specId) : undefined;
  const base = p ? (spec ? spec.price : p.price) : c.price;
  const memberBase = p ? (spec ? spec.memberPrice : p.memberPrice) : c.memberPrice;
  // Menu taste/meal-set prices replace the client's when the menu has them; a choice the menu's
  // groups do not hold adds nothing (PRICE-10: no client figure is trusted).
  const tastes: TasteEffect[] = [];
  for (const t of c.tastes ?? []) {
    if (!p?.tastes) tastes.push({ price: t.price, quantity: t.quantity, optionType: t.optionType });
    else {
      const opt = p.tastes.find((g) => g.id === t.typeId)?.options.find((o) => o.id === t.id);
      if (opt) tastes.push({ price: opt.price, quantity: t.quantity, optionType: opt.optionType });
    }
  }
  const mealset: Array<{ price: number; quantity: number }> = [];
  for (const m of c.mealset ?? []) {
    if (!p?.mealset) mealset.push({ price: m.price, quantity: m.quantity });
    else {
      const item = p.mealset.find((g) => g.id === m.groupId)?.items.find((i) => i.id === m.id);
      if (item) mealset.push({ price: item.price, quantity: m.quantity });
    }
  }
  const unit = money.round(unitPriceWith(base, tastes, mealset), dec);
  const member = memberBase != null ? money.round(unitPriceWith(memberBase, tastes, mealset), dec) : null;
  const joinDiscount = (p?.joinDiscount ?? c.joinDiscount) !== 'N';
  const notDishware = !!(p?.notDishware ?? c.notDishware);
  const dishware = p?.dishwareAmount ?? c.dishwareAmount;
  const original = spec?.originalPrice ?? p?.originalPrice ?? c.originalPrice;
  return {
    flag: c.flag || lineFlag(c.id, c.specId, c.tastes, c.mealset),
    productId: c.id,
    name: p?.name ?? c.name,
    typeid: p?.typeid ?? c.typeid,
    specId: c.specId ?? null,
    quantity: Math.max(0, Math.floor(c.quantity)),
    unitPrice: money.toNumber(unit),
    basePrice: base,
    memberPrice: member ? money.toNumber(member) : null,
    originalPrice: original ?? money.toNumber(unit),
    joinDiscount,
    productRebatePercent: p?.productRebatePercent ?? c.productRebatePercent ?? null,
    taxes: p?.taxes ?? c.taxes ?? [],
    dishwareAmount: notDishware ? 0 : (dishware ?? null),
    notDishware,
    noPackFee: !!(p?.noPackFee ?? c.noPackFee),
    couponId: c.couponInfo?.couponId ?? null,
  };
}

/**
 * Build the pricing input from the source data. The cart store and the server pass an order's
 * sources with all its facts (`OrderPricingSources`); examples and unit tests may pass the loose form.
 */
export function buildPricingInput(given: PricingSources | OrderPricingSources): PricingInput {
  const src = 'facts' in given ? sourcesOf(given) : given;
  const shop = pricingShop(src.shop);
  const menu = src.products ? new Map(src.products.map((p) => [p.id, p])) : null;
  const payType = src.payType ?? null;
  return {
    now: src.now,
    shop,
    orderType: src.orderType,
    userAgent: src.userAgent ?? DEFAULT_USER_AGENT[src.orderType] ?? 0,
    payType,
    abroad: !!src.abroad,
    lines: src.cart.filter((c) => c.quantity > 0).map((c) => lineOf(c, menu, shop.numberDecimals)),
    member: src.member ?? null,
    activities: [...(src.activities ?? [])],
    coupons: [...(src.coupons ?? [])],
    couponSelection: src.couponId === undefined ? 'auto' : src.couponId,
    promotionCodeActivity: src.promotionCodeActivity ?? null,
    distance: src.distance ?? null,
    isPickerPack: !!src.isPickerPack,
    usePoints: !!src.usePoints,
    pointsToUse: src.pointsToUse ?? null,
    useGiftAmount: src.useGiftAmount ?? payType === PayType.vip,
    giftAmountRules: [...(src.giftAmountRules ?? [])],
    tableTiming: src.orderType === OrderType.openTable ? (src.table ?? null) : null,
    timesRedBag: src.timesRedBag ?? null,
    acceptedOffers: [...(src.acceptedOffers ?? [])],
  };
}
