import { and, eq, or } from 'drizzle-orm';
import type { MemberInfo } from '../../../src/domain/types';
import { Limits } from '../../../src/domain/enums';
import type { Db } from '../db/client';
import { members } from '../db/schema';

export type MemberRow = typeof members.$inferSelect;

/** Amount columns come back as numeric strings; on the wire they are numbers (docs/architecture.md §8 Money). */
export const num = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * The member card a user holds in a shop: a card of the shop itself, or a chain card of the shop's
 * chain (C§6 chain member).
 */
export async function findMemberOfUser(db: Db, userId: number, shopId: number, chainId: number | null): Promise<MemberRow | null> {
  const where =
    chainId === null
      ? and(eq(members.userId, userId), eq(members.shopId, shopId))
      : and(eq(members.userId, userId), or(eq(members.shopId, shopId), eq(members.chainId, chainId)));
  const rows = await db.select().from(members).where(where).limit(2);
  // a card of this very shop wins over a chain card
  return rows.find((r) => r.shopId === shopId) ?? rows[0] ?? null;
}

/** The wire form of a member card (P§3 Member info); the pay password never leaves the server. */
export function toMemberInfo(row: MemberRow, industry?: number): MemberInfo {
  return {
    id: row.id,
    name: row.name,
    birthday: row.birthday ?? undefined,
    phone: row.phone,
    level: row.level,
    levelName: row.levelName,
    cardNo: row.cardNo,
    amount: num(row.balance),
    giftAmount: num(row.giftAmount),
    points: num(row.points),
    barcode: row.cardNo,
    discount: row.discount ?? Limits.defaultMemberDiscount,
    isChain: row.chainId !== null,
    isCharged: row.isCharged === 1,
    industry: industry ?? 2,
    isBindOfficialAccount: row.isBindOfficialAccount === 1,
  };
}
