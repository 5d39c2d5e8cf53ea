/**
 * Order creation (order/confirm, SERVER-3): the cart is rebuilt from the menu and priced with the
 * one engine; nothing the client says about money is used except `expectedTotal`, which must equal
 * the server's figure (else `amountError` with the fresh breakdown). Stock, coupon and points are
 * taken in the order's transaction; a member-card order with its pay password is paid in it too.
 * The `Idempotency-Key` of a submit makes a repeat return the first order.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AmountErrorData, OrderConfirmRes, OrderSubmission } from '../../../../src/api/contract/order';
import { ActivityType, OrderStatus, OrderType, PayStatus, PayType } from '../../../../src/domain/enums';
import { ErrorCode, ruleError, type RuleError } from '../../../../src/domain/errors';
import { DEFAULT_UTC_OFFSET_MINUTES } from '../../../../src/domain/hours';
import * as money from '../../../../src/domain/money';
import { buildPricingInput, priceOrder, type Breakdown } from '../../../../src/domain/pricing';
import { checkCanOrder } from '../../../../src/domain/shop-status';
import type { Activity, ShopSettings } from '../../../../src/domain/types';
import {
  checkCardPayEnvironment,
  checkDeliveryAddress,
  checkPaymentAmount,
  checkPayType,
  distanceKm,
  parseGps,
  validateOrderFields,
} from '../../../../src/domain/validation';
import type { ServerContext } from '../../context';
import { memberCoupons, orders, shopDaySeq, tables, type StockHold } from '../../db/schema';
import { AppError, fail, fromRule } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import { getMenu } from '../menu';
import { assertShopOperating, getShop, paySettingOf, shopSettingsFor, type ShopRow } from '../shops';
import { toOrderBreakdown, toOrderLines } from './breakdown';
import { rebuildCart, stockNeeds } from './cart';
import { takeHolds, type OrderRow } from './holds';
import { activityOfCode, freeCoupons, memberOf, memberSettingOf, shopActivities } from './load';
import { checkPayPassword, debitCard } from './member-pay';

/** Who submits, from where. */
export interface Submitter {
  userId: number;
  shopId: number;
  lang: Lang;
  abroad: boolean;
  userAgentType: number | null;
  idempotencyKey: string | null;
}

/**
 * C§5 "Browser pages cannot pay by member card": the h5 and kiosk codes of each user-agent range
 * (offsets 2–3 of the six-code ranges, 2 of the three-code ranges; see src/domain/user-agent.ts).
 */
export function isBrowserUserAgent(code: number | null): boolean {
  if (code === null) return false;
  for (const base of [1, 51, 101]) if (code === base + 2 || code === base + 3) return true;
  return code === 203 || code === 303;
}

/** Seconds an unpaid order waits for its payment: UNPAID_TIMEOUT_S, else the shop's minutes. */
export function unpaidTimeoutMs(ctx: ServerContext, shop: ShopRow): number {
  return (ctx.config.unpaidTimeoutS ?? shop.unpaidMinutes * 60) * 1000;
}

/** The shop-local calendar day 'YYYY-MM-DD' of an instant (the day of order/daySeq). */
export function shopDay(now: number, settings: ShopSettings): string {
  const d = new Date(now + (settings.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES) * 60_000);
  return d.toISOString().slice(0, 10);
}

const rule = (e: RuleError | null | undefined): void => {
  if (e) throw fromRule(e);
};

/** The answer of order/confirm for an order row. */
export function confirmResOf(
  o: Pick<OrderRow, 'id' | 'orderNo' | 'status' | 'payStatus' | 'total' | 'payDeadline'>,
): OrderConfirmRes {
  return {
    id: o.id,
    orderNo: o.orderNo,
    status: o.status as OrderConfirmRes['status'],
    payStatus: o.payStatus as OrderConfirmRes['payStatus'],
    total: Number(o.total),
    needPay: o.status === OrderStatus.nopay,
    payDeadline: o.status === OrderStatus.nopay ? o.payDeadline : null,
  };
}

async function byIdempotencyKey(ctx: ServerContext, userId: number, key: string): Promise<OrderRow | null> {
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return rows[0] ?? null;
}

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

/** Rebuilds, validates and prices a submission (C§5, P§5, PRICE-10). */
export async function priceSubmission(
  ctx: ServerContext,
  who: Submitter,
  s: OrderSubmission,
): Promise<PricedOrder> {
  const now = ctx.clock.now();
  const shopId = s.shopId ?? who.shopId;
  const shop = await getShop(ctx, shopId);
  assertShopOperating(shop);
  const settings = shopSettingsFor(shop, who.lang);
  if (s.type === OrderType.openTable) throw fail('badRequest');

  // C§4/C§5: shop status, open switches, business hours
  rule(checkCanOrder(settings, s.type, now, who.abroad));

  // C§5: a usable payment method; no member card in a browser page
  rule(checkPayType(paySettingOf(shop.paySetting).payTypes, s.payType));
  rule(checkCardPayEnvironment(s.payType, isBrowserUserAgent(who.userAgentType)));

  // C§5 required fields by order type
  let tableMaxPerson: number | null = null;
  let tableNo: string | null = null;
  if (s.type === OrderType.dine && s.table !== undefined) {
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
    appointment: s.appointment ?? null,
    serviceUserId: s.serviceUser?.id ?? null,
    serviceUserRequired: beautySet?.serviceUserRequired === true,
  });
  rule(fieldErrors[0]);

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

  const [menu, activities, member] = await Promise.all([
    getMenu(ctx, shop.id, who.lang),
    shopActivities(ctx, shop),
    memberOf(ctx, who.userId, shop),
  ]);
  if (s.payType === PayType.vip && !member) throw fail('pleaseRegisterFirst');

  const rebuilt = rebuildCart(s.products, menu, {
    now,
    utcOffsetMinutes: settings.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES,
    memberLevel: member ? member.row.level : null,
    mustPickTypeId: settings.mustPickTypeId ?? null,
  });
  if ('error' in rebuilt) throw fromRule(rebuilt.error);

  // P§5: one coupon per order — an order coupon or one product coupon covering one unit
  const lineCouponIds = [
    ...new Set(s.products.flatMap((p) => (p.couponId !== undefined ? [p.couponId] : []))),
  ];
  const lineCoupon = lineCouponIds[0] ?? null;
  if (
    lineCouponIds.length > 1 ||
    (lineCoupon !== null && s.couponId !== undefined && s.couponId !== null && s.couponId !== lineCoupon)
  ) {
    throw fail('couponAlreadySelected');
  }
  if (s.products.some((p) => p.couponId !== undefined && p.quantity > 1)) throw fail('couponOneProductOnly');
  const wantsCoupon = (s.couponId !== undefined && s.couponId !== null) || lineCoupon !== null;
  const chosen =
    s.couponId === 'auto'
      ? null
      : [...(typeof s.couponId === 'number' ? [s.couponId] : []), ...lineCouponIds];
  const coupons = wantsCoupon ? await freeCoupons(ctx, who.userId, member?.row.id ?? null, chosen) : [];
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

  const input = buildPricingInput({
    shop: settings,
    cart: rebuilt.lines.map((l) => l.cart),
    products: rebuilt.lines.map((l) => l.product),
    orderType: s.type,
    userAgent: who.userAgentType ?? undefined,
    payType: s.payType,
    abroad: who.abroad,
    member: member ? { info: member.info, setting: memberSettingOf(shop) } : null,
    // a code activity applies only when its code was entered
    activities: activities.filter(
      (a) => a.type !== ActivityType.productDiscountWithCode || a === promotionCodeActivity,
    ),
    coupons: coupons.map((c) => c.coupon),
    couponId: s.couponId === undefined ? null : s.couponId,
    promotionCodeActivity,
    distance,
    isPickerPack: s.isPickerPack === true,
    usePoints: s.usePoints === true,
    giftAmountRules: shop.giftRules ?? [],
    now,
  });
  const breakdown = priceOrder(input);
  rule(breakdown.errors[0]);

  // P§5: the chosen coupon must be usable on this order
  if (typeof s.couponId === 'number' && breakdown.selectedCouponId !== s.couponId) {
    const usability = breakdown.coupons.find((c) => c.couponId === s.couponId);
    throw fail(usability?.reason ?? 'invalidCoupon');
  }
  // C§5: the amount to pay must be above 0
  rule(checkPaymentAmount(breakdown.amountToPay));

  const memberCouponId = breakdown.selectedCouponId ?? lineCoupon;
  const couponName =
    memberCouponId === null ? null : (coupons.find((c) => c.row.id === memberCouponId)?.coupon.name ?? null);
  const holds = [...stockNeeds(rebuilt.lines)].map(([productId, quantity]) => ({ productId, quantity }));
  return {
    shop,
    settings,
    breakdown,
    activities,
    member,
    memberCouponId,
    couponName,
    lines: toOrderLines(breakdown, rebuilt.lines),
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

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** order/confirm. */
export async function createOrder(
  ctx: ServerContext,
  who: Submitter,
  s: OrderSubmission,
): Promise<OrderConfirmRes> {
  // A repeated key is found by the unique index at insert (no lookup on the usual first submit);
  // a repeat the rules now refuse (the first order took the last stock) still answers the first order.
  const repeated = async (): Promise<OrderConfirmRes | null> => {
    if (!who.idempotencyKey) return null;
    const seen = await byIdempotencyKey(ctx, who.userId, who.idempotencyKey);
    return seen ? confirmResOf(seen) : null;
  };
  let p: PricedOrder;
  try {
    p = await priceSubmission(ctx, who, s);
  } catch (e) {
    if (e instanceof AppError) {
      const first = await repeated();
      if (first) return first;
    }
    throw e;
  }
  const b = p.breakdown;
  const breakdown = toOrderBreakdown(b, p.activities);

  // PRICE-10: never charge a figure the customer was not shown
  if (!money.eq(breakdown.total, s.expectedTotal)) {
    const first = await repeated();
    if (first) return first;
    const data: AmountErrorData = { expectedTotal: s.expectedTotal, total: breakdown.total, breakdown };
    throw new AppError(ErrorCode.amountError, undefined, data);
  }

  const now = ctx.clock.now();
  const member = p.member;
  const giftPlanned = b.giftAmount;
  // C§5 balance must suffice (checked again by the conditional debit)
  if (s.payType === PayType.vip && member) {
    rule(
      money.lt(member.info.amount, b.amountToPay) || money.lt(member.info.giftAmount, giftPlanned)
        ? ruleError(ErrorCode.balanceInsufficient)
        : null,
    );
  }
  const payNow = s.payType === PayType.vip && s.payPassword !== undefined && member !== null;
  if (payNow) await checkPayPassword(ctx.db, member.row, s.payPassword, now);

  // cash goes to the shop at once (paid at the counter); others wait for their payment
  const awaitingPayment = s.payType !== PayType.cash && !payNow;
  const status = awaitingPayment ? OrderStatus.nopay : OrderStatus.pending;
  const day = shopDay(now, p.settings);

  try {
    const order = await ctx.db.transaction(async (tx) => {
      const seqRows = await tx
        .insert(shopDaySeq)
        .values({ shopId: p.shop.id, day, seq: 1 })
        .onConflictDoUpdate({
          target: [shopDaySeq.shopId, shopDaySeq.day],
          set: { seq: sql`${shopDaySeq.seq} + 1` },
        })
        .returning({ seq: shopDaySeq.seq });
      const daySeq = seqRows[0].seq;
      const orderNo = `${day.replace(/-/g, '')}${p.shop.id}${String(daySeq).padStart(5, '0')}`;
      const values = {
        orderNo,
        shopId: p.shop.id,
        userId: who.userId,
        memberId: member?.row.id ?? null,
        type: s.type,
        status,
        payStatus: payNow ? PayStatus.success : PayStatus.processing,
        payType: s.payType,
        total: String(breakdown.total),
        paidAmount: payNow ? String(breakdown.total) : '0',
        balancePaid: payNow ? String(breakdown.total) : '0',
        giftPaid: String(giftPlanned),
        pointsUsed: b.points.used,
        memberCouponId: p.memberCouponId,
        couponName: p.couponName,
        stockHolds: p.holds,
        holding: true,
        breakdown,
        lines: p.lines,
        contact:
          s.type === OrderType.takeaway || s.type === OrderType.selfPickup
            ? {
                contact_name: s.contact_name ?? '',
                contact_phone: s.contact_phone ?? '',
                contact_address: s.contact_address ?? '',
                contact_address_gps: s.contact_address_gps ?? '',
              }
            : null,
        service: serviceOf(p.shop, s),
        tableNo: p.tableNo,
        people: s.type === OrderType.dine ? (s.people ?? null) : null,
        appointmentTime: s.appointment ?? null,
        pickupTime: s.pickupTime ?? null,
        deliveryTime: s.deliveryTime ?? null,
        note: s.note ?? '',
        isPickerPack: s.isPickerPack === true,
        daySeq,
        payDeadline: awaitingPayment ? now + unpaidTimeoutMs(ctx, p.shop) : null,
        idempotencyKey: who.idempotencyKey,
        events: [{ time: now, status, text: 'placed' }],
        createdAt: now,
        paidAt: payNow ? now : null,
        updatedAt: now,
      };
      // only the id comes back: the rest is what was just written
      const inserted = await tx.insert(orders).values(values).returning({ id: orders.id });
      const row = { ...values, id: inserted[0].id };
      await takeHolds(tx, row);
      if (payNow && member)
        await debitCard(tx, member.row.id, p.shop.id, row.id, breakdown.total, giftPlanned);
      return row;
    });
    return confirmResOf(order);
  } catch (e) {
    if (who.idempotencyKey && isUniqueViolation(e)) {
      const seen = await byIdempotencyKey(ctx, who.userId, who.idempotencyKey);
      if (seen) return confirmResOf(seen);
    }
    throw e;
  }
}

function serviceOf(shop: ShopRow, s: OrderSubmission) {
  if (s.type !== OrderType.appointment || !s.serviceUser || s.appointment === undefined) return null;
  const user = shop.beauty?.users.find((u) => u.id === s.serviceUser?.id);
  if (!user) throw fail('requiredServiceUser');
  return {
    serviceUserId: user.id,
    serviceUserName: user.userName.slice(0, 140),
    startTime: s.serviceStartTimeInfo?.startTime ?? s.appointment,
    duration: s.serviceDuration ?? 60,
  };
}
