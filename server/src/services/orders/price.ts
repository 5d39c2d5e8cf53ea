/**
 * Pricing a submission (order/confirm, PRICE-10): the cart is rebuilt from the menu, every C§5 rule
 * is checked, and the order is priced by the one engine from the same set of facts the cart store
 * builds (`PricingFacts`). No writes: `createOrder` places what this returns.
 */
import { checkOrderTime } from '../../../../src/domain/order-times';
import { defaultPhoneRegion } from '../../../../src/domain/countries';
import { and, eq } from 'drizzle-orm';
import type { OrderSubmission } from '../../../../src/api/contract/order';
import { ActivityType, OrderType, PayType } from '../../../../src/domain/enums';
import { ErrorCode, ruleError, type RuleError } from '../../../../src/domain/errors';
import { buildPricingInput, priceOrder, type Breakdown, type PricingFacts } from '../../../../src/domain/pricing';
import { couponReasonParams } from '../../../../src/domain/coupons/usability';
import { ShopRealStatus, checkCanOrder, shopRealStatus } from '../../../../src/domain/shop-status';
import { checkOrderTypePause } from '../../../../src/domain/order-type-pause';
import { isBrowserUserAgent } from '../../../../src/domain/user-agent';
import type { Activity, ShopSettings, TableTiming } from '../../../../src/domain/types';
import { checkCardPayEnvironment, distanceKm, parseGps } from '../../../../src/domain/validation';
import { checkDeliveryAddress, checkPaymentAmount, checkPayType, validateOrderFields } from '../../../../src/domain/order-rules';
import type { ServerContext } from '../../context';
import { memberCoupons, tables, type StockHold } from '../../db/schema';
import { HttpError, fail, fromRule } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import { confirmationPauses } from '../console/availability';
import { getMenu } from '../menu';
import { getShop, paySettingOf, shopSettingsFor, type ShopRow } from '../shops';
import { paymentsOf } from '../../payments';
import { toOrderLines } from './breakdown';
import { rebuildCart, stockNeeds } from './cart';
import { activityOfCode, memberAndCoupons, memberOf, memberSettingOf, shopActivities } from './load';
import { timesRedBagFact } from './promotions';
import { shopZone, type ShopZone } from '../../../../src/domain/shop-time';

/** Who submits, from where. */
export interface Submitter {
  userId: number;
  shopId: number;
  lang: Lang;
  abroad: boolean;
  userAgentType: number | null;
  idempotencyKey: string | null;
}

export const rule = (e: RuleError | null | undefined): void => {
  if (e) throw fromRule(e);
};
/** The priced order a submission stands for, every C§5 rule checked (no writes). */
export interface PricedOrder {
  shop: ShopRow;
  settings: ShopSettings;
  breakdown: Breakdown;
  activities: Activity[];
  member: Awaited<ReturnType<typeof memberOf>>;
  memberCouponId: number | null;
  couponName: string | null;
  lines: ReturnType<typeof toOrderLines>;
  holds: StockHold[];
  tableNo: string | null;
}

/**
 * The member facts pricing reads (P§4): the card, the shop's member setting, the gift-amount rules
 * (vip/giftAmountRules answers the same, and none while the member function is off) and the times red
 * bag — for one shop's order and for each shop of a multi-shop order alike.
 */
export async function memberPricingFact(
  ctx: ServerContext,
  member: Awaited<ReturnType<typeof memberOf>>,
  shop: ShopRow,
  activities: Activity[],
  now: number,
  zone: ShopZone,
) {
  if (!member) return null;
  const setting = memberSettingOf(shop);
  return {
    info: member.info,
    setting,
    giftAmountRules: setting.isFunctionOpen === false ? [] : [...(shop.giftRules ?? [])],
    timesRedBag: await timesRedBagFact(ctx, member.row.id, activities, now, zone),
  };
}

/** Rebuilds, validates and prices a submission (C§5, P§5, PRICE-10). */
export async function priceSubmission(
  ctx: ServerContext,
  who: Submitter,
  s: OrderSubmission,
  table: TableTiming | null = null,
): Promise<PricedOrder> {
  const now = ctx.clock.now();
  const shopId = s.shopId ?? who.shopId;
  const shop = await getShop(ctx, shopId);
  const settings = shopSettingsFor(shop, who.lang);
  // C§4/C§8: a stopped shop answers 403 only for the order types its real status governs (takeaway,
  // self pickup, unknown; never overseas) — dine-in at a stopped fast-food shop is still taken
  if (shopRealStatus(settings, s.type, who.abroad) === ShopRealStatus.stopped) throw new HttpError(403, 'forbidden');
  // an open-table order is only placed by settling a table order (table/confirm), which brings its timing
  if (s.type === OrderType.openTable && table === null) throw fail('badRequest');

  // C§4/C§5: shop status, open switches, business hours
  rule(checkCanOrder(settings, s.type, now, who.abroad));
  // CONSOLE-5: an order type the shop paused takes no order until the pause ends (read from its table)
  rule(checkOrderTypePause(await confirmationPauses(ctx, shop.id), s.type, now, shopZone(settings)));

  // C§5: a usable payment method; no member card in a browser page
  rule(checkPayType(paySettingOf(shop.paySetting, paymentsOf(ctx).available).payTypes, s.payType));
  rule(checkCardPayEnvironment(s.payType, isBrowserUserAgent(who.userAgentType)));

  // C§5 required fields by order type
  let tableMaxPerson: number | null = null;
  let tableNo: string | null = null;
  if ((s.type === OrderType.dine || s.type === OrderType.openTable) && s.table !== undefined) {
    const rows = await ctx.db
      .select({ name: tables.name, maxPerson: tables.maxPerson })
      .from(tables)
      .where(and(eq(tables.shopId, shop.id), eq(tables.name, s.table)))
      .limit(1);
    if (!rows[0]) throw fail('tableNotFound');
    tableMaxPerson = rows[0].maxPerson;
    tableNo = rows[0].name;
  }
  const beautySet = shop.beauty?.set;
  const fieldErrors = validateOrderFields({
    orderType: s.type,
    shop: settings,
    lineCount: s.products.length,
    address:
      s.contact_address !== undefined
        ? { address: s.contact_address, addressGps: s.contact_address_gps }
        : null,
    deliveryTime: s.deliveryTime ?? null,
    username: s.contact_name,
    userPhone: s.contact_phone,
    pickupTime: s.pickupTime ?? null,
    pickerName: s.contact_name,
    pickerPhone: s.contact_phone,
    table: s.table ?? null,
    people: s.people ?? null,
    tableMaxPerson,
    isAutoNumber: s.isAutoNumber === true,
    appointment: s.appointment ?? null,
    serviceUserId: s.serviceUser?.id ?? null,
    serviceUserRequired: beautySet?.serviceUserRequired === true,
    // USER-5: a phone without a calling code is a mainland number, unless the app runs overseas
    phoneRegion: defaultPhoneRegion(who.abroad),
  });
  rule(fieldErrors[0]);
  // C§4/C§3: a chosen delivery or pickup time must be one the shop offers (hours, delivery times, pickup appointments)
  rule(checkOrderTime(settings, s.type, s.type === OrderType.takeaway ? s.deliveryTime : s.pickupTime, now));

  // C§5 delivery: GPS on the address, a valid shop location, within range by the server's distance
  let distance: number | null = null;
  if (s.type === OrderType.takeaway) {
    const from = parseGps(settings.gpsAddress);
    const to = parseGps(s.contact_address_gps);
    if (from && to) distance = Math.round(distanceKm(from, to) * 1000) / 1000;
    rule(
      checkDeliveryAddress({
        address: { address: s.contact_address ?? '', addressGps: s.contact_address_gps },
        shop: settings,
        distance,
      }),
    );
  }

  // P§5: one coupon per order — an order coupon or one product coupon covering one unit
  const lineCouponIds = [
    ...new Set(s.products.flatMap((p) => (p.couponId !== undefined ? [p.couponId] : []))),
  ];
  const lineCoupon = lineCouponIds[0] ?? null;
  const wantsCoupon = (s.couponId !== undefined && s.couponId !== null) || lineCoupon !== null;
  const chosen =
    s.couponId === 'auto'
      ? null
      : [...(typeof s.couponId === 'number' ? [s.couponId] : []), ...lineCouponIds];
  const zone = shopZone(settings);
  // the menu and activities come from the shop cache; the card and the coupons are one query
  const [menu, activities, { member, coupons }] = await Promise.all([
    getMenu(ctx, shop.id, who.lang),
    shopActivities(ctx, shop),
    wantsCoupon
      ? memberAndCoupons(ctx, who.userId, shop, now, zone, chosen ?? 'all')
      : memberOf(ctx, who.userId, shop).then((m) => ({ member: m, coupons: [] })),
  ]);
  if (s.payType === PayType.vip && !member) throw fail('pleaseRegisterFirst');

  const rebuilt = rebuildCart(s.products, menu, {
    now,
    zone,
    memberLevel: member ? member.row.level : null,
    mustPickTypeId: settings.mustPickTypeId ?? null,
  });
  if ('error' in rebuilt) throw fromRule(rebuilt.error);

  if (
    lineCouponIds.length > 1 ||
    (lineCoupon !== null && s.couponId !== undefined && s.couponId !== null && s.couponId !== lineCoupon)
  ) {
    throw fail('couponAlreadySelected');
  }
  if (s.products.some((p) => p.couponId !== undefined && p.quantity > 1)) throw fail('couponOneProductOnly');
  for (const id of [...(typeof s.couponId === 'number' ? [s.couponId] : []), ...lineCouponIds]) {
    // held by another live order, used, or not this user's
    if (!coupons.some((c) => c.row.id === id))
      throw fail((await couponHeldByOrder(ctx, id)) ? 'couponInUse' : 'invalidCoupon');
  }
  let promotionCodeActivity: Activity | null = null;
  if (s.promotionCode) {
    promotionCodeActivity = activityOfCode(activities, s.promotionCode);
    if (!promotionCodeActivity) throw fail('couponActivityNotExist');
  }

  const facts: PricingFacts = {
    orderType: s.type,
    userAgent: who.userAgentType,
    payType: s.payType,
    abroad: who.abroad,
    member: await memberPricingFact(ctx, member, shop, activities, now, zone),
    // activity/list leaves code activities out: a code activity applies only when its code was entered
    activities: activities.filter((a) => a.type !== ActivityType.productDiscountWithCode),
    promotionCodeActivity,
    coupons: coupons.map((c) => c.coupon),
    couponId: s.couponId === undefined ? null : s.couponId,
    acceptedOffers: s.acceptedOffers ?? [],
    usePoints: s.usePoints === true,
    pointsToUse: null,
    distance,
    isPickerPack: s.isPickerPack === true,
    table,
  };
  const input = buildPricingInput({
    shop: settings,
    cart: rebuilt.lines.map((l) => l.cart),
    products: rebuilt.lines.map((l) => l.product),
    now,
    facts,
  });
  const breakdown = priceOrder(input);
  rule(breakdown.errors[0]);

  // P§5: the chosen coupon must be usable on this order
  if (typeof s.couponId === 'number' && breakdown.selectedCouponId !== s.couponId) {
    const usability = breakdown.coupons.find((c) => c.couponId === s.couponId);
    const reason = usability?.reason ?? 'invalidCoupon';
    throw fail(reason, couponReasonParams(input.coupons.find((c) => c.id === s.couponId), reason));
  }
  // PRICE-5: an accepted offer must be one this order is offered, within its limit
  rule(checkAcceptedOffers(s.acceptedOffers ?? [], breakdown));
  // C§5: the amount to pay must be above 0
  rule(checkPaymentAmount(breakdown.amountToPay));

  const memberCouponId = breakdown.selectedCouponId ?? lineCoupon;
  const couponName =
    memberCouponId === null ? null : (coupons.find((c) => c.row.id === memberCouponId)?.coupon.name ?? null);
  const needs = stockNeeds(rebuilt.lines, menu);
  // the products of accepted offers (PRICE-5) take stock like any other line
  for (const l of breakdown.lines) {
    if (l.quantity > 0 && l.flag.startsWith('offer_')) needs.set(l.productId, (needs.get(l.productId) ?? 0) + l.quantity);
  }
  // PRICE-11: a free product given by an activity leaves the shelf too (its tracked stock is held)
  for (const g of breakdown.gifts) {
    if (g.kind !== 'product' || g.productId === undefined || g.quantity <= 0) continue;
    if (menu.byId.get(g.productId)?.needSoldOut === false) continue;
    needs.set(g.productId, (needs.get(g.productId) ?? 0) + g.quantity);
  }
  const holds = [...needs].map(([productId, quantity]) => ({ productId, quantity }));
  return {
    shop,
    settings,
    breakdown,
    activities,
    member,
    memberCouponId,
    couponName,
    lines: toOrderLines(breakdown, rebuilt.lines, menu),
    holds,
    tableNo,
  };
}

/** Whether a coupon exists and a live order holds it. */
async function couponHeldByOrder(ctx: ServerContext, id: number): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: memberCoupons.id, used: memberCoupons.usedOrderId })
    .from(memberCoupons)
    .where(eq(memberCoupons.id, id))
    .limit(1);
  return rows.length > 0 && rows[0].used !== null;
}

/**
 * PRICE-5: each accepted offer names an offer the server's own pricing lists for this order (the
 * activity applies and offers that product), once, and within the offer's limit — a client cannot
 * add a markup or points product the order does not earn. The engine adds only what is listed; this
 * refuses the submission instead of silently pricing something else than the customer accepted.
 */
export function checkAcceptedOffers(
  accepted: readonly { activityId: number; productId: number; quantity: number }[],
  b: Pick<Breakdown, 'offers'>,
): RuleError | null {
  const seen = new Set<string>();
  for (const a of accepted) {
    const key = `${a.activityId}:${a.productId}`;
    if (seen.has(key)) return ruleError(ErrorCode.badRequest);
    seen.add(key);
    const offer = b.offers.find((o) => o.activityId === a.activityId && o.productId === a.productId);
    if (!offer) return ruleError(ErrorCode.couponActivityNotExist);
    if (a.quantity > offer.maxQuantity) return ruleError(offer.points ? ErrorCode.pointsInsufficient : ErrorCode.exchangeSoldOut);
  }
  return null;
}
