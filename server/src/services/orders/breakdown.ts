/**
 * The engine's Breakdown in the contract's shape (OrderBreakdown, OrderLine): every discount row
 * keeps the source it came from (activity or coupon id), fees and taxes are the figures of C§3.
 */
import type {
  AdjustmentSource,
  OrderAdjustment,
  OrderBreakdown,
  OrderGift,
  OrderLine,
} from '../../../../src/api/contract/order';
import type { ActivityType } from '../../../../src/domain/enums';
import * as money from '../../../../src/domain/money';
import type { Adjustment, AdjustmentKind, Breakdown } from '../../../../src/domain/pricing';
import type { Activity } from '../../../../src/domain/types';
import { offerFlag } from '../../../../src/domain/promotions/offers';
import type { Menu } from '../menu';
import type { RebuiltLine } from './cart';

/** The line flag of a free product an activity gives (PRICE-11). */
export const giftFlag = (activityId: number, productId: number): string => `gift_${activityId}_${productId}`;

/** PRICE-11: the gifts of the engine's breakdown as the order keeps them. */
export function toOrderGifts(b: Pick<Breakdown, 'gifts'>): OrderGift[] {
  return b.gifts
    .filter((g) => g.quantity > 0)
    .slice(0, 50)
    .map((g) => {
      const out: OrderGift = {
        kind: g.kind,
        activityId: g.activityId,
        activityType: g.activityType,
        name: (g.name ?? '').slice(0, 140),
        quantity: g.quantity,
      };
      if (g.productId !== undefined) out.productId = g.productId;
      if (g.couponId !== undefined) out.couponId = g.couponId;
      return out;
    });
}

const SOURCE: Partial<Record<AdjustmentKind, AdjustmentSource>> = {
  memberPrice: 'memberPrice',
  memberDiscount: 'memberDiscount',
  productRebate: 'memberDiscount',
  shopRebate: 'shopRebate',
  shopFullReduction: 'shopRebate',
  productSpecPrice: 'activity',
  secondDiscount: 'activity',
  buyNGetN: 'activity',
  allDiscount: 'activity',
  fullReduction: 'activity',
  someTypeFullReduction: 'activity',
  markupRedemption: 'activity',
  pointRedeem: 'activity',
  productDiscountWithCode: 'promotionCode',
  coupon: 'coupon',
  productCoupon: 'coupon',
  points: 'points',
  giftAmount: 'giftAmount',
};

const neg = (n: number, dec: number): number => money.toWire(money.neg(n), dec);

function adjustmentOf(
  a: Adjustment,
  dec: number,
  activities: ReadonlyMap<number, Activity>,
): OrderAdjustment | null {
  const source = SOURCE[a.kind];
  if (!source || a.amount >= 0) return null;
  const out: OrderAdjustment = { source, name: a.reason.slice(0, 140), amount: neg(a.amount, dec) };
  if (a.lineFlag) out.flag = a.lineFlag;
  if (a.sourceId !== null) {
    if (source === 'coupon') out.couponId = a.sourceId;
    else if (source === 'activity' || source === 'promotionCode') {
      out.activityId = a.sourceId;
      const act = activities.get(a.sourceId);
      if (act) {
        out.name = act.name.slice(0, 140);
        out.activityType = act.type as ActivityType;
      }
    }
  }
  return out;
}

/** The contract figures of an order from the engine's breakdown. */
export function toOrderBreakdown(b: Breakdown, activities: readonly Activity[]): OrderBreakdown {
  const dec = b.numberDecimals;
  const byId = new Map(activities.map((a) => [a.id, a]));
  const sumOf = (kinds: AdjustmentKind[]) =>
    money.toWire(
      money.neg(money.sum(b.adjustments.filter((a) => kinds.includes(a.kind)).map((a) => a.amount))),
      dec,
    );
  const adjustments = b.adjustments
    .map((a) => adjustmentOf(a, dec, byId))
    .filter((a): a is OrderAdjustment => a !== null)
    .slice(0, 100);
  return {
    goodsAmount: b.originalAmount,
    deliveryFee: b.fees.delivery,
    packFee: money.toWire(money.add(b.fees.packaging, b.fees.pickerPack), dec),
    dishwareAmount: b.fees.dishware,
    serviceCharge: b.fees.service,
    tableFee: b.fees.table,
    taxAmount: b.taxes.total,
    roundingAmount: b.rounding,
    couponAmount: sumOf(['coupon', 'productCoupon']),
    pointsDeduction: b.points.amount,
    pointsUsed: b.points.used,
    vipDiscount: sumOf(['memberPrice', 'memberDiscount', 'productRebate']),
    discountAmount: money.toWire(money.add(b.totalDiscount, b.points.amount), dec),
    total: b.amountToPay,
    adjustments,
    ...(b.gifts.length > 0 ? { gifts: toOrderGifts(b) } : {}),
  };
}

/** The priced lines of an order. */
export function toOrderLines(b: Breakdown, rebuilt: readonly RebuiltLine[], menu?: Pick<Menu, 'byId'>): OrderLine[] {
  const dec = b.numberDecimals;
  const byFlag = new Map(rebuilt.map((l) => [l.cart.flag, l]));
  const offerOf = new Map(b.offers.map((o) => [offerFlag(o.activityId, o.productId), o]));
  const out: OrderLine[] = [];
  for (const l of b.lines) {
    const src = byFlag.get(l.flag);
    if (!src) {
      // an accepted offer (PRICE-5): the product at the offer's price, no choices
      if (l.quantity > 0 && l.flag.startsWith('offer_')) {
        const offer = offerOf.get(l.flag);
        const image = menu?.byId.get(l.productId)?.image;
        out.push({
          ...(image ? { image: image.slice(0, 1024) } : {}),
          offer: true,
          ...(offer ? { activityId: offer.activityId } : {}),
          ...(offer?.points ? { points: offer.points } : {}),
          flag: l.flag,
          productId: l.productId,
          name: l.name.slice(0, 140),
          tastes: [],
          tastesName: '',
          mealset: [],
          mealsetNames: '',
          quantity: l.quantity,
          price: l.unitPrice,
          originalPrice: l.unitPrice,
          amount: l.lineAmount,
          discountAmount: money.toWire(money.sub(l.lineAmount, l.finalAmount), dec),
        });
      }
      continue;
    }
    const c = src.cart;
    const line: OrderLine = {
      flag: l.flag,
      productId: l.productId,
      name: l.name.slice(0, 140),
      tastes: (c.tastes ?? []).map((t) => ({
        id: t.id,
        name: t.name.slice(0, 140),
        quantity: t.quantity,
        price: t.price,
        typeId: t.typeId,
      })),
      tastesName: (c.tastesName ?? '').slice(0, 500),
      mealset: src.mealset,
      mealsetNames: (c.mealsetNames ?? '').slice(0, 1000),
      quantity: l.quantity,
      price: l.unitPrice,
      originalPrice: money.toWire(src.product.originalPrice ?? l.unitPrice, dec),
      amount: l.lineAmount,
      discountAmount: money.toWire(money.sub(l.lineAmount, l.finalAmount), dec),
    };
    if (c.image) line.image = c.image.slice(0, 1024);
    if (c.specId !== undefined) {
      line.specId = c.specId;
      if (c.specName) line.specName = c.specName.slice(0, 140);
    }
    out.push(line);
  }
  // PRICE-11: the free products the activities give, at price 0 — the kitchen hands them over
  for (const g of b.gifts) {
    if (g.kind !== 'product' || g.productId === undefined || g.quantity <= 0) continue;
    const product = menu?.byId.get(g.productId);
    const gift: OrderLine = {
      flag: giftFlag(g.activityId, g.productId),
      productId: g.productId,
      name: (product?.name ?? g.name ?? `#${g.productId}`).slice(0, 140),
      tastes: [],
      tastesName: '',
      mealset: [],
      mealsetNames: '',
      quantity: g.quantity,
      price: 0,
      originalPrice: money.toWire(product?.price ?? 0, dec),
      amount: 0,
      discountAmount: 0,
      gift: true,
      activityId: g.activityId,
    };
    if (product?.image) gift.image = product.image.slice(0, 1024);
    out.push(gift);
  }
  return out;
}
