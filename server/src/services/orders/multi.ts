/**
 * Multi-shop orders (ORDER-10; C§2 multi-confirm / multi-success, C§3 multiOrderIds). A customer of a
 * chain orders from several of its shops at once: every shop's part is priced by that shop's own rules
 * (`priceSubmission`, the one engine), then every order is placed in ONE transaction with the group
 * row — a refusal anywhere (naming the shop and the rule) leaves nothing placed. The group is paid
 * with one provider trade (`payments.purpose = 'multi'`); its settlement (multi-settle.ts) marks every
 * order paid or, when one cannot be, none and refunds the trade. The server never takes a client total:
 * each shop's total and the grand total must equal its own figures (else `amountError`).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  MultiConfirmReq,
  MultiOrder,
  MultiOrderPart,
  MultiOrderStatus,
  MultiPayReq,
  MultiRefusalData,
  MultiShopFacts,
} from '../../../../src/api/contract/multi-order';
import type { OrderBreakdown, OrderSubmission } from '../../../../src/api/contract/order';
import type { PayStart } from '../../../../src/api/contract/shared-shapes';
import { ActivityType, OrderStatus, OrderType, PayStatus, PayType } from '../../../../src/domain/enums';
import type { PayType as PayTypeValue } from '../../../../src/domain/enums';
import { ErrorCode } from '../../../../src/domain/errors';
import { isWithinBusinessHours } from '../../../../src/domain/hours';
import * as money from '../../../../src/domain/money';
import { shopRealStatus } from '../../../../src/domain/shop-status';
import { orderSourceOf } from '../../../../src/domain/user-agent';
import type { ServerContext } from '../../context';
import { orders, payments, users } from '../../db/schema';
import { multiOrders, type MultiOrderRow } from '../../db/schema/multi';
import { AppError, HttpError, fail } from '../../http/errors';
import { paymentsOf } from '../../payments';
import { getMenu } from '../menu';
import { askProvider } from '../payments/query';
import { QUERY_GRACE_MS, QUERY_OPEN_MS, newTradeNo } from '../payments/start';
import { withinReach } from '../shop-scope';
import { getShop, paySettingOf, shopSettingsFor, type ShopRow } from '../shops';
import { toOrderBreakdown } from './breakdown';
import { shopDay, unpaidTimeoutMs } from './create';
import type { OrderRow } from './holds';
import { expireIfDue } from './lifecycle';
import { memberOf, shopActivities } from './load';
import { noteOrderChanged } from './changes';
import { DAY_SEQ_SQL, orderNoPrefix, orderNoSql, placeOrder } from './place';
import { memberPricingFact, priceSubmission, type PricedOrder, type Submitter } from './price';
import { earnedCoupons, timesRedBagsCounted, type StoredBreakdown } from './promotions';
import { PAYABLE } from './transitions';
import { shopZone } from '../../../../src/domain/shop-time';

/** The pay types one payment of several shops can use: online providers (cash and the card are per shop). */
export const MULTI_PAY_TYPES: readonly PayTypeValue[] = [PayType.weixin, PayType.alipay, PayType.stripe, PayType.allinpay];

/** A refusal of one shop's part: the rule's own code and message, the shop named in `data` and the text. */
function refusalOf(e: unknown, shopId: number, shopName: string): unknown {
  if (!(e instanceof AppError)) return e;
  const data: MultiRefusalData = {
    ...(e.data && typeof e.data === 'object' ? (e.data as object) : {}),
    shopId,
    shopName,
  };
  return new AppError(e.code, e.params, data, shopName || e.detail);
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

async function groupByKey(ctx: ServerContext, userId: number, key: string): Promise<MultiOrderRow | null> {
  const rows = await ctx.db
    .select()
    .from(multiOrders)
    .where(and(eq(multiOrders.userId, userId), eq(multiOrders.idempotencyKey, key)))
    .limit(1);
  return rows[0] ?? null;
}

/** A group of this user (anything else is "not found", as an order of another user is). */
async function ownGroup(ctx: ServerContext, userId: number, id: number): Promise<MultiOrderRow> {
  const [g] = await ctx.db.select().from(multiOrders).where(eq(multiOrders.id, id)).limit(1);
  if (!g || g.userId !== userId) throw fail('orderNotFound');
  return g;
}

/** The group's orders in the order they were placed, each expired first when its countdown ran out. */
async function groupOrders(ctx: ServerContext, g: MultiOrderRow, expire: boolean): Promise<OrderRow[]> {
  if (g.orderIds.length === 0) return [];
  const rows = await ctx.db.select().from(orders).where(inArray(orders.id, g.orderIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: OrderRow[] = [];
  for (const id of g.orderIds) {
    const o = byId.get(id);
    if (o) out.push(expire ? await expireIfDue(ctx, o) : o);
  }
  return out;
}

/** paid: every order paid; cancelled: an order ended unpaid; else the one payment is still due. */
export function groupStatusOf(rows: readonly Pick<OrderRow, 'status' | 'payStatus'>[]): MultiOrderStatus {
  if (rows.length > 0 && rows.every((o) => o.payStatus === PayStatus.success)) return 'paid';
  if (rows.some((o) => o.payStatus !== PayStatus.success && !(PAYABLE as readonly string[]).includes(o.status)))
    return 'cancelled';
  return 'nopay';
}

/** The answer of the multi-order calls for a group and its orders. */
async function answerOf(ctx: ServerContext, g: MultiOrderRow, rows: readonly OrderRow[], lang: Submitter['lang']): Promise<MultiOrder> {
  const parts: MultiOrderPart[] = [];
  let currencySymbol = '';
  let numberDecimals = 2;
  for (const o of rows) {
    const settings = shopSettingsFor(await getShop(ctx, o.shopId), lang);
    if (parts.length === 0) {
      currencySymbol = settings.currencySymbol ?? '';
      numberDecimals = settings.numberDecimals ?? 2;
    }
    parts.push({
      id: o.id,
      orderNo: o.orderNo,
      shopId: o.shopId,
      shopName: (settings.name ?? '').slice(0, 140),
      status: o.status as MultiOrderPart['status'],
      payStatus: o.payStatus as MultiOrderPart['payStatus'],
      total: Number(o.total),
    });
  }
  const status = groupStatusOf(rows);
  return {
    id: g.id,
    multiOrderIds: [...g.orderIds],
    orders: parts,
    total: Number(g.total),
    payType: g.payType as MultiOrder['payType'],
    status,
    needPay: status === 'nopay',
    payDeadline: status === 'nopay' ? g.payDeadline : null,
    currencySymbol,
    numberDecimals,
  };
}

/**
 * order/multiShops: what the domain pricing of the app needs for each shop the customer has a cart
 * at — the same facts `priceSubmission` reads, so the figures the customer sees are the server's.
 */
export async function multiShopFacts(
  ctx: ServerContext,
  who: Pick<Submitter, 'userId' | 'shopId' | 'lang' | 'abroad'>,
  carts: readonly { shopId: number; productIds: readonly number[] }[],
): Promise<MultiShopFacts[]> {
  const now = ctx.clock.now();
  const out: MultiShopFacts[] = [];
  for (const cart of carts) {
    // a shop outside the chain is refused as an unknown one (docs/decisions.md "Token scope")
    if (!(await withinReach(ctx, who.shopId, cart.shopId, 'chain'))) throw fail('getShopDataFailed');
    const shop = await getShop(ctx, cart.shopId);
    const settings = shopSettingsFor(shop, who.lang);
    const [menu, activities, member] = await Promise.all([
      getMenu(ctx, shop.id, who.lang),
      shopActivities(ctx, shop),
      memberOf(ctx, who.userId, shop),
    ]);
    const zone = shopZone(settings);
    out.push({
      shopId: shop.id,
      shop: settings,
      realStatus: shopRealStatus(settings, OrderType.selfPickup, who.abroad),
      isOpen: isWithinBusinessHours(settings, now, OrderType.selfPickup),
      payTypes: paySettingOf(shop.paySetting, paymentsOf(ctx).available).payTypes,
      products: cart.productIds.flatMap((id) => {
        const p = menu.byId.get(id);
        return p ? [p] : [];
      }),
      // as priceSubmission: a code activity applies only with its code, which a multi-shop order has not
      activities: activities.filter((a) => a.type !== ActivityType.productDiscountWithCode),
      member: await memberPricingFact(ctx, member, shop, activities, now, zone),
      serverTime: now,
    });
  }
  return out;
}

interface PricedPart {
  shop: ShopRow;
  name: string;
  p: PricedOrder;
  breakdown: OrderBreakdown;
  submission: OrderSubmission;
}

/** The order row of one priced part (awaiting the group's payment). */
function orderValues(who: Submitter, x: PricedPart, groupKey: string | null, now: number, deadline: number) {
  const { p, breakdown, submission: s } = x;
  const day = shopDay(now, p.settings);
  const earned = earnedCoupons(p.breakdown);
  const redBags = timesRedBagsCounted(p.breakdown, p.activities);
  const stored: StoredBreakdown = {
    ...breakdown,
    ...(earned.length > 0 ? { earnedCoupons: earned } : {}),
    ...(redBags.length > 0 ? { timesRedBagIds: redBags } : {}),
  };
  return {
    day,
    values: {
      orderNo: orderNoSql(orderNoPrefix(day, p.shop.id)),
      shopId: p.shop.id,
      userId: who.userId,
      memberId: p.member?.row.id ?? null,
      type: s.type,
      status: OrderStatus.nopay,
      payStatus: PayStatus.processing,
      payType: s.payType,
      total: String(breakdown.total),
      paidAmount: '0',
      balancePaid: '0',
      giftPaid: '0',
      pointsUsed: 0,
      memberCouponId: null,
      couponName: null,
      stockHolds: p.holds,
      holding: true,
      breakdown: stored,
      lines: p.lines,
      contact: {
        contact_name: s.contact_name ?? '',
        contact_phone: s.contact_phone ?? '',
        contact_address: s.type === OrderType.takeaway ? (s.contact_address ?? '') : '',
        contact_address_gps: s.type === OrderType.takeaway ? (s.contact_address_gps ?? '') : '',
      },
      service: null,
      tableNo: null,
      source: orderSourceOf(s.type, who.userAgentType),
      people: null,
      appointmentTime: null,
      pickupTime: s.pickupTime ?? null,
      deliveryTime: s.deliveryTime ?? null,
      note: s.note ?? '',
      isPickerPack: s.isPickerPack === true,
      daySeq: DAY_SEQ_SQL,
      payDeadline: deadline,
      // the group holds the key; an order's own key names its group's key and shop (unique per user)
      idempotencyKey: groupKey ? `${groupKey}:${p.shop.id}`.slice(0, 200) : null,
      events: [{ time: now, status: OrderStatus.nopay, text: 'placed (multi-shop order)' }],
      createdAt: now,
      paidAt: null,
      updatedAt: now,
    },
  };
}

/**
 * order/multiConfirm: prices every shop's part with its own rules, then places every order and the
 * group in one transaction. A repeated Idempotency-Key answers the first group.
 */
export async function confirmMulti(ctx: ServerContext, who: Submitter, req: MultiConfirmReq): Promise<MultiOrder> {
  const key = who.idempotencyKey;
  const repeated = async (): Promise<MultiOrder | null> => {
    if (!key) return null;
    const seen = await groupByKey(ctx, who.userId, key);
    return seen ? answerOf(ctx, seen, await groupOrders(ctx, seen, false), who.lang) : null;
  };
  const own = await getShop(ctx, who.shopId);
  if (own.chainId === null) throw fail('getShopDataFailed');
  // one payment for every shop: an online provider (cash is paid at each counter, a card per shop)
  if (!MULTI_PAY_TYPES.includes(req.payType)) throw fail('noValidPayType');

  const priced: PricedPart[] = [];
  try {
    for (const part of req.parts) {
      // outside the chain: refused as an unknown shop, so no name is given (docs/decisions.md)
      if (!(await withinReach(ctx, who.shopId, part.shopId, 'chain')))
        throw new AppError(ErrorCode.getShopDataFailed, undefined, { shopId: part.shopId, shopName: '' });
      const shop = await getShop(ctx, part.shopId);
      const name = (shopSettingsFor(shop, who.lang).name ?? '').slice(0, 140);
      try {
        const submission: OrderSubmission = { ...part, payType: req.payType };
        const p = await priceSubmission(ctx, { ...who, idempotencyKey: null }, submission);
        const breakdown = toOrderBreakdown(p.breakdown, p.activities);
        // PRICE-10 per shop: never charge a figure the customer was not shown
        if (!money.eq(breakdown.total, part.expectedTotal))
          throw new AppError(ErrorCode.amountError, undefined, { expectedTotal: part.expectedTotal, total: breakdown.total, breakdown });
        // one payment adds the totals up: every shop must count in the same currency and decimals
        const first = priced[0]?.p.settings;
        if (
          first &&
          ((first.currencySymbol ?? '') !== (p.settings.currencySymbol ?? '') ||
            (first.numberDecimals ?? 2) !== (p.settings.numberDecimals ?? 2))
        )
          throw fail('paymentWrong');
        priced.push({ shop, name, p, breakdown, submission });
      } catch (e) {
        throw refusalOf(e, shop.id, name);
      }
    }
  } catch (e) {
    // a repeat the rules now refuse (the first group took the last stock) still answers the first group
    if (e instanceof AppError || e instanceof HttpError) {
      const first = await repeated();
      if (first) return first;
    }
    throw e;
  }

  const decimals = priced[0].p.settings.numberDecimals ?? 2;
  const total = money.toWire(money.sum(priced.map((x) => x.breakdown.total)), decimals);
  if (!money.eq(total, req.expectedTotal)) {
    const first = await repeated();
    if (first) return first;
    throw new AppError(ErrorCode.amountError, undefined, { expectedTotal: req.expectedTotal, total });
  }

  const now = ctx.clock.now();
  // the orders share one countdown, the shortest of their shops': they are paid, or end, together
  const deadline = now + Math.min(...priced.map((x) => unpaidTimeoutMs(ctx, x.shop)));
  try {
    const group = await ctx.db.transaction(async (tx) => {
      const [g] = await tx
        .insert(multiOrders)
        .values({
          userId: who.userId,
          chainId: own.chainId as number,
          orderIds: [],
          total: String(total),
          payType: req.payType,
          idempotencyKey: key,
          payDeadline: deadline,
          createdAt: now,
        })
        .returning();
      const ids: number[] = [];
      for (const x of priced) {
        const { day, values } = orderValues(who, x, key, now, deadline);
        try {
          const placed = await placeOrder(tx, x.shop.id, day, values, x.p.holds, null, null);
          ids.push(placed.id);
        } catch (e) {
          // stock taken meanwhile: the whole group rolls back, the refusal names the shop
          throw refusalOf(e, x.shop.id, x.name);
        }
      }
      const [done] = await tx.update(multiOrders).set({ orderIds: ids }).where(eq(multiOrders.id, g.id)).returning();
      return done;
    });
    // the parts, after commit: each customer-facing order is heard on the customer's channel
    await noteOrderChanged(ctx, ...group.orderIds);
    return answerOf(ctx, group, await groupOrders(ctx, group, false), who.lang);
  } catch (e) {
    if (key && isUniqueViolation(e)) {
      const first = await repeated();
      if (first) return first;
    }
    if (e instanceof AppError) {
      const first = await repeated();
      if (first) return first;
    }
    throw e;
  }
}

/** order/multiDetail: the group and its orders (an expired countdown is applied first). */
export async function multiDetail(ctx: ServerContext, userId: number, id: number, lang: Submitter['lang']): Promise<MultiOrder> {
  const g = await ownGroup(ctx, userId, id);
  return answerOf(ctx, g, await groupOrders(ctx, g, true), lang);
}

/** The group's trades still open with their provider. */
async function openTrades(ctx: ServerContext, groupId: number) {
  return ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.purpose, 'multi'),
        eq(payments.state, 'created'),
        sql`(${payments.data} ->> 'multiOrderId')::int = ${groupId}`,
      ),
    );
}

/** order/multiPayQuery: asks the provider about the group's open trades (a paid one settles), then answers. */
export async function queryMultiPayment(ctx: ServerContext, userId: number, id: number, lang: Submitter['lang']): Promise<MultiOrder> {
  const g = await ownGroup(ctx, userId, id);
  for (const p of await openTrades(ctx, g.id)) await askProvider(ctx, p);
  return multiDetail(ctx, userId, id, lang);
}

/**
 * order/multiPay: one provider trade for the whole group, of the server's own total of its orders.
 * Every order must still await payment, and every shop must take the pay type.
 */
export async function startMultiPayment(
  ctx: ServerContext,
  who: { userId: number; lang: Submitter['lang'] },
  req: MultiPayReq,
): Promise<PayStart> {
  const g = await ownGroup(ctx, who.userId, req.id);
  const rows = await groupOrders(ctx, g, true);
  const status = groupStatusOf(rows);
  if (status === 'cancelled') throw fail('notPayOrderInvalid');
  if (status === 'paid' || rows.some((o) => o.payStatus === PayStatus.success || o.status !== OrderStatus.nopay))
    throw fail('orderStatusInvalid');
  if (!MULTI_PAY_TYPES.includes(req.payType)) throw fail('paymentWrong');
  const names: string[] = [];
  for (const o of rows) {
    const shop = await getShop(ctx, o.shopId);
    if (!paySettingOf(shop.paySetting, paymentsOf(ctx).available).payTypes.includes(req.payType)) throw fail('noValidPayType');
    names.push(shopSettingsFor(shop, who.lang).name ?? '');
  }
  const provider = paymentsOf(ctx).online(req.payType);
  if (!provider) throw fail('noValidPayType');
  // the server's own figure: the sum of the orders it priced (the group's total is the same sum)
  const amount = money.sum(rows.map((o) => o.total));
  const now = ctx.clock.now();
  const tradeNo = newTradeNo('T', g.id, now);
  const description = `${names.join(' + ')} ${rows.map((o) => o.orderNo).join(',')}`.slice(0, 120);
  const [user] = await ctx.db.select({ openid: users.openid }).from(users).where(eq(users.id, who.userId)).limit(1);
  await ctx.db.insert(payments).values({
    purpose: 'multi',
    orderId: null,
    rechargeId: null,
    tradeNo,
    provider: req.payType,
    providerName: provider.name,
    amount: amount.toFixed(4),
    state: 'created',
    providerState: 'open',
    createdAt: now,
    queryUntil: g.payDeadline ? g.payDeadline + QUERY_GRACE_MS : now + QUERY_OPEN_MS,
    data: {
      description,
      multiOrderId: g.id,
      ...(req.returnUrl && /^https?:\/\//.test(req.returnUrl) ? { returnUrl: req.returnUrl.slice(0, 2048) } : {}),
    },
  });
  await ctx.db
    .update(orders)
    .set({ payType: req.payType, payStatus: PayStatus.processing, updatedAt: now })
    .where(and(inArray(orders.id, g.orderIds), eq(orders.status, OrderStatus.nopay)));
  if (g.payType !== req.payType) await ctx.db.update(multiOrders).set({ payType: req.payType }).where(eq(multiOrders.id, g.id));
  try {
    return await provider.start({
      tradeNo,
      description,
      amount: amount.toFixed(2),
      payerId: user?.openid ?? null,
      notifyUrl: paymentsOf(ctx).notifyUrl(provider.name),
      returnUrl: req.returnUrl,
      expiresAt: g.payDeadline ?? null,
    });
  } catch (err) {
    ctx.log.error({ err, tradeNo, provider: provider.name }, 'the payment provider did not start the group trade');
    await ctx.db
      .update(payments)
      .set({ state: 'failed', providerState: 'failed', settledAt: ctx.clock.now() })
      .where(eq(payments.tradeNo, tradeNo));
    throw fail('paymentWrong');
  }
}
