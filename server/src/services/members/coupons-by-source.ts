import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberCoupons } from '../../db/schema';

/**
 * The coupons a member card received from one source (`register`, a recharge's source…), in the
 * order they were given.
 */
export async function memberCouponsFrom(db: Db, memberId: number, source: string) {
  return db
    .select()
    .from(memberCoupons)
    .where(and(eq(memberCoupons.memberId, memberId), eq(memberCoupons.source, source)))
    .orderBy(asc(memberCoupons.id));
}
