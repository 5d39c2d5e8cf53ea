/**
 * Coupons in members' hands (P§3 Coupon, PRICE-6, PROMO-1): handing them out from templates, the
 * member's lists, and the ownership check the order side uses. Validity is the engine's rule
 * (`couponValidAt`, P§4); nothing here re-implements it.
 */
import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { couponValidAt, validDaysEnd } from '../../../../src/domain/coupons';
import { parseDate } from '../../../../src/domain/pricing/clock';
import { CouponListScope, CouponState } from '../../../../src/domain/enums';
import type { ActivityCoupon, Coupon } from '../../../../src/domain/types';
import type { Db, Tx } from '../../db/client';
import { couponTemplates, memberCoupons, orderCouponGrants } from '../../db/schema';
import type { StoredCoupon } from '../../db/schema/json';
import { fail } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import type { MemberRow } from '../members-read';
import type { ShopRow } from '../shops';
import { type ShopZone } from '../../../../src/domain/shop-time';

export type MemberCouponRow = typeof memberCoupons.$inferSelect;

/** Status of a held coupon taken by an order (with `usedOrderId`); used coupons leave the lists. */
export const COUPON_USED = 2;


/** The wire coupon of a held row: its own id, owner, fixed dates and its state now (P§4). */
export function couponOf(
  row: MemberCouponRow,
  now: number,
  zone: ShopZone,
  lang: Lang = 'zh',
): Coupon {
  const data = row.data as StoredCoupon & { nameEn?: string; descriptionEn?: string };
  const { nameEn, descriptionEn: _d, validDays: _v, ...rest } = data;
  const base: Coupon = {
    ...rest,
    id: row.id,
    name: lang === 'en' && nameEn ? nameEn : data.name,
    memberId: row.memberId ?? undefined,
    startDate: row.startDate.getTime(),
    endDate: row.endDate.getTime(),
    receiveTime: row.createdAt.getTime(),
    status: row.status === CouponState.closed ? CouponState.closed : CouponState.normal,
  };
  // P§4: status 1 and start ≤ now < end — otherwise it shows as expired
  if (base.status === CouponState.normal && !couponValidAt(base, now, zone))
    base.status = CouponState.expired;
  if (row.status === CouponState.expired) base.status = CouponState.expired;
  return base;
}

/** Whether a coupon held in `row` may be used in `shop` (P§3 applicable shops, chain-wide). */
export function couponAppliesToShop(row: MemberCouponRow, shop: ShopRow): boolean {
  const data = row.data;
  if (data.shopIds && data.shopIds.length > 0) return data.shopIds.includes(shop.id);
  if (data.isChain || data.chainId != null)
    return shop.chainId !== null && (data.chainId ?? shop.chainId) === shop.chainId;
  return row.shopId === shop.id;
}

/** Whether the coupon serves some shop of the chain other than `shop` (coupon list scope chainShops). */
function couponForChainShops(row: MemberCouponRow, shop: ShopRow): boolean {
  if (shop.chainId === null) return false;
  const data = row.data;
  if (data.isChain || data.chainId != null) return true;
  if (data.shopIds && data.shopIds.length > 0) return data.shopIds.some((id) => id !== shop.id);
  return row.shopId !== null && row.shopId !== shop.id;
}

/** The coupons a member holds, not used, newest first. */
export async function heldCoupons(db: Db, memberId: number): Promise<MemberCouponRow[]> {
  return db
    .select()
    .from(memberCoupons)
    .where(
      and(
        eq(memberCoupons.memberId, memberId),
        ne(memberCoupons.status, COUPON_USED),
        isNull(memberCoupons.usedOrderId),
      ),
    )
    .orderBy(desc(memberCoupons.id));
}

/**
 * activity/couponList (P§3 coupon list scope): all 0 — every coupon held; now 1 — those usable now in
 * this shop; chainShops 2 — those valid now for the other shops of the chain.
 */
export async function couponList(
  db: Db,
  member: MemberRow,
  shop: ShopRow,
  scope: number,
  now: number,
  zone: ShopZone,
  lang: Lang,
): Promise<Coupon[]> {
  const rows = await heldCoupons(db, member.id);
  const out: Coupon[] = [];
  for (const row of rows) {
    const c = couponOf(row, now, zone, lang);
    if (scope === CouponListScope.now && (c.status !== CouponState.normal || !couponAppliesToShop(row, shop)))
      continue;
    if (
      scope === CouponListScope.chainShops &&
      (c.status !== CouponState.normal || !couponForChainShops(row, shop))
    )
      continue;
    out.push(c);
    if (out.length >= 500) break;
  }
  return out;
}

/**
 * The coupons a member may bring to an order in `shop` (the pricing input's coupons): held, not used,
 * valid now and applicable to the shop. Usability against the order is the engine's job.
 */
export async function couponsForOrder(
  db: Db,
  member: MemberRow,
  shop: ShopRow,
  now: number,
  zone: ShopZone,
): Promise<Coupon[]> {
  const rows = await heldCoupons(db, member.id);
  return rows
    .map((r) => usableCouponOf(r, shop, now, zone))
    .filter((c): c is Coupon => c !== null);
}

/**
 * The coupon of a held row if it can be brought to an order in `shop` now: not used or held by an
 * order, meant for the shop (P§3 applicable shops) and valid now (P§4); otherwise null. The one rule
 * behind `couponsForOrder`, `ownedCoupon` and the order service's coupon loading.
 */
export function usableCouponOf(
  row: MemberCouponRow,
  shop: ShopRow,
  now: number,
  zone: ShopZone,
): Coupon | null {
  if (row.status === COUPON_USED || row.usedOrderId !== null || !couponAppliesToShop(row, shop)) return null;
  const c = couponOf(row, now, zone);
  return c.status === CouponState.normal ? c : null;
}

/**
 * One coupon the caller wants to use or see: it must be theirs, not used, valid now and meant for the
 * shop — otherwise "Invalid Coupon" (P§8). A visitor owns no coupon.
 */
export async function ownedCoupon(
  db: Db,
  couponId: number,
  member: MemberRow | null,
  shop: ShopRow,
  now: number,
  zone: ShopZone,
): Promise<Coupon> {
  if (!member) throw fail('invalidCoupon');
  const rows = await db
    .select()
    .from(memberCoupons)
    .where(and(eq(memberCoupons.id, couponId), eq(memberCoupons.memberId, member.id)))
    .limit(1);
  const c = rows[0] ? usableCouponOf(rows[0], shop, now, zone) : null;
  if (!c) throw fail('invalidCoupon');
  return c;
}

export interface IssueOptions {
  member: MemberRow;
  shopId: number;
  now: number;
  /** Where the coupon came from: register, link, entry, expandRedBag, timesRedBag, pointExchange, charge, order. */
  source: string;
  fromCouponId?: number;
  /** The shop's time zone, to read the template's dates. */
  zone: ShopZone;
}

/**
 * Hands copies of coupon templates to a member (inside the caller's transaction). The held copy gets
 * fixed dates: "N days after receipt" (validDays) ends N days from now, otherwise the template's
 * window. A template with a limited `remaining` count loses one per copy, never below zero; a missing
 * template or an empty one → "Coupon activity not exist".
 */
export async function issueCoupons(
  tx: Tx,
  gifts: ReadonlyArray<Pick<ActivityCoupon, 'id' | 'quantity'>>,
  opts: IssueOptions,
): Promise<MemberCouponRow[]> {
  if (gifts.length === 0) return [];
  const ids = [...new Set(gifts.map((g) => g.id))];
  const templates = await tx.select().from(couponTemplates).where(inArray(couponTemplates.id, ids));
  const byId = new Map(templates.map((t) => [t.id, t]));
  const values: Array<typeof memberCoupons.$inferInsert> = [];
  for (const g of gifts) {
    const t = byId.get(g.id);
    if (!t) throw fail('couponActivityNotExist');
    const copies = Math.max(1, g.quantity ?? 1);
    if (t.remaining !== null) {
      const taken = await tx
        .update(couponTemplates)
        .set({ remaining: sql`${couponTemplates.remaining} - ${copies}` })
        .where(
          and(
            eq(couponTemplates.id, t.id),
            isNotNull(couponTemplates.remaining),
            sql`${couponTemplates.remaining} >= ${copies}`,
          ),
        )
        .returning({ id: couponTemplates.id });
      if (taken.length === 0) throw fail('exchangeSoldOut');
    }
    const { validDays, ...data } = t.data;
    const start = startOf(t.data, opts.now, opts.zone);
    const end =
      validDays && validDays > 0 ? validDaysEnd(opts.now, validDays, opts.zone) : endOf(t.data, opts.zone);
    for (let i = 0; i < copies; i += 1) {
      values.push({
        templateId: t.id,
        userId: opts.member.userId,
        memberId: opts.member.id,
        shopId: opts.shopId,
        status: CouponState.normal,
        startDate: new Date(validDays && validDays > 0 ? opts.now : start),
        endDate: new Date(end),
        source: opts.source,
        fromCouponId: opts.fromCouponId ?? null,
        data: { ...data, memberId: opts.member.id },
        createdAt: new Date(opts.now),
      });
    }
  }
  return tx.insert(memberCoupons).values(values).returning();
}

const FAR_FUTURE = Date.UTC(2099, 0, 1);

/** A template's start as epoch ms, read in the shop's zone (the engine's date rule). */
function startOf(c: StoredCoupon, fallback: number, zone: ShopZone): number {
  const p = c.startDate === undefined || c.startDate === '' ? null : parseDate(c.startDate, zone);
  return p ? p.ms : fallback;
}
/** A template's end as epoch ms; a date-only end includes its whole day (P§4, withinDates). */
function endOf(c: StoredCoupon, zone: ShopZone): number {
  const p = c.endDate === undefined || c.endDate === '' ? null : parseDate(c.endDate, zone);
  if (!p) return FAR_FUTURE;
  return p.dayEnd ?? p.ms;
}

/**
 * Records the coupons an order earned (overSendCoupon and the like) and hands them over: the order
 * service calls this when the order is paid; activity/checkOverSendCoupon reads them back.
 */
export async function grantOrderCoupons(
  tx: Tx,
  orderId: number,
  gifts: ReadonlyArray<Pick<ActivityCoupon, 'id' | 'quantity'>>,
  opts: Omit<IssueOptions, 'source'>,
): Promise<MemberCouponRow[]> {
  const rows = await issueCoupons(tx, gifts, { ...opts, source: 'order' });
  if (rows.length > 0) {
    await tx
      .insert(orderCouponGrants)
      .values(rows.map((r) => ({ orderId, couponId: r.id, memberId: opts.member.id })));
  }
  return rows;
}

/**
 * A refunded, refused or closed order takes back the coupons it earned that are still unused (status
 * 1, held by no order): they are closed. A coupon already used, or held by a live order, stays.
 */
export async function withdrawOrderCoupons(tx: Tx, orderId: number): Promise<number> {
  const rows = await tx
    .update(memberCoupons)
    .set({ status: CouponState.closed })
    .where(
      and(
        inArray(
          memberCoupons.id,
          tx
            .select({ id: orderCouponGrants.couponId })
            .from(orderCouponGrants)
            .where(eq(orderCouponGrants.orderId, orderId)),
        ),
        eq(memberCoupons.status, CouponState.normal),
        isNull(memberCoupons.usedOrderId),
      ),
    )
    .returning({ id: memberCoupons.id });
  return rows.length;
}

/** activity/checkOverSendCoupon: the coupons order `orderId` earned, if the order is the caller's. */
export async function couponsOfOrder(db: Db, orderId: number, member: MemberRow): Promise<MemberCouponRow[]> {
  const rows = await db
    .select({ coupon: memberCoupons })
    .from(orderCouponGrants)
    .innerJoin(memberCoupons, eq(memberCoupons.id, orderCouponGrants.couponId))
    .where(and(eq(orderCouponGrants.orderId, orderId), eq(orderCouponGrants.memberId, member.id)));
  return rows.map((r) => r.coupon).sort((a, b) => a.id - b.id);
}
