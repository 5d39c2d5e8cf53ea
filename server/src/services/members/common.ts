/**
 * What every member and promotion operation starts from: the token's shop, the member card the user
 * holds there (a card of the shop or of its chain, C§6) and the shop's member setting (P§3).
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { MemberInfo, MemberSetting } from '../../../../src/domain/types';
import type { ServerContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { activities, members, shops } from '../../db/schema';
import type { StoredActivity } from '../../db/schema/json';
import { fail } from '../../http/errors';
import type { Session } from '../sessions';
import { findMemberOfUser, toMemberInfo, type MemberRow } from '../members-read';
import { getShop, type ShopRow } from '../shops';
import { shopZone, type ShopZone } from '../../../../src/domain/shop-time';

export interface MemberScope {
  shop: ShopRow;
  member: MemberRow | null;
  setting: MemberSetting;
  userId: number;
  /** The shop's time zone (minutes east of UTC), for dates of activities and coupons. */
  zone: ShopZone;
}

/** The shop, member card and member setting of a session. */
export async function memberScope(
  ctx: ServerContext,
  session: Pick<Session, 'userId' | 'shopId'>,
): Promise<MemberScope> {
  const shop = await getShop(ctx, session.shopId);
  const member = await findMemberOfUser(ctx.db, session.userId, shop.id, shop.chainId);
  return {
    shop,
    member,
    setting: shop.memberSetting ?? {},
    userId: session.userId,
    zone: shopZone(shop.settings),
  };
}

/** P§8 "Function Closed": the shop has switched the member function off. */
export function assertFunctionOpen(scope: MemberScope): void {
  if (scope.setting.isFunctionOpen === false) throw fail('functionClosed');
}

/** The caller's card; a visitor gets "Please register first" (P§8). */
export function requireMember(scope: MemberScope): MemberRow {
  assertFunctionOpen(scope);
  if (!scope.member) throw fail('pleaseRegisterFirst');
  return scope.member;
}

/**
 * A member id sent by the client must be the caller's own card: nobody reads or acts on another
 * member's records (P§6).
 */
export function requireOwnMember(scope: MemberScope, memberId: number | undefined): MemberRow {
  const member = requireMember(scope);
  if (memberId !== undefined && memberId !== member.id) throw fail('notFound');
  return member;
}

/** The wire member card, with `hasPayPassword` so the app knows whether to ask for the original. */
export function memberInfoOf(row: MemberRow, shop: ShopRow): MemberInfo & { hasPayPassword: boolean } {
  const data = row.data ?? {};
  return {
    ...toMemberInfo(row, shop.industry),
    hasPayPassword: row.payPasswordHash !== null,
    hasPaid: data.hasPaid === true,
  };
}

/** The member row by id (inside or outside a transaction). */
export async function memberById(db: Db, id: number): Promise<MemberRow> {
  const rows = await db.select().from(members).where(eq(members.id, id)).limit(1);
  if (!rows[0]) throw fail('notFound');
  return rows[0];
}

/** Where a row of the shop or its chain lives: `shop_id = shop` or `chain_id = chain`. */
export function shopOrChain(shop: ShopRow, shopCol: AnyPgColumn, chainCol: AnyPgColumn): SQL {
  return shop.chainId === null
    ? eq(shopCol, shop.id)
    : (or(eq(shopCol, shop.id), eq(chainCol, shop.chainId)) as SQL);
}

export interface ActivityRow {
  id: number;
  shopId: number | null;
  chainId: number | null;
  type: number;
  status: number;
  data: StoredActivity;
}

/** Activities of the shop (and chain-wide ones of its chain), optionally of some types. */
export async function shopActivities(db: Db, shop: ShopRow, types?: number[]): Promise<ActivityRow[]> {
  const rows = await db
    .select()
    .from(activities)
    .where(
      and(
        shopOrChain(shop, activities.shopId, activities.chainId),
        types ? inArray(activities.type, types) : undefined,
      ),
    );
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * One activity of the shop by id; `chainActivity` also accepts activities of other shops of the same
 * chain (P§7 activity/detail). Missing → "Coupon activity not exist" (P§8).
 */
export async function activityOfShop(
  db: Db,
  shop: ShopRow,
  id: number,
  chainActivity = false,
): Promise<ActivityRow> {
  const rows = await db.select().from(activities).where(eq(activities.id, id)).limit(1);
  const a = rows[0];
  if (!a) throw fail('couponActivityNotExist');
  const own = a.shopId === shop.id || (a.chainId !== null && a.chainId === shop.chainId);
  if (own) return a;
  if (chainActivity && shop.chainId !== null && a.shopId !== null) {
    const other = await getShopChain(db, a.shopId);
    if (other === shop.chainId) return a;
  }
  throw fail('couponActivityNotExist');
}

async function getShopChain(db: Db, shopId: number): Promise<number | null> {
  const rows = await db.select({ chainId: shops.chainId }).from(shops).where(eq(shops.id, shopId)).limit(1);
  return rows[0]?.chainId ?? null;
}

/**
 * Runs `fn` in one database transaction (PGlite and PostgreSQL alike). `fn` gets the transaction
 * handle only: whatever it needs from the pool or the caches is read before.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}
