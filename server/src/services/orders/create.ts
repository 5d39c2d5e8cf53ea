/**
 * Order creation (order/confirm, SERVER-3): the cart is rebuilt from the menu and priced with the
 * one engine; nothing the client says about money is used except `expectedTotal`, which must equal
 * the server's figure (else `amountError` with the fresh breakdown). Stock, coupon and points are
 * taken in the order's transaction; a member-card order with its pay password is paid in it too.
 * The `Idempotency-Key` of a submit makes a repeat return the first order.
 */
import { and, eq, getTableColumns, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
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
import { perServer, txEnv, type ServerContext } from '../../context';
import { prepareSql } from '../../db/fast';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { memberCoupons, orders, products, shopDaySeq, tables, type StockHold } from '../../db/schema';
import { AppError, fail, fromRule } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import { getMenu } from '../menu';
import { assertShopOperating, getShop, paySettingOf, shopSettingsFor, type ShopRow } from '../shops';
import { toOrderBreakdown, toOrderLines } from './breakdown';
import { rebuildCart, stockNeeds } from './cart';
import { checkReserved, rowsOf, stockUpdateSql, takePoints, type OrderRow } from './holds';
import { applyPaidOrderPromotions, earnedCoupons, type StoredBreakdown } from './promotions';
import { activityOfCode, memberAndCoupons, memberOf, memberSettingOf, shopActivities } from './load';
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
  const utcOffsetMinutes = settings.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES;
  // the menu and activities come from the shop cache; the card and the coupons are one query
  const [menu, activities, { member, coupons }] = await Promise.all([
    getMenu(ctx, shop.id, who.lang),
    shopActivities(ctx, shop),
    wantsCoupon
      ? memberAndCoupons(ctx, who.userId, shop, now, utcOffsetMinutes, chosen ?? 'all')
      : memberOf(ctx, who.userId, shop).then((m) => ({ member: m, coupons: [] })),
  ]);
  if (s.payType === PayType.vip && !member) throw fail('pleaseRegisterFirst');

  const rebuilt = rebuildCart(s.products, menu, {
    now,
    utcOffsetMinutes,
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
  // the coupons the order earns are handed over when it is paid (P§3): kept with the order till then
  const earned = earnedCoupons(b);
  const storedBreakdown: StoredBreakdown =
    earned.length > 0 ? { ...breakdown, earnedCoupons: earned } : breakdown;

  try {
    // the number of the day, the order row and its stock and coupon holds in one statement
    const values = {
      orderNo: orderNoSql(orderNoPrefix(day, p.shop.id)),
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
      breakdown: storedBreakdown,
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
      daySeq: DAY_SEQ_SQL,
      payDeadline: awaitingPayment ? now + unpaidTimeoutMs(ctx, p.shop) : null,
      idempotencyKey: who.idempotencyKey,
      events: [{ time: now, status, text: 'placed' }],
      createdAt: now,
      paidAt: payNow ? now : null,
      updatedAt: now,
    };
    // only id, number and number of the day come back: the rest is what was just written
    const order =
      member === null || (status === OrderStatus.nopay && b.points.used === 0)
        ? // nothing else to write (a visitor's order, or a card's awaiting payment without points):
          // the one statement is atomic by itself, no transaction round trips
          {
            ...values,
            ...(await placeOrder(ctx.db, p.shop.id, day, values, p.holds, p.memberCouponId, ctx)),
          }
        : await ctx.db.transaction(async (tx) => {
            const placed = await placeOrder(tx, p.shop.id, day, values, p.holds, p.memberCouponId, null);
            const row = { ...values, ...placed };
            if (member) await takePoints(tx, member.row.id, p.shop.id, row.pointsUsed, row.id);
            if (payNow && member)
              await debitCard(tx, member.row.id, p.shop.id, row.id, breakdown.total, giftPlanned);
            // cash goes to the shop at once, a card paid at submit is paid: either earns its promotions now
            if (status === OrderStatus.pending)
              await applyPaidOrderPromotions(tx, txEnv(ctx, now), row, {
                shop: p.shop,
                member: member?.row ?? null,
                activities: p.activities,
              });
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

/**
 * One round trip for the order's writes (SERVER-3): the shop's number of the day (upsert), the order
 * row, every line's stock (`stock >= n`) and the coupon (`status = 1 AND used_order_id IS NULL`).
 * The holds run after the insert (they name the order) and are compared with what was asked:
 * anything short throws and the caller's transaction rolls the order back.
 */
async function placeOrder(
  tx: Db,
  shopId: number,
  day: string,
  values: PgInsertValue<typeof orders>,
  holds: readonly StockHold[],
  memberCouponId: number | null,
  alone: ServerContext | null,
): Promise<{ id: number; orderNo: string; daySeq: number }> {
  let result: unknown;
  try {
    result = alone
      ? await placeAlone(alone, shopId, day, values, holds, memberCouponId)
      : await tx.execute(placeSql(tx, shopId, day, values, holds, memberCouponId, false));
  } catch (e) {
    if (alone && holdsShort(e)) await explainShortHolds(tx, holds, memberCouponId);
    throw e;
  }
  const row = rowsOf<{
    id: number;
    order_no: string;
    day_seq: number;
    ids: number[] | null;
    coupons: number;
  }>(result)[0];
  await checkReserved(tx, holds, row.ids, Number(row.coupons));
  return { id: Number(row.id), orderNo: row.order_no, daySeq: Number(row.day_seq) };
}

/** The statement of `placeOrder`; `alone` adds the guard that fails it as a whole on a short hold. */
function placeSql(
  db: Db,
  shopId: number | Placeholder,
  day: string | Placeholder,
  values: PgInsertValue<typeof orders>,
  holds: readonly StockHold[],
  memberCouponId: number | Placeholder | null,
  alone: boolean,
): SQL {
  const insert = db
    .insert(orders)
    .values(values)
    .returning({ id: orders.id, orderNo: orders.orderNo, daySeq: orders.daySeq });
  const stockCte =
    holds.length > 0 ? sql`, s AS (${stockUpdateSql(shopId, holds, sql`EXISTS (SELECT 1 FROM o)`)})` : sql``;
  const couponCte =
    memberCouponId !== null
      ? sql`, c AS (
        UPDATE ${memberCoupons} SET status = 2, used_order_id = (SELECT id FROM o)
         WHERE id = ${memberCouponId} AND status = 1 AND used_order_id IS NULL
        RETURNING id)`
      : sql``;
  const stockTaken = holds.length > 0 ? sql`(SELECT count(*) FROM s)` : sql`0`;
  const couponTaken = memberCouponId !== null ? sql`(SELECT count(*) FROM c)` : sql`1`;
  // Outside a transaction the statement must fail as a whole when a hold is short: the text → int
  // cast of a non-constant message raises (only then) and nothing of the statement remains.
  const guard = alone
    ? sql`, (CASE WHEN ${stockTaken} = ${holds.length} AND ${couponTaken} = 1 THEN '0'
        ELSE ${HOLDS_SHORT} || o.id END)::int AS guard`
    : sql``;
  return sql`
    WITH d AS (
      INSERT INTO ${shopDaySeq} (shop_id, day, seq) VALUES (${shopId}, ${day}, 1)
      ON CONFLICT (shop_id, day) DO UPDATE SET seq = ${shopDaySeq}.seq + 1
      RETURNING seq),
    o AS (${insert.getSQL()})${stockCte}${couponCte}
    SELECT o.id, o.order_no, o.day_seq,
      ${holds.length > 0 ? sql`(SELECT array_agg(id) FROM s)` : sql`NULL::int[]`} AS ids,
      ${memberCouponId !== null ? sql`(SELECT count(*) FROM c)::int` : sql`1`} AS coupons${guard}
    FROM o`;
}

/** The order number of the day: the shop-day prefix and the number, five digits at least (CTE d). */
const orderNoSql = (prefix: string | Placeholder): SQL<string> =>
  sql<string>`(SELECT ${prefix} || lpad(seq::text, greatest(5, length(seq::text)), '0') FROM d)`;
const DAY_SEQ_SQL = sql<number>`(SELECT seq FROM d)`;
const orderNoPrefix = (day: string, shopId: number): string => `${day.replace(/-/g, '')}${shopId}`;

/** jsonb columns of the order row: sent as JSON text by the prepared statement. */
const JSON_COLUMNS: ReadonlySet<string> = new Set(
  Object.entries(getTableColumns(orders))
    .filter(([, c]) => c.getSQLType() === 'jsonb')
    .map(([k]) => k),
);

/**
 * The standalone `placeOrder` statement prepared once per server for each shape (number of stock
 * holds, coupon or not, the row's columns): building the CTE with drizzle cost ~0.5 ms per order;
 * now only the values are bound. Every column is a bound value (the database reads its type from
 * the column), the number of the day and the order number come from CTE d as before.
 */
async function placeAlone(
  ctx: ServerContext,
  shopId: number,
  day: string,
  values: PgInsertValue<typeof orders>,
  holds: readonly StockHold[],
  memberCouponId: number | null,
): Promise<unknown> {
  const columns = Object.keys(values).filter((k) => k !== 'orderNo' && k !== 'daySeq');
  const key = `${holds.length}:${memberCouponId === null ? 0 : 1}:${columns.join(',')}`;
  const statements = placeStatements(ctx);
  let statement = statements.get(key);
  if (!statement) {
    const row: Record<string, unknown> = {
      orderNo: orderNoSql(sql.placeholder('prefix')),
      daySeq: DAY_SEQ_SQL,
    };
    for (const k of columns) row[k] = sql`${sql.placeholder(`v_${k}`)}`;
    const holdSlots = holds.map((_, i) => ({
      productId: sql.placeholder(`h${i}`),
      quantity: sql.placeholder(`n${i}`),
    }));
    const text = placeSql(
      ctx.db,
      sql.placeholder('shopId'),
      sql.placeholder('day'),
      row as PgInsertValue<typeof orders>,
      holdSlots as unknown as StockHold[],
      memberCouponId === null ? null : sql.placeholder('coupon'),
      true,
    );
    statement = prepareSql(ctx.db, text, `orders_place_${statements.size + 1}`) as PreparedPlace;
    statements.set(key, statement);
  }
  const params: Record<string, unknown> = {
    shopId,
    day,
    prefix: orderNoPrefix(day, shopId),
    coupon: memberCouponId,
  };
  const v = values as Record<string, unknown>;
  for (const k of columns) {
    const x = v[k];
    params[`v_${k}`] = JSON_COLUMNS.has(k) && x !== null && x !== undefined ? JSON.stringify(x) : x;
  }
  holds.forEach((h, i) => {
    params[`h${i}`] = h.productId;
    params[`n${i}`] = h.quantity;
  });
  return statement.execute(params);
}

type PreparedPlace = { execute(placeholders: Record<string, unknown>): Promise<unknown> };
/** The one-statement placements prepared so far, per shape of order. */
const placeStatements = perServer(() => new Map<string, PreparedPlace>());

const HOLDS_SHORT = 'order holds short: order ';

/** Whether a statement failed on the guard of `placeOrder` (invalid_text_representation of its message). */
function holdsShort(e: unknown): boolean {
  const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const inner = err?.cause ?? err;
  return inner?.code === '22P02' && (inner.message ?? '').includes(HOLDS_SHORT);
}

/**
 * After a one-statement order failed on a short hold (nothing was written): names the product whose
 * stock does not cover the line (`productSoldOut` / `insufficientInventory`), else `couponInUse`.
 */
async function explainShortHolds(
  db: Db,
  holds: readonly StockHold[],
  memberCouponId: number | null,
): Promise<never> {
  const stock =
    holds.length === 0
      ? []
      : await db
          .select({ id: products.id, name: products.name, stock: products.stock })
          .from(products)
          .where(
            inArray(
              products.id,
              holds.map((h) => h.productId),
            ),
          );
  const byId = new Map(stock.map((r) => [r.id, r]));
  const short = holds.find((h) => {
    const r = byId.get(h.productId);
    return !r || (r.stock !== null && r.stock < h.quantity);
  });
  if (short || memberCouponId === null) {
    const h = short ?? holds[0];
    const r = h ? byId.get(h.productId) : undefined;
    const name = r?.name ?? `#${h?.productId ?? 0}`;
    throw (r?.stock ?? 0) <= 0
      ? fail('productSoldOut', { product: name })
      : fail('insufficientInventory', { product: name });
  }
  throw fail('couponInUse');
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
