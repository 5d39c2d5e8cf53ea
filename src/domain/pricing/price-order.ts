/**
 * priceOrder (PRICE-1…10): the one pricing engine of the app and the server. A pure function of its
 * input: the same input gives the same breakdown, whatever the order of the cart lines.
 * Stage order and the base of each stage: docs/pricing.md.
 */
import * as moneyFns from '../money';
import type { Amount } from '../money';
import { ErrorCode } from '../errors';
import { OrderType } from '../enums';
import { deliveryFee, perUnitFee, serviceChargeCode, serviceFee } from '../fees';
import { feeTax, lineTax } from '../tax';
import type { Adjustment, Breakdown, BreakdownLine, PricingInput } from './types';
import { addAdjustment, amountOf, newLineState, unitsSafe, type LineState, type PricingState } from './state';
import { filterStage, fullReductionStage, priceRuleStage, runStage } from './stages';
import { applyCoupon } from './coupon-stage';
import { tableFee } from './table-fee';
import { pointsDeduction, giftDeduction } from './deductions';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

const canonical = (a: LineState, b: LineState): number =>
  a.line.flag < b.line.flag ? -1 : a.line.flag > b.line.flag ? 1 : a.line.unitPrice - b.line.unitPrice || a.line.quantity - b.line.quantity;

function initState(input: PricingInput): PricingState {
  const lines = input.lines.map((l, i) => newLineState(l, i, input.shop.numberDecimals)).sort(canonical);
  return {
    input,
    dec: input.shop.numberDecimals,
    lines,
    activities: [],
    adjustments: [],
    notApplied: [],
    applied: [],
    gifts: [],
    offers: [],
    candidates: new Map(),
    coupons: [],
    selectedCouponId: null,
    errors: [],
    notices: [],
    invalidActivityIds: new Set(),
    spend: null,
    memo: new Map(),
    intOk: unitsSafe(lines),
    pointsSpentOnOffers: 0,
  };
}

interface FeeAmounts {
  packaging: Amount;
  pickerPack: Amount;
  dishware: Amount;
  delivery: Amount;
  service: Amount;
  table: Amount;
  outOfRange: boolean;
}

/** Stage 8: fees on goods after discounts (C§9, PRICE-3, PRICE-9). */
function feeStage(state: PricingState, goods: Amount): FeeAmounts {
  const { input, dec } = state;
  const s = input.shop;
  const goodsLines = state.lines.filter((l) => !l.fromOffer && l.line.quantity > 0);
  const packUnits = goodsLines.filter((l) => !l.line.noPackFee).reduce((n, l) => n + l.line.quantity, 0);
  const sceneOn =
    (input.orderType === OrderType.takeaway && s.packageFeeApplySceneSet.takeaway) ||
    (input.orderType === OrderType.dine && s.packageFeeApplySceneSet.dine) ||
    (input.orderType === OrderType.selfPickup && s.packageFeeApplySceneSet.selfPickUp) ||
    (input.orderType === OrderType.openTable && s.packageFeeApplySceneSet.openTable);
  const packaging = sceneOn ? money.round(perUnitFee(packUnits, s.packFee), dec) : money.ZERO;
  const packedByRequest =
    !sceneOn && input.isPickerPack && (input.orderType === OrderType.selfPickup || input.orderType === OrderType.dine);
  const pickerPack = packedByRequest
    ? money.round(s.pickerPackFee > 0 ? money.of(s.pickerPackFee) : perUnitFee(packUnits, s.packFee), dec)
    : money.ZERO;
  let dishware = money.ZERO;
  if (input.orderType !== OrderType.appointment) {
    for (const l of goodsLines) {
      if (l.line.notDishware) continue;
      dishware = dishware.plus(perUnitFee(l.line.quantity, l.line.dishwareAmount ?? s.dishwareAmount));
    }
    dishware = money.round(dishware, dec);
  }
  let delivery = money.ZERO;
  let outOfRange = false;
  if (input.orderType === OrderType.takeaway) {
    const d = deliveryFee({
      tiers: s.deliverAmount,
      distance: input.distance,
      abroad: input.abroad,
      flatFee: s.deliverAmount1,
      maxDistance: s.deliveryDistance,
      isFreeDeliveryFee: s.isFreeDeliveryFee,
      freeDeliveryMinAmount: s.freeDeliveryMinAmount,
      goods,
    });
    delivery = money.round(d.fee, dec);
    outOfRange = d.outOfRange;
  }
  const code = serviceChargeCode(input.orderType, input.isPickerPack);
  const service = serviceFee(goods, s.serviceFee, s.otherSetting.ServiceChargeEnable, s.otherSetting.OrderTypeServiceCharge, code, dec);
  const table =
    input.orderType === OrderType.openTable && input.tableTiming ? tableFee(input.tableTiming, input.now, dec).fee : money.ZERO;
  return { packaging, pickerPack, dishware, delivery, service, table, outOfRange };
}

/** Price an order. */
export function priceOrder(input: PricingInput): Breakdown {
  const state = initState(input);
  const dec = state.dec;
  const w = (a: Amount) => money.toWire(a, dec);

  // Stages 1–7: promotions and coupon.
  filterStage(state);
  priceRuleStage(state);
  runStage(state, 'categoryDiscount');
  fullReductionStage(state);
  applyCoupon(state);
  runStage(state, 'coupon');
  state.spend = amountOf(state.lines);
  runStage(state, 'gift');
  runStage(state, 'offer');

  const goodsAfterDiscount = amountOf(state.lines);

  // Stage 8: fees.
  const fees = feeStage(state, goodsAfterDiscount);
  const feeAdj = (kind: Adjustment['kind'], amount: Amount, reason: string) => {
    if (!money.isZero(amount)) addAdjustment(state, { kind, sourceId: null, amount: w(amount), reason });
  };
  feeAdj('packFee', fees.packaging, 'packaging fee');
  feeAdj('pickerPackFee', fees.pickerPack, 'pickup pack fee');
  feeAdj('dishwareFee', fees.dishware, 'dishware fee');
  feeAdj('deliveryFee', fees.delivery, 'delivery fee');
  feeAdj('serviceFee', fees.service, 'service fee');
  feeAdj('tableFee', fees.table, 'table fee');
  const feesTotal = money.sum([fees.packaging, fees.pickerPack, fees.dishware, fees.delivery, fees.service, fees.table]);

  // Stage 9: taxes on each line's final goods amount, and on the fees that carry a tax.
  const byTax = new Map<number, { taxID: number; taxType: number; amount: Amount }>();
  let productAdded = money.ZERO;
  let productIncluded = money.ZERO;
  for (const l of state.lines) {
    if (l.line.taxes.length === 0) continue;
    const t = lineTax(l.cur, l.line.quantity, l.line.taxes, dec);
    l.taxAdded = t.added;
    l.tax = t.added.plus(t.included);
    productAdded = productAdded.plus(t.added);
    productIncluded = productIncluded.plus(t.included);
    for (const x of t.byTax) {
      const prev = byTax.get(x.taxID);
      if (prev) prev.amount = prev.amount.plus(x.amount);
      else byTax.set(x.taxID, { ...x });
    }
    if (money.isPositive(t.added)) addAdjustment(state, { kind: 'tax', sourceId: null, lineFlag: l.line.flag, amount: w(t.added), reason: 'product tax' }, l);
  }
  const deliveryTax = feeTax(fees.delivery, input.shop.deliverGst, dec);
  const dishwareTax = feeTax(fees.dishware, input.shop.dishwareGst, dec);
  const serviceTax = feeTax(fees.service, input.shop.serviceFeeTax, dec);
  feeAdj('tax', deliveryTax, 'delivery tax');
  feeAdj('tax', dishwareTax, 'dishware tax');
  feeAdj('tax', serviceTax, 'service fee tax');
  const taxesAdded = money.sum([productAdded, deliveryTax, dishwareTax, serviceTax]);

  const total = money.sum([goodsAfterDiscount, feesTotal, taxesAdded]);

  // Stage 10: points, then gift balance (PRICE-8).
  const points = pointsDeduction(state, total);
  if (money.isPositive(points.amount)) addAdjustment(state, { kind: 'points', sourceId: null, amount: w(money.neg(points.amount)), reason: `${points.used} points` });
  const gift = giftDeduction(state, money.sub(total, points.amount));
  if (money.isPositive(gift)) addAdjustment(state, { kind: 'giftAmount', sourceId: null, amount: w(money.neg(gift)), reason: 'gift balance' });

  // Stage 11: rounding (C§9 isRounding05).
  const beforeRounding = money.clampZero(money.sub(money.sub(total, points.amount), gift));
  let rounding = money.ZERO;
  let amountToPay = beforeRounding;
  if (input.shop.isRounding05) {
    const r = money.round05(beforeRounding);
    amountToPay = money.clampZero(r.value);
    rounding = amountToPay.minus(beforeRounding);
    if (!money.isZero(rounding)) addAdjustment(state, { kind: 'rounding', sourceId: null, amount: w(rounding), reason: 'rounding to 0.05' });
  }

  // Rule failures the checkout shows.
  const s = input.shop;
  const minApplies = input.orderType === OrderType.takeaway || (input.orderType === OrderType.selfPickup && s.minSellAmountSupportSelfCollection);
  if (minApplies && s.minSellStartAmount > 0 && money.lt(goodsAfterDiscount, s.minSellStartAmount)) {
    state.errors.push({ code: ErrorCode.belowMinimumAmount, params: { amount: s.minSellStartAmount } });
  }
  if (fees.outOfRange) state.errors.push({ code: ErrorCode.outOfBusinessScope });

  const lines: BreakdownLine[] = [...state.lines]
    .sort((a, b) => a.index - b.index)
    .map((l) => {
      // Equal amounts share one wire conversion (the output is the hot end of the benchmark).
      const lineAmount = w(l.list);
      const priceRuleAmount = l.price === l.list ? lineAmount : w(l.price);
      const finalAmount = l.discount.isZero() ? priceRuleAmount : w(l.cur);
      const q = l.line.quantity;
      return {
        flag: l.line.flag,
        productId: l.line.productId,
        name: l.line.name,
        typeid: l.line.typeid,
        quantity: q,
        unitPrice: l.line.unitPrice,
        lineAmount,
        priceRuleAmount,
        orderDiscount: w(l.discount),
        finalAmount,
        finalUnitPrice: q === 1 ? finalAmount : q > 0 ? w(money.div(l.cur, q)) : 0,
        tax: w(l.tax),
        taxAdded: w(l.taxAdded),
        adjustments: l.adjustments,
      };
    });
  const originalAmount = money.sum(state.lines.map((l) => l.list));
  const goodsAmount = money.sum(state.lines.map((l) => l.price));
  return {
    numberDecimals: dec,
    lines,
    adjustments: state.adjustments,
    notApplied: state.notApplied,
    appliedActivityIds: state.applied,
    coupons: state.coupons,
    selectedCouponId: state.selectedCouponId,
    gifts: state.gifts,
    offers: state.offers,
    fees: {
      packaging: w(fees.packaging),
      pickerPack: w(fees.pickerPack),
      dishware: w(fees.dishware),
      delivery: w(fees.delivery),
      service: w(fees.service),
      table: w(fees.table),
      deliveryOutOfRange: fees.outOfRange,
    },
    taxes: {
      productAdded: w(productAdded),
      productIncluded: w(productIncluded),
      delivery: w(deliveryTax),
      dishware: w(dishwareTax),
      service: w(serviceTax),
      added: w(taxesAdded),
      total: w(taxesAdded.plus(productIncluded)),
      byTax: [...byTax.values()].sort((a, b) => a.taxID - b.taxID).map((x) => ({ taxID: x.taxID, taxType: x.taxType, amount: w(x.amount) })),
    },
    originalAmount: w(originalAmount),
    goodsAmount: w(goodsAmount),
    discountAmount: w(money.sum(state.lines.map((l) => l.discount))),
    totalDiscount: w(originalAmount.minus(goodsAfterDiscount)),
    goodsAfterDiscount: w(goodsAfterDiscount),
    feesTotal: w(feesTotal),
    points: { used: points.used, amount: w(points.amount), max: points.max },
    giftAmount: w(gift),
    total: w(total),
    totalBeforeRounding: w(beforeRounding),
    rounding: w(rounding),
    amountToPay: w(amountToPay),
    errors: state.errors,
    notices: state.notices,
  };
}
